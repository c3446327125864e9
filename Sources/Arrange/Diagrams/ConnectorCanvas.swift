import Foundation

/// One drawn piece of a connector.
enum ConnectorPiece: Hashable {
    /// The line of connector `n`, tagged "connector:FROM→TO".
    case line(Int)
    /// An arrowhead of connector `n`, at its end or its start.
    case arrow(Int, atEnd: Bool)
    /// The label of connector `n`, on its plate.
    case label(Int)
}

/// The connectors of a plan drawn over their view: for each connector in order, its line, its
/// arrowheads (end, then start) and its label. Lines and arrowheads are paths in the plan's
/// coordinates, laid over the whole canvas; labels are measured, then placed by
/// `ConnectorCanvasLayout`.
struct ConnectorCanvas: View {
    let plan: ConnectorPlan
    let pieces: [ConnectorPiece]

    init(plan: ConnectorPlan) {
        self.plan = plan
        var pieces: [ConnectorPiece] = []
        for (number, connector) in plan.connectors.enumerated() where plan.routes[number] != nil {
            pieces.append(.line(number))
            if connector.endArrow { pieces.append(.arrow(number, atEnd: true)) }
            if connector.startArrow { pieces.append(.arrow(number, atEnd: false)) }
            if let label = connector.label, !label.isEmpty { pieces.append(.label(number)) }
        }
        self.pieces = pieces
    }

    var body: some View {
        ConnectorCanvasLayout(plan: plan, pieces: pieces) {
            ForEach(Array(pieces.enumerated()), id: \.offset) { _, piece in
                view(of: piece)
            }
        }
    }

    @ViewBuilder
    func view(of piece: ConnectorPiece) -> some View {
        switch piece {
        case .line(let number):
            let connector = plan.connectors[number]
            linePath(number).stroke(connector.color, style: StrokeStyle(lineWidth: connector.lineWidth, lineCap: .butt, lineJoin: .miter,
                                                                        dash: connector.dash))
                .id(ConnectorPlan.subject(of: connector))
        case .arrow(let number, let atEnd):
            let connector = plan.connectors[number]
            Self.triangle(plan.routes[number]?.arrowhead(atEnd: atEnd, of: connector) ?? []).fill(connector.color)
        case .label(let number):
            let connector = plan.connectors[number]
            Text(connector.label ?? "")
                .font(.caption)
                .foregroundColor(connector.color)
                .padding(.horizontal, 4)
                .padding(.vertical, 1)
                .background(RoundedRectangle(cornerRadius: 3).fill(connector.labelBackground))
                .fixedSize()
        }
    }

    /// The route of connector `number`, cut back under each arrowhead so the line does not show
    /// past its narrow tip.
    func linePath(_ number: Int) -> Path {
        guard let route = plan.routes[number] else { return Path() }
        let connector = plan.connectors[number]
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

/// Lays out a `ConnectorCanvas`: lines and arrowheads over the whole canvas, each label centred
/// where `ConnectorPlan.labelCentres` puts it once the labels are measured. Its notes are the
/// plan's, so that `LayoutTree` reports connectors drawn without a route.
struct ConnectorCanvasLayout: Layout, NoteReportingLayout {
    let plan: ConnectorPlan
    /// What each subview is, in order.
    let pieces: [ConnectorPiece]

    var layoutNotes: [LayoutNote] { plan.notes }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        proposal.replacingUnspecifiedDimensions(by: .zero)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        var sizes = [CGSize?](repeating: nil, count: plan.connectors.count)
        let matched = subviews.count == pieces.count
        if matched {
            for (subview, piece) in zip(subviews, pieces) {
                if case .label(let number) = piece { sizes[number] = subview.sizeThatFits(.unspecified) }
            }
        }
        let centres = plan.labelCentres(sizes: sizes, in: CGRect(origin: .zero, size: bounds.size))
        for (index, subview) in subviews.enumerated() {
            if matched, case .label(let number) = pieces[index], let centre = centres[number] {
                subview.place(at: CGPoint(x: bounds.minX + centre.x, y: bounds.minY + centre.y), anchor: .center, proposal: .unspecified)
            } else {
                subview.place(at: bounds.origin, anchor: .topLeading, proposal: ProposedViewSize(bounds.size))
            }
        }
    }
}
