import Foundation

/// A font, named as in SwiftUI. Arrange draws every design with the DejaVu family (which set-up
/// installs): Sans for `.default` and `.rounded`, Serif for `.serif`, Sans Mono for
/// `.monospaced`; weights from semibold up use the bold face.
public struct Font: Hashable, Sendable {
    /// The point size.
    public var size: CGFloat
    public var weight: Weight
    public var design: Design
    public var isItalic: Bool

    /// A system font of `size` points. NaN, negative and infinite sizes count as 17.
    public static func system(size: CGFloat, weight: Weight = .regular, design: Design = .default) -> Font {
        Font(size: size.isFinite && size > 0 ? size : 17, weight: weight, design: design, isItalic: false)
    }

    /// A text style at its iOS default size.
    public static func system(_ style: TextStyle, design: Design = .default, weight: Weight? = nil) -> Font {
        var font = Font.system(size: style.size, weight: weight ?? style.weight, design: design)
        font.isItalic = false
        return font
    }

    public static let largeTitle = Font.system(.largeTitle)
    public static let title = Font.system(.title)
    public static let title2 = Font.system(.title2)
    public static let title3 = Font.system(.title3)
    public static let headline = Font.system(.headline)
    public static let subheadline = Font.system(.subheadline)
    public static let body = Font.system(.body)
    public static let callout = Font.system(.callout)
    public static let footnote = Font.system(.footnote)
    public static let caption = Font.system(.caption)
    public static let caption2 = Font.system(.caption2)

    /// The bold weight of this font.
    public func bold() -> Font { weight(.bold) }
    /// The italic (oblique) form of this font.
    public func italic() -> Font {
        var font = self
        font.isItalic = true
        return font
    }
    /// This font at `weight`.
    public func weight(_ weight: Weight) -> Font {
        var font = self
        font.weight = weight
        return font
    }

    /// A font weight, from ultraLight to black.
    public struct Weight: Hashable, Sendable, Comparable {
        let value: Double
        public static let ultraLight = Weight(value: -0.8)
        public static let thin = Weight(value: -0.6)
        public static let light = Weight(value: -0.4)
        public static let regular = Weight(value: 0)
        public static let medium = Weight(value: 0.23)
        public static let semibold = Weight(value: 0.3)
        public static let bold = Weight(value: 0.4)
        public static let heavy = Weight(value: 0.56)
        public static let black = Weight(value: 0.62)
        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.value < rhs.value }
    }

    /// A font design.
    public enum Design: Hashable, Sendable {
        case `default`, serif, rounded, monospaced
    }

    /// The text styles with their iOS default sizes (Dynamic Type "Large").
    public enum TextStyle: Hashable, Sendable, CaseIterable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2

        /// The size in points.
        public var size: CGFloat {
            switch self {
            case .largeTitle: 34
            case .title: 28
            case .title2: 22
            case .title3: 20
            case .headline, .body: 17
            case .callout: 16
            case .subheadline: 15
            case .footnote: 13
            case .caption: 12
            case .caption2: 11
            }
        }

        var weight: Weight { self == .headline ? .semibold : .regular }
    }

    /// The face that draws this font.
    public var face: FontFace {
        let family: String
        switch design {
        case .default, .rounded: family = "DejaVu Sans"
        case .serif: family = "DejaVu Serif"
        case .monospaced: family = "DejaVu Sans Mono"
        }
        return FontFace(family: family, isBold: weight >= .semibold, isItalic: isItalic)
    }
}

/// One font file of the DejaVu family: what a renderer names to draw with the same glyphs that
/// layout measured.
public struct FontFace: Hashable, Sendable {
    /// "DejaVu Sans", "DejaVu Serif" or "DejaVu Sans Mono".
    public var family: String
    public var isBold: Bool
    public var isItalic: Bool

    /// The file name, e.g. "DejaVuSans-BoldOblique.ttf" (Serif's slanted faces are "Italic").
    public var fileName: String {
        let base = family.replacingOccurrences(of: " ", with: "")
        let slant = family == "DejaVu Serif" ? "Italic" : "Oblique"
        switch (isBold, isItalic) {
        case (false, false): return base + ".ttf"
        case (true, false): return base + "-Bold.ttf"
        case (false, true): return base + "-" + slant + ".ttf"
        case (true, true): return base + "-Bold" + slant + ".ttf"
        }
    }

    /// Where Debian's fonts-dejavu packages put the file.
    public var path: String { "/usr/share/fonts/truetype/dejavu/" + fileName }
}
