import Foundation

/// How `aspectRatio` scales its child's ratio into the offer: to fit inside it, or to fill it.
public enum ContentMode: Hashable, Sendable {
    case fit, fill
}

/// Offers the child the largest (`fit`) or smallest (`fill`) size of a ratio that fits in or
/// covers the offer, and reports what the child chooses, centred (docs/layout-rules.md §3.9).
struct AspectRatioLayout: Layout {
    /// Width over height; nil uses the child's ideal size.
    let ratio: CGFloat?
    let contentMode: ContentMode

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        guard let child = subviews.first else { return .zero }
        return child.sizeThatFits(childProposal(proposal, child))
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        guard let child = subviews.first else { return }
        child.place(at: CGPoint(x: bounds.midX, y: bounds.midY), anchor: .center, proposal: childProposal(proposal, child))
    }

    func childProposal(_ proposal: ProposedViewSize, _ child: LayoutSubview) -> ProposedViewSize {
        guard proposal.width != nil || proposal.height != nil else { return proposal }
        let shape: CGSize
        if let ratio, ratio.isFinite, ratio > 0 {
            shape = CGSize(width: ratio, height: 1)
        } else {
            let ideal = child.sizeThatFits(.unspecified)
            shape = ideal.width > 0 && ideal.height > 0 && ideal.width.isFinite && ideal.height.isFinite ? ideal : CGSize(width: 1, height: 1)
        }
        func scale(_ offer: CGFloat?, _ length: CGFloat) -> CGFloat {
            guard let offer else { return .infinity }
            let s = offer / length
            return s.isNaN ? .infinity : s
        }
        let sx = scale(proposal.width, shape.width), sy = scale(proposal.height, shape.height)
        let s = contentMode == .fit ? min(sx, sy) : max(sx, sy)
        return ProposedViewSize(width: shape.width * s, height: shape.height * s)
    }

    func spacing(subviews: Subviews, cache: inout ()) -> ViewSpacing { subviews.first?.spacing ?? .zero }
}

/// Reports the whole offer and puts the child's centre at `point` (docs/layout-rules.md §3.10).
struct PositionLayout: Layout {
    let point: CGPoint

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let child = proposal.width == nil || proposal.height == nil ? subviews.first?.sizeThatFits(proposal) ?? .zero : .zero
        return CGSize(width: proposal.width ?? child.width, height: proposal.height ?? child.height)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews.first?.place(at: CGPoint(x: bounds.minX + point.x, y: bounds.minY + point.y), anchor: .center,
                              proposal: ProposedViewSize(width: bounds.width, height: bounds.height))
    }

    func spacing(subviews: Subviews, cache: inout ()) -> ViewSpacing { .zero }
}

extension View {
    /// The view offered sizes of `aspectRatio` (width ÷ height; nil: its ideal size's) scaled
    /// to fit in or fill the offer.
    public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View {
        wrapped(in: AspectRatioLayout(ratio: aspectRatio, contentMode: contentMode))
    }

    /// The view offered sizes of the ratio of `aspectRatio` scaled to fit in or fill the offer.
    public func aspectRatio(_ aspectRatio: CGSize, contentMode: ContentMode) -> some View {
        let ratio = aspectRatio.height != 0 ? aspectRatio.width / aspectRatio.height : nil
        return wrapped(in: AspectRatioLayout(ratio: ratio, contentMode: contentMode))
    }

    /// The view scaled to fit in its offer, keeping its proportions.
    public func scaledToFit() -> some View { aspectRatio(contentMode: .fit) }

    /// The view scaled to fill its offer, keeping its proportions (it may overflow: clip it).
    public func scaledToFill() -> some View { aspectRatio(contentMode: .fill) }

    /// The view's centre at `position` in its parent's space; it takes the whole offer.
    public func position(_ position: CGPoint) -> some View {
        func safe(_ v: CGFloat) -> CGFloat { v.isFinite ? v : 0 }
        return wrapped(in: PositionLayout(point: CGPoint(x: safe(position.x), y: safe(position.y))))
    }

    /// The view's centre at (`x`, `y`) in its parent's space.
    public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View { position(CGPoint(x: x, y: y)) }
}
