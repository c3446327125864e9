import Foundation

/// A view with a built-in modifier applied: the modifier changes the environment its content is
/// resolved in, then rewrites the content's nodes (sets attributes, or wraps each in a container).
struct ModifiedView<Content: View, Modifier: NodeModifier>: View, PrimitiveView {
    let content: Content
    let modifier: Modifier

    var body: Never { primitiveBody(Self.self) }

    /// Arrange resolves this view itself.
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.makeNodes(in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        var inner = environment
        modifier.modify(&inner)
        let start = builder.pending.count
        content.resolve(in: inner, into: &builder)
        modifier.apply(to: start ..< builder.pending.count, in: &builder, environment: environment)
    }
}

/// What a built-in modifier does while the tree is resolved. A value, not a closure, so that
/// applying a layout modifier allocates nothing of its own.
protocol NodeModifier {
    /// Changes the environment the content is resolved in.
    func modify(_ environment: inout ViewEnvironment)
    /// Rewrites the content's nodes, `builder.pending[nodes]`, resolved under `environment` (the
    /// modifier's own, not its content's).
    func apply(to nodes: Range<Int>, in builder: inout ResolvedTree.Builder, environment: ViewEnvironment)
}

extension NodeModifier {
    func modify(_ environment: inout ViewEnvironment) {}
    func apply(to nodes: Range<Int>, in builder: inout ResolvedTree.Builder, environment: ViewEnvironment) {}
}

/// Changes the environment of the content only (`font`, `foregroundStyle`, …).
struct EnvironmentModifier: NodeModifier {
    let change: (inout ViewEnvironment) -> Void
    func modify(_ environment: inout ViewEnvironment) { change(&environment) }
}

/// Sets attributes of each of the content's nodes (`id`, `offset`, …).
struct AttributeModifier: NodeModifier {
    let change: (inout ResolvedTree.Attributes) -> Void
    func apply(to nodes: Range<Int>, in builder: inout ResolvedTree.Builder, environment: ViewEnvironment) {
        for position in nodes { builder.editAttributes(at: position, change) }
    }
}

/// Wraps each of the content's nodes in a container laid out by `layout`.
struct WrapModifier<L: BuiltInLayout>: NodeModifier {
    let layout: L
    let kind: String
    let priority: ResolvedTree.PriorityRule
    func apply(to nodes: Range<Int>, in builder: inout ResolvedTree.Builder, environment: ViewEnvironment) {
        // Single-child modifiers pass on their child's guides, moved (§3).
        for position in nodes { builder.wrap(at: position, in: layout.makeBox(guides: .child(0)), kind: kind, priority: priority) }
    }
}

extension View {
    /// Sets attributes of each of the view's nodes.
    func modifyingNodes(_ change: @escaping (inout ResolvedTree.Attributes) -> Void) -> ModifiedView<Self, AttributeModifier> {
        ModifiedView(content: self, modifier: AttributeModifier(change: change))
    }

    /// Resolves the view's content in a changed environment.
    func transformingEnvironment(_ change: @escaping (inout ViewEnvironment) -> Void) -> ModifiedView<Self, EnvironmentModifier> {
        ModifiedView(content: self, modifier: EnvironmentModifier(change: change))
    }

    /// Wraps each of the view's nodes in a container laid out by `layout`, a single-child
    /// modifier whose guides are its child's.
    func wrapped<L: BuiltInLayout>(in layout: L, kind: String, priority: ResolvedTree.PriorityRule) -> ModifiedView<Self, WrapModifier<L>> {
        ModifiedView(content: self, modifier: WrapModifier(layout: layout, kind: kind, priority: priority))
    }
}
