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

    public init(ascent: CGFloat, descent: CGFloat, leading: CGFloat, capHeight: CGFloat) {
        self.ascent = ascent
        self.descent = descent
        self.leading = leading
        self.capHeight = capHeight
    }

    /// The distance from one baseline to the next.
    public var lineHeight: CGFloat { ascent + descent + leading }
}

/// Measures text for layout: the one service that crosses from fonts into layout (DESIGN.md).
/// Every backend must draw with the advances it reports.
public protocol TextMeasurer: Sendable {
    /// The font's vertical metrics.
    func metrics(of font: Font) -> FontMetrics
    /// The advance of one character (grapheme cluster), without kerning.
    func advance(of character: Character, in font: Font) -> CGFloat
}

extension TextMeasurer {
    /// The width of `text` on one line: the sum of its characters' advances.
    public func width<S: StringProtocol>(of text: S, in font: Font) -> CGFloat {
        text.reduce(0) { $0 + advance(of: $1, in: font) }
    }
}

/// Reads the DejaVu font files directly (pure Swift, no hinting, no kerning): Arrange's default
/// measurer, and the numbers Cairo draws with when its hint metrics are off.
///
/// If a font file is missing, that face is measured with fixed DejaVu Sans proportions (ascent
/// 0.928 em, descent 0.236 em, every advance 0.6 em), so layout still works, but pictures will
/// not match the glyphs a renderer draws; set-up installs the fonts.
public struct FontFileTextMeasurer: TextMeasurer {
    public init() {}

    /// Every DejaVu face Arrange uses, read once per process.
    private static let files: [FontFace: FontFile] = {
        var files: [FontFace: FontFile] = [:]
        for family in ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono"] {
            for bold in [false, true] {
                for italic in [false, true] {
                    let face = FontFace(family: family, isBold: bold, isItalic: italic)
                    if let file = FontFile(path: face.path) { files[face] = file }
                }
            }
        }
        return files
    }()

    /// The face's file, or the upright regular face of its family, or DejaVu Sans.
    private func file(for font: Font) -> FontFile? {
        let face = font.face
        return Self.files[face]
            ?? Self.files[FontFace(family: face.family, isBold: face.isBold, isItalic: false)]
            ?? Self.files[FontFace(family: face.family, isBold: false, isItalic: false)]
            ?? Self.files[FontFace(family: "DejaVu Sans", isBold: false, isItalic: false)]
    }

    public func metrics(of font: Font) -> FontMetrics {
        guard let file = file(for: font) else {
            return FontMetrics(ascent: 0.928 * font.size, descent: 0.236 * font.size, leading: 0, capHeight: 0.729 * font.size)
        }
        let scale = font.size / CGFloat(file.unitsPerEm)
        return FontMetrics(ascent: CGFloat(file.ascender) * scale, descent: CGFloat(file.descender) * scale,
                           leading: CGFloat(file.lineGap) * scale, capHeight: CGFloat(file.capHeight) * scale)
    }

    public func advance(of character: Character, in font: Font) -> CGFloat {
        guard let file = file(for: font) else { return 0.6 * font.size }
        let units = character.unicodeScalars.reduce(0) { $0 + file.advance(of: $1) }
        return CGFloat(units) * font.size / CGFloat(file.unitsPerEm)
    }
}
