import Foundation

/// `background` and `overlay`: the primary view decides size, spacing, guides and priority; the
/// secondary view is offered the primary's size and aligned to it (docs/layout-rules.md §3.6).
struct SecondaryLayerLayout: Layout {
    let alignment: Alignment
    /// Index of the primary among the two subviews: 1 for a background (drawn behind), 0 for an
    /// overlay.
    let primary: Int
    var secondary: Int { 1 - primary }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews[primary].sizeThatFits(proposal)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let main = subviews[primary], layer = subviews[secondary]
        main.place(at: bounds.origin, proposal: proposal)
        let offer = ProposedViewSize(bounds.size)
        let mainGuides = main.dimensions(in: proposal), layerGuides = layer.dimensions(in: offer)
        layer.place(at: CGPoint(x: bounds.minX + mainGuides[alignment.horizontal] - layerGuides[alignment.horizontal],
                                y: bounds.minY + mainGuides[alignment.vertical] - layerGuides[alignment.vertical]),
                    proposal: offer)
    }

    func spacing(subviews: Subviews, cache: inout ()) -> ViewSpacing { subviews[primary].spacing }

    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGFloat? {
        subviews[primary].explicitValue(guide.key, proposal: proposal)
    }

    func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGFloat? {
        subviews[primary].explicitValue(guide.key, proposal: proposal)
    }
}

extension View {
    /// `content` behind the view, offered the view's size and aligned by `alignment`. Several
    /// views in `content` form an implicit ZStack.
    @inlinable
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        layered(content(), alignment: alignment, behind: true)
    }

    /// `content` in front of the view, offered the view's size and aligned by `alignment`.
    @inlinable
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        layered(content(), alignment: alignment, behind: false)
    }

    /// The older form: `view` behind this view.
    @_disfavoredOverload
    @inlinable
    public func background<V: View>(_ view: V, alignment: Alignment = .center) -> some View {
        layered(view, alignment: alignment, behind: true)
    }

    /// The older form: `view` in front of this view.
    @_disfavoredOverload
    @inlinable
    public func overlay<V: View>(_ view: V, alignment: Alignment = .center) -> some View {
        layered(view, alignment: alignment, behind: false)
    }

    /// The view's bounds filled with `style`, behind it.
    @inlinable
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        layered(Rectangle().fill(style), alignment: .center, behind: true)
    }

    /// `shape` filled with `style`, behind the view, in its bounds.
    @inlinable
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T) -> some View {
        layered(shape.fill(style), alignment: .center, behind: true)
    }

    /// The view's bounds filled with `style`, in front of it.
    @inlinable
    public func overlay<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        layered(Rectangle().fill(style), alignment: .center, behind: false)
    }

    /// `shape` filled with `style`, in front of the view.
    @inlinable
    public func overlay<S: ShapeStyle, T: Shape>(_ style: S, in shape: T) -> some View {
        layered(shape.fill(style), alignment: .center, behind: false)
    }

    /// A band of `width` points drawn inside the view's bounds; it never changes size or position
    /// (docs/layout-rules.md §3.5). To put it outside, pad first.
    @inlinable
    public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> some View {
        layered(Rectangle().strokeBorder(content, lineWidth: width), alignment: .center, behind: false)
    }

    @inlinable
    func layered<V: View>(_ layer: V, alignment: Alignment, behind: Bool) -> ModifiedView<Self, LayerModifier<V>> {
        ModifiedView(content: self, modifier: LayerModifier(layer: layer, alignment: alignment, behind: behind))
    }
}

/// Puts `layer` behind or in front of each of the content's nodes.
@usableFromInline
struct LayerModifier<Layer: View>: NodeModifier {
    @usableFromInline let layer: Layer
    @usableFromInline let alignment: Alignment
    @usableFromInline let behind: Bool

    @inlinable
    init(layer: Layer, alignment: Alignment, behind: Bool) {
        self.layer = layer
        self.alignment = alignment
        self.behind = behind
    }

    /// Inlinable, so that the layer resolves specialized in the client: generic code here would
    /// look up the layer's type at run time, for every view that has it.
    @inlinable
    func apply(to nodes: Range<Int>, in builder: inout ResolvedTree.Builder, environment: ViewEnvironment) {
        // Several secondary views form an implicit ZStack, whose spacers grow both ways. The
        // environment is copied only when it has a stack axis to clear.
        if environment.stackAxis == nil {
            apply(to: nodes, in: &builder, environment: environment, inner: environment)
        } else {
            apply(to: nodes, in: &builder, environment: environment, inner: environment.withoutStackAxis)
        }
    }

    @inlinable
    func apply(to nodes: Range<Int>, in builder: inout ResolvedTree.Builder, environment: ViewEnvironment, inner: ViewEnvironment) {
        for position in nodes {
            let mark = builder.mark
            layer.resolve(in: inner, into: &builder)
            builder.pairLayer(since: mark, with: position, alignment: alignment, behind: behind,
                              direction: environment.layoutDirection) { builder in
                ZStack(alignment: alignment) { layer }.resolve(in: inner, into: &builder)
            }
        }
    }
}
