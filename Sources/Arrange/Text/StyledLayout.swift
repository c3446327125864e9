import Foundation

extension TextLayout {
    /// Lays out a text whose pieces have styles of their own (docs/layout-rules.md §2.2): the
    /// joined string breaks where it would break in one style, each piece measured in its own
    /// font and tracking; a line is as tall as its tallest piece (the largest ascent, raised by
    /// its baseline offset, over the largest descent); the last line cut short ends in "…" in
    /// the style of the character before it. With a `minimumScaleFactor` below 1, every piece
    /// shrinks by the same fraction.
    init(styled string: String, runs: [StyledRun], measurer: any TextMeasurer, width: CGFloat?, height: CGFloat?,
         options: TextOptions, scale: CGFloat) {
        let spacing = options.lineSpacing.isFinite ? max(options.lineSpacing, 0) : 0
        func layout(_ factor: CGFloat) -> TextLayout {
            let sized = factor == 1 ? runs : runs.map { run in
                var run = run
                run.font.size *= factor
                return run
            }
            return TextLayout(styledOneSize: string, runs: sized, measurer: measurer, width: width, height: height,
                              lineLimit: options.lineLimit, scale: scale, lineSpacing: spacing, truncationMode: options.truncationMode,
                              allowsTightening: options.allowsTightening)
        }
        var result = layout(1)
        let factor = options.minimumScaleFactor.isFinite ? min(max(options.minimumScaleFactor, 0.01), 1) : 1
        if factor < 1, !result.fits(width) {
            let smallest = layout(factor)
            if smallest.fits(width) {
                var low = factor, high: CGFloat = 1
                for _ in 0..<12 {
                    let middle = (low + high) / 2
                    if layout(middle).fits(width) { low = middle } else { high = middle }
                }
                result = layout(low)
            } else {
                result = smallest
            }
        }
        self = result
    }

    private init(styledOneSize string: String, runs: [StyledRun], measurer: any TextMeasurer, width: CGFloat?, height: CGFloat?,
                 lineLimit: Int?, scale: CGFloat, lineSpacing: CGFloat, truncationMode: Text.TruncationMode, allowsTightening: Bool) {
        let setter = StyledLineSetter(runs: runs, measurer: measurer, units: Array(string.utf16))
        let maxWidth: CGFloat = width.map { $0 > 0 ? $0 : 0.001 } ?? .infinity
        var spans: [(start: Int, end: Int, paragraphEnd: Int)] = []
        var lines: [Line] = []
        var paragraphStart = 0
        let units = setter.units
        while paragraphStart <= units.count {
            var paragraphEnd = paragraphStart
            while paragraphEnd < units.count, units[paragraphEnd] != 0x0A { paragraphEnd += 1 }
            for (start, end) in setter.breakLines(paragraphStart..<paragraphEnd, maxWidth: maxWidth) {
                spans.append((start, end, paragraphEnd))
                lines.append(setter.line([start..<end]))
            }
            paragraphStart = paragraphEnd + 1
        }
        func lineHeight(of line: Line) -> CGFloat { line.ascent + line.descent }
        var capacity = lines.count
        if let lineLimit { capacity = min(capacity, max(lineLimit, 1)) }
        if let height, height.isFinite {
            // As many whole lines as the height holds, at least one.
            var used: CGFloat = 0, fitting = 0
            for (index, line) in lines.enumerated() {
                used += lineHeight(of: line) + (index > 0 ? lineSpacing : 0)
                if used > height + 1e-9 { break }
                fitting += 1
            }
            capacity = min(capacity, max(fitting, 1))
        }
        neededLines = lines.count
        allowedLines = lineLimit.map { min(lines.count, max($0, 1)) } ?? lines.count
        if capacity < lines.count {
            let last = spans[capacity - 1]
            lines = Array(lines.prefix(capacity - 1))
            // With tightening allowed, the rest of the last paragraph at most 5 % too wide is
            // drawn whole, its characters closer (§2.2).
            if allowsTightening, last.paragraphEnd == units.count, let tight = setter.tightened(last.start..<last.paragraphEnd, maxWidth: maxWidth) {
                lines.append(tight)
                neededLines = lines.count
            } else {
                lines.append(setter.truncated(last.start..<last.paragraphEnd, maxWidth: maxWidth, mode: truncationMode))
            }
        }
        self.lines = lines
        let first = runs.first.map { measurer.metrics(of: $0.font) } ?? FontMetrics(ascent: 0, descent: 0, leading: 0, capHeight: 0)
        font = runs.first?.font ?? .body
        metrics = first
        self.lineSpacing = lineSpacing
        var seen = Set<Character>()
        missing = []
        for run in runs {
            let text = String(decoding: units[run.range.clamped(to: 0..<units.count)], as: UTF16.self)
            for character in measurer.shape(text, in: run.font).missing where seen.insert(character).inserted { missing.append(character) }
        }
        var top: CGFloat = 0
        baselines = lines.map { line in
            defer { top += line.ascent + line.descent + lineSpacing }
            return top + line.ascent
        }
        func up(_ v: CGFloat) -> CGFloat { (v * scale - 1e-9).rounded(.up) / scale }
        let total = lines.reduce(0) { $0 + lineHeight(of: $1) } + CGFloat(max(lines.count - 1, 0)) * lineSpacing
        size = CGSize(width: up(lines.map(\.width).max() ?? 0), height: up(total))
    }
}

/// Measures, breaks and sets the lines of a styled text: each stretch of a paragraph in one
/// style is shaped in its own font, so a line may break inside or between pieces exactly where
/// the joined string offers a break.
private struct StyledLineSetter {
    let runs: [StyledRun]
    let measurer: any TextMeasurer
    let units: [UInt16]
    /// The run each UTF-16 unit belongs to.
    let styleOf: [Int]
    let metrics: [FontMetrics]

    init(runs: [StyledRun], measurer: any TextMeasurer, units: [UInt16]) {
        self.runs = runs
        self.measurer = measurer
        self.units = units
        var styleOf = [Int](repeating: 0, count: units.count)
        for (index, run) in runs.enumerated() {
            for unit in run.range.clamped(to: 0..<units.count) { styleOf[unit] = index }
        }
        self.styleOf = styleOf
        metrics = runs.map { measurer.metrics(of: $0.font) }
    }

    func fits(_ width: CGFloat, _ maxWidth: CGFloat) -> Bool { width <= maxWidth + max(maxWidth, 1) * 1e-9 }

    /// The stretches of `range` in one style each.
    func stretches(_ range: Range<Int>) -> [(range: Range<Int>, style: Int)] {
        var result: [(Range<Int>, Int)] = []
        var start = range.lowerBound
        while start < range.upperBound {
            var end = start + 1
            while end < range.upperBound, styleOf[end] == styleOf[start] { end += 1 }
            result.append((start..<end, styleOf[start]))
            start = end
        }
        return result
    }

    /// The glyphs of `range` (one style) in reading order, tracking added after each cluster,
    /// clusters counted from `range`'s start.
    func shape(_ range: Range<Int>, style: Int, levels: [UInt8]?) -> [ShapedGlyph] {
        let run = runs[style]
        let text = String(decoding: units[range], as: UTF16.self)
        var glyphs = measurer.shape(text, in: run.font, levels: levels).glyphs
        if run.tracking != 0 {
            for index in glyphs.indices where index + 1 == glyphs.count || glyphs[index + 1].cluster != glyphs[index].cluster {
                glyphs[index].advance += run.tracking
            }
        }
        return glyphs
    }

    /// Greedy line breaking of one paragraph, as for one style (TextLayout's `LineShaper`): each
    /// line takes the most text up to a break that fits, spaces at its end hanging; a word wider
    /// than the line breaks between grapheme clusters. Returns each line's range, hanging spaces
    /// included.
    func breakLines(_ paragraph: Range<Int>, maxWidth: CGFloat) -> [(Int, Int)] {
        let base = paragraph.lowerBound
        let local = Array(units[paragraph])
        let count = local.count
        guard count > 0 else { return [(base, base)] }
        let bidi = Bidi.paragraph(local)
        var advances = [CGFloat](repeating: 0, count: count)
        for stretch in stretches(paragraph) {
            let levels = bidi.map { Array($0.levels[(stretch.range.lowerBound - base)..<(stretch.range.upperBound - base)]) }
            for glyph in shape(stretch.range, style: stretch.style, levels: levels) {
                let unit = stretch.range.lowerBound - base + glyph.cluster
                if unit >= 0, unit < count { advances[unit] += glyph.advance }
            }
        }
        var prefix = [CGFloat](repeating: 0, count: count + 1)
        var trimmed = [Int](repeating: 0, count: count + 1)
        var slack: CGFloat = 0
        for i in 0..<count {
            prefix[i + 1] = prefix[i] + advances[i]
            if advances[i] < 0 { slack -= advances[i] }
            trimmed[i + 1] = LineBreaks.isSpace(local[i]) ? trimmed[i] : i + 1
        }
        let breaks = LineBreaks.opportunities(local)
        var graphemes: [Int] = []
        var offset = 0
        for character in String(decoding: local, as: UTF16.self) {
            offset += character.utf16.count
            graphemes.append(offset)
        }
        func width(_ start: Int, _ end: Int) -> CGFloat { prefix[max(start, trimmed[end])] - prefix[start] }
        var lines: [(Int, Int)] = []
        var start = 0, grapheme = 0
        while start < count {
            var best: Int?
            var end = start + 1
            while end <= count {
                if breaks[end] {
                    if fits(width(start, end), maxWidth) { best = end } else { break }
                }
                // Past the width with what negative advances may take back: no later break fits.
                if !fits(width(start, end) - slack, maxWidth) { break }
                end += 1
            }
            var lineEnd: Int
            if let best {
                lineEnd = best
            } else {
                while grapheme < graphemes.count, graphemes[grapheme] <= start { grapheme += 1 }
                lineEnd = graphemes[min(grapheme, graphemes.count - 1)]
                var next = grapheme + 1
                while next < graphemes.count, fits(width(start, graphemes[next]), maxWidth) {
                    lineEnd = graphemes[next]
                    next += 1
                }
                while lineEnd < count, LineBreaks.isSpace(local[lineEnd]) { lineEnd += 1 }
            }
            lines.append((base + start, base + max(start, trimmed[lineEnd])))
            start = lineEnd
        }
        return lines
    }

    /// A glyph of a line being set, with the piece of the line it belongs to.
    private struct Placed {
        var glyph: ShapedGlyph
        var piece: Int
    }

    /// One line made of `parts` of the text (in reading order; an extra part may stand for the
    /// "…" of a cut line, with `extra` giving its text and style), its pieces in visual order.
    func line(_ parts: [Range<Int>], extra: (text: String, style: Int, after: Int)? = nil, squeeze: CGFloat = 0) -> TextLayout.Line {
        var sources: [(text: String, style: Int)] = []
        for part in parts {
            for stretch in stretches(part) {
                sources.append((String(decoding: units[stretch.range], as: UTF16.self), stretch.style))
            }
        }
        if let extra { sources.insert((extra.text, extra.style), at: min(extra.after, sources.count)) }
        // Levels for the line as a paragraph of its own: a line keeps its direction.
        let allUnits = sources.flatMap { Array($0.text.utf16) }
        let levels = Bidi.paragraph(allUnits)?.levels
        var placed: [Placed] = []
        var lineText = ""
        var offset = 0
        for (index, source) in sources.enumerated() {
            let length = source.text.utf16.count
            let run = runs[source.style]
            var glyphs = measurer.shape(source.text, in: run.font, levels: levels.map { Array($0[offset..<(offset + length)]) }).glyphs
            if run.tracking - squeeze != 0 {
                for i in glyphs.indices where i + 1 == glyphs.count || glyphs[i + 1].cluster != glyphs[i].cluster {
                    glyphs[i].advance += run.tracking - squeeze
                }
            }
            placed += glyphs.map { glyph in
                var glyph = glyph
                glyph.cluster += offset
                return Placed(glyph: glyph, piece: index)
            }
            lineText += source.text
            offset += length
        }
        Bidi.reorder(&placed) { $0.glyph.level }
        // Visual pieces: consecutive glyphs of one source.
        var pieces: [TextLayout.Piece] = []
        var all: [TextRun.Glyph] = []
        var pen: CGFloat = 0
        var index = 0
        let lineUnits = Array(lineText.utf16)
        var sourceStarts: [Int] = []
        var position = 0
        for source in sources {
            sourceStarts.append(position)
            position += source.text.utf16.count
        }
        let clusterStarts = Set(placed.map(\.glyph.cluster)).sorted()
        while index < placed.count {
            var end = index + 1
            while end < placed.count, placed[end].piece == placed[index].piece { end += 1 }
            let source = placed[index].piece
            let run = runs[sources[source].style]
            let pieceStart = pen
            var glyphs: [TextRun.Glyph] = []
            for item in placed[index..<end] {
                let g = item.glyph
                all.append(TextRun.Glyph(face: g.face, id: g.id, x: pen + g.offset.x, y: g.offset.y - run.baselineOffset, cluster: g.cluster,
                                         advance: g.advance, level: g.level))
                glyphs.append(TextRun.Glyph(face: g.face, id: g.id, x: pen - pieceStart + g.offset.x, y: g.offset.y, cluster: g.cluster,
                                            advance: g.advance, level: g.level))
                pen += g.advance
            }
            // The piece's characters: from its first cluster to the next cluster of the line
            // after its last (a piece split by bidi keeps whole clusters).
            let low = glyphs.map(\.cluster).min() ?? 0, high = glyphs.map(\.cluster).max() ?? 0
            let sourceEnd = sourceStarts[source] + sources[source].text.utf16.count
            // The first cluster start after `high` (binary search: a line may hold many pieces).
            var lowIndex = 0, highIndex = clusterStarts.count
            while lowIndex < highIndex {
                let middle = (lowIndex + highIndex) / 2
                if clusterStarts[middle] > high { highIndex = middle } else { lowIndex = middle + 1 }
            }
            let next = lowIndex < clusterStarts.count ? clusterStarts[lowIndex] : sourceEnd
            let upper = min(min(next, sourceEnd), lineUnits.count)
            let text = low < upper ? String(decoding: lineUnits[low..<upper], as: UTF16.self) : ""
            for i in glyphs.indices { glyphs[i].cluster -= low }
            pieces.append(TextLayout.Piece(text: text, x: pieceStart, width: pen - pieceStart, glyphs: glyphs, font: run.font, color: run.color,
                                           metrics: metrics[sources[source].style], baselineOffset: run.baselineOffset,
                                           underline: run.underline, strikethrough: run.strikethrough))
            index = end
        }
        // The line box: the largest ascent and descent of the styles on it, each moved by its
        // baseline offset; an empty line has the height of the style it is in.
        var styles = Set(sources.map(\.style))
        if styles.isEmpty, let first = parts.first { styles.insert(styleOf.isEmpty ? 0 : styleOf[min(first.lowerBound, styleOf.count - 1)]) }
        if styles.isEmpty { styles.insert(0) }
        var ascent: CGFloat = 0, descent: CGFloat = 0
        for style in styles where style < runs.count {
            ascent = max(ascent, metrics[style].ascent + runs[style].baselineOffset)
            // The font's line gap goes below, as in a text in one style.
            descent = max(descent, metrics[style].descent + metrics[style].leading - runs[style].baselineOffset)
        }
        return TextLayout.Line(text: lineText, width: pen, glyphs: all, hyphen: nil, pieces: pieces, ascent: ascent, descent: descent)
    }

    /// The rest of a paragraph on one line, its characters closer by the same amount after every
    /// cluster so that it fits, when it is at most 5 % wider than the line; nil otherwise.
    func tightened(_ rest: Range<Int>, maxWidth: CGFloat) -> TextLayout.Line? {
        guard maxWidth.isFinite, maxWidth > 0 else { return nil }
        var end = rest.upperBound
        while end > rest.lowerBound, LineBreaks.isSpace(units[end - 1]) { end -= 1 }
        let whole = line([rest.lowerBound..<end])
        guard whole.width > maxWidth, whole.width <= maxWidth * 1.05 else { return nil }
        let clusters = whole.glyphs.indices.filter { $0 + 1 == whole.glyphs.count || whole.glyphs[$0 + 1].cluster != whole.glyphs[$0].cluster }.count
        guard clusters > 0 else { return nil }
        return line([rest.lowerBound..<end], squeeze: (whole.width - maxWidth) / CGFloat(clusters))
    }

    /// The rest of a paragraph cut, between grapheme clusters, until it fits with "…" in the
    /// style of the character beside it: at its end (`tail`), start (`head`) or middle.
    func truncated(_ rest: Range<Int>, maxWidth: CGFloat, mode: Text.TruncationMode) -> TextLayout.Line {
        var bounds: [Int] = [rest.lowerBound]
        var offset = rest.lowerBound
        for character in String(decoding: units[rest], as: UTF16.self) {
            offset += character.utf16.count
            bounds.append(offset)
        }
        func isSpace(_ i: Int) -> Bool { i >= 0 && i < units.count && LineBreaks.isSpace(units[i]) }
        var end = rest.upperBound
        while end > rest.lowerBound, isSpace(end - 1) { end -= 1 }
        let graphemes = bounds.filter { $0 <= end }.count - 1
        func candidate(_ kept: Int) -> TextLayout.Line {
            let style = { (unit: Int) in styleOf.isEmpty ? 0 : styleOf[min(max(unit, 0), styleOf.count - 1)] }
            switch mode {
            case .tail:
                var last = bounds[kept]
                while last > rest.lowerBound, isSpace(last - 1) { last -= 1 }
                return line([rest.lowerBound..<last], extra: ("…", style(last - 1), Int.max))
            case .head:
                var first = bounds[graphemes - kept]
                while first < end, isSpace(first) { first += 1 }
                return line([first..<end], extra: ("…", style(first), 0))
            case .middle:
                var headEnd = bounds[(kept + 1) / 2], tailStart = bounds[graphemes - kept / 2]
                while headEnd > rest.lowerBound, isSpace(headEnd - 1) { headEnd -= 1 }
                while tailStart < end, isSpace(tailStart) { tailStart += 1 }
                let head = rest.lowerBound..<headEnd
                return line([head, tailStart..<max(tailStart, end)], extra: ("…", style(headEnd - 1), stretches(head).count))
            }
        }
        var low = 0, high = graphemes
        while low < high {
            let middle = (low + high + 1) / 2
            if fits(candidate(middle).width, maxWidth) { low = middle } else { high = middle - 1 }
        }
        return candidate(low)
    }
}
