import Foundation

/// A view that takes all the space it is offered and makes its content from its own geometry
/// (docs/layout-rules.md §2.5): its size is the offer, missing axes as 0; its content is offered
/// that size and placed at its top-leading corner, several views on top of each other.
///
/// Arrange makes the content once the reader's frame is known, after the layout of everything
/// around it, which the content cannot change (a reader's size never depends on its content).
public struct GeometryReader<Content: View>: View, PrimitiveView {
    /// Makes the content from the reader's geometry.
    public let content: (GeometryProxy) -> Content

    /// A reader whose content is made from its size and place.
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
        self.content = content
    }

    public var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself.
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.makeNodes(in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        let content = self.content
        let deferred = DeferredContent(preference: nil, alignment: .topLeading, environment: environment) { input in
            content(input.proxy)
        }
        builder.pushLeaf(.deferred(deferred), kind: "GeometryReader")
    }
}

/// The inputs of content made after layout.
struct DeferredInput {
    /// The geometry of the leaf that makes the content.
    var proxy: GeometryProxy
    /// The value of the preference the content reads, collected from the views it overlays.
    var preference: Any?
}

/// Content made once its leaf's frame is known: a `GeometryReader`'s, or a preference overlay's.
struct DeferredContent {
    /// The key whose value the content reads, with how values combine and its default; nil for a
    /// geometry reader.
    struct Preference {
        let key: ObjectIdentifier
        let reduce: (inout Any, Any) -> Void
        let defaultValue: Any
    }

    let preference: Preference?
    /// Where the content sits in the leaf's frame.
    let alignment: Alignment
    /// The environment the content is resolved in: that of the leaf.
    let environment: ViewEnvironment
    /// Resolves the content for its inputs.
    let resolve: (DeferredInput, ViewEnvironment) -> ResolvedTree

    init<V: View>(preference: Preference?, alignment: Alignment, environment: ViewEnvironment,
                  @ViewBuilder content: @escaping (DeferredInput) -> V) {
        self.preference = preference
        self.alignment = alignment
        self.environment = environment
        self.resolve = { input, environment in
            // Several views share the leaf's frame, aligned, as in a ZStack.
            let view = ZStack(alignment: alignment) { content(input) }
            var builder = ResolvedTree.Builder()
            var environment = environment
            environment.geometry = input.proxy
            view.resolve(in: environment, into: &builder)
            return builder.finish(root: Int(builder.pending[0]))
        }
    }

    /// A preference overlay's content.
    static func preference<K: PreferenceKey, V: View>(_ key: K.Type, alignment: Alignment,
                                                      _ transform: @escaping (K.Value) -> V) -> DeferredContent {
        let preference = Preference(key: ObjectIdentifier(K.self), reduce: { value, next in
            guard var combined = value as? K.Value, let next = next as? K.Value else { return }
            K.reduce(value: &combined) { next }
            value = combined
        }, defaultValue: K.defaultValue as Any)
        return DeferredContent(preference: preference, alignment: alignment, environment: ViewEnvironment()) { input in
            transform((input.preference as? K.Value) ?? K.defaultValue)
        }
    }

    /// The leaf's size: the offer, missing axes as 0.
    func size(for proposal: ProposedViewSize) -> CGSize {
        CGSize(width: proposal.width ?? 0, height: proposal.height ?? 0)
    }
}

/// The leaf of a preference overlay or background.
struct DeferredLayer: View, PrimitiveView {
    let content: DeferredContent

    var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself.
    static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.makeNodes(in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        // The overlay's content is resolved in the environment where it is drawn.
        let content = DeferredContent(copying: self.content, environment: environment)
        builder.pushLeaf(.deferred(content), kind: "preferenceLayer")
    }
}

extension DeferredContent {
    init(copying other: DeferredContent, environment: ViewEnvironment) {
        self.preference = other.preference
        self.alignment = other.alignment
        self.environment = environment
        self.resolve = other.resolve
    }
}

extension Alignment {
    /// A box of `size` placed in `bounds` so that their guides of this alignment meet (their
    /// default values: a deferred content's own guides are not asked for).
    func place(_ size: CGSize, in bounds: CGRect) -> CGRect {
        let outer = ViewDimensions(size: bounds.size), inner = ViewDimensions(size: size)
        let x = horizontal.key.defaultValue(in: outer) - horizontal.key.defaultValue(in: inner)
        let y = vertical.key.defaultValue(in: outer) - vertical.key.defaultValue(in: inner)
        return CGRect(origin: CGPoint(x: bounds.minX + (x.isFinite ? x : 0), y: bounds.minY + (y.isFinite ? y : 0)), size: size)
    }
}

/// Content made from the geometry of the nearest enclosing `GeometryReader` (a zero-sized one at
/// the origin outside any): for scene files, whose texts inside a reader show its numbers.
public struct _EnclosingGeometry<Content: View>: View, PrimitiveView {
    let content: (GeometryProxy) -> Content

    /// Content made from the enclosing reader's geometry.
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
        self.content = content
    }

    public var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself.
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.makeNodes(in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        let proxy = environment.geometry ?? GeometryProxy(size: .zero, globalFrame: .zero, namedSpaces: [:])
        content(proxy).resolve(in: environment, into: &builder)
    }
}
