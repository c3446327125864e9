import Foundation

extension View {
    /// Draws the view (and everything in it) shifted; layout is unchanged (docs/layout-rules.md §3.7).
    /// Non-finite offsets count as 0.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View {
        offset(CGSize(width: x, height: y))
    }

    /// Draws the view shifted by `offset`.
    public func offset(_ offset: CGSize) -> some View {
        let safe = CGSize(width: offset.width.isFinite ? offset.width : 0, height: offset.height.isFinite ? offset.height : 0)
        // The offset is in the view's own coordinate space, which right-to-left flips, so a
        // positive x moves the view towards the trailing edge, to the left (docs/layout-rules.md §6c).
        return modifyingNodes { attributes, environment in
            let flip: CGFloat = environment.layoutDirection == .rightToLeft ? -1 : 1
            attributes.effects.append(.offset(CGSize(width: safe.width * flip, height: safe.height)))
        }
    }

    /// Clips the view's drawing to its bounds.
    public func clipped() -> some View {
        modifyingNodes { $0.effects.append(.clip(.rectangle)) }
    }

    /// Clips the view's drawing to its bounds with rounded corners: SwiftUI's
    /// `cornerRadius(_:antialiased:)`, whose corners are circular (its interface clips to
    /// `RoundedRectangle(cornerRadius: radius, style: .circular)`), unlike a
    /// `RoundedRectangle`'s default continuous ones. Edges are always anti-aliased.
    public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View {
        clipShape(RoundedRectangle(cornerRadius: radius, style: .circular))
    }

    /// Clips the view's drawing to `shape` in its bounds.
    public func clipShape<S: Shape>(_ shape: S) -> some View {
        if let kind = shape._shapeKind { return modifyingNodes { $0.effects.append(.clip(kind)) } }
        return modifyingNodes { $0.effects.append(.clipPath(shape)) }
    }

    /// Hides the view: it keeps its place in the layout, and nothing of it is drawn.
    public func hidden() -> some View {
        modifyingNodes { $0.effects.append(.hidden) }
    }

    /// Draws the view at `opacity` (0...1; NaN counts as 1).
    public func opacity(_ opacity: Double) -> some View {
        let safe = opacity.isNaN ? 1 : min(max(opacity, 0), 1)
        return modifyingNodes { $0.effects.append(.opacity(safe)) }
    }

    /// The colour of shapes inside that have no fill of their own.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        let color = style.resolvedColor
        let gradient: (any ShapeStyle)? = style is Color ? nil : style
        return transformingEnvironment {
            $0.foreground = color
            $0.foregroundStyle = gradient
        }
    }

    /// The colour of shapes inside that have no fill of their own.
    public func foregroundColor(_ color: Color?) -> some View {
        transformingEnvironment {
            $0.foreground = color
            $0.foregroundStyle = nil
        }
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
