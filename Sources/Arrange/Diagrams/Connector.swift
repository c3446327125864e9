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
        /// One straight line.
        case straight
        /// Horizontal and vertical lines with right-angled bends.
        case elbow
        /// A cubic curve leaving and entering each view at right angles to its side.
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
    /// Text drawn at the middle of the line, on a small plate of `labelBackground`.
    public var label: String?
    /// The plate under the label, so the line does not run through its text.
    public var labelBackground: Color

    /// A connector from the view tagged `from` to the view tagged `to` (ids as given to
    /// `connectorEnd(_:)`), with an arrowhead at the end unless told otherwise. A line width that
    /// is not finite counts as the default, a negative one as 0.
    public init(from: some Hashable, to: some Hashable, fromAnchor: UnitPoint? = nil, toAnchor: UnitPoint? = nil,
                routing: Routing = .straight, startArrow: Bool = false, endArrow: Bool = true, color: Color = .primary,
                lineWidth: CGFloat = 1.5, dash: [CGFloat] = [], label: String? = nil, labelBackground: Color = .white) {
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
    }
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
    /// `connectorEnd(_:)`. A connector whose end is not marked is not drawn.
    public func connectors(_ connectors: [Connector]) -> some View {
        overlayPreferenceValue(ConnectorEnds.self, alignment: .topLeading) { ends in
            GeometryReader { proxy in
                ForEach(Array(connectors.enumerated()), id: \.offset) { _, connector in
                    if let from = ends[connector.from], let to = ends[connector.to] {
                        ConnectorView(connector: connector, route: ConnectorRoute(connector, from: proxy[from], to: proxy[to]))
                    }
                }
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

    /// The route of `connector` between views with bounds `from` and `to`.
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
            startDirection = Self.unit(CGPoint(x: (corners.first ?? p1).x - p0.x, y: (corners.first ?? p1).y - p0.y))
            endDirection = Self.unit(CGPoint(x: p1.x - (corners.last ?? p0).x, y: p1.y - (corners.last ?? p0).y))
        case .curve:
            let distance = hypot(p1.x - p0.x, p1.y - p0.y)
            let reach = max(distance / 2, 12)
            path.addCurve(to: p1, control1: CGPoint(x: p0.x + n0.x * reach, y: p0.y + n0.y * reach),
                          control2: CGPoint(x: p1.x + n1.x * reach, y: p1.y + n1.y * reach))
            startDirection = n0
            endDirection = CGPoint(x: -n1.x, y: -n1.y)
        }
        self.path = path
    }

    /// The midpoint along the line, where its label goes.
    public var middle: CGPoint {
        let measure = PathMeasure(path)
        return measure.point(at: measure.length / 2)?.point ?? start
    }

    /// Points along the line from start to end, `spacing` points apart, the end included: what a
    /// check of which views the line runs through walks. A spacing that is not positive counts
    /// as 1; at most 100,000 points.
    public func points(every spacing: CGFloat) -> [CGPoint] {
        let measure = PathMeasure(path)
        let length = measure.length
        guard length.isFinite, length > 0 else { return [start, end] }
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

/// A connector drawn along its route: the line, its arrowheads and its label.
struct ConnectorView: View {
    let connector: Connector
    let route: ConnectorRoute


    var body: some View {
        ZStack(alignment: .topLeading) {
            linePath.stroke(connector.color, style: StrokeStyle(lineWidth: connector.lineWidth, lineCap: .butt, lineJoin: .miter,
                                                                dash: connector.dash))
                .id("connector:\(connector.from)→\(connector.to)")
            if connector.endArrow {
                Self.triangle(route.arrowhead(atEnd: true, of: connector)).fill(connector.color)
            }
            if connector.startArrow {
                Self.triangle(route.arrowhead(atEnd: false, of: connector)).fill(connector.color)
            }
            if let label = connector.label, !label.isEmpty {
                Text(label)
                    .font(.caption)
                    .foregroundColor(connector.color)
                    .padding(.horizontal, 4)
                    .padding(.vertical, 1)
                    .background(RoundedRectangle(cornerRadius: 3).fill(connector.labelBackground))
                    .fixedSize()
                    .position(route.middle)
            }
        }
    }

    /// The route, cut back under each arrowhead so the line does not show past its narrow tip.
    var linePath: Path {
        let measure = PathMeasure(route.path)
        let length = measure.length
        let cut = ConnectorRoute.arrowLength(of: connector) * 0.6
        let from = connector.startArrow ? min(cut, length / 2) : 0
        let to = connector.endArrow ? max(length - cut, length / 2) : length
        return from == 0 && to == length ? route.path : measure.trimmed(from: from, to: to)
    }

    /// The closed path through `corners`.
    static func triangle(_ corners: [CGPoint]) -> Path {
        var path = Path()
        for (index, corner) in corners.enumerated() {
            if index == 0 { path.move(to: corner) } else { path.addLine(to: corner) }
        }
        path.closeSubpath()
        return path
    }
}
