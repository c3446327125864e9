import Foundation

/// Text broken into lines for a proposal (layout-rules §2.2): one line per paragraph at the
/// ideal size; words wrap at a narrower width; a word wider than the width alone breaks between
/// characters; when the height or the line limit runs out, the last line ends in "…".
public struct TextLayout: Hashable, Sendable {
    /// One laid-out line.
    public struct Line: Hashable, Sendable {
        /// The characters drawn.
        public var text: String
        /// The sum of their advances.
        public var width: CGFloat
        /// What separated this line from the next in the source: a space, or nothing where a
        /// word was broken.
        var separator = " "
    }

    public var lines: [Line]
    public var metrics: FontMetrics
    /// Width of the widest line and height of all lines, each rounded up to a whole pixel.
    public var size: CGSize

    /// Lays `string` out in `font` for a proposed width and height (nil: unlimited; 0 or less:
    /// as narrow as a character), keeping at most `lineLimit` lines, rounding the size up to
    /// pixels of `scale`.
    public init(_ string: String, font: Font, measurer: any TextMeasurer, width: CGFloat?, height: CGFloat?,
                lineLimit: Int?, scale: CGFloat) {
        let metrics = measurer.metrics(of: font)
        let maxWidth: CGFloat = width.map { $0 > 0 ? $0 : 0.001 } ?? .infinity
        var lines: [Line] = []
        for paragraph in string.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += Self.wrap(paragraph, font: font, measurer: measurer, maxWidth: maxWidth)
        }
        // How many lines fit: the limit, and the proposed height (at least one line).
        var capacity = lines.count
        if let lineLimit { capacity = min(capacity, max(lineLimit, 1)) }
        if let height, height.isFinite, metrics.lineHeight > 0 {
            capacity = min(capacity, max(Int((height / metrics.lineHeight + 1e-9).rounded(.down)), 1))
        }
        if capacity < lines.count {
            // The last visible line shows as much of the rest as fits, then "…".
            let rest = lines[(capacity - 1)...].map { $0.text + $0.separator }.joined()
            lines = Array(lines.prefix(capacity - 1))
            lines.append(Self.truncated(rest, font: font, measurer: measurer, maxWidth: maxWidth))
        }
        self.lines = lines
        self.metrics = metrics
        func up(_ v: CGFloat) -> CGFloat { (v * scale - 1e-9).rounded(.up) / scale }
        size = CGSize(width: up(lines.map(\.width).max() ?? 0), height: up(CGFloat(lines.count) * metrics.lineHeight))
    }

    /// The baseline of the first line, from the top.
    public var firstBaseline: CGFloat { metrics.ascent }
    /// The baseline of the last line, from the top.
    public var lastBaseline: CGFloat { CGFloat(max(lines.count - 1, 0)) * metrics.lineHeight + metrics.ascent }

    /// Greedy word wrap of one paragraph.
    private static func wrap(_ paragraph: Substring, font: Font, measurer: any TextMeasurer, maxWidth: CGFloat) -> [Line] {
        let space = measurer.advance(of: " ", in: font)
        let words = paragraph.split(separator: " ", omittingEmptySubsequences: false)
        var lines: [Line] = []
        var current: Line?
        func fits(_ width: CGFloat) -> Bool { width <= maxWidth + max(maxWidth, 1) * 1e-9 }
        for word in words {
            let width = measurer.width(of: word, in: font)
            if var line = current {
                if fits(line.width + space + width) {
                    line.text += " " + word
                    line.width += space + width
                    current = line
                    continue
                }
                lines.append(line)
                current = nil
            }
            if fits(width) || word.isEmpty {
                current = Line(text: String(word), width: width)
                continue
            }
            // A word wider than the line on its own breaks between characters.
            var piece = Line(text: "", width: 0)
            for character in word {
                let advance = measurer.advance(of: character, in: font)
                if !piece.text.isEmpty, !fits(piece.width + advance) {
                    piece.separator = ""
                    lines.append(piece)
                    piece = Line(text: "", width: 0)
                }
                piece.text.append(character)
                piece.width += advance
            }
            current = piece
        }
        if let current { lines.append(current) }
        return lines.isEmpty ? [Line(text: "", width: 0)] : lines
    }

    /// `text` cut from the end until it fits with "…" after it.
    private static func truncated(_ text: String, font: Font, measurer: any TextMeasurer, maxWidth: CGFloat) -> Line {
        let ellipsis = measurer.advance(of: "…", in: font)
        var characters = Array(text)
        while characters.last == " " { characters.removeLast() }
        var width = measurer.width(of: String(characters), in: font)
        while !characters.isEmpty, width + ellipsis > maxWidth + max(maxWidth, 1) * 1e-9 {
            width -= measurer.advance(of: characters.removeLast(), in: font)
        }
        while characters.last == " " {
            width -= measurer.advance(of: characters.removeLast(), in: font)
        }
        return Line(text: String(characters) + "…", width: max(width, 0) + ellipsis)
    }
}
