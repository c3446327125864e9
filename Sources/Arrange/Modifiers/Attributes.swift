import Foundation

extension View {
    /// The order in which a stack sizes this view: higher first (docs/layout-rules.md §3.8). Only the
    /// outermost layout-affecting modifier's priority counts: frames and padding report 0.
    /// NaN counts as 0.
    @inlinable
    public func layoutPriority(_ value: Double) -> some View {
        modified(AttributeModifier.priority(value))
    }

    /// Tags the view. Layout is unchanged; `LayoutResult.frames[id]` gives its frame.
    @inlinable
    public func id<ID: Hashable>(_ id: ID) -> some View {
        modified(AttributeModifier.id(TaggedFrames.key(id)))
    }

    /// Records where the view is written (a scene file's "line:column", say), for tools that
    /// print the laid-out tree: `LayoutNodeInfo.source`. Layout and drawing are unchanged.
    ///
    /// The innermost call wins, so a view keeps its own place when a modifier that adds no level
    /// (`opacity`, `id`) is marked after it, while a modifier that wraps it (`frame`, `padding`)
    /// is a new view that takes the modifier's place. Arrange's scene reader marks every view.
    public func layoutSource(_ source: String) -> some View {
        modifyingNodes { if $0.source == nil { $0.source = source } }
    }

    /// Overrides a horizontal guide with a value computed from the view's own dimensions.
    public func alignmentGuide(_ g: HorizontalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View {
        modifyingNodes { $0.guideOverrides[g.key] = computeValue }
    }

    /// Overrides a vertical guide with a value computed from the view's own dimensions.
    public func alignmentGuide(_ g: VerticalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View {
        modifyingNodes { $0.guideOverrides[g.key] = computeValue }
    }
}

extension AnyView {
    /// `layoutSource(source)`, erased again: for readers that build views at run time (the scene
    /// reader marks every view it makes). Made here, where the marked view's type is known, the
    /// erasure looks up no opaque result type at run time, as a caller in another module must.
    package func layoutSourceErased(_ source: String) -> AnyView {
        AnyView(layoutSource(source))
    }
}

// The values the inlinable modifiers above make.
extension AttributeModifier {
    /// `layoutPriority(_:)`: NaN counts as 0.
    @usableFromInline
    static func priority(_ value: Double) -> AttributeModifier {
        AttributeModifier { $0.explicitPriority = value.isNaN ? 0 : value }
    }

    /// `id(_:)`, by the id's text.
    @usableFromInline
    static func id(_ key: String) -> AttributeModifier {
        AttributeModifier { $0.id = key }
    }
}
