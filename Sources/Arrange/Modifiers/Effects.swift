import Foundation

extension View {
    /// Draws the view (and everything in it) shifted; layout is unchanged (docs/layout-rules.md §3.7).
    /// Non-finite offsets count as 0.
    @inlinable
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View {
        modified(EnvironmentAttributeModifier.offset(CGSize(width: x, height: y)))
    }

    /// Draws the view shifted by `offset`.
    @inlinable
    public func offset(_ offset: CGSize) -> some View {
        modified(EnvironmentAttributeModifier.offset(offset))
    }

    /// Clips the view's drawing to its bounds.
    @inlinable
    public func clipped() -> some View {
        modified(AttributeModifier.effect(.clip(.rectangle)))
    }

    /// Clips the view's drawing to its bounds with rounded corners: SwiftUI's
    /// `cornerRadius(_:antialiased:)`, whose corners are circular (its interface clips to
    /// `RoundedRectangle(cornerRadius: radius, style: .circular)`), unlike a
    /// `RoundedRectangle`'s default continuous ones. Edges are always anti-aliased.
    @inlinable
    public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View {
        clipShape(RoundedRectangle(cornerRadius: radius, style: .circular))
    }

    /// Clips the view's drawing to `shape` in its bounds.
    @inlinable
    public func clipShape<S: Shape>(_ shape: S) -> some View {
        modified(AttributeModifier.clip(to: shape))
    }

    /// Hides the view: it keeps its place in the layout, and nothing of it is drawn.
    @inlinable
    public func hidden() -> some View {
        modified(AttributeModifier.effect(.hidden))
    }

    /// Draws the view at `opacity` (0...1; NaN counts as 1).
    @inlinable
    public func opacity(_ opacity: Double) -> some View {
        modified(AttributeModifier.opacity(opacity))
    }

    /// The colour of shapes inside that have no fill of their own.
    @inlinable
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        modified(EnvironmentModifier.foreground(style))
    }

    /// The colour of shapes inside that have no fill of their own.
    @inlinable
    public func foregroundColor(_ color: Color?) -> some View {
        modified(EnvironmentModifier.foreground(color))
    }

    /// Draws the view with a drop shadow: its drawing's alpha blurred by a Gaussian of standard
    /// deviation `radius`, in `color`, shifted by (`x`, `y`), under it. Layout is unchanged.
    public func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> some View {
        func safe(_ v: CGFloat) -> CGFloat { v.isFinite ? v : 0 }
        let shadow = Shadow(color: color, radius: max(safe(radius), 0), offset: CGSize(width: safe(x), height: safe(y)))
        return modifyingNodes { attributes, environment in
            var resolved = shadow
            resolved.color = shadow.color.resolved(in: environment.colorScheme)
            attributes.effects.append(.shadow(resolved))
        }
    }

    /// Blends the view's drawing with what is under it.
    public func blendMode(_ mode: BlendMode) -> some View {
        modifyingNodes { $0.effects.append(.blendMode(mode)) }
    }
}

// The values the modifiers above make: not inlinable, so their rules stay here.
extension AttributeModifier {
    /// Adds `effect` to each node.
    @usableFromInline
    static func effect(_ effect: ResolvedTree.Effect) -> AttributeModifier {
        AttributeModifier { $0.effects.append(effect) }
    }

    /// `opacity(_:)`: clamped to 0...1, NaN counting as 1.
    @usableFromInline
    static func opacity(_ opacity: Double) -> AttributeModifier {
        effect(.opacity(opacity.isNaN ? 1 : min(max(opacity, 0), 1)))
    }

    /// `clipShape(_:)`: a built-in outline clips natively, any other shape by its path.
    @usableFromInline
    static func clip<S: Shape>(to shape: S) -> AttributeModifier {
        if let kind = shape._shapeKind { return effect(.clip(kind)) }
        return effect(.clipPath(shape))
    }
}

extension EnvironmentAttributeModifier {
    /// `offset(_:)`: non-finite lengths count as 0. The offset is in the view's own coordinate
    /// space, which right-to-left flips, so a positive x moves the view towards the trailing
    /// edge, to the left (docs/layout-rules.md §6c).
    @usableFromInline
    static func offset(_ offset: CGSize) -> EnvironmentAttributeModifier {
        let safe = CGSize(width: offset.width.isFinite ? offset.width : 0, height: offset.height.isFinite ? offset.height : 0)
        return EnvironmentAttributeModifier { attributes, environment in
            let flip: CGFloat = environment.layoutDirection == .rightToLeft ? -1 : 1
            attributes.effects.append(.offset(CGSize(width: safe.width * flip, height: safe.height)))
        }
    }
}

extension EnvironmentModifier {
    /// `foregroundStyle(_:)`: a colour, or a gradient with its colour for what takes only one.
    @usableFromInline
    static func foreground<S: ShapeStyle>(_ style: S) -> EnvironmentModifier {
        let color = style.resolvedColor
        let gradient: (any ShapeStyle)? = style is Color ? nil : style
        return EnvironmentModifier {
            $0.foreground = color
            $0.foregroundStyle = gradient
        }
    }

    /// `foregroundColor(_:)`.
    @usableFromInline
    static func foreground(_ color: Color?) -> EnvironmentModifier {
        EnvironmentModifier {
            $0.foreground = color
            $0.foregroundStyle = nil
        }
    }
}
