import Arrange
import Foundation

/// How far items draw, for a shadow filter's region: a filter cuts what its region leaves out,
/// the drawing as well as the shadow, so the region must hold everything a group draws, which
/// may spill out of its frame (a path past its frame, a stroke's half width, glyphs).
extension SVGWriter {
    /// A rectangle holding everything `items` draw, in their coordinates; `.null` for nothing.
    /// Generous rather than tight: a larger region only costs blurring more empty space.
    static func drawnBounds(_ items: [DisplayItem]) -> CGRect {
        var bounds = CGRect.null
        func add(_ rect: CGRect) {
            guard !rect.isNull, rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
            bounds = bounds.isNull ? rect : bounds.union(rect)
        }
        for item in items where isDrawable(item.frame) {
            let frame = item.frame
            switch item.content {
            case .fill, .strokeBorder, .image:
                add(frame)
            case .text(let run):
                add(frame)
                // Glyphs may reach past their line box (accents, italics, swashes): a font size
                // more on each side.
                let size = run.font.size.isFinite ? abs(run.font.size) : 0
                for line in run.lines {
                    add(CGRect(x: frame.minX + line.origin.x - size, y: frame.minY + line.origin.y - run.metrics.ascent - size,
                               width: line.width + 2 * size, height: run.metrics.ascent + run.metrics.descent + 2 * size))
                }
            case .path(let drawing):
                let spread = drawing.stroke?.reach ?? 0
                let box = drawing.path.boundingRect
                if !box.isNull { add(box.offsetBy(dx: frame.minX, dy: frame.minY).insetBy(dx: -spread, dy: -spread)) }
            case .group(let group):
                var inner = drawnBounds(group.items)
                guard !inner.isNull else { continue }
                inner = inner.offsetBy(dx: group.translation.width, dy: group.translation.height)
                if let shadow = group.shadow, shadow.radius.isFinite, shadow.offset.width.isFinite, shadow.offset.height.isFinite {
                    let margin = 3 * max(shadow.radius, 0)
                    inner = inner.union(inner.offsetBy(dx: shadow.offset.width, dy: shadow.offset.height).insetBy(dx: -margin, dy: -margin))
                }
                // A clip keeps the drawing inside it.
                if group.clip != nil { inner = inner.intersection(frame) }
                if let clipPath = group.clipPath, !clipPath.boundingRect.isNull {
                    inner = inner.intersection(clipPath.boundingRect.offsetBy(dx: frame.minX, dy: frame.minY))
                }
                add(inner)
            }
        }
        return bounds
    }
}
