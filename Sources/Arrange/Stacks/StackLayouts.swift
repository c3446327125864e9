import Foundation

/// A horizontal stack as a `Layout`, for `AnyLayout` and custom compositions. Behaves exactly like
/// `HStack` (docs/layout-rules.md §4).
public struct HStackLayout: Layout, Sendable {
    public var alignment: VerticalAlignment
    public var spacing: CGFloat?

    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment
        self.spacing = spacing
    }

    public static var layoutProperties: LayoutProperties {
        var properties = LayoutProperties()
        properties.stackOrientation = .horizontal
        return properties
    }

    var algorithm: StackAlgorithm { StackAlgorithm(axis: .horizontal, alignment: alignment.key, spacing: Length.gap(spacing)) }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        algorithm.solve(proposal, subviews).size
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        algorithm.place(in: bounds, proposal: proposal, subviews: subviews)
    }

    public func spacing(subviews: Subviews, cache: inout ()) -> ViewSpacing {
        algorithm.spacing(subviews)
    }
}

/// A vertical stack as a `Layout`. Behaves exactly like `VStack` (docs/layout-rules.md §4).
public struct VStackLayout: Layout, Sendable {
    public var alignment: HorizontalAlignment
    public var spacing: CGFloat?

    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment
        self.spacing = spacing
    }

    public static var layoutProperties: LayoutProperties {
        var properties = LayoutProperties()
        properties.stackOrientation = .vertical
        return properties
    }

    var algorithm: StackAlgorithm { StackAlgorithm(axis: .vertical, alignment: alignment.key, spacing: Length.gap(spacing)) }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        algorithm.solve(proposal, subviews).size
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        algorithm.place(in: bounds, proposal: proposal, subviews: subviews)
    }

    public func spacing(subviews: Subviews, cache: inout ()) -> ViewSpacing {
        algorithm.spacing(subviews)
    }
}

extension StackAlgorithm {
    /// Placement re-runs the sizing with the stack's final cross length when it was proposed nil
    /// there, so flexible children stretch to it (§4.4).
    func place(in bounds: CGRect, proposal: ProposedViewSize, subviews: LayoutSubviews) {
        var offer = proposal
        if offer[axis.other] == nil { offer[axis.other] = bounds.size[axis.other] }
        let solution = solve(offer, subviews)
        for (index, subview) in zip(subviews.indices, subviews) {
            let origin = solution.origins[index - subviews.startIndex]
            subview.place(at: CGPoint(x: bounds.minX + origin.x, y: bounds.minY + origin.y),
                          proposal: solution.proposals[index - subviews.startIndex])
        }
    }

    /// The union of the children's preferences on the stack's outer edges: every child's cross
    /// edges, the first child's leading edge and the last child's trailing edge (§4.2).
    func spacing(_ subviews: LayoutSubviews) -> ViewSpacing {
        guard let first = subviews.first, let last = subviews.last else { return .zero }
        let (start, end) = Edge.edges(of: axis)
        let (crossStart, crossEnd) = Edge.edges(of: axis.other)
        var spacing = ViewSpacing()
        for subview in subviews { spacing.formUnion(subview.spacing, edges: [Edge.Set(crossStart), Edge.Set(crossEnd)]) }
        spacing.formUnion(first.spacing, edges: Edge.Set(start))
        spacing.formUnion(last.spacing, edges: Edge.Set(end))
        return spacing
    }
}

/// An overlay stack as a `Layout`. Behaves exactly like `ZStack` (docs/layout-rules.md §5).
public struct ZStackLayout: Layout, Sendable {
    public var alignment: Alignment

    public init(alignment: Alignment = .center) { self.alignment = alignment }

    /// Only children of the highest priority size the stack.
    private func sizing(_ subviews: Subviews) -> [LayoutSubview] {
        guard let top = subviews.map(\.priority).max() else { return [] }
        return subviews.filter { $0.priority == top }
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let participants = sizing(subviews)
        guard !participants.isEmpty else { return .zero }
        // No seed of 0: a guide outside a child's frame (negative, or past its far edge) must not
        // widen the union beyond the aligned frames themselves.
        var left = -CGFloat.infinity, right = -CGFloat.infinity, up = -CGFloat.infinity, down = -CGFloat.infinity
        for child in participants {
            let d = child.dimensions(in: proposal)
            let h = d[alignment.horizontal], v = d[alignment.vertical]
            left = max(left, h)
            right = max(right, d.width - h)
            up = max(up, v)
            down = max(down, d.height - v)
        }
        // The union of the aligned frames (§5 step 3); for the nine standard alignments this is
        // (max width, max height).
        return CGSize(width: left + right, height: up + down)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let offer = ProposedViewSize(bounds.size)
        let participants = sizing(subviews)
        let anchorX = participants.map { $0.dimensions(in: offer)[alignment.horizontal] }.max() ?? 0
        let anchorY = participants.map { $0.dimensions(in: offer)[alignment.vertical] }.max() ?? 0
        for child in subviews {
            let d = child.dimensions(in: offer)
            child.place(at: CGPoint(x: bounds.minX + anchorX - d[alignment.horizontal],
                                    y: bounds.minY + anchorY - d[alignment.vertical]),
                        proposal: offer)
        }
    }
}

extension Length {
    /// A stack's explicit spacing: NaN and infinite values count as nil (preferred spacing);
    /// negative spacing is kept and overlaps the children, as in SwiftUI.
    static func gap(_ value: CGFloat?) -> CGFloat? {
        guard let value, value.isFinite else { return nil }
        return value
    }
}
