import Foundation

/// A font, named as in SwiftUI: a family (the system's, or one of yours by name), a size, a weight,
/// a design and a slant. A `FontLibrary` resolves it to a face in a font file.
///
/// The system font is DejaVu (found through fontconfig; set-up installs it): Sans for `.default`
/// and `.rounded`, Serif for `.serif`, Sans Mono for `.monospaced`. Characters a face lacks fall
/// back through DejaVu Sans, Noto Sans CJK and Noto Color Emoji (`FontLibrary.fallbackFamilies`).
public struct Font: Hashable, Sendable {
    /// The point size.
    public var size: CGFloat
    public var weight: Weight
    public var design: Design
    public var isItalic: Bool
    /// The family named by `custom(_:size:)`; nil for the system font of `design`.
    public var family: String?

    init(size: CGFloat, weight: Weight, design: Design, isItalic: Bool, family: String? = nil) {
        self.size = size
        self.weight = weight
        self.design = design
        self.isItalic = isItalic
        self.family = family
    }

    /// A font of the family `name` (for example "Inter", or "DejaVu Serif") at `size` points. The
    /// family must be known to the `FontLibrary` that lays the text out: installed, or added from
    /// a file or folder; an unknown family is an error, never a silent stand-in. NaN, negative and
    /// infinite sizes count as 17.
    public static func custom(_ name: String, size: CGFloat) -> Font {
        Font(size: size.isFinite && size > 0 ? size : 17, weight: .regular, design: .default, isItalic: false, family: name)
    }

    /// The family `name` at the size of a text style.
    public static func custom(_ name: String, size: CGFloat, relativeTo style: TextStyle) -> Font {
        custom(name, size: size)
    }

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

        /// The weight on the OpenType and CSS scale (100 thin … 400 regular … 700 bold … 900
        /// black), by which a face of the family is chosen.
        public var cssWeight: Int {
            switch value {
            case ..<(-0.7): 100
            case ..<(-0.5): 200
            case ..<(-0.2): 300
            case ..<0.1: 400
            case ..<0.27: 500
            case ..<0.35: 600
            case ..<0.5: 700
            case ..<0.6: 800
            default: 900
            }
        }
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
}
