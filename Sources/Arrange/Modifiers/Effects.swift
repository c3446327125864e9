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
        return modifyingNodes { $0.effects.append(.offset(safe)) }
    }

    /// Clips the view's drawing to its bounds.
    public func clipped() -> some View {
        modifyingNodes { $0.effects.append(.clip(.rectangle)) }
    }

    /// Clips the view's drawing to its bounds with rounded corners.
    public func cornerRadius(_ radius: CGFloat) -> some View {
        clipShape(RoundedRectangle(cornerRadius: radius))
    }

    /// Clips the view's drawing to `shape` in its bounds.
    public func clipShape<S: Shape>(_ shape: S) -> some View {
        let kind = shape.shapeKind
        return modifyingNodes { $0.effects.append(.clip(kind)) }
    }

    /// Draws the view at `opacity` (0...1; NaN counts as 1).
    public func opacity(_ opacity: Double) -> some View {
        let safe = opacity.isNaN ? 1 : min(max(opacity, 0), 1)
        return modifyingNodes { $0.effects.append(.opacity(safe)) }
    }

    /// The colour of shapes inside that have no fill of their own.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        let color = style.resolvedColor
        return transformingEnvironment { $0.foreground = color }
    }

    /// The colour of shapes inside that have no fill of their own.
    public func foregroundColor(_ color: Color?) -> some View {
        transformingEnvironment { $0.foreground = color }
    }
}
