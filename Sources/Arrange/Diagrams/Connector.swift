import Foundation

/// A line between two views of a diagram, drawn over their common ancestor with `connectors(_:)`.
/// Each end is a view marked with `connectorEnd(_:)`.
///
/// Built from SwiftUI's own parts: each end publishes its bounds as an anchor preference, and the
/// ancestor draws the lines in a preference overlay, reading the anchors through a
/// `GeometryProxy`; so a line follows its views wherever layout puts them.
public struct Connector: Hashable, Sendable {
    /// How the line runs between its ends.
    public enum Routing: String, Hashable, Sendable, CaseIterable {
        /// One straight line, whatever lies in its way.
        case straight
        /// Horizontal and vertical lines with right-angled bends, routed around the other marked
        /// views with `margin` to spare, and moved apart from other connectors' lines
        /// (`ConnectorPlan`).
        case elbow
        /// A curve leaving and entering each view at right angles to its side: one cubic when
        /// that keeps `margin` from the other marked views, else the elbow's route with its
        /// corners rounded.
        case curve
    }

    /// The id of the view the line starts at.
    public var from: String
    /// The id of the view the line ends at.
    public var to: String
    /// Where on the start view the line starts, as a unit point of its bounds (`.trailing`, `.top`…);
    /// nil picks the middle of the side facing the other view.
    public var fromAnchor: UnitPoint?
    /// Where on the end view the line ends; nil picks the side facing the start view.
    public var toAnchor: UnitPoint?
    /// How the line runs: straight, in right-angled elbows, or curved.
    public var routing: Routing
    /// Whether an arrowhead points at the start view.
    public var startArrow: Bool
    /// Whether an arrowhead points at the end view.
    public var endArrow: Bool
    /// The colour of the line, its arrowheads and its label's text.
    public var color: Color
    /// The width of the line, in points; arrowheads grow with it.
    public var lineWidth: CGFloat
    /// Dash and gap lengths; empty for a solid line.
    public var dash: [CGFloat]
    /// Text drawn on the line, on a small plate of `labelBackground`: at the middle of its
    /// longest segment, or moved along it to where it covers no view, arrowhead or other label
    /// (`ConnectorPlan.labelCentres`).
    public var label: String?
    /// The plate under the label, so the line does not run through its text.
    public var labelBackground: Color
    /// How far an elbow or curve keeps from the marked views in its way, in points (and from its
    /// own ends, or half the gap between them when that is less). Not finite counts as the
    /// default, negative as 0.
    public var margin: CGFloat

    /// A connector from the view tagged `from` to the view tagged `to` (ids as given to
    /// `connectorEnd(_:)`), with an arrowhead at the end unless told otherwise. A line width that
    /// is not finite counts as the default, a negative one as 0; so does a margin.
    public init(from: some Hashable, to: some Hashable, fromAnchor: UnitPoint? = nil, toAnchor: UnitPoint? = nil,
                routing: Routing = .straight, startArrow: Bool = false, endArrow: Bool = true, color: Color = .primary,
                lineWidth: CGFloat = 1.5, dash: [CGFloat] = [], label: String? = nil, labelBackground: Color = .white,
                margin: CGFloat = Connector.defaultMargin) {
        self.from = TaggedFrames.key(from)
        self.to = TaggedFrames.key(to)
        self.fromAnchor = fromAnchor
        self.toAnchor = toAnchor
        self.routing = routing
        self.startArrow = startArrow
        self.endArrow = endArrow
        self.color = color
        self.lineWidth = lineWidth.isFinite ? max(lineWidth, 0) : 1.5
        self.dash = dash
        self.label = label
        self.labelBackground = labelBackground
        self.margin = margin.isFinite ? max(margin, 0) : Self.defaultMargin
    }

    /// The margin connectors keep from views in their way unless told otherwise: 8 points.
    public static let defaultMargin: CGFloat = 8
}

/// The bounds of the views marked as connector ends, by id.
public struct ConnectorEnds: PreferenceKey {
    public static var defaultValue: [String: Anchor<CGRect>] { [:] }
    /// A later view with the same id wins, as for `.id`.
    public static func reduce(value: inout [String: Anchor<CGRect>], nextValue: () -> [String: Anchor<CGRect>]) {
        value.merge(nextValue()) { _, next in next }
    }
}

extension View {
    /// Marks this view as the end `id` of connectors drawn by an ancestor's `connectors(_:)`.
    public func connectorEnd(_ id: some Hashable) -> some View {
        let key = TaggedFrames.key(id)
        return transformAnchorPreference(key: ConnectorEnds.self, value: .bounds) { ends, anchor in ends[key] = anchor }
    }

    /// Draws `connectors` over this view between the views inside it marked with
    /// `connectorEnd(_:)`, routed together around the other marked views (`ConnectorPlan`), each
    /// label on its route where it covers no marked view, arrowhead or other label. A connector
    /// whose end is not marked is not drawn.
    public func connectors(_ connectors: [Connector]) -> some View {
        overlayPreferenceValue(ConnectorEnds.self, alignment: .topLeading) { ends in
            GeometryReader { proxy in
                ConnectorCanvas(plan: ConnectorPlan(connectors, ends: ends.mapValues { proxy[$0] }))
            }
        }
    }
}

/// Where a connector runs, in the coordinates of the view that draws it.
public struct ConnectorRoute: Equatable, Sendable {
    /// The line from the start view's border to the end view's border.
    public var path: Path
    /// The start point, on the start view's border.
    public var start: CGPoint
    /// The end point, on the end view's border.
    public var end: CGPoint
    /// The direction the line travels as it leaves `start` (a unit vector).
    public var startDirection: CGPoint
    /// The direction the line travels as it reaches `end` (a unit vector).
    public var endDirection: CGPoint
    /// The corners of the route's horizontal and vertical lines, `start` and `end` included: an
    /// elbow's bends, or those a routed curve rounds; just the two ends for a straight line or a
    /// single cubic.
    public var waypoints: [CGPoint]

    /// The direct route of `connector` between views with bounds `from` and `to`, as if nothing
    /// else were there: a straight line, an elbow that bends halfway between the ends, or one
    /// cubic. `ConnectorPlan` routes around other views, and draws this where it cannot.
    public init(_ connector: Connector, from: CGRect, to: CGRect) {
        let sides = Self.sides(from: from, to: to, fromAnchor: connector.fromAnchor, toAnchor: connector.toAnchor)
        let p0 = Self.point(sides.from, in: from), p1 = Self.point(sides.to, in: to)
        let n0 = Self.normal(sides.from), n1 = Self.normal(sides.to)
        start = p0
        end = p1
        var path = Path()
        path.move(to: p0)
        switch connector.routing {
        case .straight:
            path.addLine(to: p1)
            waypoints = [p0, p1]
            let d = Self.unit(CGPoint(x: p1.x - p0.x, y: p1.y - p0.y))
            startDirection = d
            endDirection = d
        case .elbow:
            let horizontal0 = n0.x != 0, horizontal1 = n1.x != 0
            var corners: [CGPoint]
            switch (horizontal0, horizontal1) {
            case (true, true):
                let x = (p0.x + p1.x) / 2
                corners = [CGPoint(x: x, y: p0.y), CGPoint(x: x, y: p1.y)]
            case (false, false):
                let y = (p0.y + p1.y) / 2
                corners = [CGPoint(x: p0.x, y: y), CGPoint(x: p1.x, y: y)]
            case (true, false):
                corners = [CGPoint(x: p1.x, y: p0.y)]
            case (false, true):
                corners = [CGPoint(x: p0.x, y: p1.y)]
            }
            // Bends on the line itself add nothing.
            corners.removeAll { $0 == p0 || $0 == p1 }
            for corner in corners { path.addLine(to: corner) }
            path.addLine(to: p1)
            waypoints = RoutePolyline.simplified([p0] + corners + [p1])
            startDirection = Self.unit(CGPoint(x: (corners.first ?? p1).x - p0.x, y: (corners.first ?? p1).y - p0.y))
            endDirection = Self.unit(CGPoint(x: p1.x - (corners.last ?? p0).x, y: p1.y - (corners.last ?? p0).y))
        case .curve:
            let distance = hypot(p1.x - p0.x, p1.y - p0.y)
            let reach = max(distance / 2, 12)
            path.addCurve(to: p1, control1: CGPoint(x: p0.x + n0.x * reach, y: p0.y + n0.y * reach),
                          control2: CGPoint(x: p1.x + n1.x * reach, y: p1.y + n1.y * reach))
            startDirection = n0
            endDirection = CGPoint(x: -n1.x, y: -n1.y)
            waypoints = [p0, p1]
        }
        self.path = path
    }

    /// A planned route: `path` from the first of `waypoints` to the last, leaving and arriving
    /// along the first and last of their segments.
    init(path: Path, waypoints: [CGPoint]) {
        self.path = path
        self.waypoints = waypoints
        start = waypoints.first ?? .zero
        end = waypoints.last ?? .zero
        let count = waypoints.count
        startDirection = count >= 2 ? Self.unit(CGPoint(x: waypoints[1].x - start.x, y: waypoints[1].y - start.y)) : CGPoint(x: 1, y: 0)
        endDirection = count >= 2 ? Self.unit(CGPoint(x: end.x - waypoints[count - 2].x, y: end.y - waypoints[count - 2].y)) : CGPoint(x: 1, y: 0)
    }

    /// Whether the path is made of lines only, through `waypoints`.
    var isPolyline: Bool {
        path.elements.allSatisfy { element in
            switch element {
            case .move, .line: true
            default: false
            }
        }
    }

    /// The midpoint along the line: where a label on a single curve is tried first.
    public var middle: CGPoint {
        let measure = PathMeasure(path)
        return measure.point(at: measure.length / 2)?.point ?? start
    }

    /// Points along the line from start to end, `spacing` points apart, the end included: what a
    /// check of which views the line runs through walks. A spacing that is not positive counts
    /// as 1; at most 100,000 points.
    public func points(every spacing: CGFloat) -> [CGPoint] {
        Self.points(along: path, every: spacing)
    }

    /// Points along `path`, `spacing` apart, its last point included (at most 100,000).
    static func points(along path: Path, every spacing: CGFloat) -> [CGPoint] {
        let measure = PathMeasure(path)
        let length = measure.length
        let end = path.currentPoint ?? .zero
        var first = end
        if case .move(let point)? = path.elements.first { first = point }
        guard length.isFinite, length > 0 else { return [first, end] }
        let step = max(spacing.isFinite && spacing > 0 ? spacing : 1, length / 100_000)
        var points: [CGPoint] = []
        var distance: CGFloat = 0
        while distance < length {
            if let point = measure.point(at: distance)?.point { points.append(point) }
            distance += step
        }
        points.append(end)
        return points
    }

    /// An arrowhead's length along the line; its width across is 0.8 of it. It grows with the
    /// line width.
    public static func arrowLength(of connector: Connector) -> CGFloat { max(8, connector.lineWidth * 4) }

    /// The corners of the arrowhead `connector` draws at its end (`atEnd`) or its start, tip
    /// first, whether or not the connector asks for one there: a triangle pointing along the line
    /// into the view.
    public func arrowhead(atEnd: Bool, of connector: Connector) -> [CGPoint] {
        let tip = atEnd ? end : start
        let direction = atEnd ? endDirection : CGPoint(x: -startDirection.x, y: -startDirection.y)
        let length = Self.arrowLength(of: connector), half = length * 0.4
        let base = CGPoint(x: tip.x - direction.x * length, y: tip.y - direction.y * length)
        let across = CGPoint(x: -direction.y * half, y: direction.x * half)
        return [tip, CGPoint(x: base.x + across.x, y: base.y + across.y), CGPoint(x: base.x - across.x, y: base.y - across.y)]
    }

    /// The arrowheads `connector` draws: at its end, then at its start, as it asks.
    public func arrowheads(of connector: Connector) -> [[CGPoint]] {
        (connector.endArrow ? [arrowhead(atEnd: true, of: connector)] : []) + (connector.startArrow ? [arrowhead(atEnd: false, of: connector)] : [])
    }

    /// Whether the triangle `corners` (an arrowhead) and `rect` overlap: a corner of one inside
    /// the other, or two sides crossing. Touching counts.
    public static func triangle(_ corners: [CGPoint], overlaps rect: CGRect) -> Bool {
        guard corners.count == 3, !rect.isEmpty else { return false }
        // Far apart: the common case, without making anything.
        let xs = (min(corners[0].x, corners[1].x, corners[2].x), max(corners[0].x, corners[1].x, corners[2].x))
        let ys = (min(corners[0].y, corners[1].y, corners[2].y), max(corners[0].y, corners[1].y, corners[2].y))
        if xs.1 < rect.minX || xs.0 > rect.maxX || ys.1 < rect.minY || ys.0 > rect.maxY { return false }
        if corners.contains(where: { rect.contains($0) }) { return true }
        let rectCorners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                           CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)]
        func side(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> CGFloat { (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) }
        let inside = rectCorners.contains { p in
            let s = (0 ..< 3).map { side(corners[$0], corners[($0 + 1) % 3], p) }
            return s.allSatisfy { $0 >= 0 } || s.allSatisfy { $0 <= 0 }
        }
        if inside { return true }
        for i in 0 ..< 3 {
            let a = corners[i], b = corners[(i + 1) % 3]
            for j in 0 ..< 4 {
                let c = rectCorners[j], d = rectCorners[(j + 1) % 4]
                if side(a, b, c) * side(a, b, d) < 0, side(c, d, a) * side(c, d, b) < 0 { return true }
            }
        }
        return false
    }

    /// The sides (unit points) the line leaves and enters by: the given anchors, else the middles
    /// of the sides facing each other across the wider gap.
    static func sides(from: CGRect, to: CGRect, fromAnchor: UnitPoint?, toAnchor: UnitPoint?) -> (from: UnitPoint, to: UnitPoint) {
        let gapX = max(to.minX - from.maxX, from.minX - to.maxX)
        let gapY = max(to.minY - from.maxY, from.minY - to.maxY)
        let automatic: (UnitPoint, UnitPoint)
        if gapX >= gapY {
            automatic = to.midX >= from.midX ? (.trailing, .leading) : (.leading, .trailing)
        } else {
            automatic = to.midY >= from.midY ? (.bottom, .top) : (.top, .bottom)
        }
        return (fromAnchor ?? automatic.0, toAnchor ?? automatic.1)
    }

    static func point(_ anchor: UnitPoint, in rect: CGRect) -> CGPoint {
        CGPoint(x: rect.minX + anchor.x * rect.width, y: rect.minY + anchor.y * rect.height)
    }

    /// The outward direction of the side an anchor is on: the axis it is furthest from the
    /// centre along (a corner counts as its horizontal side; the centre points right).
    static func normal(_ anchor: UnitPoint) -> CGPoint {
        let dx = anchor.x - 0.5, dy = anchor.y - 0.5
        if dx == 0, dy == 0 { return CGPoint(x: 1, y: 0) }
        return abs(dx) >= abs(dy) ? CGPoint(x: dx > 0 ? 1 : -1, y: 0) : CGPoint(x: 0, y: dy > 0 ? 1 : -1)
    }

    static func unit(_ v: CGPoint) -> CGPoint {
        let length = hypot(v.x, v.y)
        return length > 0 && length.isFinite ? CGPoint(x: v.x / length, y: v.y / length) : CGPoint(x: 1, y: 0)
    }
}
