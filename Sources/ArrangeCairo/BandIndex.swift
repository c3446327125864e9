import Arrange
import CCairo
import Foundation

/// Which items of one item list (the display list's, or a group's) reach which pixel rows, so that
/// a band draws only the items that touch it, in drawing order. Built once per picture; read by
/// every band on every thread.
final class BandIndex: Sendable {
    /// The rows an item can touch: `top..<bottom` in canvas pixels, a pixel wider each way than
    /// its outline for anti-aliasing. Empty for items that draw nothing.
    struct Span: Sendable {
        var top: Int
        var bottom: Int
        static let none = Span(top: 0, bottom: 0)
        var isEmpty: Bool { bottom <= top }
        func union(_ other: Span) -> Span {
            if isEmpty { return other }
            if other.isEmpty { return self }
            return Span(top: min(top, other.top), bottom: max(bottom, other.bottom))
        }
        func intersection(_ other: Span) -> Span {
            let result = Span(top: max(top, other.top), bottom: min(bottom, other.bottom))
            return result.isEmpty ? .none : result
        }
        func touches(_ top: Int, _ bottom: Int) -> Bool { self.top < bottom && self.bottom > top }
    }

    let items: [DisplayItem]
    let spans: [Span]
    /// The index of each group item's children (nil for other items).
    let groups: [BandIndex?]
    /// The rows all the items together can touch.
    let span: Span

    /// Bands `firstBand...`: `entries[offsets[b]..<offsets[b + 1]]` are the items (ascending) that
    /// touch band `firstBand + b` and span few bands; `long` holds those that span many, checked
    /// band by band. Empty for short lists, which are scanned whole.
    private let bandRows: Int
    private let firstBand: Int
    private let offsets: [Int32]
    private let entries: [Int32]
    private let long: [Int32]

    /// Lists this short are scanned item by item in every band they touch.
    private static let scannedCount = 16
    /// Items spanning more bands than this are checked band by band instead of listed in each.
    private static let longBands = 8

    private init(items: [DisplayItem], spans: [Span], groups: [BandIndex?], bandRows: Int) {
        self.items = items
        self.spans = spans
        self.groups = groups
        self.bandRows = bandRows
        span = spans.reduce(Span.none) { $0.union($1) }
        guard items.count > Self.scannedCount, !span.isEmpty else {
            (firstBand, offsets, entries, long) = (0, [], [], [])
            return
        }
        let first = span.top / bandRows, last = (span.bottom - 1) / bandRows
        var counts = [Int32](repeating: 0, count: last - first + 2)
        var long: [Int32] = []
        for (i, s) in spans.enumerated() where !s.isEmpty {
            let a = s.top / bandRows, b = (s.bottom - 1) / bandRows
            if b - a >= Self.longBands {
                long.append(Int32(i))
            } else {
                for band in a...b { counts[band - first + 1] += 1 }
            }
        }
        for k in 1..<counts.count { counts[k] += counts[k - 1] }
        var fill = counts
        var entries = [Int32](repeating: 0, count: Int(counts[counts.count - 1]))
        for (i, s) in spans.enumerated() where !s.isEmpty {
            let a = s.top / bandRows, b = (s.bottom - 1) / bandRows
            guard b - a < Self.longBands else { continue }
            for band in a...b {
                entries[Int(fill[band - first])] = Int32(i)
                fill[band - first] += 1
            }
        }
        (firstBand, offsets, self.entries, self.long) = (first, counts, entries, long)
    }

    /// Calls `body` with the index of every item that touches rows `top..<bottom` of band `band`,
    /// in drawing order.
    func forEach(band: Int, top: Int, bottom: Int, _ body: (Int) -> Void) {
        guard span.touches(top, bottom) else { return }
        if offsets.isEmpty || bottom - top > bandRows {
            for i in spans.indices where spans[i].touches(top, bottom) { body(i) }
            return
        }
        let local = band - firstBand
        var i = 0, end = 0, j = 0
        if local >= 0, local + 1 < offsets.count { (i, end) = (Int(offsets[local]), Int(offsets[local + 1])) }
        while true {
            while j < long.count, !spans[Int(long[j])].touches(top, bottom) { j += 1 }
            let listed = i < end ? Int(entries[i]) : Int.max, spanning = j < long.count ? Int(long[j]) : Int.max
            if listed == Int.max, spanning == Int.max { return }
            if listed < spanning {
                body(listed)
                i += 1
            } else {
                body(spanning)
                j += 1
            }
        }
    }

    /// Indexes `list` for bands of `bandRows` rows of a canvas `height` pixels tall at `scale`.
    /// Text is measured by drawing it once on a recording surface, whose ink extents are exact.
    /// Also says whether the picture must be drawn whole: when it paints colour glyph images
    /// (emoji) or images, or has shadows.
    static func make(_ list: DisplayList, scale: CGFloat, height: Int, bandRows: Int, fonts: FontLibrary, faces: CairoFaces) -> (BandIndex, drawsWhole: Bool) {
        var measurer = TextMeasure(scale: scale, fonts: fonts, faces: faces)
        var whole = false
        let index = make(list.items, translation: .zero, scale: scale, height: height, bandRows: bandRows, spread: 0,
                         unbounded: false, measurer: &measurer, whole: &whole)
        return (index, measurer.painter.paintedImage || whole)
    }

    /// `spread`: rows an item's drawing may be moved or blurred by, by the shadows of the groups
    /// it is in. `unbounded`: the items are inside a group with drawing effects (a transform,
    /// filters, a mask), which may draw them anywhere: every item is listed for every row.
    private static func make(_ items: [DisplayItem], translation: CGSize, scale: CGFloat, height: Int, bandRows: Int, spread: Int,
                             unbounded: Bool, measurer: inout TextMeasure, whole: inout Bool) -> BandIndex {
        var spans: [Span] = [], groups: [BandIndex?] = []
        spans.reserveCapacity(items.count)
        groups.reserveCapacity(items.count)
        let canvas = Span(top: 0, bottom: height)
        for item in items {
            var span = Span.none, group: BandIndex?
            switch item.content {
            case .fill:
                span = rows(of: item.frame, translation: translation, scale: scale)
            case .strokeBorder(_, _, let lineWidth):
                // The outline lies inside the frame (or fills it when the band is wider than half).
                if lineWidth > 0 { span = rows(of: item.frame, translation: translation, scale: scale) }
            case .text(let run):
                span = measurer.rows(of: run, in: item.frame, translation: translation, identity: item.identity)
            case .path(let drawing):
                span = rows(of: drawing, in: item.frame, translation: translation, scale: scale)
            case .image:
                whole = true
                span = rows(of: item.frame, translation: translation, scale: scale)
            case .group(let content):
                let moved = CGSize(width: translation.width + content.translation.width,
                                   height: translation.height + content.translation.height)
                var inner = spread
                if let shadow = content.shadow {
                    whole = true
                    // Every item inside is drawn wherever its shadow can reach.
                    let margin = ShadowMargin.of(shadow, scale: Double(scale))
                    let rows = Double((margin.blur + abs(margin.offset.height)) * scale).rounded(.up)
                    inner += rows.isFinite ? Int(min(rows, Double(1 << 40))) : 1 << 40
                }
                // A group with drawing effects is drawn whole, from all of its items.
                let effects = unbounded || content.hasDrawingEffects
                if content.hasDrawingEffects { whole = true }
                let index = make(content.items, translation: moved, scale: scale, height: height, bandRows: bandRows, spread: inner,
                                 unbounded: effects, measurer: &measurer, whole: &whole)
                group = index
                span = index.span
                // The painter clips only to a drawable frame; the clip is drawn before the translation.
                if content.clip != nil, DrawnBounds.isDrawable(item.frame) {
                    span = span.intersection(rows(of: item.frame, translation: translation, scale: scale))
                }
                if let clipPath = content.clipPath, DrawnBounds.isDrawable(item.frame), clipPath.isFinite {
                    let bounds = clipPath.boundingRect
                    span = bounds.isNull ? .none
                        : span.intersection(rows(of: bounds.offsetBy(dx: item.frame.minX, dy: item.frame.minY), translation: translation, scale: scale))
                }
            }
            if spread > 0, !span.isEmpty, !isGroup(item) {
                span = Span(top: span.top - spread, bottom: span.bottom + spread)
            }
            if unbounded || { if case .group(let content) = item.content { content.hasDrawingEffects } else { false } }() {
                span = canvas
            }
            spans.append(span.intersection(canvas))
            groups.append(group)
        }
        return BandIndex(items: items, spans: spans, groups: groups, bandRows: bandRows)
    }

    private static func isGroup(_ item: DisplayItem) -> Bool {
        if case .group = item.content { return true }
        return false
    }

    /// The rows a path can touch: its points' bounds, and as far as its stroke reaches.
    private static func rows(of drawing: PathDrawing, in frame: CGRect, translation: CGSize, scale: CGFloat) -> Span {
        guard DrawnBounds.isDrawable(frame), drawing.path.isFinite else { return .none }
        let bounds = drawing.path.boundingRect
        guard !bounds.isNull else { return .none }
        if let stroke = drawing.stroke?.sanitized, stroke.lineWidth <= 0 { return .none }
        let extent = drawing.stroke?.reach ?? 0
        let top = frame.minY + bounds.minY - extent + translation.height, bottom = frame.minY + bounds.maxY + extent + translation.height
        return pixelRows(Double(top * scale), Double(bottom * scale), margin: 1)
    }

    /// The rows a shape in `frame` can touch: shapes and inner strokes stay inside their frame.
    private static func rows(of frame: CGRect, translation: CGSize, scale: CGFloat) -> Span {
        guard DrawnBounds.isDrawable(frame) else { return .none }
        return pixelRows(Double((frame.minY + translation.height) * scale), Double((frame.maxY + translation.height) * scale), margin: 1)
    }

    /// Whole rows covering `top...bottom` (device pixels) and `margin` more each way, clamped so
    /// that far-off items cannot overflow.
    static func pixelRows(_ top: Double, _ bottom: Double, margin: Int) -> Span {
        guard top.isFinite, bottom.isFinite else { return .none }
        let limit = Double(1 << 40)
        let a = Int(max(-limit, min(limit, top.rounded(.down)))) - margin
        let b = Int(max(-limit, min(limit, bottom.rounded(.up)))) + margin
        return Span(top: a, bottom: b)
    }
}

/// Measures where text draws: the painter draws the run on an unbounded recording surface at the
/// picture's scale, and Cairo reports the ink's extents.
private struct TextMeasure {
    let scale: CGFloat
    var painter: CairoPainter

    init(scale: CGFloat, fonts: FontLibrary, faces: CairoFaces) {
        self.scale = scale
        painter = CairoPainter(context: nil, fonts: fonts, faces: faces, textAsText: false)
    }

    mutating func rows(of run: TextRun, in frame: CGRect, translation: CGSize, identity: ViewIdentity) -> BandIndex.Span {
        let surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil)
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)
        defer { cairo_destroy(context) }
        cairo_scale(context, Double(scale), Double(scale))
        cairo_translate(context, Double(translation.width), Double(translation.height))
        painter.context = context
        painter.text(run, in: frame, identity: identity)
        painter.context = nil
        guard cairo_status(context) == CAIRO_STATUS_SUCCESS, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            // Unknown ink: every row, so nothing is left out.
            return BandIndex.Span(top: Int.min / 4, bottom: Int.max / 4)
        }
        var x = 0.0, y = 0.0, width = 0.0, height = 0.0
        cairo_recording_surface_ink_extents(surface, &x, &y, &width, &height)
        guard width > 0, height > 0 else { return .none }
        // Two rows more each way: a colour glyph's image filter may reach a pixel past its edge.
        return BandIndex.pixelRows(y, y + height, margin: 2)
    }
}
