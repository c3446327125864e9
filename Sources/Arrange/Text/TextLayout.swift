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
    }

    public var lines: [Line]
    public var metrics: FontMetrics
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

    /// Whether lines were left out and the last one shown ends in "…".
    public var isTruncated: Bool { lines.count < neededLines }

    /// Lays `string` out in `font` for a proposed width and height (nil: unlimited; 0 or less:
    /// as narrow as a character), keeping at most `lineLimit` lines, adding `tracking` points
    /// after every character, rounding the size up to pixels of `scale`.
    public init(_ string: String, font: Font, measurer: any TextMeasurer, width: CGFloat?, height: CGFloat?,
                lineLimit: Int?, scale: CGFloat, tracking: CGFloat = 0) {
        let metrics = measurer.metrics(of: font)
        let maxWidth: CGFloat = width.map { $0 > 0 ? $0 : 0.001 } ?? .infinity
        let shaper = LineShaper(font: font, measurer: measurer, tracking: tracking.isFinite ? tracking : 0)
        var spans: [Span] = []
        var lines: [Line] = []
        for paragraph in string.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = String(paragraph)
            for span in shaper.breakLines(text, maxWidth: maxWidth) {
                spans.append(span)
                lines.append(shaper.line(span.visible))
            }
        }
        // How many lines fit: the limit, and the proposed height (at least one line).
        var capacity = lines.count
        if let lineLimit { capacity = min(capacity, max(lineLimit, 1)) }
        if let height, height.isFinite, metrics.lineHeight > 0 {
            // A tiny line height gives more lines than any text has: the height then limits nothing.
            let fitting = (height / metrics.lineHeight + 1e-9).rounded(.down)
            if fitting < Double(capacity) { capacity = max(Int(fitting), 1) }
        }
        neededLines = lines.count
        allowedLines = lineLimit.map { min(lines.count, max($0, 1)) } ?? lines.count
        if capacity < lines.count {
            // The last visible line shows as much of the rest of its paragraph as fits, then "…".
            let last = spans[capacity - 1]
            lines = Array(lines.prefix(capacity - 1))
            lines.append(shaper.truncated(last.rest, maxWidth: maxWidth))
        }
        self.lines = lines
        self.metrics = metrics
        missing = shaper.missing(in: lines)
        func up(_ v: CGFloat) -> CGFloat { (v * scale - 1e-9).rounded(.up) / scale }
        size = CGSize(width: up(lines.map(\.width).max() ?? 0), height: up(CGFloat(lines.count) * metrics.lineHeight))
    }

    /// The baseline of the first line, from the top.
    public var firstBaseline: CGFloat { metrics.ascent }
    /// The baseline of the last line, from the top.
    public var lastBaseline: CGFloat { CGFloat(max(lines.count - 1, 0)) * metrics.lineHeight + metrics.ascent }

    /// A line's place in its paragraph.
    struct Span {
        /// What the line draws.
        var visible: String
        /// The whole paragraph (shared, not copied) and where the line starts in it, in UTF-16
        /// units: the rest of the paragraph is only made when a line is truncated.
        var paragraph: String
        var start: Int

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

    /// Glyphs of `text` with tracking added after each cluster.
    func shape(_ text: String) -> ShapedText {
        var shaped = measurer.shape(text, in: font)
        if tracking != 0, !shaped.glyphs.isEmpty {
            for index in shaped.glyphs.indices where index + 1 == shaped.glyphs.count || shaped.glyphs[index + 1].cluster != shaped.glyphs[index].cluster {
                shaped.glyphs[index].advance += tracking
            }
        }
        return shaped
    }

    func fits(_ width: CGFloat, _ maxWidth: CGFloat) -> Bool { width <= maxWidth + max(maxWidth, 1) * 1e-9 }

    /// Greedy line breaking of one paragraph: each line takes the most text up to a break
    /// opportunity that fits; a first word that does not fit alone breaks between graphemes.
    func breakLines(_ paragraph: String, maxWidth: CGFloat) -> [TextLayout.Span] {
        let units = Array(paragraph.utf16)
        let count = units.count
        guard count > 0 else { return [TextLayout.Span(visible: "", paragraph: "", start: 0)] }
        var advances = [CGFloat](repeating: 0, count: count)
        for glyph in shape(paragraph).glyphs where glyph.cluster >= 0 && glyph.cluster < count { advances[glyph.cluster] += glyph.advance }
        var prefix = [CGFloat](repeating: 0, count: count + 1)
        // Advances can be negative (kerning, marks): what they may take back, so a scan can stop
        // once no later break can fit.
        var slack: CGFloat = 0
        for i in 0..<count {
            prefix[i + 1] = prefix[i] + advances[i]
            if advances[i] < 0 { slack -= advances[i] }
        }
        let breaks = LineBreaks.opportunities(units)
        var graphemes: [Int] = []
        var offset = 0
        for character in paragraph {
            offset += character.utf16.count
            graphemes.append(offset)
        }
        func visibleEnd(_ start: Int, _ end: Int) -> Int {
            var end = end
            while end > start, LineBreaks.isSpace(units[end - 1]) { end -= 1 }
            return end
        }
        func width(_ start: Int, _ end: Int) -> CGFloat { prefix[visibleEnd(start, end)] - prefix[start] }

        var spans: [TextLayout.Span] = []
        var start = 0
        var grapheme = 0
        while start < count {
            var best: Int?
            var end = start + 1
            while end <= count {
                let lineWidth = width(start, end)
                if breaks[end] {
                    if fits(lineWidth, maxWidth) { best = end } else { break }
                } else if !fits(lineWidth - slack, maxWidth) {
                    // Past the width with no break yet: no later break fits either. Without this
                    // stop, text without break opportunities was scanned to its end for every
                    // line (a megabyte without spaces took minutes).
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
                while next < graphemes.count, fits(width(start, graphemes[next]), maxWidth) {
                    lineEnd = graphemes[next]
                    next += 1
                }
            }
            let visible = String(decoding: units[start..<visibleEnd(start, lineEnd)], as: UTF16.self)
            spans.append(TextLayout.Span(visible: visible, paragraph: paragraph, start: start))
            start = lineEnd
        }
        return spans
    }

    /// One line's glyphs in visual order, placed from its start.
    func line(_ text: String) -> TextLayout.Line {
        let shaped = shape(text)
        var glyphs = shaped.glyphs
        // Unicode's rule L2: from the highest level down to the lowest odd one, reverse every run
        // of glyphs at that level or above.
        if let highest = glyphs.map(\.level).max(), highest > 0 {
            let lowest = glyphs.map(\.level).min() ?? 0
            let lowestOdd = lowest % 2 == 1 ? lowest : lowest + 1
            var level = highest
            while level >= lowestOdd {
                var index = 0
                while index < glyphs.count {
                    guard glyphs[index].level >= level else {
                        index += 1
                        continue
                    }
                    var end = index
                    while end < glyphs.count, glyphs[end].level >= level { end += 1 }
                    glyphs[index..<end].reverse()
                    index = end
                }
                level -= 1
            }
        }
        var pen: CGFloat = 0
        let placed = glyphs.map { glyph -> TextRun.Glyph in
            defer { pen += glyph.advance }
            return TextRun.Glyph(face: glyph.face, id: glyph.id, x: pen + glyph.offset.x, y: glyph.offset.y, cluster: glyph.cluster,
                                 advance: glyph.advance, level: glyph.level)
        }
        return TextLayout.Line(text: text, width: pen, glyphs: placed)
    }

    /// `text` cut from the end, between grapheme clusters, until it fits with "…" after it.
    func truncated(_ text: String, maxWidth: CGFloat) -> TextLayout.Line {
        let ellipsis = shape("…").width
        var characters = Array(text)
        while characters.last?.isWhitespace == true { characters.removeLast() }
        // Drop characters until the rest fits; shaping once per length keeps kerning honest, and
        // a binary search keeps long lines cheap.
        var low = 0, high = characters.count
        while low < high {
            let middle = (low + high + 1) / 2
            if fits(shape(String(characters.prefix(middle))).width + ellipsis, maxWidth) { low = middle } else { high = middle - 1 }
        }
        var kept = Array(characters.prefix(low))
        while kept.last?.isWhitespace == true { kept.removeLast() }
        return line(String(kept) + "…")
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
