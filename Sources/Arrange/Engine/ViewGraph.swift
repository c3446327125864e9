import Foundation

/// A view tree kept between layouts, as a SwiftUI host keeps its views across state changes.
///
/// `update(_:)` resolves the new view value and matches each container with the one at the same
/// place in the old tree: a container whose layout keeps its type keeps its cache, refreshed by
/// `updateCache`, and its children keep their identities (an `AnyLayout` switching from
/// `HStackLayout` to `VStackLayout` moves the same children). `LayoutResult(of:in:scale:)` is
/// the one-shot form.
public final class ViewGraph {
    private(set) var root: Node

    /// Resolves `view` once into a node tree.
    public init<V: View>(_ view: V) {
        root = Self.resolveRoot(view)
    }

    /// Replaces the view value, keeping layout caches where the layout type is unchanged.
    public func update<V: View>(_ view: V) {
        let next = Self.resolveRoot(view)
        Self.carryCaches(from: root, to: next, engine: LayoutEngine())
        root = next
    }

    /// Lays the tree out for `proposal`, rounding for `scale` pixels per point, measuring text
    /// with `fonts`.
    public func layout(in proposal: ProposedViewSize = .unspecified, scale: CGFloat = 1,
                       fonts: any TextMeasurer = FontLibrary.system) -> LayoutResult {
        Self.forget(root)
        return LayoutResult(root: root, proposal: proposal, scale: scale, fonts: fonts)
    }

    /// Resolves the view tree once into nodes. Anything but exactly one root view goes into an
    /// implicit VStack (docs/layout-rules.md §7.3), whose spacers grow vertically, so the content is
    /// resolved again inside it.
    static func resolveRoot<V: View>(_ view: V) -> Node {
        let nodes = view.resolve(in: ViewEnvironment())
        let root = nodes.count == 1 ? nodes[0] : VStack { view }.resolve(in: ViewEnvironment())[0]
        assignPaths(root, "0")
        return root
    }

    private static func assignPaths(_ node: Node, _ path: String) {
        node.path = path
        for (index, child) in node.children.enumerated() { assignPaths(child, path + "." + String(index)) }
    }

    private static func carryCaches(from old: Node, to new: Node, engine: LayoutEngine) {
        if case .container(let oldBox) = old.content, case .container(let newBox) = new.content {
            newBox.adoptCache(from: oldBox, subviews: engine.subviews(of: new, recorder: nil))
        }
        for (oldChild, newChild) in zip(old.children, new.children) {
            carryCaches(from: oldChild, to: newChild, engine: engine)
        }
    }

    /// Clears the per-pass memory: answers from an earlier pass may not hold for this one.
    private static func forget(_ node: Node) {
        node.sizeCache.removeAll(keepingCapacity: true)
        node.guideCache.removeAll(keepingCapacity: true)
        node.spacingCache = nil
        node.textLayouts.removeAll(keepingCapacity: true)
        node.sizeComputations = 0
        for child in node.children { forget(child) }
    }
}
