import Foundation

extension View {
    /// The order in which a stack sizes this view: higher first (docs/layout-rules.md §3.8). Only the
    /// outermost layout-affecting modifier's priority counts: frames and padding report 0.
    /// NaN counts as 0.
    public func layoutPriority(_ value: Double) -> some View {
        modifyingNodes { node, _ in node.explicitPriority = value.isNaN ? 0 : value }
    }

    /// Tags the view. Layout is unchanged; `LayoutResult.frames[id]` gives its frame.
    public func id<ID: Hashable>(_ id: ID) -> some View {
        modifyingNodes { node, _ in node.id = AnyHashable(id) }
    }

    /// Overrides a horizontal guide with a value computed from the view's own dimensions.
    public func alignmentGuide(_ g: HorizontalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View {
        modifyingNodes { node, _ in node.guideOverrides[g.key] = computeValue }
    }

    /// Overrides a vertical guide with a value computed from the view's own dimensions.
    public func alignmentGuide(_ g: VerticalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View {
        modifyingNodes { node, _ in node.guideOverrides[g.key] = computeValue }
    }
}
