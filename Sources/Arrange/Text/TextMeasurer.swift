import Foundation

/// Vertical metrics of a font at a size, in points.
public struct FontMetrics: Hashable, Sendable {
    /// From the baseline up to the top of the line.
    public var ascent: CGFloat
    /// From the baseline down to the bottom of the line (positive).
    public var descent: CGFloat
    /// Extra space the font asks for between lines.
    public var leading: CGFloat
    /// The height of capital letters above the baseline.
    public var capHeight: CGFloat
    /// The top of the underline, up from the baseline (negative: below it): the font's `post`
    /// table's underlinePosition.
    public var underlinePosition: CGFloat
    /// The underline's thickness: `post.underlineThickness`.
    public var underlineThickness: CGFloat
    /// The top of the strikeout line, up from the baseline: `OS/2.yStrikeoutPosition`.
    public var strikeoutPosition: CGFloat
    /// The strikeout line's thickness: `OS/2.yStrikeoutSize`.
    public var strikeoutThickness: CGFloat

    /// Metrics with the lines' places given, or, where not (0 thickness), in DejaVu Sans'
    /// proportions of the ascent (underline top at −40/1901 of it, 90/1901 thick; strikeout top
    /// at 530/1901, 102/1901 thick), so a measurer without a font still draws lines.
    public init(ascent: CGFloat, descent: CGFloat, leading: CGFloat, capHeight: CGFloat,
                underlinePosition: CGFloat = 0, underlineThickness: CGFloat = 0,
                strikeoutPosition: CGFloat = 0, strikeoutThickness: CGFloat = 0) {
        self.ascent = ascent
        self.descent = descent
        self.leading = leading
        self.capHeight = capHeight
        let unit = ascent / 1901
        self.underlinePosition = underlineThickness > 0 ? underlinePosition : -40 * unit
        self.underlineThickness = underlineThickness > 0 ? underlineThickness : 90 * unit
        self.strikeoutPosition = strikeoutThickness > 0 ? strikeoutPosition : 530 * unit
        self.strikeoutThickness = strikeoutThickness > 0 ? strikeoutThickness : 102 * unit
    }

    /// The distance from one baseline to the next.
    public var lineHeight: CGFloat { ascent + descent + leading }
}

/// One glyph of shaped text.
public struct ShapedGlyph: Hashable, Sendable {
    /// The face it is drawn from; nil only for a measurer that draws nothing (test doubles).
    public var face: FontFaceID?
    /// The glyph's index in the face.
    public var id: UInt32
    /// The UTF-16 offset, in the shaped text, of the first character of the cluster it draws.
    public var cluster: Int
    /// How far the pen moves after it, in points.
    public var advance: CGFloat
    /// Its shift from the pen position, in points (y down).
    public var offset: CGPoint
    /// The bidirectional embedding level of its characters: odd levels run right to left.
    public var level: UInt8
    /// Whether a line may not end at the start of its cluster without shaping both sides again
    /// (HarfBuzz's unsafe-to-break flag: a ligature, kerning or contextual form spans it).
    public var unsafeToBreak = false

    public init(face: FontFaceID?, id: UInt32, cluster: Int, advance: CGFloat, offset: CGPoint = .zero, level: UInt8 = 0) {
        self.face = face
        self.id = id
        self.cluster = cluster
        self.advance = advance
        self.offset = offset
        self.level = level
    }
}

/// A paragraph shaped in logical order: its glyphs, ordered by cluster (right-to-left runs are
/// reversed back to reading order; a line puts them in visual order).
public struct ShapedText: Hashable, Sendable {
    public var glyphs: [ShapedGlyph]
    /// Characters no face of the chain has, drawn as the missing-glyph box.
    public var missing: [Character]

    public init(glyphs: [ShapedGlyph], missing: [Character] = []) {
        self.glyphs = glyphs
        self.missing = missing
    }

    /// The sum of the advances.
    public var width: CGFloat { glyphs.reduce(0) { $0 + $1.advance } }
}

/// Measures text for layout: the one service that crosses from fonts into layout. Every backend
/// draws exactly the glyphs it returns, at the positions it gives. `FontLibrary` is the real one;
/// tests may use doubles with round numbers.
public protocol TextMeasurer: Sendable {
    /// The vertical metrics of the face that draws `font`.
    func metrics(of font: Font) -> FontMetrics
    /// Shapes `text` (one paragraph: no line breaks) in `font`: the glyphs in logical order with
    /// their advances, kerning and ligatures applied, right-to-left runs resolved by the Unicode
    /// bidirectional algorithm, characters the face lacks taken from fallback faces.
    func shape(_ text: String, in font: Font) -> ShapedText
    /// Shapes `text` as one line of a paragraph: `levels` are the bidirectional embedding levels
    /// of its UTF-16 units as resolved for the whole paragraph (UAX #9 resolves them before lines
    /// are broken), so that a line keeps its paragraph's direction; nil resolves them for `text`
    /// alone, as `shape(_:in:)` does.
    func shape(_ text: String, in font: Font, levels: [UInt8]?) -> ShapedText
    /// Problems met while measuring (an unknown family, a damaged file), each once.
    func problems(for font: Font) -> [FontError]
}

extension TextMeasurer {
    /// The width of `text` on one line.
    public func width<S: StringProtocol>(of text: S, in font: Font) -> CGFloat {
        shape(String(text), in: font).width
    }

    public func problems(for font: Font) -> [FontError] { [] }

    /// Measurers without bidirectional text (test doubles) shape every direction alike.
    public func shape(_ text: String, in font: Font, levels: [UInt8]?) -> ShapedText { shape(text, in: font) }
}
