import Foundation

/// Proposes nil on the fixed axes, so the child takes its ideal length there (docs/layout-rules.md §3.4).
struct FixedSizeLayout: SingleChildLayout {
    let horizontal: Bool
    let vertical: Bool

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.first?.sizeThatFits(childProposal(proposal)) ?? .zero
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews.first?.place(at: CGPoint(x: bounds.midX, y: bounds.midY), anchor: .center, proposal: childProposal(proposal))
    }

    func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
    }

    func spacing(subviews: Subviews, cache: inout ()) -> ViewSpacing { subviews.first?.spacing ?? .zero }
}

extension View {
    /// The view at its ideal size on both axes, whatever it is offered.
    public func fixedSize() -> some View { fixedSize(horizontal: true, vertical: true) }

    /// The view at its ideal size on the chosen axes.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
        wrapped(in: FixedSizeLayout(horizontal: horizontal, vertical: vertical))
    }
}
