import Foundation

/// A connector's orthogonal route while its plan is made: its corners, and what it must keep
/// clear of.
struct RoutedLine {
    /// The connector's number in the plan.
    let connector: Int
    /// The corners from the start port to the end port: horizontal and vertical segments in turn.
    var points: [CGPoint]
    /// The views in its way, inflated by the margin.
    let others: [CGRect]
    /// Its own ends inflated by its clearance: the first segment starts inside the first, the
    /// last ends inside the second; every other segment keeps out of both.
    let ownEnds: [CGRect]
    let margin: CGFloat
    /// Its ends' frames.
    let from: CGRect
    let to: CGRect

    /// Whether `points` is a route this line may take: one segment or more, each horizontal or
    /// vertical and not empty, turning at right angles, none inside an obstacle, leaving and
    /// entering its ends as its first route did.
    func isValid(_ candidate: [CGPoint]) -> Bool {
        guard candidate.count >= 2, candidate.count == points.count || points.count < 2 else { return false }
        let last = candidate.count - 2
        var bounds = CGRect(origin: candidate[0], size: .zero)
        for point in candidate { bounds = bounds.union(CGRect(origin: point, size: .zero)) }
        let others = self.others.filter { RoutePolyline.overlaps($0, bounds.insetBy(dx: -1, dy: -1)) }
        for k in 0 ... last {
            let p = candidate[k], q = candidate[k + 1]
            guard (p.x == q.x) != (p.y == q.y) else { return false }
            if k > 0, (candidate[k - 1].x == p.x) == (p.x == q.x) { return false }
            if Self.heading(p, q) != Self.heading(points[k], points[k + 1]) { return false }
            if others.contains(where: { RoutePolyline.segment(p, q, crosses: $0) }) { return false }
            if k != 0, RoutePolyline.segment(p, q, crosses: ownEnds[0]) { return false }
            if k != last, RoutePolyline.segment(p, q, crosses: ownEnds[1]) { return false }
        }
        return true
    }

    static func heading(_ p: CGPoint, _ q: CGPoint) -> RouteHeading { RouteHeading(CGPoint(x: q.x - p.x, y: q.y - p.y)) }

    /// Whether segment `k` of `points` may move across itself: not the first or the last, which
    /// end at the ports.
    static func isMovable(_ k: Int, of points: [CGPoint]) -> Bool { k >= 1 && k <= points.count - 3 }

    /// How far segment `k` (a middle one) can move across itself, as the interval of its
    /// coordinate across (y for a horizontal one): up to the nearest obstacle on each side that
    /// overlaps it along, and no further than leaves each neighbouring segment 2 points long (or
    /// as long as it is) in its direction. Infinite where nothing bounds it.
    func freeRange(of k: Int, in points: [CGPoint]) -> (lo: CGFloat, hi: CGFloat) {
        let p = points[k], q = points[k + 1]
        let horizontal = p.y == q.y
        let c = horizontal ? p.y : p.x
        let a = horizontal ? min(p.x, q.x) : min(p.y, q.y), b = horizontal ? max(p.x, q.x) : max(p.y, q.y)
        var lo = -CGFloat.infinity, hi = CGFloat.infinity
        for rect in [others, ownEnds].joined() {
            let along = horizontal ? (rect.minX, rect.maxX) : (rect.minY, rect.maxY)
            guard along.0 < b, along.1 > a else { continue }
            let across = horizontal ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
            if across.1 <= c {
                lo = max(lo, across.1)
            } else if across.0 >= c {
                hi = min(hi, across.0)
            } else {
                return (c, c)
            }
        }
        for far in [points[k - 1], points[k + 2]] {
            let f = horizontal ? far.y : far.x
            let shortest = min(2, abs(f - c))
            if f < c { lo = max(lo, f + shortest) } else { hi = min(hi, f - shortest) }
        }
        return (lo, hi)
    }

    /// `points` with segment `k` moved across to `value`.
    static func moving(_ points: [CGPoint], segment k: Int, to value: CGFloat) -> [CGPoint] {
        var moved = points
        if points[k].y == points[k + 1].y {
            moved[k].y = value
            moved[k + 1].y = value
        } else {
            moved[k].x = value
            moved[k + 1].x = value
        }
        return moved
    }

    /// The route as a polyline.
    func route() -> ConnectorRoute {
        var path = Path()
        path.move(to: points[0])
        for point in points.dropFirst() { path.addLine(to: point) }
        return ConnectorRoute(path: path, waypoints: points)
    }

    /// The route with each corner rounded into a quarter-circle cubic: as large as half of each
    /// middle segment and most of the first and last (an arrowhead's length of them stays
    /// straight), and halved until the curve keeps the margin (less a quarter point) from every
    /// obstacle and stays out of its ends, sampled; a corner that never does stays sharp.
    func roundedRoute(arrowLength: CGFloat) -> ConnectorRoute {
        guard points.count > 2 else { return route() }
        let kappa: CGFloat = 0.552_284_749_8
        let blockers = others.map { $0.insetBy(dx: 0.25, dy: 0.25) } + [from.insetBy(dx: 0.5, dy: 0.5), to.insetBy(dx: 0.5, dy: 0.5)]
        let lengths = (0 ..< points.count - 1).map { hypot(points[$0 + 1].x - points[$0].x, points[$0 + 1].y - points[$0].y) }
        let lastSegment = lengths.count - 1
        func room(_ k: Int) -> CGFloat {
            k == 0 || k == lastSegment ? lengths[k] - min(lengths[k] / 2, arrowLength) : lengths[k] / 2
        }
        var path = Path()
        path.move(to: points[0])
        for j in 1 ..< points.count - 1 {
            let corner = points[j]
            let d1 = ConnectorRoute.unit(CGPoint(x: corner.x - points[j - 1].x, y: corner.y - points[j - 1].y))
            let d2 = ConnectorRoute.unit(CGPoint(x: points[j + 1].x - corner.x, y: points[j + 1].y - corner.y))
            var radius = min(room(j - 1), room(j))
            var drawn = false
            for _ in 0 ..< 4 where radius >= 1 {
                let t1 = CGPoint(x: corner.x - d1.x * radius, y: corner.y - d1.y * radius)
                let t2 = CGPoint(x: corner.x + d2.x * radius, y: corner.y + d2.y * radius)
                let c1 = CGPoint(x: t1.x + d1.x * radius * kappa, y: t1.y + d1.y * radius * kappa)
                let c2 = CGPoint(x: t2.x - d2.x * radius * kappa, y: t2.y - d2.y * radius * kappa)
                let clear = (1 ..< 16).allSatisfy { step in
                    let t = CGFloat(step) / 16, u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    let point = CGPoint(x: a * t1.x + b * c1.x + c * c2.x + d * t2.x, y: a * t1.y + b * c1.y + c * c2.y + d * t2.y)
                    return !blockers.contains { RouteSetting.strictlyInside(point, $0) }
                }
                if clear {
                    path.addLine(to: t1)
                    path.addCurve(to: t2, control1: c1, control2: c2)
                    drawn = true
                    break
                }
                radius /= 2
            }
            if !drawn { path.addLine(to: corner) }
        }
        path.addLine(to: points[points.count - 1])
        return ConnectorRoute(path: path, waypoints: points)
    }
}

/// Tidying the routes of a plan: middle segments centred in their channels, and segments of
/// different connectors on one line spread apart (libavoid calls this nudging).
enum RouteNudging {
    /// Centres each middle segment that turns opposite ways at its two ends (the middle of a Z)
    /// in the interval it can move in, when that is bounded on both sides: between the two
    /// obstacles, or the ends' clearances, around it. A segment whose neighbours both turn the
    /// same way (the bottom of a U) stays where the search put it, as close as it may come to
    /// what it goes around. A line whose centred route would not be valid keeps its own.
    static func centre(_ lines: inout [RoutedLine]) {
        for index in lines.indices {
            var points = lines[index].points
            for k in 0 ..< max(points.count - 1, 0) where RoutedLine.isMovable(k, of: points) {
                let horizontal = points[k].y == points[k + 1].y
                let c = horizontal ? points[k].y : points[k].x
                let before = horizontal ? points[k - 1].y : points[k - 1].x, after = horizontal ? points[k + 2].y : points[k + 2].x
                guard (before < c) != (after < c) else { continue }
                let range = lines[index].freeRange(of: k, in: points)
                guard range.lo.isFinite, range.hi.isFinite, range.lo <= range.hi else { continue }
                points = RoutedLine.moving(points, segment: k, to: (range.lo + range.hi) / 2)
            }
            if lines[index].isValid(points) { lines[index].points = points }
        }
    }

    /// One segment of some route, as separation sees it.
    private struct Member {
        /// The line's index in the plan's routed lines, or nil for a fixed route.
        let line: Int?
        /// Which route it belongs to: lines first, then fixed routes.
        let owner: Int
        let segment: Int
        let horizontal: Bool
        let coordinate: CGFloat
        /// Its extent along its line.
        let span: (CGFloat, CGFloat)
        /// Whether it may move across: a middle segment of a routed line.
        let movable: Bool
        /// Where it turns, along its line, and which way across (−1, +1; 0 at a port).
        let turns: [(position: CGFloat, direction: Int)]
    }

    /// Moves apart the segments of different connectors that lie on one line (nearer than
    /// `spacing`) and overlap along it: each such group is spread `spacing` apart around where
    /// it lay (half or a quarter of that where the channel is narrower), in the order that
    /// makes the fewest crossings, when every member stays in its free range; the first and last
    /// segments of a route, and the `fixed` routes (straight lines, routes drawn directly), do
    /// not move. Two passes, as moving a segment lengthens its neighbours. A route that would
    /// become invalid keeps its former corners.
    static func separate(_ lines: inout [RoutedLine], fixed: [[CGPoint]], spacing: CGFloat) {
        for _ in 0 ..< 2 {
            let before = lines.map(\.points)
            var members: [Member] = []
            for (index, line) in lines.enumerated() {
                members += Self.members(of: line.points, line: index, owner: index) { k in RoutedLine.isMovable(k, of: line.points) }
            }
            for (index, points) in fixed.enumerated() {
                members += Self.members(of: points, line: nil, owner: lines.count + index) { _ in false }
            }
            for group in groups(of: members, spacing: spacing) {
                place(group.map { members[$0] }, spacing: spacing, into: &lines)
            }
            for index in lines.indices where !lines[index].isValid(lines[index].points) {
                lines[index].points = before[index]
            }
        }
    }

    private static func members(of points: [CGPoint], line: Int?, owner: Int, movable: (Int) -> Bool) -> [Member] {
        var result: [Member] = []
        for k in 0 ..< max(points.count - 1, 0) {
            let p = points[k], q = points[k + 1]
            guard (p.x == q.x) != (p.y == q.y) else { continue }
            let horizontal = p.y == q.y
            let c = horizontal ? p.y : p.x
            func along(_ point: CGPoint) -> CGFloat { horizontal ? point.x : point.y }
            func across(_ point: CGPoint) -> CGFloat { horizontal ? point.y : point.x }
            func turn(_ index: Int) -> Int {
                guard index >= 0, index < points.count else { return 0 }
                let value = across(points[index])
                return value < c ? -1 : value > c ? 1 : 0
            }
            result.append(Member(line: line, owner: owner, segment: k, horizontal: horizontal, coordinate: c,
                                 span: (min(along(p), along(q)), max(along(p), along(q))), movable: movable(k),
                                 turns: [(along(p), turn(k - 1)), (along(q), turn(k + 2))]))
        }
        return result
    }

    /// The groups of members (indices) that share a line: nearer than `spacing` across,
    /// overlapping by more than half a point along, of different routes; linked in chains.
    private static func groups(of members: [Member], spacing: CGFloat) -> [[Int]] {
        var parent = Array(members.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i {
                parent[i] = parent[parent[i]]
                i = parent[i]
            }
            return i
        }
        let order = members.indices.sorted { a, b in
            let p = members[a], q = members[b]
            if p.horizontal != q.horizontal { return p.horizontal }
            if p.coordinate != q.coordinate { return p.coordinate < q.coordinate }
            return (p.owner, p.segment) < (q.owner, q.segment)
        }
        for (position, i) in order.enumerated() {
            // Bounded: a line crowded past this many segments is left as it is.
            for j in order[(position + 1) ..< min(position + 257, order.count)] {
                let p = members[i], q = members[j]
                guard p.horizontal == q.horizontal, q.coordinate - p.coordinate < spacing - 0.01 else { break }
                guard p.owner != q.owner, min(p.span.1, q.span.1) - max(p.span.0, q.span.0) > 0.5 else { continue }
                parent[root(j)] = root(i)
            }
        }
        var byRoot: [Int: [Int]] = [:]
        var roots: [Int] = []
        for i in order {
            let r = root(i)
            if byRoot[r] == nil { roots.append(r) }
            byRoot[r, default: []].append(i)
        }
        return roots.compactMap { byRoot[$0] }.filter { $0.count >= 2 }
    }

    /// What it costs when `a` lies before `b` across (above, or left of, it): a crossing for
    /// each of a's turns towards b within b's extent, and each of b's towards a within a's; ten
    /// for two turns at the same place along that do not part (a away from b, b away from a),
    /// as their next segments would run on one line.
    private static func crossings(_ a: Member, before b: Member) -> Int {
        var cost = a.turns.filter { $0.direction > 0 && $0.position > b.span.0 && $0.position < b.span.1 }.count
            + b.turns.filter { $0.direction < 0 && $0.position > a.span.0 && $0.position < a.span.1 }.count
        for p in a.turns where p.direction != 0 {
            for q in b.turns where q.direction != 0 && abs(p.position - q.position) < 0.5 && !(p.direction < 0 && q.direction > 0) {
                cost += 10
            }
        }
        return cost
    }

    /// The members in the order across that costs least (`crossings`, summed over every pair):
    /// every order tried for up to 7 members, the first of the cheapest kept (they start in
    /// the order across, then by route); past that, an insertion sort by the pairwise cost.
    private static func order(_ group: [Member]) -> [Member] {
        let count = group.count
        var cost = [[Int]](repeating: [Int](repeating: 0, count: count), count: count)
        for i in 0 ..< count {
            for j in 0 ..< count where i != j { cost[i][j] = crossings(group[i], before: group[j]) }
        }
        guard count <= 7 else {
            var ordered: [Int] = []
            for member in 0 ..< count {
                var position = ordered.count
                while position > 0, cost[member][ordered[position - 1]] < cost[ordered[position - 1]][member] { position -= 1 }
                ordered.insert(member, at: position)
            }
            return ordered.map { group[$0] }
        }
        func total(_ order: [Int]) -> Int {
            var sum = 0
            for i in 0 ..< count {
                for j in (i + 1) ..< count { sum += cost[order[i]][order[j]] }
            }
            return sum
        }
        var permutation = Array(0 ..< count)
        var best = permutation, bestCost = total(permutation)
        // Every permutation in lexicographic order (next permutation, as C++'s).
        while bestCost > 0 {
            var i = count - 2
            while i >= 0, permutation[i] >= permutation[i + 1] { i -= 1 }
            if i < 0 { break }
            var j = count - 1
            while permutation[j] <= permutation[i] { j -= 1 }
            permutation.swapAt(i, j)
            permutation[(i + 1)...].reverse()
            let value = total(permutation)
            if value < bestCost {
                best = permutation
                bestCost = value
            }
        }
        return best.map { group[$0] }
    }

    private static func place(_ group: [Member], spacing: CGFloat, into lines: inout [RoutedLine]) {
        guard group.count <= 32, group.contains(where: \.movable) else { return }
        let ordered = order(group)
        // Where each may move: its free range, measured only now, for the few segments in groups.
        let ranges = ordered.map { member -> (lo: CGFloat, hi: CGFloat) in
            guard member.movable, let line = member.line else { return (member.coordinate, member.coordinate) }
            return lines[line].freeRange(of: member.segment, in: lines[line].points)
        }
        let centre = ordered.map(\.coordinate).reduce(0, +) / CGFloat(ordered.count)
        for step in [spacing, spacing / 2, spacing / 4] where step >= 1.5 {
            let targets = ordered.indices.map { centre + (CGFloat($0) - CGFloat(ordered.count - 1) / 2) * step }
            var low = -CGFloat.infinity, high = CGFloat.infinity
            for (range, target) in zip(ranges, targets) {
                low = max(low, range.lo - target)
                high = min(high, range.hi - target)
            }
            guard low <= high else { continue }
            let shift = min(max(0, low), high)
            for (index, member) in ordered.enumerated() {
                guard let line = member.line, ranges[index].lo < ranges[index].hi else { continue }
                lines[line].points = RoutedLine.moving(lines[line].points, segment: member.segment, to: targets[index] + shift)
            }
            return
        }
    }
}
