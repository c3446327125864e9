import Foundation

extension ResolvedTree {
    /// A leaf beyond a shape in one colour: what the engine sizes and draws for it.
    enum Leaf {
        /// A shape painted with any style: custom outlines, centred strokes, gradients, trims.
        case shape(any Shape, ShapePaint)
        case image(ImageLeaf)
        /// An icon of an icon set: its outline filled with the foreground style.
        case icon(IconLeaf)
        /// Content made once the leaf's frame is known (`GeometryReader`, a preference overlay).
        case deferred(DeferredContent)

        /// The leaf's size for `proposal`.
        func size(for proposal: ProposedViewSize) -> CGSize {
            switch self {
            case .shape(let shape, _):
                let size = proposal.replacingUnspecifiedDimensions()
                guard shape._shapeKind == .circle else { return size }
                let side = min(size.width, size.height)
                return CGSize(width: side, height: side)
            case .image(let image):
                return image.size(for: proposal)
            case .icon(let icon):
                return icon.size(for: proposal)
            case .deferred(let content):
                return content.size(for: proposal)
            }
        }
    }
}

/// How a shape leaf is painted.
@usableFromInline
struct ShapePaint {
    @usableFromInline
    enum Mode {
        /// Filled; even-odd or nonzero.
        case fill(evenOdd: Bool)
        /// Stroked centred on the outline.
        case stroke(StrokeStyle)
        /// Stroked inside the outline: the outline inset by half the line width, then stroked.
        case strokeBorder(StrokeStyle)
    }

    let style: any ShapeStyle
    let mode: Mode
    /// The colour scheme the style's colours resolve in: the environment's where the shape is
    /// resolved (docs/layout-rules.md §6b).
    let scheme: ColorScheme

    /// The style's paint for `bounds`, its colours plain.
    private func paint(in bounds: CGRect) -> DisplayPaint { style._paint(in: bounds).resolved(in: scheme) }

    /// The item drawn for `shape` in a frame of `size`.
    func drawing(of shape: any Shape, size: CGSize) -> PathDrawing {
        let bounds = CGRect(origin: .zero, size: size)
        let trimmed = shape as? any TrimmedShape
        switch mode {
        case .fill(let evenOdd):
            return PathDrawing(path: shape.path(in: bounds), paint: paint(in: bounds), evenOdd: evenOdd, trim: trimmed?.trim(in: bounds))
        case .stroke(let stroke):
            return PathDrawing(path: shape.path(in: bounds), paint: paint(in: bounds), stroke: stroke, trim: trimmed?.trim(in: bounds))
        case .strokeBorder(let stroke):
            let inset = stroke.lineWidth / 2
            // A trimmed shape is not insettable: its path is cut from the outline in the smaller rectangle.
            return PathDrawing(path: shape._insetPath(in: bounds, by: inset), paint: paint(in: bounds), stroke: stroke,
                               trim: trimmed?.trim(in: bounds.insetBy(dx: inset, dy: inset)))
        }
    }
}
