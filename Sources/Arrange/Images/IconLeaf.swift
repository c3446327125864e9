import Foundation

/// An icon as the engine keeps it: its outline, the em it is sized by and its paint.
struct IconLeaf {
    /// nil for a name the set lacks: the space is kept, nothing is drawn.
    let icon: IconSet.Icon?
    /// The environment's font size when the icon was resolved.
    let em: CGFloat
    let resizable: Bool
    let paint: ShapePaint

    /// The icon's box at `em` (docs/layout-rules.md §2.3); a font size that is not a finite,
    /// positive number gives an empty box.
    var natural: CGSize {
        let em = em.isFinite ? max(em, 0) : 0
        let size = icon?.size ?? CGSize(width: 1, height: 1)
        return CGSize(width: size.width * em, height: size.height * em)
    }

    /// Its size for `proposal`: an image's rule with the box as its natural size.
    func size(for proposal: ProposedViewSize) -> CGSize {
        ImageLeaf.size(natural: natural, resizable: resizable, for: proposal)
    }

    /// What it draws in a frame of `size`: its outline stretched over the frame, as an image's
    /// pixels are; nil when there is nothing to draw.
    func drawing(size: CGSize) -> PathDrawing? {
        guard let icon, !icon.outline.isEmpty, size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else { return nil }
        return paint.drawing(of: IconShape(icon: icon), size: size)
    }
}

/// An icon's outline as a shape: the outline in ems scaled to the rectangle.
struct IconShape: Shape {
    let icon: IconSet.Icon

    func path(in rect: CGRect) -> Path {
        let sx = rect.width / icon.size.width, sy = rect.height / icon.size.height
        return icon.outline.map { CGPoint(x: rect.minX + $0.x * sx, y: rect.minY + $0.y * sy) }
    }
}
