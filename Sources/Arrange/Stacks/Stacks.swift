import Foundation

/// Children side by side, left to right (docs/layout-rules.md §4). A stack with one child is that child.
public struct HStack<Content: View>: View, PrimitiveView {
    let layout: HStackLayout
    let content: Content

    /// - Parameters:
    ///   - alignment: the guide children line up on vertically; `.center` by default.
    ///   - spacing: the gap between children; nil uses their preferred spacing (8 between plain
    ///     views, 0 next to a `Spacer`).
    ///   - content: the children, leading to trailing.
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        layout = HStackLayout(alignment: alignment, spacing: spacing)
        self.content = content()
    }

    public var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself; inlinable, so the content resolves specialized.
    @inlinable
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        LayoutView._makeNodes(view.container, in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        container.makeNodes(in: environment, into: &builder)
    }

    /// The stack as the container of its content.
    @usableFromInline
    var container: LayoutView<HStackLayout, Content> {
        LayoutView(layout: layout, kind: "HStack", content: content,
                   collapsesSingleChild: true, guides: .children, makeBox: { HStackBox($0, guides: $1) })
    }
}

/// Children one above the other, top to bottom (docs/layout-rules.md §4). A stack with one child is that
/// child.
public struct VStack<Content: View>: View, PrimitiveView {
    let layout: VStackLayout
    let content: Content

    /// - Parameters:
    ///   - alignment: the guide children line up on horizontally; `.center` by default.
    ///   - spacing: the gap between children; nil uses their preferred spacing.
    ///   - content: the children, top to bottom.
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        layout = VStackLayout(alignment: alignment, spacing: spacing)
        self.content = content()
    }

    public var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself; inlinable, so the content resolves specialized.
    @inlinable
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        LayoutView._makeNodes(view.container, in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        container.makeNodes(in: environment, into: &builder)
    }

    /// The stack as the container of its content.
    @usableFromInline
    var container: LayoutView<VStackLayout, Content> {
        LayoutView(layout: layout, kind: "VStack", content: content,
                   collapsesSingleChild: true, guides: .children, makeBox: { VStackBox($0, guides: $1) })
    }
}

/// Children on top of each other, first at the back (docs/layout-rules.md §5).
public struct ZStack<Content: View>: View, PrimitiveView {
    let layout: ZStackLayout
    let content: Content

    /// - Parameters:
    ///   - alignment: how children line up; `.center` by default.
    ///   - content: the children, back to front.
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        layout = ZStackLayout(alignment: alignment)
        self.content = content()
    }

    public var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself; inlinable, so the content resolves specialized.
    @inlinable
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        LayoutView._makeNodes(view.container, in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        container.makeNodes(in: environment, into: &builder)
    }

    /// The stack as the container of its content.
    @usableFromInline
    var container: LayoutView<ZStackLayout, Content> {
        LayoutView(layout: layout, kind: "ZStack", content: content,
                   guides: .children, makeBox: { ZStackBox($0, guides: $1) })
    }
}
