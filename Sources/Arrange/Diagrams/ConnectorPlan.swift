import Foundation

/// The routes of a view's connectors, planned together: where each leaves and enters its views
/// (ports), the way each elbow and curve takes around the other views, and how connectors that
/// would share a line are moved apart. `connectors(_:)` draws from it; it is public so that
/// tools and tests can see the routes without drawing.
///
/// **Obstacles.** A connector keeps `margin` points away from every marked view (every view with
/// `connectorEnd(_:)` in the view that draws it) except its own two ends, views inside them, and
/// views that contain one of them (a panel around an end). Its own ends it leaves and enters at
/// right angles, and keeps clear of them by the margin too, or half the gap between them when
/// that is less.
///
/// **Routes.** A `straight` connector is one line, whatever lies in its way. An `elbow` takes the
/// shortest way of horizontal and vertical segments around its obstacles, where each bend
/// costs as much as `bendPenalty` points of length: a search over the grid of lines through
/// every obstacle's edges, as libavoid and ELK route (`OrthogonalSearch`). The middle of each Z
/// is then centred in its free channel (between two obstacles, or its ends' clearances), and
/// segments of different connectors that would run on one line are spread `spacing` apart, in
/// the order that crosses least, where the channel has room (`RouteNudging`). A `curve` is
/// the single cubic of `ConnectorRoute` when that keeps its margin; otherwise the elbow's route
/// with its corners rounded into quarter-circle cubics, each as large as the segments and the
/// obstacles allow (checked by sampling).
///
/// **Ports.** Connectors that leave or enter a view by the same side, without an explicit
/// anchor, spread along it: k of them at 1/(k+1), 2/(k+1), … of its length, ordered by where
/// their other ends lie, so that they do not cross at the side; once routed, ordered again by
/// where the routes first turn, and routed again if that changed anything. A connector whose
/// ports face each other and nearly line up is straightened (`ports`).
///
/// **Bounds.** Every search is counted in grid points against `Limits.connectorSearchGridPoints`
/// and, for all of a view's connectors together, `Limits.connectorRoutingGridPoints`. A
/// connector past either, or one for which no route exists (an end enclosed by other views), is
/// drawn as `ConnectorRoute` draws it alone, and a `LayoutNote` says so. The same ends always
/// give the same routes: ties go by a fixed order, and views are taken in the order of their ids.
public struct ConnectorPlan: Sendable {
    /// The connectors, in the order given.
    public let connectors: [Connector]
    /// Each connector's route, in the coordinates of the ends; nil where an end is not marked.
    public private(set) var routes: [ConnectorRoute?]
    /// What could not be done as asked: connectors drawn without a route around their obstacles.
    public private(set) var notes: [LayoutNote] = []
    /// The marked views' frames, in the order of their ids.
    let frames: [CGRect]
    /// Each connector's end views, as indices into `frames`; nil where it is not drawn.
    let endViews: [(from: Int, to: Int)?]

    /// The distance between connectors moved apart because they would share a line.
    public static let spacing: CGFloat = 6
    /// What a bend costs an elbow route, in points of length: a detour shorter than this is
    /// taken rather than one more bend, so routes do not zig-zag.
    public static let bendPenalty: CGFloat = 40

    /// Plans `connectors` between the views `ends` (their frames by id, as `ConnectorEnds`
    /// reports them through a `GeometryProxy`). A connector whose end is missing, or not finite,
    /// gets no route.
    public init(_ connectors: [Connector], ends: [String: CGRect]) {
        self.connectors = connectors
        let marked = ends.sorted { $0.key < $1.key }
        let frames = marked.map(\.value)
        var index: [String: Int] = [:]
        for (position, entry) in marked.enumerated() { index[entry.key] = position }
        let endViews: [(from: Int, to: Int)?] = connectors.map { connector in
            guard let a = index[connector.from], let b = index[connector.to], Self.isFinite(frames[a]), Self.isFinite(frames[b]) else { return nil }
            return (a, b)
        }
        self.frames = frames
        self.endViews = endViews
        var budget = Limits.connectorRoutingGridPoints
        let centres: (Int, Bool) -> (CGFloat, CGFloat) = { number, atStart in
            guard let (a, b) = endViews[number] else { return (0, 0) }
            let other = frames[atStart ? b : a], heading = Self.automaticHeading(connectors[number], frames[a], frames[b], atStart: atStart)
            // Along a vertical side they are ordered by where the other ends lie down it.
            return heading.isHorizontal ? (other.midY, other.midX) : (other.midX, other.midY)
        }
        let first = Self.ports(connectors, frames: frames, endViews: endViews, order: centres)
        var planned = Self.route(connectors, frames: frames, endViews: endViews, anchors: first, budget: &budget)
        // Ports ordered again by where the routes first turn, which the ends' centres do not
        // tell (a route that goes over a box on the way), and the routes made again, when the
        // first routing left half the budget.
        if budget >= Limits.connectorRoutingGridPoints / 2 {
            let turns: (Int, Bool) -> (CGFloat, CGFloat) = { number, atStart in
                let heading = Self.automaticHeading(connectors[number], frames[endViews[number]?.from ?? 0], frames[endViews[number]?.to ?? 0], atStart: atStart)
                guard let route = planned.routes[number], route.waypoints.count >= 2 else { return centres(number, atStart) }
                let points = atStart ? route.waypoints : route.waypoints.reversed()
                let turn = points.count > 2 ? points[2] : points[points.count - 1]
                return (heading.isHorizontal ? turn.y : turn.x, centres(number, atStart).0)
            }
            let second = Self.ports(connectors, frames: frames, endViews: endViews, order: turns)
            let changed = zip(first, second).contains { p, q in p?.0 != q?.0 || p?.1 != q?.1 }
            if changed { planned = Self.route(connectors, frames: frames, endViews: endViews, anchors: second, budget: &budget) }
        }
        routes = planned.routes
        notes = planned.notes
    }

    /// The heading of the side a connector leaves (`atStart`) or enters by when its anchors are
    /// chosen for it.
    static func automaticHeading(_ connector: Connector, _ from: CGRect, _ to: CGRect, atStart: Bool) -> RouteHeading {
        let sides = ConnectorRoute.sides(from: from, to: to, fromAnchor: connector.fromAnchor, toAnchor: connector.toAnchor)
        return RouteHeading(ConnectorRoute.normal(atStart ? sides.from : sides.to))
    }

    /// Routes every connector from and to `anchors`: straight lines as they are, elbows and
    /// curves searched, centred and separated; what could not be routed drawn directly, noted.
    static func route(_ connectors: [Connector], frames: [CGRect], endViews: [(from: Int, to: Int)?], anchors: [(UnitPoint, UnitPoint)?],
                      budget: inout Int) -> (routes: [ConnectorRoute?], notes: [LayoutNote]) {
        var routes = [ConnectorRoute?](repeating: nil, count: connectors.count)
        var notes: [LayoutNote] = []
        var lines: [RoutedLine] = []
        var fixed: [[CGPoint]] = []
        for (number, connector) in connectors.enumerated() {
            guard let (a, b) = endViews[number], let anchor = anchors[number] else { continue }
            var resolved = connector
            (resolved.fromAnchor, resolved.toAnchor) = anchor
            let direct = ConnectorRoute(resolved, from: frames[a], to: frames[b])
            guard connector.routing != .straight, a != b else {
                routes[number] = direct
                if direct.isPolyline { fixed.append(direct.waypoints) }
                continue
            }
            let setting = RouteSetting(connector: number, margin: connector.margin, from: frames[a], to: frames[b],
                                       anchors: anchor, others: obstacles(of: (a, b), in: frames, margin: connector.margin))
            if connector.routing == .curve, setting.isClear(curve: direct.path) {
                routes[number] = direct
                continue
            }
            switch setting.search(budget: &budget) {
            case .found(let line):
                lines.append(line)
            case .none(let reason):
                routes[number] = direct
                if direct.isPolyline { fixed.append(direct.waypoints) }
                notes.append(LayoutNote(subject: subject(of: connector), message: reason.message(connector), mark: reason.mark))
            }
        }
        RouteNudging.centre(&lines)
        RouteNudging.separate(&lines, fixed: fixed, spacing: spacing)
        for line in lines {
            let connector = connectors[line.connector]
            routes[line.connector] = connector.routing == .curve ? line.roundedRoute(arrowLength: ConnectorRoute.arrowLength(of: connector)) : line.route()
        }
        return (routes, notes)
    }

    /// The id of a connector's line in the drawing, which notes and warnings name it by.
    static func subject(of connector: Connector) -> String { "connector:\(connector.from)→\(connector.to)" }

    static func isFinite(_ rect: CGRect) -> Bool {
        rect.minX.isFinite && rect.minY.isFinite && rect.width.isFinite && rect.height.isFinite
    }

    /// Whether `outer` holds `inner`, with half a point of slack for rounding.
    static func holds(_ outer: CGRect, _ inner: CGRect) -> Bool {
        inner.minX >= outer.minX - 0.5 && inner.maxX <= outer.maxX + 0.5 && inner.minY >= outer.minY - 0.5 && inner.maxY <= outer.maxY + 0.5
    }

    /// The views a connector between `ends` keeps `margin` away from, inflated by it: every view
    /// of some area but its ends, views inside them, and views holding one of them.
    static func obstacles(of ends: (Int, Int), in frames: [CGRect], margin: CGFloat) -> [CGRect] {
        let a = frames[ends.0], b = frames[ends.1]
        var result: [CGRect] = []
        for (index, frame) in frames.enumerated() where index != ends.0 && index != ends.1 && frame.width > 0 && frame.height > 0 {
            if holds(frame, a) || holds(frame, b) || holds(a, frame) || holds(b, frame) { continue }
            result.append(frame.insetBy(dx: -margin, dy: -margin))
        }
        return result
    }

    /// Each drawn connector's anchors: the given ones, else the middle of the side facing the
    /// other end; several connectors on one side spread along it at 1/(k+1), 2/(k+1), …, in the
    /// order of `order` (a key for a connector's start or end), ties by connector.
    ///
    /// Then a connector whose two chosen ports face each other across a gap and lie within
    /// 2 × `spacing` of lining up is straightened: both ports move to the line between them (else
    /// one to the other's), where that keeps each `spacing` from the other ports of its side, in
    /// their order, and clear of the side's rounded ends; so it runs straight, not in a jog.
    static func ports(_ connectors: [Connector], frames: [CGRect], endViews: [(from: Int, to: Int)?],
                      order: (Int, Bool) -> (CGFloat, CGFloat)) -> [(UnitPoint, UnitPoint)?] {
        var anchors: [(UnitPoint, UnitPoint)?] = Array(repeating: nil, count: connectors.count)
        // Who uses each side of each view without an anchor of their own: view × 4 + heading.
        var sides: [Int: [(connector: Int, atStart: Bool)]] = [:]
        for (number, connector) in connectors.enumerated() {
            guard let (a, b) = endViews[number] else { continue }
            let chosen = ConnectorRoute.sides(from: frames[a], to: frames[b], fromAnchor: connector.fromAnchor, toAnchor: connector.toAnchor)
            anchors[number] = chosen
            guard a != b else { continue }
            for (atStart, anchor, view) in [(true, connector.fromAnchor, a), (false, connector.toAnchor, b)] where anchor == nil {
                let heading = RouteHeading(ConnectorRoute.normal(atStart ? chosen.from : chosen.to))
                sides[view * 4 + heading.rawValue, default: []].append((number, atStart))
            }
        }
        func user(_ number: Int, _ atStart: Bool) -> Int { number * 2 + (atStart ? 0 : 1) }
        for key in sides.keys.sorted() {
            guard let users = sides[key] else { continue }
            let keyed = users.map { (user: $0, key: order($0.connector, $0.atStart)) }
            sides[key] = keyed.sorted { p, q in
                if p.key.0 != q.key.0 { return p.key.0 < q.key.0 }
                if p.key.1 != q.key.1 { return p.key.1 < q.key.1 }
                return user(p.user.connector, p.user.atStart) < user(q.user.connector, q.user.atStart)
            }.map(\.user)
        }
        /// Ports pinned where they line up with the other end, as fractions of their side.
        var pinned: [Int: CGFloat] = [:]
        /// A side's ports as fractions: the pinned ones (and `extra`) where pinned, the others
        /// evenly between them; and whether that keeps them in order, `spacing` apart, and the
        /// pinned ones clear of the side's rounded ends.
        func spread(_ key: Int, _ extra: [Int: CGFloat]) -> (fractions: [Int: CGFloat], valid: Bool) {
            let users = (sides[key] ?? []).map { user($0.connector, $0.atStart) }
            let rect = frames[key / 4]
            let length = RouteHeading(rawValue: key % 4)?.isHorizontal == true ? rect.height : rect.width
            let inset = length > 0 ? min(10, length / 4) / length : 0
            var result: [Int: CGFloat] = [:], run: [Int] = [], low: CGFloat = 0, valid = true
            func close(_ high: CGFloat) {
                for (position, waiting) in run.enumerated() { result[waiting] = low + (high - low) * CGFloat(position + 1) / CGFloat(run.count + 1) }
                run = []
            }
            for waiting in users {
                guard let f = extra[waiting] ?? pinned[waiting] else {
                    run.append(waiting)
                    continue
                }
                if f < inset || f > 1 - inset || f <= low { valid = false }
                close(f)
                result[waiting] = f
                low = f
            }
            close(1)
            let positions = users.compactMap { result[$0] }.map { $0 * length }
            if zip(positions, positions.dropFirst()).contains(where: { $1 - $0 < spacing - 1e-9 }) { valid = false }
            return (result, valid)
        }
        var fractions: [Int: CGFloat] = [:]
        for key in sides.keys.sorted() { fractions.merge(spread(key, [:]).fractions) { _, new in new } }
        // Straightening nearly aligned ports, twice, as moving one side's ports can line others up.
        for _ in 0 ..< 2 {
            for (number, connector) in connectors.enumerated() where connector.fromAnchor == nil && connector.toAnchor == nil {
                guard let (a, b) = endViews[number], a != b, let chosen = anchors[number] else { continue }
                let ha = RouteHeading(ConnectorRoute.normal(chosen.0)), hb = RouteHeading(ConnectorRoute.normal(chosen.1))
                let ua = user(number, true), ub = user(number, false)
                guard ha.opposite == hb, pinned[ua] == nil || pinned[ub] == nil, let fa = fractions[ua], let fb = fractions[ub] else { continue }
                func side(_ rect: CGRect) -> (start: CGFloat, length: CGFloat) { ha.isHorizontal ? (rect.minY, rect.height) : (rect.minX, rect.width) }
                let A = side(frames[a]), B = side(frames[b])
                guard A.length > 0, B.length > 0 else { continue }
                let pa = A.start + fa * A.length, pb = B.start + fb * B.length
                guard abs(pa - pb) <= 2 * spacing else { continue }
                for target in [(pa + pb) / 2, pb, pa] {
                    let na = (target - A.start) / A.length, nb = (target - B.start) / B.length
                    let sa = spread(a * 4 + ha.rawValue, [ua: na]), sb = spread(b * 4 + hb.rawValue, [ub: nb])
                    guard sa.valid, sb.valid else { continue }
                    pinned[ua] = na
                    pinned[ub] = nb
                    fractions.merge(sa.fractions) { _, new in new }
                    fractions.merge(sb.fractions) { _, new in new }
                    break
                }
            }
        }
        for (key, users) in sides {
            guard let heading = RouteHeading(rawValue: key % 4) else { continue }
            for entry in users {
                guard let f = fractions[user(entry.connector, entry.atStart)], let current = anchors[entry.connector] else { continue }
                let anchor: UnitPoint = switch heading {
                case .right: UnitPoint(x: 1, y: f)
                case .left: UnitPoint(x: 0, y: f)
                case .down: UnitPoint(x: f, y: 1)
                case .up: UnitPoint(x: f, y: 0)
                }
                anchors[entry.connector] = entry.atStart ? (anchor, current.1) : (current.0, anchor)
            }
        }
        return anchors
    }
}

/// Why a connector was drawn without a route around its obstacles.
enum RoutingFailure {
    /// Its ends overlap or touch: there is nothing between them to route through.
    case endsTouch
    /// No route keeps the margin: an end is enclosed, or a view lies within the margin of its side.
    case enclosed
    /// Its search would pass the budget of grid points.
    case budget

    var mark: String {
        switch self {
        case .endsTouch, .enclosed: "no route"
        case .budget: "not routed"
        }
    }

    func message(_ connector: Connector) -> String {
        let margin = RouteSetting.format(connector.margin)
        return switch self {
        case .endsTouch:
            "is drawn directly: its ends touch or overlap, so there is no room to route between them"
        case .enclosed:
            "is drawn directly, through what is in its way: no route around the other views keeps its margin of \(margin) points (an end is enclosed, or a view lies within the margin of the side it leaves or enters by)"
        case .budget:
            "is drawn directly, without going around other views: routing it would pass the limit of \(Limits.connectorSearchGridPoints) grid points for one connector or \(Limits.connectorRoutingGridPoints) for a view's connectors together (too many views and connectors)"
        }
    }
}

/// What an orthogonal route search found.
enum RoutingOutcome {
    case found(RoutedLine)
    case none(RoutingFailure)
}

/// One connector's routing problem: its ends, ports, clearances and obstacles.
struct RouteSetting {
    let connector: Int
    let margin: CGFloat
    let from: CGRect
    let to: CGRect
    /// The ports, on the ends' borders, and the outward normals of their sides.
    let start: CGPoint, end: CGPoint
    let startNormal: CGPoint, endNormal: CGPoint
    /// The views in the way, inflated by the margin.
    let others: [CGRect]

    init(connector: Int, margin: CGFloat, from: CGRect, to: CGRect, anchors: (UnitPoint, UnitPoint), others: [CGRect]) {
        self.connector = connector
        self.margin = margin
        self.from = from
        self.to = to
        start = ConnectorRoute.point(anchors.0, in: from)
        end = ConnectorRoute.point(anchors.1, in: to)
        startNormal = ConnectorRoute.normal(anchors.0)
        endNormal = ConnectorRoute.normal(anchors.1)
        self.others = others
    }

    /// The gap between the ends: across or down, whichever is larger; not positive when they touch.
    var gap: CGFloat {
        max(max(to.minX - from.maxX, from.minX - to.maxX), max(to.minY - from.maxY, from.minY - to.maxY))
    }

    /// How far the route keeps from its own ends: the margin, or half the gap between them.
    var clearance: CGFloat { min(margin, gap / 2) }

    /// A number as warnings print it.
    static func format(_ value: CGFloat) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(Double(value))
    }

    /// Whether the path `curve` (the direct cubic) keeps the margin from every obstacle (a
    /// quarter point of slack) and stays out of its own ends, sampled every 2 points.
    func isClear(curve: Path) -> Bool {
        let near = others.filter { RoutePolyline.overlaps($0, curve.boundingRect.insetBy(dx: -1, dy: -1)) }.map { $0.insetBy(dx: 0.25, dy: 0.25) }
        let ends = [from.insetBy(dx: 0.5, dy: 0.5), to.insetBy(dx: 0.5, dy: 0.5)]
        let points = ConnectorRoute.points(along: curve, every: 2)
        // Bounded work: a curve too long to check among too many views counts as blocked, and
        // goes to the (budgeted) search instead.
        guard points.count * (near.count + 2) <= 1_000_000 else { return false }
        return !points.contains { point in (near + ends).contains { RouteSetting.strictlyInside(point, $0) } }
    }

    static func strictlyInside(_ point: CGPoint, _ rect: CGRect) -> Bool {
        point.x > rect.minX && point.x < rect.maxX && point.y > rect.minY && point.y < rect.maxY
    }

    /// Searches for the route: first in a window around the ends, then, if none is found there,
    /// among every obstacle; each search counted against `budget`.
    func search(budget: inout Int) -> RoutingOutcome {
        guard gap > 0 else { return .none(.endsTouch) }
        let e = clearance
        let stubStart = CGPoint(x: start.x + startNormal.x * e, y: start.y + startNormal.y * e)
        let stubEnd = CGPoint(x: end.x + endNormal.x * e, y: end.y + endNormal.y * e)
        let ownEnds = [from.insetBy(dx: -e, dy: -e), to.insetBy(dx: -e, dy: -e)]
        // The short segments straight out of each side must be free, and their ends outside everything.
        let blocked = others.contains { rect in
            RoutePolyline.segment(start, stubStart, crosses: rect) || RoutePolyline.segment(stubEnd, end, crosses: rect)
                || Self.strictlyInside(stubStart, rect) || Self.strictlyInside(stubEnd, rect)
        }
        if blocked || Self.strictlyInside(stubStart, ownEnds[1]) || Self.strictlyInside(stubEnd, ownEnds[0]) { return .none(.enclosed) }
        let everything = others + ownEnds
        let union = from.union(to)
        let reach = max(union.width, union.height) / 2 + 2 * margin
        let window = union.insetBy(dx: -reach, dy: -reach)
        var all = union
        for rect in everything { all = all.union(rect) }
        var attempts: [(CGRect, [CGRect])] = [(window, everything.filter { RoutePolyline.overlaps($0, window) })]
        // Past the window only when something lies beyond it.
        if !window.contains(all) { attempts.append((all.insetBy(dx: -margin - 1, dy: -margin - 1), everything)) }
        for (area, obstacles) in attempts {
            let limit = min(Limits.connectorSearchGridPoints, budget)
            guard let grid = OrthogonalSearch(obstacles: obstacles, window: area, points: [stubStart, stubEnd], limit: limit) else {
                return .none(.budget)
            }
            budget -= grid.nodeCount
            if let corners = grid.route(from: stubStart, heading: RouteHeading(startNormal), to: stubEnd,
                                        arriving: RouteHeading(endNormal).opposite, bendPenalty: ConnectorPlan.bendPenalty) {
                let points = RoutePolyline.simplified([start] + corners + [end])
                return .found(RoutedLine(connector: connector, points: points, others: others, ownEnds: ownEnds, margin: margin,
                                         from: from, to: to))
            }
        }
        return .none(.enclosed)
    }
}
