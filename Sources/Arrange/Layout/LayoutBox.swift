import Foundation

/// A `Layout` of any type together with its cache, as one container node holds it.
protocol LayoutBox: AnyObject {
    var stackOrientation: Axis? { get }
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
    /// Made on first use, kept across calls (docs/layout-rules.md §6).
    private var cache: L.Cache?

    init(_ layout: L) { self.layout = layout }

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
        let box = TypedLayoutBox(mixed)
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
