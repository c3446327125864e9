import Foundation

/// Text broken into lines for a proposal (docs/layout-rules.md §2.2): one line per paragraph at
/// the ideal size; offered less width, lines end where browsers would end them (`LineBreaks`),
/// with spaces at the end of a line hanging past its edge; a word wider than the line breaks
/// between grapheme clusters; when the height or the line limit runs out, the last line ends
/// in "…".
public struct TextLayout: Hashable, Sendable {
    /// One laid-out line.
    public struct Line: Hashable, Sendable {
        /// The characters drawn (hanging spaces left out).
        public var text: String
        /// The sum of the glyphs' advances: how wide the line is.
        public var width: CGFloat
        /// The glyphs in visual order, placed from the line's start on its baseline.
        public var glyphs: [TextRun.Glyph]
        /// The hyphen drawn at the end of a line broken at a soft hyphen ("\u{2010}" or "-"),
        /// nil otherwise; `text` keeps the soft hyphen.
        public var hyphen: Character?
        /// A styled text's pieces on this line in visual order, each in its own style; empty for
        /// a text in one style, whose `glyphs` are all in the layout's `font`.
        public var pieces: [Piece] = []
        /// A styled line's height above and below its baseline: the largest of its pieces'
        /// (docs/layout-rules.md §2.2); zero for a text in one style, which uses `metrics`.
        public var ascent: CGFloat = 0
        /// See `ascent`.
        public var descent: CGFloat = 0
    }

    /// A stretch of a styled line in one style.
    public struct Piece: Hashable, Sendable {
        /// Its characters.
        public var text: String
        /// Where it starts, from the line's start.
        public var x: CGFloat
        /// How wide it is: the sum of its glyphs' advances.
        public var width: CGFloat
        /// Its glyphs, placed from its own start on its baseline.
        public var glyphs: [TextRun.Glyph]
        /// The font it is set in.
        public var font: Font
        /// The colour it is drawn in.
        public var color: Color
        /// Its font's vertical metrics, underline and strikeout included.
        public var metrics: FontMetrics
        /// How far its baseline is raised above the line's (negative: lowered), in points.
        public var baselineOffset: CGFloat
        /// The colour of its underline; nil for none.
        public var underline: Color?
        /// The colour of its strikethrough; nil for none.
        public var strikethrough: Color?
    }

    public var lines: [Line]
    /// The font the lines are set in: the one asked for, or a smaller size of it when
    /// `minimumScaleFactor` let the text shrink to fit.
    public var font: Font
    public var metrics: FontMetrics
    /// Extra space between the bottom of one line and the top of the next, in points.
    public var lineSpacing: CGFloat
    /// Width of the widest line and height of all lines, each rounded up to a whole pixel.
    public var size: CGSize
    /// Characters no face could draw (shown as the missing-glyph box).
    public var missing: [Character]
    /// The lines the whole text needs at this width: more than `lines.count` when the height or
    /// the line limit cut it short and its last line ends in "…".
    public var neededLines: Int
    /// The lines of those that `lineLimit` allows: more than `lines.count` when the height, not
    /// the limit, cut the text short.
    public var allowedLines: Int
    /// A styled text's baselines, one per line, from the top (its lines differ in height); empty
    /// for a text in one style.
    public var baselines: [CGFloat] = []

    /// Whether lines were left out and the last one shown ends in "…".
    public var isTruncated: Bool { lines.count < neededLines }

    /// Lays `string` out in `font` for a proposed width and height (nil: unlimited; 0 or less:
    /// as narrow as a character), keeping at most `lineLimit` lines, adding `tracking` points
    /// after every character and `lineSpacing` points between lines, rounding the size up to
    /// pixels of `scale`. Text cut short ends in "…" where `truncationMode` says; with a
    /// `minimumScaleFactor` below 1, text that would be cut short (or overflow the width) is set
    /// in the largest smaller size, down to that fraction, at which it fits.
    public init(_ string: String, font: Font, measurer: any TextMeasurer, width: CGFloat?, height: CGFloat?,
                lineLimit: Int?, scale: CGFloat, tracking: CGFloat = 0, lineSpacing: CGFloat = 0,
                truncationMode: Text.TruncationMode = .tail, minimumScaleFactor: CGFloat = 1, allowsTightening: Bool = false) {
        let spacing = lineSpacing.isFinite ? max(lineSpacing, 0) : 0
        func layout(_ size: CGFloat) -> TextLayout {
            var sized = font
            sized.size = size
            return TextLayout(oneSize: string, font: sized, measurer: measurer, width: width, height: height, lineLimit: lineLimit,
                              scale: scale, tracking: tracking, lineSpacing: spacing, truncationMode: truncationMode,
                              allowsTightening: allowsTightening)
        }
        var result = layout(font.size)
        let factor = minimumScaleFactor.isFinite ? min(max(minimumScaleFactor, 0.01), 1) : 1
        if factor < 1, !result.fits(width) {
            // The largest size that fits, by bisection between the smallest allowed (which may
            // not fit either: then it is used, cut short) and the size asked for.
            let smallest = layout(font.size * factor)
            if smallest.fits(width) {
                var low = factor, high: CGFloat = 1
                for _ in 0..<12 {
                    let middle = (low + high) / 2
                    if layout(font.size * middle).fits(width) { low = middle } else { high = middle }
                }
                result = layout(font.size * low)
            } else {
                result = smallest
            }
        }
        self = result
    }

    /// The paragraphs of `string`, split at line feeds. Most texts are one paragraph: no split,
    /// no copy.
    static func paragraphs(of string: String) -> [String] {
        string.utf8.contains(UInt8(ascii: "\n")) ? string.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) : [string]
    }

    /// Shapes every paragraph of `string` in `font` as laying it out first does, so that the
    /// layout finds the shapes in `measurer`'s cache: work done ahead, on another core.
    static func preshape(_ string: String, font: Font, measurer: any TextMeasurer) {
        let shaper = LineShaper(font: font, measurer: measurer, tracking: 0)
        for paragraph in paragraphs(of: string) where !paragraph.isEmpty {
            _ = shaper.shapeParagraph(paragraph, Array(paragraph.utf16))
        }
    }

    /// Whether nothing is cut short and every line is within `width`.
    func fits(_ width: CGFloat?) -> Bool {
        guard !isTruncated else { return false }
        guard let width, width.isFinite else { return true }
        return (lines.map(\.width).max() ?? 0) <= max(width, 0) + 1e-9
    }

    /// The layout at one font size.
    private init(oneSize string: String, font: Font, measurer: any TextMeasurer, width: CGFloat?, height: CGFloat?, lineLimit: Int?,
                 scale: CGFloat, tracking: CGFloat, lineSpacing: CGFloat, truncationMode: Text.TruncationMode, allowsTightening: Bool) {
        let metrics = measurer.metrics(of: font)
        let maxWidth: CGFloat = width.map { $0 > 0 ? $0 : 0.001 } ?? .infinity
        let shaper = LineShaper(font: font, measurer: measurer, tracking: tracking.isFinite ? tracking : 0)
        var spans: [Span] = []
        var lines: [Line] = []
        for text in Self.paragraphs(of: string) {
            for span in shaper.breakLines(text, maxWidth: maxWidth) {
                spans.append(span)
                lines.append(shaper.line(span))
            }
        }
        // How many lines fit: the limit, and the proposed height (at least one line); n lines
        // take n line heights and n − 1 line spacings.
        var capacity = lines.count
        if let lineLimit { capacity = min(capacity, max(lineLimit, 1)) }
        if let height, height.isFinite, metrics.lineHeight > 0 {
            // A tiny line height gives more lines than any text has: the height then limits nothing.
            let fitting = ((height + lineSpacing) / (metrics.lineHeight + lineSpacing) + 1e-9).rounded(.down)
            if fitting < Double(capacity) { capacity = max(Int(fitting), 1) }
        }
        neededLines = lines.count
        allowedLines = lineLimit.map { min(lines.count, max($0, 1)) } ?? lines.count
        if capacity < lines.count {
            // The last visible line shows as much of the rest of its paragraph as fits, with "…"
            // where the truncation mode puts it; with tightening allowed, the rest of a last
            // paragraph at most 5 % too wide is drawn whole, its characters closer (§2.2).
            let last = spans[capacity - 1]
            let isLastParagraph = !spans[capacity...].contains { $0.start == 0 }
            lines = Array(lines.prefix(capacity - 1))
            if allowsTightening, isLastParagraph, let tight = shaper.tightened(last, maxWidth: maxWidth) {
                lines.append(tight)
                neededLines = lines.count
            } else {
                lines.append(shaper.truncated(last, maxWidth: maxWidth, mode: truncationMode))
            }
        }
        self.lines = lines
        self.font = font
        self.metrics = metrics
        self.lineSpacing = lineSpacing
        missing = shaper.missing(in: lines)
        func up(_ v: CGFloat) -> CGFloat { (v * scale - 1e-9).rounded(.up) / scale }
        let height = CGFloat(lines.count) * metrics.lineHeight + CGFloat(max(lines.count - 1, 0)) * lineSpacing
        size = CGSize(width: up(lines.map(\.width).max() ?? 0), height: up(height))
    }

    /// The baseline of line `index`, from the top.
    public func baseline(ofLine index: Int) -> CGFloat {
        if !baselines.isEmpty { return baselines[min(max(index, 0), baselines.count - 1)] }
        return CGFloat(index) * (metrics.lineHeight + lineSpacing) + metrics.ascent
    }

    /// The baseline of the first line, from the top.
    public var firstBaseline: CGFloat { baselines.first ?? metrics.ascent }
    /// The baseline of the last line, from the top.
    public var lastBaseline: CGFloat { baseline(ofLine: max(lines.count - 1, 0)) }

    /// The hyphen a line broken at a soft hyphen draws.
    struct Hyphen {
        var character: Character
        var glyphs: [ShapedGlyph]
    }

    /// A line's place in its paragraph.
    struct Span {
        /// What the line draws.
        var visible: String
        /// The whole paragraph (shared, not copied) and where the line starts in it, in UTF-16
        /// units: the rest of the paragraph is only made when a line is truncated.
        var paragraph: String
        var start: Int
        /// The paragraph's bidirectional levels, resolved once for all its lines (shared); nil
        /// for a paragraph that is left to right throughout.
        var bidi: Bidi.Paragraph?
        /// The hyphen the line draws at its end when it breaks at a soft hyphen (U+00AD), with
        /// its glyphs: chosen once for the paragraph.
        var hyphen: Hyphen?

        /// The paragraph from the line's start to its end.
        var rest: String {
            let units = paragraph.utf16
            let from = units.index(units.startIndex, offsetBy: min(start, units.count))
            return String(paragraph[from...])
        }
    }
}

/// Shapes and breaks paragraphs for one font.
private struct LineShaper {
    let font: Font
    let measurer: any TextMeasurer
    let tracking: CGFloat

    /// Glyphs of `text` with tracking added after each cluster; `levels` are its bidirectional
    /// levels as resolved for its paragraph (nil: for `text` alone).
    func shape(_ text: String, levels: [UInt8]? = nil) -> ShapedText {
        var shaped = measurer.shape(text, in: font, levels: levels)
        if tracking != 0, !shaped.glyphs.isEmpty {
            for index in shaped.glyphs.indices where index + 1 == shaped.glyphs.count || shaped.glyphs[index + 1].cluster != shaped.glyphs[index].cluster {
                shaped.glyphs[index].advance += tracking
            }
        }
        return shaped
    }

    func fits(_ width: CGFloat, _ maxWidth: CGFloat) -> Bool { width <= maxWidth + max(maxWidth, 1) * 1e-9 }

    /// The hyphen drawn where a line ends at a soft hyphen, as browsers choose it: U+2010 when
    /// the font draws it with its own face, else "-" (Blink's `HyphenString`), with its glyphs.
    func hyphen() -> TextLayout.Hyphen {
        let hyphen = shape("\u{2010}"), minus = shape("-")
        if hyphen.missing.isEmpty, !hyphen.glyphs.isEmpty, hyphen.glyphs.first?.face == minus.glyphs.first?.face {
            return TextLayout.Hyphen(character: "\u{2010}", glyphs: hyphen.glyphs)
        }
        return TextLayout.Hyphen(character: "-", glyphs: minus.glyphs)
    }

    /// Greedy line breaking of one paragraph: each line takes the most text up to a break
    /// opportunity that fits; a first word that does not fit alone breaks between graphemes.
    /// A candidate line is measured as it will be drawn: where a ligature or kerning spans one of
    /// its ends (HarfBuzz's unsafe-to-break), it is shaped again on its own, and a line that
    /// ends at a soft hyphen counts the hyphen it draws.
    /// A whole paragraph (`units`, its UTF-16) shaped before it is broken, with its levels:
    /// resolved for the whole paragraph (UAX #9), so that every line keeps the paragraph's
    /// direction and its neutrals resolve as in the paragraph. Shaping ahead
    /// (`TextLayout.preshape`) asks the same, so the layout finds it cached.
    func shapeParagraph(_ paragraph: String, _ units: [UInt16]) -> (bidi: Bidi.Paragraph?, shaped: ShapedText) {
        let bidi = Bidi.paragraph(units)
        return (bidi, shape(paragraph, levels: bidi?.levels))
    }

    func breakLines(_ paragraph: String, maxWidth: CGFloat) -> [TextLayout.Span] {
        let units = Array(paragraph.utf16)
        let count = units.count
        guard count > 0 else { return [TextLayout.Span(visible: "", paragraph: "", start: 0, bidi: nil, hyphen: nil)] }
        let (bidi, shaped) = shapeParagraph(paragraph, units)
        var advances = [CGFloat](repeating: 0, count: count)
        // Where a line may not end without shaping again: inside a cluster, or before a glyph
        // HarfBuzz marks unsafe to break.
        var clusterStarts = [Bool](repeating: false, count: count + 1), flagged = clusterStarts
        for glyph in shaped.glyphs where glyph.cluster >= 0 && glyph.cluster < count {
            advances[glyph.cluster] += glyph.advance
            clusterStarts[glyph.cluster] = true
            if glyph.unsafeToBreak { flagged[glyph.cluster] = true }
        }
        var prefix = [CGFloat](repeating: 0, count: count + 1)
        // Advances can be negative (kerning, marks): what they may take back, so a scan can stop
        // once no later break can fit.
        var slack: CGFloat = 0
        // `trimmed[i]`: where the line ending at `i` ends once its hanging spaces are left out.
        var trimmed = [Int](repeating: 0, count: count + 1)
        for i in 0..<count {
            prefix[i + 1] = prefix[i] + advances[i]
            if advances[i] < 0 { slack -= advances[i] }
            trimmed[i + 1] = LineBreaks.isSpace(units[i]) ? trimmed[i] : i + 1
        }
        // How far shaping a line on its own can move its width from the paragraph's sums: one
        // glyph at each end. Only candidates within this of the edge are shaped again.
        let reshapeBand = 2 * (font.size + abs(tracking))
        let hyphen = units.contains(0xAD) ? self.hyphen() : nil
        let hyphenWidth = hyphen?.glyphs.reduce(0) { $0 + $1.advance } ?? 0
        let breaks = LineBreaks.opportunities(units)
        // Where a word too wide for the line may break: between grapheme clusters, but never
        // just before a soft hyphen, which goes with the character before it (Chromium breaks
        // "Super\u{AD}cali" at 50 pt as "Supe" / "r\u{AD}" + hyphen, not "Super" / "\u{AD}cali").
        var graphemes: [Int] = []
        var offset = 0
        for character in paragraph {
            offset += character.utf16.count
            if offset < count, units[offset] == 0xAD { continue }
            graphemes.append(offset)
        }
        func visibleEnd(_ start: Int, _ end: Int) -> Int { max(start, trimmed[end]) }
        /// A line from `start` ending at `end` (not the paragraph's end) draws a hyphen when its
        /// last character before the hanging spaces is a soft hyphen, as Chromium draws it.
        func hyphenated(_ start: Int, _ end: Int) -> Bool {
            let last = visibleEnd(start, end)
            return last > start && end < count && units[last - 1] == 0xAD
        }
        /// Whether a line may not start or end at `i` without shaping again.
        func unsafe(_ i: Int) -> Bool { i > 0 && i < count && (!clusterStarts[i] || flagged[i]) }
        /// The width of the line from `start` to `end` as drawn.
        func width(_ start: Int, _ end: Int) -> CGFloat {
            let last = visibleEnd(start, end)
            var width = prefix[last] - prefix[start]
            let hyphen = hyphenated(start, end) ? hyphenWidth : 0
            if last > start, unsafe(start) || unsafe(last), abs(width + hyphen - maxWidth) <= reshapeBand {
                width = shape(String(decoding: units[start..<last], as: UTF16.self), levels: bidi.map { Array($0.levels[start..<last]) }).width
            }
            return width + hyphen
        }

        var spans: [TextLayout.Span] = []
        var start = 0
        var grapheme = 0
        while start < count {
            var best: Int?
            var end = start + 1
            while end <= count {
                if breaks[end] {
                    if fits(width(start, end), maxWidth) {
                        best = end
                    } else if !hyphenated(start, end) {
                        break
                    }
                    // A hyphenated break that does not fit may be followed by one that does:
                    // the hyphen can be wider than what comes after the soft hyphen.
                }
                if !fits(prefix[visibleEnd(start, end)] - prefix[start] - slack - reshapeBand, maxWidth) {
                    // Past the width, even without a hyphen: no later break fits either.
                    // Without this stop, text without break opportunities was scanned to its
                    // end for every line (a megabyte without spaces took minutes).
                    break
                }
                end += 1
            }
            var lineEnd: Int
            if let best {
                lineEnd = best
            } else {
                // The first word is wider than the line: as many graphemes as fit, at least one.
                while grapheme < graphemes.count, graphemes[grapheme] <= start { grapheme += 1 }
                lineEnd = graphemes[min(grapheme, graphemes.count - 1)]
                var next = grapheme + 1
                while next < graphemes.count {
                    if fits(width(start, graphemes[next]), maxWidth) {
                        lineEnd = graphemes[next]
                    } else if !hyphenated(start, graphemes[next]) {
                        break
                    }
                    next += 1
                }
                // Spaces after the break hang at the end of this line, as after any other break;
                // they never make a line of their own.
                while lineEnd < count, LineBreaks.isSpace(units[lineEnd]) { lineEnd += 1 }
            }
            let shown = start ..< visibleEnd(start, lineEnd)
            // A line that is the whole paragraph, as most labels are, is its text already.
            let visible = shown == 0 ..< count ? paragraph : String(decoding: units[shown], as: UTF16.self)
            spans.append(TextLayout.Span(visible: visible, paragraph: paragraph, start: start, bidi: bidi,
                                         hyphen: hyphenated(start, lineEnd) ? hyphen : nil))
            start = lineEnd
        }
        return spans
    }

    /// The levels of `length` units of a span's paragraph from `offset` on; nil for a paragraph
    /// that is left to right throughout.
    func levels(of span: TextLayout.Span, from offset: Int, length: Int) -> [UInt8]? {
        guard let bidi = span.bidi, offset >= 0, offset + length <= bidi.levels.count else { return nil }
        return Array(bidi.levels[offset..<(offset + length)])
    }

    /// One line's glyphs in visual order, placed from its start, with the hyphen of a
    /// soft-hyphen break at its logical end.
    func line(_ span: TextLayout.Span) -> TextLayout.Line {
        let length = span.visible.utf16.count
        let levels = levels(of: span, from: span.start, length: length)
        var glyphs = shape(span.visible, levels: levels).glyphs
        if let hyphen = span.hyphen {
            // The hyphen goes with the character before the soft hyphen: its level, and in a
            // right-to-left run it lands on the run's left.
            let cluster = max(length - 1, 0)
            let level = length >= 2 ? levels?[length - 2] ?? 0 : span.bidi?.level ?? 0
            glyphs += hyphen.glyphs.map { glyph in
                var glyph = glyph
                glyph.cluster = cluster
                glyph.level = level
                return glyph
            }
            return place(glyphs, text: span.visible, hyphen: hyphen.character)
        }
        return place(glyphs, text: span.visible, hyphen: nil)
    }

    /// Glyphs in reading order put in visual order and placed from the line's start.
    func place(_ shaped: [ShapedGlyph], text: String, hyphen: Character?) -> TextLayout.Line {
        var glyphs = shaped
        Bidi.reorder(&glyphs, level: \.level)
        var pen: CGFloat = 0
        let placed = glyphs.map { glyph -> TextRun.Glyph in
            defer { pen += glyph.advance }
            return TextRun.Glyph(face: glyph.face, id: glyph.id, x: pen + glyph.offset.x, y: glyph.offset.y, cluster: glyph.cluster,
                                 advance: glyph.advance, level: glyph.level)
        }
        return TextLayout.Line(text: text, width: pen, glyphs: placed, hyphen: hyphen)
    }

    /// The rest of a span's paragraph cut, between grapheme clusters, until it fits with "…":
    /// at its end (`tail`), its start (`head`) or its middle (`middle`).
    func truncated(_ span: TextLayout.Span, maxWidth: CGFloat, mode: Text.TruncationMode) -> TextLayout.Line {
        let ellipsis = shape("…").width
        var characters = Array(span.rest)
        while characters.last?.isWhitespace == true { characters.removeLast() }
        /// The line keeping `count` characters: the first ones, the last ones, or half of each.
        func kept(_ count: Int) -> (text: String, levels: [UInt8]?) {
            switch mode {
            case .tail:
                var kept = characters.prefix(count)
                while kept.last?.isWhitespace == true { kept.removeLast() }
                let text = String(kept)
                // The paragraph's own levels, so the line keeps its direction; "…" at its level.
                let levels = levels(of: span, from: span.start, length: text.utf16.count).map { $0 + [span.bidi?.level ?? 0] }
                return (text + "…", levels)
            case .head:
                var kept = characters.suffix(count)
                while kept.first?.isWhitespace == true { kept.removeFirst() }
                return ("…" + String(kept), nil)
            case .middle:
                var start = characters.prefix((count + 1) / 2), end = characters.suffix(count / 2)
                while start.last?.isWhitespace == true { start.removeLast() }
                while end.first?.isWhitespace == true { end.removeFirst() }
                return (String(start) + "…" + String(end), nil)
            }
        }
        /// The width a count is judged by: at the tail, the kept text and "…" each as shaped
        /// alone; elsewhere the whole line.
        func width(_ count: Int) -> CGFloat {
            guard mode == .tail else {
                let candidate = kept(count)
                return shape(candidate.text, levels: candidate.levels).width
            }
            let text = String(characters.prefix(count))
            return shape(text, levels: levels(of: span, from: span.start, length: text.utf16.count)).width + ellipsis
        }
        // Keep as many characters as fit; shaping once per count keeps kerning honest, and a
        // binary search keeps long lines cheap.
        var low = 0, high = characters.count
        while low < high {
            let middle = (low + high + 1) / 2
            if fits(width(middle), maxWidth) { low = middle } else { high = middle - 1 }
        }
        let shown = kept(low)
        return place(shape(shown.text, levels: shown.levels).glyphs, text: shown.text, hyphen: nil)
    }

    /// The rest of a span's paragraph on one line, its characters drawn closer so that it fits,
    /// when it is at most 5 % wider than the line (AppKit's default tightening factor for
    /// truncation, 0.05); nil when it fits already or is wider still. The excess is taken evenly
    /// from the advance after every cluster, as tracking would.
    func tightened(_ span: TextLayout.Span, maxWidth: CGFloat) -> TextLayout.Line? {
        guard maxWidth.isFinite, maxWidth > 0 else { return nil }
        var characters = Substring(span.rest)
        while characters.last?.isWhitespace == true { characters.removeLast() }
        let text = String(characters)
        var shaped = shape(text, levels: levels(of: span, from: span.start, length: text.utf16.count))
        let width = shaped.width
        guard width > maxWidth, width <= maxWidth * 1.05 else { return nil }
        let ends = shaped.glyphs.indices.filter { $0 + 1 == shaped.glyphs.count || shaped.glyphs[$0 + 1].cluster != shaped.glyphs[$0].cluster }
        guard !ends.isEmpty else { return nil }
        let squeeze = (width - maxWidth) / CGFloat(ends.count)
        for index in ends { shaped.glyphs[index].advance -= squeeze }
        return place(shaped.glyphs, text: text, hyphen: nil)
    }

    /// The characters of the drawn lines that no face has.
    func missing(in lines: [TextLayout.Line]) -> [Character] {
        var seen = Set<Character>()
        var result: [Character] = []
        for line in lines {
            for character in measurer.shape(line.text, in: font).missing where seen.insert(character).inserted {
                result.append(character)
            }
        }
        return result
    }
}
