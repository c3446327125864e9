import Foundation

/// Children around a circle, the first at the top, going clockwise (docs/layout-rules.md §8b, seed 003).
///
/// Child `i` of `n` is centred at `center + (r·sin a, −r·cos a)` with
/// `a = rotation + i·2π/n`. Its animatable data is the rotation and the radius, so an animated
/// rotation moves the children along the circle rather than along straight chords.
public struct WheelLayout: Layout, Sendable {
    /// The distance from the centre to each child's centre. NaN and infinite radii count as 0.
    public var radius: CGFloat
    /// Where the first child sits, clockwise from the top.
    public var rotation: Angle

    public init(radius: CGFloat, rotation: Angle = .zero) {
        self.radius = radius.isFinite ? radius : 0
        self.rotation = rotation.radians.isFinite ? rotation : .zero
    }

    /// Rotation in radians, and radius.
    public var animatableData: AnimatablePair<Double, CGFloat> {
        get { AnimatablePair(rotation.radians, radius) }
        set {
            rotation = .radians(newValue.first)
            radius = newValue.second
        }
    }

    /// `(2r + widest child, 2r + tallest child)`, children at their ideal sizes.
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let sizes = subviews.map { $0.sizeThatFits(.unspecified) }
        let widest = sizes.map(\.width).max() ?? 0, tallest = sizes.map(\.height).max() ?? 0
        return CGSize(width: 2 * radius + widest, height: 2 * radius + tallest)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let step = 2 * Double.pi / Double(max(subviews.count, 1))
        for (index, subview) in subviews.enumerated() {
            let angle = rotation.radians + Double(index) * step
            let center = CGPoint(x: bounds.midX + radius * CGFloat(sin(angle)), y: bounds.midY - radius * CGFloat(cos(angle)))
            subview.place(at: center, anchor: .center, proposal: .unspecified)
        }
    }
}
