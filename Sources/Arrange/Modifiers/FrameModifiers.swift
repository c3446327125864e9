import Foundation

/// `frame(width:height:alignment:)`: fixed lengths on the given axes (docs/layout-rules.md §3.1).
@usableFromInline
struct FixedFrameLayout: SingleChildLayout {
    let width: CGFloat?
    let height: CGFloat?
    let alignment: Alignment

    @usableFromInline
    init(width: CGFloat?, height: CGFloat?, alignment: Alignment) {
        self.width = width
        self.height = height
        self.alignment = alignment
    }

    @usableFromInline
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        if let fixedSize { return fixedSize }
        guard let child = subviews.first else { return CGSize(width: width ?? 0, height: height ?? 0) }
        let size = child.sizeThatFits(childProposal(proposal))
        return CGSize(width: width ?? size.width, height: height ?? size.height)
    }

    /// The frame's size whatever the proposal and the child, when both lengths are given.
    var fixedSize: CGSize? {
        guard let width, let height else { return nil }
        return CGSize(width: width, height: height)
    }

    @usableFromInline
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        guard let child = subviews.first else { return }
        let offer = childProposal(proposal)
        child.place(at: alignedOrigin(of: child, proposal: offer, in: bounds, alignment: alignment), proposal: offer)
    }

    func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: width ?? proposal.width, height: height ?? proposal.height)
    }

    @usableFromInline
    func spacing(subviews: Subviews, cache: inout ()) -> ViewSpacing {
        framedSpacing(subviews, horizontal: width != nil, vertical: height != nil)
    }
}

/// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`
/// (docs/layout-rules.md §3.2).
@usableFromInline
struct FlexibleFrameLayout: SingleChildLayout {
    /// The layout for the modifier's arguments; kept out of the inlinable modifier so that only
    /// this call, not the normalisation, is visible to clients.
    @usableFromInline
    static func make(minWidth: CGFloat?, idealWidth: CGFloat?, maxWidth: CGFloat?, minHeight: CGFloat?, idealHeight: CGFloat?,
                     maxHeight: CGFloat?, alignment: Alignment) -> FlexibleFrameLayout {
        FlexibleFrameLayout(horizontal: Bounds(min: minWidth, ideal: idealWidth, max: maxWidth),
                            vertical: Bounds(min: minHeight, ideal: idealHeight, max: maxHeight), alignment: alignment)
    }

    /// One axis' bounds, normalised as SwiftUI's initializer does.
    struct Bounds {
        let min: CGFloat?
        let ideal: CGFloat?
        let max: CGFloat?

        /// `min' = max(min, 0)`, `ideal' = max(min' ?? 0, ideal)`, `max' = max(ideal' ?? 0, max)`;
        /// NaN counts as not given.
        init(min: CGFloat?, ideal: CGFloat?, max: CGFloat?) {
            func given(_ v: CGFloat?) -> CGFloat? { v.flatMap { $0.isNaN ? nil : $0 } }
            let lower = given(min).map { Swift.max($0, 0) }
            let preferred = given(ideal).map { Swift.max(lower ?? 0, $0) }
            self.min = lower
            self.ideal = preferred
            self.max = given(max).map { Swift.max(preferred ?? 0, $0) }
        }

        var isEmpty: Bool { min == nil && ideal == nil && max == nil }

        /// Min and max both given and in order: the frame takes the clamped proposal itself.
        var isClosedRange: Bool {
            guard let min, let max else { return false }
            return min <= max
        }

        /// Step 1: the frame's own length, without asking the child, if it has one.
        func candidate(_ proposal: CGFloat?) -> CGFloat? {
            guard let proposal else { return ideal }
            guard isClosedRange, let min, let max else { return nil }
            return clamp(proposal, min, max)
        }

        /// Step 3: what the child is offered.
        func childProposal(_ proposal: CGFloat?) -> CGFloat? {
            guard let offer = proposal ?? ideal else { return nil }
            return clamp(offer, min ?? -.infinity, max ?? .infinity)
        }

        /// Step 4: the frame's length from the child's.
        func length(child: CGFloat, offered: CGFloat?) -> CGFloat {
            switch (min, max) {
            case let (min?, max?) where min <= max: clamp(child, min, max)
            case let (min?, nil): Swift.max(Swift.min(offered ?? .infinity, child), min)
            case let (nil, max?): Swift.min(Swift.max(offered ?? -.infinity, child), max)
            default: child
            }
        }

        /// iOS 17 placement: the child gets nil when nothing pins the length (docs/layout-rules.md §3.2).
        func placementProposal(final: CGFloat, proposed: CGFloat?) -> CGFloat? {
            if ideal == nil, proposed == nil, (min ?? -.infinity) < final, final < (max ?? .infinity) { return nil }
            return final
        }

        private func clamp(_ v: CGFloat, _ low: CGFloat, _ high: CGFloat) -> CGFloat { Swift.min(Swift.max(low, v), high) }
    }

    let horizontal: Bounds
    let vertical: Bounds
    let alignment: Alignment

    @usableFromInline
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let w = horizontal.candidate(proposal.width), h = vertical.candidate(proposal.height)
        if let w, let h { return CGSize(width: w, height: h) }
        let offer = childProposal(proposal)
        let child = subviews.first?.sizeThatFits(offer) ?? .zero
        return CGSize(width: w ?? horizontal.length(child: child.width, offered: offer.width),
                      height: h ?? vertical.length(child: child.height, offered: offer.height))
    }

    @usableFromInline
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        guard let child = subviews.first else { return }
        let offer = ProposedViewSize(
            width: horizontal.placementProposal(final: bounds.width, proposed: proposal.width),
            height: vertical.placementProposal(final: bounds.height, proposed: proposal.height))
        child.place(at: alignedOrigin(of: child, proposal: offer, in: bounds, alignment: alignment), proposal: offer)
    }

    func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: horizontal.childProposal(proposal.width), height: vertical.childProposal(proposal.height))
    }

    @usableFromInline
    func spacing(subviews: Subviews, cache: inout ()) -> ViewSpacing {
        framedSpacing(subviews, horizontal: !horizontal.isEmpty, vertical: !vertical.isEmpty)
    }
}

/// A modifier's layout of one child, whose explicit guides are the child's, moved by where the
/// child sits (§3): frames, padding, fixedSize.
@usableFromInline
protocol SingleChildLayout: Layout where Cache == () {}

extension SingleChildLayout {
    @usableFromInline
    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGFloat? {
        childGuide(guide.key, in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }

    @usableFromInline
    func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGFloat? {
        childGuide(guide.key, in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }
}

extension Layout {
    /// The origin that lines the child's guide up with the box's default guide, per axis: a frame
    /// aligns its child by the guide's default value for the frame's size (docs/layout-rules.md §7.2).
    func alignedOrigin(of child: LayoutSubview, proposal: ProposedViewSize, in bounds: CGRect, alignment: Alignment) -> CGPoint {
        let dimensions = child.dimensions(in: proposal)
        let box = ViewDimensions(size: bounds.size)
        return CGPoint(x: bounds.minX + box[alignment.horizontal] - dimensions[alignment.horizontal],
                       y: bounds.minY + box[alignment.vertical] - dimensions[alignment.vertical])
    }

    /// A single-child modifier's guides are its child's, moved by where the child sits (§3).
    func childGuide(_ key: AlignmentKey, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGFloat? {
        guard !subviews.isEmpty else { return nil }
        return subviews.withTrialPlacement(in: bounds, proposal: proposal, { trial in
            placeSubviews(in: bounds, proposal: proposal, subviews: trial, cache: &cache)
        }, then: { placements in
            guard let placement = placements.first,
                  let value = placement.subview.explicitValue(key, proposal: placement.proposal) else { return nil }
            return key.axis == .horizontal ? placement.frame.minX - bounds.minX + value : placement.frame.minY - bounds.minY + value
        })
    }

    /// Frames make the edges of the axes they constrain plain, except around a `Spacer` (§4.2).
    func framedSpacing(_ subviews: Subviews, horizontal: Bool, vertical: Bool) -> ViewSpacing {
        guard let child = subviews.first else { return .zero }
        if child.isSpacer { return child.spacing }
        var edges: Edge.Set = []
        if horizontal { edges.formUnion(.horizontal) }
        if vertical { edges.formUnion(.vertical) }
        return child.spacing.replacingWithPlain(edges)
    }
}

extension View {
    /// A frame of fixed size on the given axes; nil axes take the child's length. The child is
    /// offered the fixed lengths and aligned inside by `alignment`. Negative, NaN and infinite
    /// lengths count as nil.
    @inlinable
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        wrapped(in: FixedFrameLayout(width: Length.fixed(width), height: Length.fixed(height), alignment: alignment))
    }

    /// A frame whose length on each axis follows the proposal within `min...max`, or the child,
    /// as SwiftUI's flexible frame does (docs/layout-rules.md §3.2). Negative minimums become 0, ideals
    /// are raised to the minimum and maximums to the ideal; NaN counts as not given.
    @inlinable
    public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                      minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                      alignment: Alignment = .center) -> some View {
        wrapped(in: FlexibleFrameLayout.make(minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth, minHeight: minHeight,
                                             idealHeight: idealHeight, maxHeight: maxHeight, alignment: alignment))
    }
}
