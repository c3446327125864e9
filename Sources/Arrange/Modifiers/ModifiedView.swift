import Foundation

/// A view with a built-in modifier applied: the modifier changes the environment its content is
/// resolved in, then rewrites the content's nodes (sets attributes, or wraps each in a container).
///
/// Inlinable, with the modifiers that make it, so that a client resolves its own view types
/// specialized: generic code here would look up the metadata of each `ModifiedView<…>` type at
/// run time, for every view.
@usableFromInline
struct ModifiedView<Content: View, Modifier: NodeModifier>: View, PrimitiveView {
    @usableFromInline let content: Content
    @usableFromInline let modifier: Modifier

    @inlinable
    init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }

    @usableFromInline
    var body: Never { primitiveBody(Self.self) }

    /// Arrange resolves this view itself.
    @inlinable
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.makeNodes(in: environment, into: &builder)
    }

    @inlinable
    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        let start = builder.pending.count
        // Most modifiers leave the environment as it is: their content is resolved in it as
        // passed, not in a copy (a copy retains and releases each of its references).
        if let inner = modifier.changedEnvironment(environment) {
            content.resolve(in: inner, into: &builder)
        } else {
            content.resolve(in: environment, into: &builder)
        }
        modifier.apply(to: start ..< builder.pending.count, in: &builder, environment: environment)
    }
}

/// What a built-in modifier does while the tree is resolved. A value, not a closure, so that
/// applying a layout modifier allocates nothing of its own.
@usableFromInline
protocol NodeModifier {
    /// The environment the content is resolved in, when the modifier changes it; nil when the
    /// content is resolved in the modifier's own.
    func changedEnvironment(_ environment: ViewEnvironment) -> ViewEnvironment?
    /// Rewrites the content's nodes, `builder.pending[nodes]`, resolved under `environment` (the
    /// modifier's own, not its content's).
    func apply(to nodes: Range<Int>, in builder: inout ResolvedTree.Builder, environment: ViewEnvironment)
}

extension NodeModifier {
    @inlinable func changedEnvironment(_ environment: ViewEnvironment) -> ViewEnvironment? { nil }
    @inlinable func apply(to nodes: Range<Int>, in builder: inout ResolvedTree.Builder, environment: ViewEnvironment) {}
}

/// Changes the environment of the content only (`font`, `foregroundStyle`, …).
///
/// This modifier and the two below are usable from inlinable code: the public modifiers made of
/// them are inlinable, each building its value with a factory of Arrange's (`opacity(_:)` with
/// `AttributeModifier.opacity(_:)`), so that a caller in another module knows the type it gets.
/// One it could not see through would be looked up at run time wherever it is used in
/// specialized code, for every element of a `ForEach` (see `ModifiedView`).
@usableFromInline
struct EnvironmentModifier: NodeModifier {
    let change: (inout ViewEnvironment) -> Void

    @usableFromInline
    init(change: @escaping (inout ViewEnvironment) -> Void) {
        self.change = change
    }

    @usableFromInline
    func changedEnvironment(_ environment: ViewEnvironment) -> ViewEnvironment? {
        var changed = environment
        change(&changed)
        return changed
    }
}

/// Sets attributes of each of the content's nodes (`id`, `offset`, …).
@usableFromInline
struct AttributeModifier: NodeModifier {
    let change: (inout ResolvedTree.Attributes) -> Void

    @usableFromInline
    init(change: @escaping (inout ResolvedTree.Attributes) -> Void) {
        self.change = change
    }

    @usableFromInline
    func apply(to nodes: Range<Int>, in builder: inout ResolvedTree.Builder, environment: ViewEnvironment) {
        for position in nodes { builder.editAttributes(at: position, change) }
    }
}

/// Sets attributes of each of the content's nodes from what the modifier's environment says
/// (an offset's direction, a shadow's colour scheme).
@usableFromInline
struct EnvironmentAttributeModifier: NodeModifier {
    let change: (inout ResolvedTree.Attributes, ViewEnvironment) -> Void

    @usableFromInline
    init(change: @escaping (inout ResolvedTree.Attributes, ViewEnvironment) -> Void) {
        self.change = change
    }

    @usableFromInline
    func apply(to nodes: Range<Int>, in builder: inout ResolvedTree.Builder, environment: ViewEnvironment) {
        for position in nodes { builder.editAttributes(at: position) { change(&$0, environment) } }
    }
}

/// Wraps each of the content's nodes in a container laid out by `layout`.
@usableFromInline
struct WrapModifier<L: BuiltInLayout>: NodeModifier {
    /// The layout only: its node kind and priority rule come with its type, so the modifier holds
    /// no string and copies as plain bytes.
    @usableFromInline let layout: L

    @inlinable
    init(layout: L) {
        self.layout = layout
    }

    @inlinable
    func apply(to nodes: Range<Int>, in builder: inout ResolvedTree.Builder, environment: ViewEnvironment) {
        // Single-child modifiers pass on their child's guides, moved (§3).
        for position in nodes {
            builder.wrap(at: position, in: layout.makeBox(guides: .child(0)), kind: L.nodeKind, priority: L.priorityRule,
                         direction: environment.layoutDirection)
        }
    }
}

extension View {
    /// Sets attributes of each of the view's nodes.
    func modifyingNodes(_ change: @escaping (inout ResolvedTree.Attributes) -> Void) -> ModifiedView<Self, AttributeModifier> {
        ModifiedView(content: self, modifier: AttributeModifier(change: change))
    }

    /// Sets attributes of each of the view's nodes, reading the environment the modifier is in.
    func modifyingNodes(_ change: @escaping (inout ResolvedTree.Attributes, ViewEnvironment) -> Void)
        -> ModifiedView<Self, EnvironmentAttributeModifier> {
        ModifiedView(content: self, modifier: EnvironmentAttributeModifier(change: change))
    }

    /// Resolves the view's content in a changed environment.
    func transformingEnvironment(_ change: @escaping (inout ViewEnvironment) -> Void) -> ModifiedView<Self, EnvironmentModifier> {
        ModifiedView(content: self, modifier: EnvironmentModifier(change: change))
    }

    /// The view with `modifier` applied: what the inlinable public modifiers return.
    @inlinable
    func modified<M: NodeModifier>(_ modifier: M) -> ModifiedView<Self, M> {
        ModifiedView(content: self, modifier: modifier)
    }

    /// Wraps each of the view's nodes in a container laid out by `layout`, a single-child
    /// modifier whose guides are its child's.
    @inlinable
    func wrapped<L: BuiltInLayout>(in layout: L) -> ModifiedView<Self, WrapModifier<L>> {
        ModifiedView(content: self, modifier: WrapModifier(layout: layout))
    }
}
