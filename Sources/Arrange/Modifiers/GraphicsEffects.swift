import Foundation

// Drawing effects: each changes what a view draws, never its layout. The view keeps its frame,
// its place in its parent and the frames reported for it (docs/layout-rules.md §3.13).

extension View {
    /// Rotates the view's drawing by `angle` around `anchor`, a point of its frame (the centre by
    /// default); positive angles turn clockwise, as on screen. Layout is unchanged: SwiftUI's
    /// `rotationEffect(_:anchor:)`. A non-finite angle counts as 0.
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
        let safe = angle.radians.isFinite ? angle : .zero
        return modifyingNodes { $0.effects.append(.transform(.rotation(safe, anchor: Self.finite(anchor)))) }
    }

    /// Scales the view's drawing by `scale` (width and height) around `anchor`: SwiftUI's
    /// `scaleEffect(_:anchor:)`. Layout is unchanged; a non-finite factor counts as 1.
    public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> some View {
        let safe = CGSize(width: scale.width.isFinite ? scale.width : 1, height: scale.height.isFinite ? scale.height : 1)
        return modifyingNodes { $0.effects.append(.transform(.scale(safe, anchor: Self.finite(anchor)))) }
    }

    /// Scales the view's drawing by `s` both ways around `anchor`: SwiftUI's
    /// `scaleEffect(_:anchor:)`.
    public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> some View {
        scaleEffect(CGSize(width: s, height: s), anchor: anchor)
    }

    /// Scales the view's drawing by `x` horizontally and `y` vertically around `anchor`:
    /// SwiftUI's `scaleEffect(x:y:anchor:)`.
    public func scaleEffect(x: CGFloat = 1.0, y: CGFloat = 1.0, anchor: UnitPoint = .center) -> some View {
        scaleEffect(CGSize(width: x, height: y), anchor: anchor)
    }

    /// Applies `transform` to the view's drawing, in the coordinates of its frame, whose origin
    /// is its top-leading corner: SwiftUI's `transformEffect(_:)`. Layout is unchanged; a
    /// transform with a non-finite number is ignored.
    public func transformEffect(_ transform: CGAffineTransform) -> some View {
        let finite = [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].allSatisfy(\.isFinite)
        return modifyingNodes { $0.effects.append(.transform(.affine(finite ? transform : .identity))) }
    }

    /// Masks the view with the alpha of `mask`: where the mask is opaque the view shows, where it
    /// is transparent it does not. The mask is laid out as an overlay is: offered the view's size
    /// and aligned to it by `alignment`; it is not drawn itself. SwiftUI's
    /// `mask(alignment:_:)`. Layout is unchanged.
    public func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask) -> some View {
        ModifiedView(content: self, modifier: MaskModifier(mask: mask(), alignment: alignment))
    }

    /// The older form of `mask(alignment:_:)`: `mask` centred on the view.
    @_disfavoredOverload
    public func mask<Mask: View>(_ mask: Mask) -> some View {
        ModifiedView(content: self, modifier: MaskModifier(mask: mask, alignment: .center))
    }

    /// Draws the view's content as one layer before the effects around it (opacity, blend mode)
    /// apply: SwiftUI's `compositingGroup()`. Blend modes inside then blend only with the
    /// group's own drawing. Arrange's `opacity` already fades a view's drawing as one layer.
    public func compositingGroup() -> some View {
        modifyingNodes { $0.effects.append(.isolated) }
    }

    /// SwiftUI's `drawingGroup(opaque:colorMode:)` renders the view into an offscreen image with
    /// Metal before showing it: a speed-up for complex drawing, with the same pixels. Arrange
    /// draws every picture offscreen already, so it only composites the view as one layer, as
    /// `compositingGroup()` does; `opaque` and `colorMode` change nothing.
    public func drawingGroup(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear) -> some View {
        modifyingNodes { $0.effects.append(.isolated) }
    }

    /// Blurs the view's drawing with a Gaussian whose standard deviation is `radius` points
    /// (SwiftUI's `blur(radius:opaque:)`; its `GraphicsContext` blur names the radius the
    /// standard deviation). With `opaque`, the blur does not make the view's edges transparent:
    /// nothing spills out of its frame, and every pixel inside with any ink is made opaque.
    /// Layout is unchanged; a negative or non-finite radius counts as 0.
    public func blur(radius: CGFloat, opaque: Bool = false) -> some View {
        let safe = radius.isFinite ? max(radius, 0) : 0
        return modifyingNodes { $0.effects.append(.filter(.blur(radius: safe, opaque: opaque))) }
    }

    /// Adds `amount` to each of the red, green and blue components of the view's colours,
    /// clamped to 0...1: SwiftUI's `brightness(_:)`. A non-finite amount counts as 0.
    public func brightness(_ amount: Double) -> some View {
        modifyingNodes { $0.effects.append(.filter(.brightness(amount.isFinite ? amount : 0))) }
    }

    /// Scales each colour component's distance from 0.5 by `amount`: `(c − 0.5) × amount + 0.5`,
    /// clamped; 1 leaves colours as they are, 0 makes them mid grey: SwiftUI's `contrast(_:)`.
    public func contrast(_ amount: Double) -> some View {
        modifyingNodes { $0.effects.append(.filter(.contrast(amount.isFinite ? amount : 1))) }
    }

    /// Mixes each colour with its luminance: 0 is grey, 1 unchanged, above 1 more vivid:
    /// SwiftUI's `saturation(_:)` (the matrix of `DisplayFilter.saturation`).
    public func saturation(_ amount: Double) -> some View {
        modifyingNodes { $0.effects.append(.filter(.saturation(amount.isFinite ? amount : 1))) }
    }

    /// Takes `amount` (0...1) of the colour out of the view: 1 is fully grey, as SwiftUI's
    /// `grayscale(_:)`; the same as `saturation(1 − amount)`.
    public func grayscale(_ amount: Double) -> some View {
        let safe = amount.isFinite ? amount : 0
        return modifyingNodes { $0.effects.append(.filter(.saturation(1 - safe))) }
    }

    /// An anchor with non-finite coordinates counts as the centre.
    fileprivate static func finite(_ anchor: UnitPoint) -> UnitPoint {
        anchor.x.isFinite && anchor.y.isFinite ? anchor : .center
    }
}

/// How a drawing group's colours are composited: SwiftUI's `ColorRenderingMode`, accepted by
/// `drawingGroup(opaque:colorMode:)`. Arrange composites in sRGB whatever the mode.
public enum ColorRenderingMode: Hashable, Sendable {
    /// sRGB values, gamma encoded.
    case nonLinear
    /// Linear sRGB values.
    case linear
    /// Linear values beyond 0...1.
    case extendedLinear
}

/// Lays the mask out as an overlay of each of the content's nodes, and marks the pair so that
/// the display list draws the content masked by the overlay's alpha.
struct MaskModifier<Mask: View>: NodeModifier {
    let mask: Mask
    let alignment: Alignment

    func apply(to nodes: Range<Int>, in builder: inout ResolvedTree.Builder, environment: ViewEnvironment) {
        let inner = environment.withoutStackAxis
        for position in nodes {
            let mark = builder.mark
            mask.resolve(in: inner, into: &builder)
            guard builder.pending.count > mark.pending else {
                // Nothing to mask with: nothing shows, as with a transparent mask.
                builder.editAttributes(at: position) { $0.effects.append(.hidden) }
                continue
            }
            builder.pairLayer(since: mark, with: position, alignment: alignment, behind: false, kind: "mask",
                              direction: environment.layoutDirection) { builder in
                ZStack(alignment: alignment) { mask }.resolve(in: inner, into: &builder)
            }
            builder.editAttributes(at: position) { $0.effects.append(.masked) }
        }
    }
}
