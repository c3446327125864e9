import Foundation

/// A layout whose animatable data is hidden, so that an animation moves its children on straight
/// lines from their start places to their end places instead of laying them out again with the
/// data interpolated (docs/layout-rules.md §8).
///
/// This is what SwiftUI does with a layout that does not declare `animatableData`: seed 003's
/// wheel, rotated by 90°, then slides its children along chords of the circle, while
/// `WheelLayout` itself swings them along the circle.
///
/// ```swift
/// WheelLayout(radius: 130, rotation: angle).straightMotion() { … }
/// ```
public struct StraightMotion<Wrapped: Layout>: Layout {
    /// The layout that sizes and places the children.
    public var wrapped: Wrapped

    /// Wraps `wrapped`.
    public init(_ wrapped: Wrapped) { self.wrapped = wrapped }

    public static var layoutProperties: LayoutProperties { Wrapped.layoutProperties }

    public func makeCache(subviews: Subviews) -> Wrapped.Cache { wrapped.makeCache(subviews: subviews) }

    public func updateCache(_ cache: inout Wrapped.Cache, subviews: Subviews) {
        wrapped.updateCache(&cache, subviews: subviews)
    }

    public func spacing(subviews: Subviews, cache: inout Wrapped.Cache) -> ViewSpacing {
        wrapped.spacing(subviews: subviews, cache: &cache)
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Wrapped.Cache) -> CGSize {
        wrapped.sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Wrapped.Cache) {
        wrapped.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }

    public func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Wrapped.Cache) -> CGFloat? {
        wrapped.explicitAlignment(of: guide, in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }

    public func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Wrapped.Cache) -> CGFloat? {
        wrapped.explicitAlignment(of: guide, in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }
}

extension StraightMotion: Sendable where Wrapped: Sendable {}

extension Layout {
    /// This layout with its animatable data hidden: animated, its children move on straight lines.
    public func straightMotion() -> StraightMotion<Self> { StraightMotion(self) }
}
