import Foundation

/// A `Layout` of any type together with its cache, as one container node holds it.
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
}

final class TypedLayoutBox<L: Layout>: LayoutBox {
    let layout: L
    let guideSource: GuideSource
    /// Made on first use, kept across calls (docs/layout-rules.md §6).
    private var cache: L.Cache?

    /// `guides` says where the layout's explicit guide values come from; built-in layouts that
    /// only pass their children's on say so, which lets the engine skip asking (any custom layout
    /// may compute its own: `.layout`).
    init(_ layout: L, guides: GuideSource = .layout) {
        self.layout = layout
        self.guideSource = guides
    }

    var stackOrientation: Axis? { (layout as? AnyLayout)?.stackOrientation ?? L.layoutProperties.stackOrientation }

    func adoptCache(from previous: any LayoutBox, subviews: LayoutSubviews) {
        guard let previous = previous as? TypedLayoutBox<L>, var kept = previous.cache else { return }
        layout.updateCache(&kept, subviews: subviews)
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
        box.adoptCache(from: self, subviews: subviews)
        return box
    }

    private func withCache<R>(_ subviews: LayoutSubviews, _ body: (inout L.Cache) -> R) -> R {
        var current = cache ?? layout.makeCache(subviews: subviews)
        let result = body(&current)
        cache = current
        return result
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
protocol BuiltInLayout: Layout {
    func makeBox(guides: GuideSource) -> any LayoutBox
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

final class ZStackBox: PlainLayoutBox {
    let layout: ZStackLayout, guideSource: GuideSource
    init(_ layout: ZStackLayout, guides: GuideSource) { self.layout = layout; guideSource = guides }
}

extension FixedFrameLayout: BuiltInLayout {
    func makeBox(guides: GuideSource) -> any LayoutBox { FixedFrameBox(self, guides: guides) }
}

extension FlexibleFrameLayout: BuiltInLayout {
    func makeBox(guides: GuideSource) -> any LayoutBox { FlexibleFrameBox(self, guides: guides) }
}

extension PaddingLayout: BuiltInLayout {
    func makeBox(guides: GuideSource) -> any LayoutBox { PaddingBox(self, guides: guides) }
}

extension FixedSizeLayout: BuiltInLayout {
    func makeBox(guides: GuideSource) -> any LayoutBox { FixedSizeBox(self, guides: guides) }
}
