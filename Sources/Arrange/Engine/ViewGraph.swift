import Foundation

/// A view tree kept between layouts, as a SwiftUI host keeps its views across state changes.
///
/// `update(_:)` resolves the new view value and matches each container with the one at the same
/// place in the old tree: a container whose layout keeps its type keeps its cache, refreshed by
/// `updateCache`, and its children keep their identities (an `AnyLayout` switching from
/// `HStackLayout` to `VStackLayout` moves the same children). `LayoutResult(of:in:scale:)` is
/// the one-shot form.
public final class ViewGraph {
    private(set) var tree: ResolvedTree
    /// The environment's `displayScale` while views resolve: what `@Environment(\.displayScale)`
    /// reads in bodies and layouts.
    @usableFromInline let displayScale: CGFloat

    /// Resolves `view` once into a node tree, with the environment's `displayScale` set to
    /// `displayScale` (give the scale you will lay out at, as SwiftUI's is the screen's).
    /// Inlinable, so that the caller's view types resolve specialized, without run-time type
    /// lookups.
    @inlinable
    public convenience init<V: View>(_ view: V, displayScale: CGFloat = 1) {
        self.init(tree: Self.resolveRoot(view, displayScale: displayScale), displayScale: displayScale)
    }

    @usableFromInline
    init(tree: ResolvedTree, displayScale: CGFloat = 1) {
        self.tree = tree
        self.displayScale = displayScale
    }

    /// Replaces the view value, keeping layout caches where the layout type is unchanged.
    @inlinable
    public func update<V: View>(_ view: V) {
        replaceTree(with: Self.resolveRoot(view, displayScale: displayScale))
    }

    @usableFromInline
    func replaceTree(with next: ResolvedTree) {
        Self.carryCaches(from: tree, tree.root, to: next, next.root, pass: LayoutPass(tree: next))
        tree = next
    }

    /// Lays the tree out for `proposal`, rounding for `scale` pixels per point, measuring text
    /// with `fonts`.
    public func layout(in proposal: ProposedViewSize = .unspecified, scale: CGFloat = 1,
                       fonts: any TextMeasurer = FontLibrary.system) -> LayoutResult {
        LayoutResult(tree: tree, proposal: proposal, scale: scale, fonts: fonts)
    }

    /// Lays the tree out as `layout(in:scale:fonts:)` does but builds no display list: only the
    /// frames of the views tagged with `.id(_:)`, equal to that result's `frames` but for views
    /// inside a `GeometryReader` or a preference overlay, which are made while drawing and so
    /// are missing here.
    ///
    /// For tools and benchmarks that need frames only (timing layout apart from drawing).
    public func layoutFrames(in proposal: ProposedViewSize = .unspecified, scale: CGFloat = 1,
                             fonts: any TextMeasurer = FontLibrary.system) -> TaggedFrames {
        let pass = LayoutPass(tree: tree, measurer: fonts, scale: scale)
        _ = pass.layOutRoot(for: proposal)
        return pass.taggedFrames()
    }

    /// Resolves the view tree once into nodes. Anything but exactly one root view goes into an
    /// implicit VStack (docs/layout-rules.md §7.3), whose spacers grow vertically, so the content is
    /// resolved again inside it.
    ///
    /// `displayScale` is the environment's (a scale that is not a positive finite number counts
    /// as 1, as the layout's does).
    @inlinable
    static func resolveRoot<V: View>(_ view: V, displayScale: CGFloat = 1) -> ResolvedTree {
        let environment = ViewEnvironment(displayScale: displayScale)
        var builder = ResolvedTree.Builder()
        view.resolve(in: environment, into: &builder)
        if builder.pending.count == 1 { return builder.finish(root: Int(builder.pending[0])) }
        builder = ResolvedTree.Builder()
        VStack { view }.resolve(in: environment, into: &builder)
        return builder.finish(root: Int(builder.pending[0]))
    }

    private static func carryCaches(from old: ResolvedTree, _ oldNode: Int, to new: ResolvedTree, _ newNode: Int, pass: LayoutPass) {
        if let oldBox = old.box(of: oldNode), let newBox = new.box(of: newNode) {
            newBox.adoptCache(from: oldBox, subviews: pass.subviews(of: newNode))
        }
        for (oldChild, newChild) in zip(old.children(oldNode), new.children(newNode)) {
            carryCaches(from: old, oldChild, to: new, newChild, pass: pass)
        }
    }
}
