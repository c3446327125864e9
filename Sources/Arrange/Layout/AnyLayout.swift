import Foundation

/// A type-erased layout, for switching a container between layouts without recreating its
/// children: `let layout = isWide ? AnyLayout(HStackLayout()) : AnyLayout(VStackLayout())`.
///
/// Its cache holds the wrapped layout's cache. When a `ViewGraph` update keeps the same wrapped
/// layout type, that cache is updated (`updateCache`); a different type makes a fresh one
/// (docs/layout-rules.md §6).
public struct AnyLayout: Layout {
    let storage: any Layout

    /// Wraps `layout`.
    public init<L: Layout>(_ layout: L) { storage = layout }

    /// The wrapped layout's cache, with the type it belongs to.
    public struct Cache {
        let layoutType: ObjectIdentifier
        var value: Any
    }

    /// The wrapped layout with its animatable data a fraction `amount` of the way from
    /// `start`'s, when both wrap the same type and it has data to animate.
    func interpolated(from start: AnyLayout, amount: Double) -> AnyLayout? {
        func mix<L: Layout>(_ end: L) -> AnyLayout? {
            guard let begin = start.storage as? L, L.AnimatableData.self != EmptyAnimatableData.self else { return nil }
            var mixed = end
            mixed.animatableData = begin.animatableData.interpolated(towards: end.animatableData, amount: amount)
            return AnyLayout(mixed)
        }
        return mix(storage)
    }

    public static var layoutProperties: LayoutProperties { LayoutProperties() }

    /// The wrapped layout's spacer axis, which the static `layoutProperties` cannot know.
    var stackOrientation: Axis? {
        func orientation<L: Layout>(_ layout: L) -> Axis? { L.layoutProperties.stackOrientation }
        return orientation(storage)
    }

    public func makeCache(subviews: Subviews) -> Cache {
        func make<L: Layout>(_ layout: L) -> Cache {
            Cache(layoutType: ObjectIdentifier(L.self), value: layout.makeCache(subviews: subviews))
        }
        return make(storage)
    }

    public func updateCache(_ cache: inout Cache, subviews: Subviews) {
        func update<L: Layout>(_ layout: L) {
            if cache.layoutType == ObjectIdentifier(L.self), var inner = cache.value as? L.Cache {
                layout.updateCache(&inner, subviews: subviews)
                cache.value = inner
            } else {
                cache = makeCache(subviews: subviews)
            }
        }
        update(storage)
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        func size<L: Layout>(_ layout: L) -> CGSize {
            var inner = typedCache(layout, &cache, subviews)
            defer { cache.value = inner }
            return layout.sizeThatFits(proposal: proposal, subviews: subviews, cache: &inner)
        }
        return size(storage)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        func place<L: Layout>(_ layout: L) {
            var inner = typedCache(layout, &cache, subviews)
            layout.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &inner)
            cache.value = inner
        }
        place(storage)
    }

    public func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing {
        func spacing<L: Layout>(_ layout: L) -> ViewSpacing {
            var inner = typedCache(layout, &cache, subviews)
            defer { cache.value = inner }
            return layout.spacing(subviews: subviews, cache: &inner)
        }
        return spacing(storage)
    }

    public func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGFloat? {
        func value<L: Layout>(_ layout: L) -> CGFloat? {
            var inner = typedCache(layout, &cache, subviews)
            defer { cache.value = inner }
            return layout.explicitAlignment(of: guide, in: bounds, proposal: proposal, subviews: subviews, cache: &inner)
        }
        return value(storage)
    }

    public func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGFloat? {
        func value<L: Layout>(_ layout: L) -> CGFloat? {
            var inner = typedCache(layout, &cache, subviews)
            defer { cache.value = inner }
            return layout.explicitAlignment(of: guide, in: bounds, proposal: proposal, subviews: subviews, cache: &inner)
        }
        return value(storage)
    }

    /// The wrapped layout's cache; made anew if the one held belongs to another layout type.
    private func typedCache<L: Layout>(_ layout: L, _ cache: inout Cache, _ subviews: Subviews) -> L.Cache {
        if cache.layoutType == ObjectIdentifier(L.self), let inner = cache.value as? L.Cache { return inner }
        let fresh = layout.makeCache(subviews: subviews)
        cache = Cache(layoutType: ObjectIdentifier(L.self), value: fresh)
        return fresh
    }
}
