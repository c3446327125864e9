import Foundation

/// A view with a built-in modifier applied: the modifier changes the environment its content is
/// resolved in, then rewrites the content's nodes (sets a field, or wraps each in a container).
struct ModifiedView<Content: View>: View, PrimitiveView {
    let content: Content
    var environment: (inout ViewEnvironment) -> Void = { _ in }
    let transform: ([Node], ViewEnvironment) -> [Node]

    var body: Never { primitiveBody(Self.self) }

    func makeNodes(in environment: ViewEnvironment) -> [Node] {
        var inner = environment
        self.environment(&inner)
        return transform(content.resolve(in: inner), environment)
    }
}

extension View {
    /// Sets fields of each of the view's nodes.
    func modifyingNodes(_ change: @escaping (Node, ViewEnvironment) -> Void) -> ModifiedView<Self> {
        ModifiedView(content: self) { nodes, environment in
            for node in nodes { change(node, environment) }
            return nodes
        }
    }

    /// Wraps each of the view's nodes in a container laid out by `layout`.
    func wrapped<L: Layout>(in layout: L, kind: String, priority: Node.PriorityRule) -> ModifiedView<Self> {
        ModifiedView(content: self) { nodes, _ in Node.wrap(nodes, kind: kind, priority: priority, layout) }
    }
}
