import Foundation

extension ConnectorPlan {
    /// Where each connector's label plate is centred, given the plates' sizes (nil for no label),
    /// in the plan's coordinates: on its route, where the plate covers no marked view (its ends
    /// included; views holding an end excepted), no arrowhead and no label placed before it.
    ///
    /// The places tried, in order: the middle of the route's longest segment, then of the next
    /// longest, each followed by points 2 apart out from it along the segment (a curve's: its
    /// middle, then points 2 apart along it). The first place that keeps 2 points from all of
    /// those, stays in `bounds` and keeps a point from every other connector's line wins; else
    /// the first that covers nothing, stays in `bounds` and keeps clear of other lines; else the
    /// first that covers nothing and stays in `bounds`; else the first that covers nothing;
    /// else the first place of all (a layout warning then says what the label covers).
    /// Work is bounded by `Limits.connectorLabelChecks`.
    public func labelCentres(sizes: [CGSize?], in bounds: CGRect) -> [CGPoint?] {
        var centres = [CGPoint?](repeating: nil, count: connectors.count)
        let heads: [[CGPoint]] = connectors.indices.flatMap { number -> [[CGPoint]] in
            guard let route = routes[number] else { return [] }
            return route.arrowheads(of: connectors[number])
        }
        let drawn: [[CGPoint]] = routes.map { route in
            guard let route else { return [] }
            return route.isPolyline ? route.waypoints : route.points(every: 2)
        }
        var plates: [CGRect] = []
        var checks = 0
        for number in connectors.indices {
            guard let route = routes[number], let size = sizes[number], let (a, b) = endViews[number] else { continue }
            let candidates = Self.labelCandidates(route)
            guard let first = candidates.first else { continue }
            centres[number] = first
            guard checks < Limits.connectorLabelChecks else { continue }
            // Only what lies near the route can be under its label.
            let reach = route.path.boundingRect.insetBy(dx: -size.width - 4, dy: -size.height - 4)
            let ends = (frames[a], frames[b])
            // Its ends count, and what lies inside them; views around them do not.
            let views = frames.indices.filter { index in
                RoutePolyline.overlaps(frames[index], reach)
                    && (index == a || index == b || !(Self.holds(frames[index], ends.0) || Self.holds(frames[index], ends.1)))
            }.map { frames[$0] }
            let nearHeads = heads.filter { ConnectorRoute.triangle($0, overlaps: reach) }
            let nearPlates = plates.filter { RoutePolyline.overlaps($0, reach) }
            var lines: [(CGPoint, CGPoint)] = []
            for (other, points) in drawn.enumerated() where other != number && points.count >= 2 {
                for i in 0 ..< points.count - 1 where RoutePolyline.segment(points[i], points[i + 1], crosses: reach)
                    || reach.contains(points[i]) {
                    lines.append((points[i], points[i + 1]))
                }
            }
            checks += frames.count + heads.count + plates.count + drawn.reduce(0) { $0 + $1.count }
            func plate(_ centre: CGPoint, _ grow: CGFloat) -> CGRect {
                CGRect(x: centre.x - size.width / 2 - grow, y: centre.y - size.height / 2 - grow,
                       width: size.width + 2 * grow, height: size.height + 2 * grow)
            }
            func covers(_ rect: CGRect) -> Bool {
                views.contains { RoutePolyline.overlaps($0, rect) } || nearHeads.contains { ConnectorRoute.triangle($0, overlaps: rect) }
                    || nearPlates.contains { RoutePolyline.overlaps($0, rect) }
            }
            func inside(_ rect: CGRect) -> Bool {
                rect.minX >= bounds.minX && rect.maxX <= bounds.maxX && rect.minY >= bounds.minY && rect.maxY <= bounds.maxY
            }
            func crossesLines(_ rect: CGRect) -> Bool { lines.contains { RoutePolyline.segment($0.0, $0.1, crosses: rect) } }
            let tiers: [(CGPoint) -> Bool] = [
                { centre in !covers(plate(centre, 2)) && inside(plate(centre, 0)) && !crossesLines(plate(centre, 1)) },
                { centre in !covers(plate(centre, -0.5)) && inside(plate(centre, 0)) && !crossesLines(plate(centre, 1)) },
                { centre in !covers(plate(centre, -0.5)) && inside(plate(centre, 0)) },
                { centre in !covers(plate(centre, -0.5)) },
            ]
            checks += candidates.count * tiers.count * (views.count + nearHeads.count + nearPlates.count + lines.count + 1)
            if let found = tiers.lazy.compactMap({ tier in candidates.first(where: tier) }).first {
                centres[number] = found
            }
            if let centre = centres[number] { plates.append(plate(centre, 0)) }
        }
        return centres
    }

    /// The places a label may go on `route`, best first: the middles of its segments, longest
    /// first, each followed by points 2 apart out from it; along a curve, its middle and points
    /// 2 apart out from it. At most 600.
    static func labelCandidates(_ route: ConnectorRoute) -> [CGPoint] {
        let step: CGFloat = 2, most = 600
        var result: [CGPoint] = []
        if route.isPolyline, route.waypoints.count >= 2 {
            let points = route.waypoints
            var segments: [(index: Int, length: CGFloat)] = []
            for i in 0 ..< points.count - 1 {
                let dx: CGFloat = points[i + 1].x - points[i].x, dy: CGFloat = points[i + 1].y - points[i].y
                segments.append((i, hypot(dx, dy)))
            }
            segments.sort { $0.length != $1.length ? $0.length > $1.length : $0.index < $1.index }
            for (i, length) in segments {
                let p = points[i], q = points[i + 1]
                guard length > 0 else { continue }
                let ux = (q.x - p.x) / length, uy = (q.y - p.y) / length
                let middle = CGPoint(x: (p.x + q.x) / 2, y: (p.y + q.y) / 2)
                result.append(middle)
                var offset = step
                while offset <= length / 2, result.count < most {
                    result.append(CGPoint(x: middle.x + ux * offset, y: middle.y + uy * offset))
                    result.append(CGPoint(x: middle.x - ux * offset, y: middle.y - uy * offset))
                    offset += step
                }
            }
        } else {
            let measure = PathMeasure(route.path)
            let length = measure.length
            guard length.isFinite else { return [route.middle] }
            var offset: CGFloat = 0
            while offset <= length / 2, result.count < most {
                for distance in offset == 0 ? [length / 2] : [length / 2 + offset, length / 2 - offset] {
                    if let point = measure.point(at: distance)?.point { result.append(point) }
                }
                offset += step
            }
        }
        return result.isEmpty ? [route.middle] : Array(result.prefix(most))
    }
}
