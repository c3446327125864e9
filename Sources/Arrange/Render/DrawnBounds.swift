import Foundation

/// Where display items draw: the one answer every backend uses, for a shadow's filter region
/// (SVG), a shadow's offscreen surface (Cairo) and the bounds a recording reports. A filter or
/// surface cuts what it leaves out, so the bounds hold everything an item draws, which may spill
/// out of its frame (a path past its frame, a stroke's half width, glyphs, a nested shadow).
/// Generous rather than tight: a larger region only costs blurring more empty space.
public enum DrawnBounds {
    /// How far a shadow reaches past what casts it, in points, besides its offset: the part of
    /// its blur a backend draws (SVG: three deviations; Cairo: its kernel's reach in pixels).
    public typealias ShadowReach = (Shadow) -> CGFloat

    /// A rectangle holding everything `items` draw, in their coordinates; `.null` for nothing.
    public static func of(_ items: [DisplayItem], shadowReach: ShadowReach) -> CGRect {
        var bounds = CGRect.null
        for item in items { bounds = bounds.union(of(item, shadowReach: shadowReach)) }
        return bounds
    }

    /// A rectangle holding everything `item` draws, in its coordinates; `.null` for nothing, and
    /// for an item whose frame is not finite, which backends skip.
    public static func of(_ item: DisplayItem, shadowReach: ShadowReach) -> CGRect {
        let frame = item.frame
        guard isDrawable(frame) else { return .null }
        switch item.content {
        case .fill, .strokeBorder, .image:
            return frame.standardized
        case .text(let run):
            return textBounds(run, in: frame)
        case .path(let drawing):
            let box = drawing.path.boundingRect
            guard !box.isNull, drawing.path.isFinite else { return .null }
            let spread = drawing.stroke?.reach ?? 0
            return box.offsetBy(dx: frame.minX, dy: frame.minY).insetBy(dx: -spread, dy: -spread)
        case .group(let group):
            var bounds = contentBounds(of: group, in: frame, shadowReach: shadowReach)
            guard !bounds.isNull else { return .null }
            if let shadow = group.shadow {
                let reach = shadowReach(shadow)
                let blur = reach.isFinite ? max(reach, 0) : 0
                bounds = bounds.union(bounds.offsetBy(dx: finite(shadow.offset.width), dy: finite(shadow.offset.height)))
                    .insetBy(dx: -blur, dy: -blur)
            }
            // A clip keeps the drawing inside it.
            if group.clip != nil { bounds = bounds.intersection(frame) }
            if let clipPath = group.clipPath, clipPath.isFinite {
                let clip = clipPath.boundingRect
                bounds = clip.isNull ? .null : bounds.intersection(clip.offsetBy(dx: frame.minX, dy: frame.minY))
            }
            return bounds
        }
    }

    /// Where a group's drawing lies in the coordinates the group item sits in, after its
    /// translation, transform, filters and mask and before its shadow and clips; `.null` for
    /// nothing.
    public static func contentBounds(of group: DisplayGroup, in frame: CGRect, shadowReach: ShadowReach) -> CGRect {
        var bounds = of(group.items, shadowReach: shadowReach)
        guard !bounds.isNull else { return .null }
        if group.transform.isIdentity {
            bounds = bounds.offsetBy(dx: finite(group.translation.width), dy: finite(group.translation.height))
        } else {
            bounds = transformed(bounds, group.itemTransform(in: frame))
        }
        for filter in group.filters {
            guard case .blur(let radius, let opaque) = filter else { continue }
            if opaque {
                // An opaque blur keeps to the frame.
                bounds = bounds.intersection(frame.standardized)
            } else {
                let reach = blurReach(radius, shadowReach)
                bounds = bounds.insetBy(dx: -reach, dy: -reach)
            }
            if bounds.isNull { return .null }
        }
        if let mask = group.mask {
            var masked = of(mask, shadowReach: shadowReach)
            guard !masked.isNull else { return .null }
            masked = group.transform.isIdentity
                ? masked.offsetBy(dx: finite(group.translation.width), dy: finite(group.translation.height))
                : transformed(masked, group.itemTransform(in: frame))
            bounds = bounds.intersection(masked)
        }
        return bounds
    }

    /// How far a blur of standard deviation `radius` reaches: as far as a shadow of that radius
    /// does in the same backend, so one number covers both.
    public static func blurReach(_ radius: CGFloat, _ shadowReach: ShadowReach) -> CGFloat {
        let sigma = radius.isFinite ? max(radius, 0) : 0
        let reach = shadowReach(Shadow(color: .black, radius: sigma, offset: .zero))
        return reach.isFinite ? max(reach, 0) : 0
    }

    /// The bounds of `rect` transformed by `t`; `.null` when the result is not finite.
    static func transformed(_ rect: CGRect, _ t: CGAffineTransform) -> CGRect {
        guard [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite) else { return .null }
        let box = rect.applying(t)
        return isDrawable(box) ? box : .null
    }

    /// The frame and each line's glyphs: from the first glyph's start to the last one's advance,
    /// the line box from ascent to descent, and a font size more on each side, since glyphs may
    /// reach past their advance and the line box (accents, italics, swashes).
    static func textBounds(_ run: TextRun, in frame: CGRect) -> CGRect {
        var bounds = frame.standardized
        let size = run.font.size.isFinite ? max(run.font.size, 0) : 0
        let ascent = max(finite(run.metrics.ascent), 0), descent = max(finite(run.metrics.descent), 0)
        for line in run.lines where !line.glyphs.isEmpty {
            var minX = CGFloat.infinity, maxX = -CGFloat.infinity, minY = CGFloat.infinity, maxY = -CGFloat.infinity
            for glyph in line.glyphs {
                minX = min(minX, glyph.x); maxX = max(maxX, glyph.x + max(glyph.advance, 0))
                minY = min(minY, glyph.y); maxY = max(maxY, glyph.y)
            }
            let box = CGRect(x: frame.minX + line.origin.x + minX - size, y: frame.minY + line.origin.y + minY - ascent - size,
                             width: maxX - minX + 2 * size, height: maxY - minY + ascent + descent + 2 * size)
            if box.minX.isFinite, box.minY.isFinite, box.width.isFinite, box.height.isFinite { bounds = bounds.union(box) }
        }
        return bounds
    }

    /// Whether a frame's numbers are all finite: backends draw nothing in any other frame.
    @inlinable
    public static func isDrawable(_ frame: CGRect) -> Bool {
        frame.minX.isFinite && frame.minY.isFinite && frame.width.isFinite && frame.height.isFinite
    }

    private static func finite(_ value: CGFloat) -> CGFloat { value.isFinite ? value : 0 }
}
