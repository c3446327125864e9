import Foundation

/// A `Layout` of any type together with its cache, as one container node holds it.
@usableFromInline
protocol LayoutBox: AnyObject {
    var stackOrientation: Axis? { get }
    /// Where the container's explicit guide values can come from.
    var guideSource: GuideSource { get }
    func sizeThatFits(_ proposal: ProposedViewSize, subviews: LayoutSubviews) -> CGSize
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: LayoutSubviews)
    func explicitAlignment(_ key: AlignmentKey, in bounds: CGRect, proposal: ProposedViewSize, subviews: LayoutSubviews) -> CGFloat?
    func spacing(subviews: LayoutSubviews) -> ViewSpacing
    /// Takes over the cache of the box this one replaces, when both hold the same layout type:
    /// the layout's `updateCache` refreshes it instead of `makeCache` building a new one.
    func adoptCache(from previous: any LayoutBox, subviews: LayoutSubviews)
    /// A box whose layout is this one with its animatable data a fraction `amount` of the way
    /// from `start`'s; nil when the types differ or the layout has nothing to animate (§8).
    func interpolated(from start: any LayoutBox, amount: Double, subviews: LayoutSubviews) -> (any LayoutBox)?
    /// Places the children of `node` (which has `bounds` and the sanitized `proposal`) straight
    /// into `pass`, with the very queries and arithmetic its layout's `placeSubviews` would make,
    /// and returns true; false leaves it to the general way (a recorded `placeSubviews`).
    ///
    /// The single-child modifiers and layers are most nodes of a typical tree; placing them
    /// directly spares each a recording, proxies and a call through the `Layout` protocol.
    func placeDirectly(_ node: Int, in bounds: CGRect, proposal: ProposedViewSize, pass: LayoutPass) -> Bool
    /// What the layout reports about how it came out (`NoteReportingLayout`), for `LayoutTree`.
    var notes: [LayoutNote] { get }
    /// When the container's size is the same for every proposal: a pass answers such a node
    /// without asking its layout, as Yoga skips measuring a node whose both lengths are fixed.
    var constantSize: ConstantSizeRule { get }
}

/// When a container's layout answers one size whatever it is offered (`LayoutBox.constantSize`).
@usableFromInline
enum ConstantSizeRule {
    /// Its size depends on the offer.
    case never
    /// Always this size (a frame with both lengths).
    case always(CGSize)
    /// Whenever the child at this position has one size, that size (a background's primary).
    case child(Int)
    /// Whenever its only child has one size, that size padded by this layout.
    case padded(PaddingLayout)
}

extension LayoutBox {
    func placeDirectly(_ node: Int, in bounds: CGRect, proposal: ProposedViewSize, pass: LayoutPass) -> Bool { false }
    var constantSize: ConstantSizeRule { .never }
    var notes: [LayoutNote] { [] }
}

/// A layout that reports what its frames do not show (a connector drawn without a route, say),
/// for `LayoutNodeInfo.notes` and the warnings made from them.
protocol NoteReportingLayout {
    var layoutNotes: [LayoutNote] { get }
}

final class TypedLayoutBox<L: Layout>: LayoutBox {
    let layout: L
    let guideSource: GuideSource
    /// Made on first use, kept across calls (docs/layout-rules.md §6).
    private var cache: L.Cache?
    /// The environment the container is in, installed around every call to a layout that reads
    /// it with `@Environment`; nil for the others.
    var environment: EnvironmentValues?

    /// `guides` says where the layout's explicit guide values come from; built-in layouts that
    /// only pass their children's on say so, which lets the engine skip asking (any custom layout
    /// may compute its own: `.layout`).
    init(_ layout: L, guides: GuideSource = .layout) {
        self.layout = layout
        self.guideSource = guides
    }

    var stackOrientation: Axis? { (layout as? AnyLayout)?.stackOrientation ?? L.layoutProperties.stackOrientation }

    var notes: [LayoutNote] { (layout as? any NoteReportingLayout)?.layoutNotes ?? [] }

    func adoptCache(from previous: any LayoutBox, subviews: LayoutSubviews) {
        guard let previous = previous as? TypedLayoutBox<L>, var kept = previous.cache else { return }
        inEnvironment { layout.updateCache(&kept, subviews: subviews) }
        cache = kept
    }

    func interpolated(from start: any LayoutBox, amount: Double, subviews: LayoutSubviews) -> (any LayoutBox)? {
        guard let start = start as? TypedLayoutBox<L> else { return nil }
        let mixed: L
        if let end = layout as? AnyLayout, let begin = start.layout as? AnyLayout {
            guard let wrapped = end.interpolated(from: begin, amount: amount) as? L else { return nil }
            mixed = wrapped
        } else {
            guard L.AnimatableData.self != EmptyAnimatableData.self else { return nil }
            var wrapped = layout
            wrapped.animatableData = start.layout.animatableData.interpolated(towards: layout.animatableData, amount: amount)
            mixed = wrapped
        }
        let box = TypedLayoutBox(mixed, guides: guideSource)
        box.environment = environment
        box.adoptCache(from: self, subviews: subviews)
        return box
    }

    private func withCache<R>(_ subviews: LayoutSubviews, _ body: (inout L.Cache) -> R) -> R {
        inEnvironment {
            var current = cache ?? layout.makeCache(subviews: subviews)
            let result = body(&current)
            cache = current
            return result
        }
    }

    /// Runs `body` with the container's environment installed, when the layout reads it.
    private func inEnvironment<R>(_ body: () -> R) -> R {
        guard let environment else { return body() }
        return EnvironmentScope.with(environment, body)
    }

    func sizeThatFits(_ proposal: ProposedViewSize, subviews: LayoutSubviews) -> CGSize {
        withCache(subviews) { layout.sizeThatFits(proposal: proposal, subviews: subviews, cache: &$0) }
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: LayoutSubviews) {
        withCache(subviews) { layout.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &$0) }
    }

    func explicitAlignment(_ key: AlignmentKey, in bounds: CGRect, proposal: ProposedViewSize, subviews: LayoutSubviews) -> CGFloat? {
        withCache(subviews) { cache in
            switch key.axis {
            case .horizontal:
                layout.explicitAlignment(of: HorizontalAlignment(key: key), in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
            case .vertical:
                layout.explicitAlignment(of: VerticalAlignment(key: key), in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
            }
        }
    }

    func spacing(subviews: LayoutSubviews) -> ViewSpacing {
        withCache(subviews) { layout.spacing(subviews: subviews, cache: &$0) }
    }
}

extension HorizontalAlignment {
    init(key: AlignmentKey) { self.key = key }
}

extension VerticalAlignment {
    init(key: AlignmentKey) { self.key = key }
}

/// A box for one of the built-in layouts that have no cache and nothing to animate (frames,
/// padding, `fixedSize`, layers, stacks).
///
/// `TypedLayoutBox<L>` serves every layout, so its methods run as unspecialized generic code;
/// each built-in layout gets a box class of its own concrete type instead, so that every call
/// through it is compiled for that layout. These layouts are most nodes of a typical tree.
protocol PlainLayoutBox: LayoutBox {
    associatedtype Wrapped: Layout where Wrapped.Cache == ()
    var layout: Wrapped { get }
}

extension PlainLayoutBox {
    var stackOrientation: Axis? { Wrapped.layoutProperties.stackOrientation }

    func sizeThatFits(_ proposal: ProposedViewSize, subviews: LayoutSubviews) -> CGSize {
        var cache: Void = ()
        return layout.sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: LayoutSubviews) {
        var cache: Void = ()
        layout.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }

    func explicitAlignment(_ key: AlignmentKey, in bounds: CGRect, proposal: ProposedViewSize, subviews: LayoutSubviews) -> CGFloat? {
        var cache: Void = ()
        switch key.axis {
        case .horizontal:
            return layout.explicitAlignment(of: HorizontalAlignment(key: key), in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
        case .vertical:
            return layout.explicitAlignment(of: VerticalAlignment(key: key), in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
        }
    }

    func spacing(subviews: LayoutSubviews) -> ViewSpacing {
        var cache: Void = ()
        return layout.spacing(subviews: subviews, cache: &cache)
    }

    /// There is no cache to keep.
    func adoptCache(from previous: any LayoutBox, subviews: LayoutSubviews) {}

    /// Nothing animates.
    func interpolated(from start: any LayoutBox, amount: Double, subviews: LayoutSubviews) -> (any LayoutBox)? { nil }
}

/// A built-in layout that makes its own specialized box.
@usableFromInline
protocol BuiltInLayout: Layout {
    func makeBox(guides: GuideSource) -> any LayoutBox
    /// The kind of the nodes it makes: "frame", "padding", …
    static var nodeKind: String { get }
    /// How its nodes report their layout priority.
    static var priorityRule: ResolvedTree.PriorityRule { get }
}

final class FixedFrameBox: PlainLayoutBox {
    let layout: FixedFrameLayout, guideSource: GuideSource
    init(_ layout: FixedFrameLayout, guides: GuideSource) { self.layout = layout; guideSource = guides }
}

final class FlexibleFrameBox: PlainLayoutBox {
    let layout: FlexibleFrameLayout, guideSource: GuideSource
    init(_ layout: FlexibleFrameLayout, guides: GuideSource) { self.layout = layout; guideSource = guides }
}

final class PaddingBox: PlainLayoutBox {
    let layout: PaddingLayout, guideSource: GuideSource
    init(_ layout: PaddingLayout, guides: GuideSource) { self.layout = layout; guideSource = guides }
}

final class FixedSizeBox: PlainLayoutBox {
    let layout: FixedSizeLayout, guideSource: GuideSource
    init(_ layout: FixedSizeLayout, guides: GuideSource) { self.layout = layout; guideSource = guides }
}

final class SecondaryLayerBox: PlainLayoutBox {
    let layout: SecondaryLayerLayout, guideSource: GuideSource
    init(_ layout: SecondaryLayerLayout, guides: GuideSource) { self.layout = layout; guideSource = guides }
}

final class HStackBox: PlainLayoutBox {
    let layout: HStackLayout, guideSource: GuideSource
    init(_ layout: HStackLayout, guides: GuideSource) { self.layout = layout; guideSource = guides }
}

final class VStackBox: PlainLayoutBox {
    let layout: VStackLayout, guideSource: GuideSource
    init(_ layout: VStackLayout, guides: GuideSource) { self.layout = layout; guideSource = guides }
}

final class AspectRatioBox: PlainLayoutBox {
    let layout: AspectRatioLayout, guideSource: GuideSource
    init(_ layout: AspectRatioLayout, guides: GuideSource) { self.layout = layout; guideSource = guides }
}

final class PositionBox: PlainLayoutBox {
    let layout: PositionLayout, guideSource: GuideSource
    init(_ layout: PositionLayout, guides: GuideSource) { self.layout = layout; guideSource = guides }
}

final class ZStackBox: PlainLayoutBox {
    let layout: ZStackLayout, guideSource: GuideSource
    init(_ layout: ZStackLayout, guides: GuideSource) { self.layout = layout; guideSource = guides }
}

extension FixedFrameLayout: BuiltInLayout {
    @usableFromInline static var nodeKind: String { "frame" }
    @usableFromInline static var priorityRule: ResolvedTree.PriorityRule { .zero }
    @usableFromInline func makeBox(guides: GuideSource) -> any LayoutBox { FixedFrameBox(self, guides: guides) }
}

extension FlexibleFrameLayout: BuiltInLayout {
    @usableFromInline static var nodeKind: String { "frame" }
    @usableFromInline static var priorityRule: ResolvedTree.PriorityRule { .zero }
    @usableFromInline func makeBox(guides: GuideSource) -> any LayoutBox { FlexibleFrameBox(self, guides: guides) }
}

extension PaddingLayout: BuiltInLayout {
    @usableFromInline static var nodeKind: String { "padding" }
    @usableFromInline static var priorityRule: ResolvedTree.PriorityRule { .zero }
    @usableFromInline func makeBox(guides: GuideSource) -> any LayoutBox { PaddingBox(self, guides: guides) }
}

extension FixedSizeLayout: BuiltInLayout {
    @usableFromInline static var nodeKind: String { "fixedSize" }
    @usableFromInline static var priorityRule: ResolvedTree.PriorityRule { .child(0) }
    @usableFromInline func makeBox(guides: GuideSource) -> any LayoutBox { FixedSizeBox(self, guides: guides) }
}

extension AspectRatioLayout: BuiltInLayout {
    static var nodeKind: String { "aspectRatio" }
    static var priorityRule: ResolvedTree.PriorityRule { .zero }
    func makeBox(guides: GuideSource) -> any LayoutBox { AspectRatioBox(self, guides: guides) }
}

extension PositionLayout: BuiltInLayout {
    static var nodeKind: String { "position" }
    static var priorityRule: ResolvedTree.PriorityRule { .zero }
    func makeBox(guides: GuideSource) -> any LayoutBox { PositionBox(self, guides: guides) }
}

// Sizes that no proposal changes (see `LayoutBox.constantSize`), each from its layout's own rule.

extension FixedFrameBox {
    var constantSize: ConstantSizeRule { layout.fixedSize.map { .always($0) } ?? .never }
}

extension PaddingBox {
    var constantSize: ConstantSizeRule { .padded(layout) }
}

extension SecondaryLayerBox {
    var constantSize: ConstantSizeRule { .child(layout.primary) }
}

// Direct placement (see `LayoutBox.placeDirectly`). Each applies only when no child may have an
// explicit guide, so every guide is its default for the child's size, exactly as the layout's
// `ViewDimensions` would give it.

extension FixedFrameBox {
    func placeDirectly(_ node: Int, in bounds: CGRect, proposal: ProposedViewSize, pass: LayoutPass) -> Bool {
        let tree = pass.tree
        guard tree.records[node].childCount == 1 else { return false }
        let child = tree.child(node, 0)
        guard !tree.mayHaveExplicitGuides(child) else { return false }
        // As `FixedFrameLayout.placeSubviews` with `alignedOrigin`.
        let offer = layout.childProposal(proposal)
        let size = pass.size(child, offer)
        let box = ViewDimensions(size: bounds.size), inner = ViewDimensions(size: size)
        let alignment = layout.alignment
        let origin = CGPoint(x: bounds.minX + box[alignment.horizontal] - inner[alignment.horizontal],
                             y: bounds.minY + box[alignment.vertical] - inner[alignment.vertical])
        pass.place(child, in: CGRect(origin: origin, size: size), proposal: offer)
        return true
    }
}

extension PaddingBox {
    func placeDirectly(_ node: Int, in bounds: CGRect, proposal: ProposedViewSize, pass: LayoutPass) -> Bool {
        let tree = pass.tree
        guard tree.records[node].childCount == 1 else { return false }
        let child = tree.child(node, 0)
        // As `PaddingLayout.placeSubviews`: no guides are read, so any child will do.
        let offer = layout.inset(proposal)
        let size = pass.size(child, offer)
        let origin = CGPoint(x: bounds.minX + layout.insets.leading, y: bounds.minY + layout.insets.top)
        pass.place(child, in: CGRect(origin: origin, size: size), proposal: offer)
        return true
    }
}

extension SecondaryLayerBox {
    func placeDirectly(_ node: Int, in bounds: CGRect, proposal: ProposedViewSize, pass: LayoutPass) -> Bool {
        let tree = pass.tree
        guard tree.records[node].childCount == 2 else { return false }
        let main = tree.child(node, layout.primary), layer = tree.child(node, layout.secondary)
        guard !tree.mayHaveExplicitGuides(main), !tree.mayHaveExplicitGuides(layer) else { return false }
        // As `SecondaryLayerLayout.placeSubviews`.
        let offer = ProposedViewSize(bounds.size)
        let mainSize = pass.size(main, proposal), layerSize = pass.size(layer, offer)
        let mainGuides = ViewDimensions(size: mainSize), layerGuides = ViewDimensions(size: layerSize)
        let alignment = layout.alignment
        let layerOrigin = CGPoint(x: bounds.minX + mainGuides[alignment.horizontal] - layerGuides[alignment.horizontal],
                                  y: bounds.minY + mainGuides[alignment.vertical] - layerGuides[alignment.vertical])
        // Children are placed in order, as the general way does.
        for position in 0 ..< 2 {
            if position == layout.primary {
                pass.place(main, in: CGRect(origin: bounds.origin, size: mainSize), proposal: proposal)
            } else {
                pass.place(layer, in: CGRect(origin: layerOrigin, size: layerSize), proposal: offer)
            }
        }
        return true
    }
}
