import Foundation

/// A font, named as in SwiftUI: a family (the system's, or one of yours by name), a size, a weight,
/// a design and a slant. A `FontLibrary` resolves it to a face in a font file.
///
/// The system font is DejaVu (read from Debian's folder for it, else found through fontconfig;
/// set-up installs it): Sans for `.default`
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
    /// The text style the size follows as Dynamic Type changes (`.body`, `custom(_:size:relativeTo:)`);
    /// nil for a fixed size (`system(size:)`, `custom(_:size:)`).
    public var textStyle: TextStyle?

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

    /// The family `name` at `size` points at the default Dynamic Type size (`.large`), scaled with
    /// the Dynamic Type size as `style` is, as in SwiftUI: 20 points relative to `.body` is 20 × 23
    /// / 17 ≈ 27.06 points at `.xxxLarge`.
    public static func custom(_ name: String, size: CGFloat, relativeTo style: TextStyle) -> Font {
        var font = custom(name, size: size)
        font.textStyle = style
        return font
    }

    /// A system font of `size` points. NaN, negative and infinite sizes count as 17.
    public static func system(size: CGFloat, weight: Weight = .regular, design: Design = .default) -> Font {
        Font(size: size.isFinite && size > 0 ? size : 17, weight: weight, design: design, isItalic: false)
    }

    /// A text style at its iOS default size (Dynamic Type `.large`); where the environment's
    /// `dynamicTypeSize` is another, text takes the style's size there.
    public static func system(_ style: TextStyle, design: Design = .default, weight: Weight? = nil) -> Font {
        var font = Font.system(size: style.size, weight: weight ?? style.weight, design: design)
        font.isItalic = false
        font.textStyle = style
        return font
    }

    /// This font at Dynamic Type size `dynamicTypeSize`: a text style's size from Apple's table,
    /// a size relative to a style scaled as the style is, a fixed size unchanged. At `.large` the
    /// font is returned as it is, so default text is never touched.
    func sized(for dynamicTypeSize: DynamicTypeSize) -> Font {
        guard dynamicTypeSize != .large, let style = textStyle else { return self }
        var font = self
        // size × (style at this size) / (style at large): exactly the table's value for a text
        // style, whose size is its large size.
        font.size = size * style.size(for: dynamicTypeSize) / style.size
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

        /// The size in points at Dynamic Type size `dynamicTypeSize`, from Apple's Human
        /// Interface Guidelines, "Typography", "Specifications", "iOS, iPadOS Dynamic Type
        /// sizes" (one table per size, xSmall to AX5).
        public func size(for dynamicTypeSize: DynamicTypeSize) -> CGFloat {
            // Columns: xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, AX1 … AX5.
            let sizes: [CGFloat] = switch self {
            case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
            case .title: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
            case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
            case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
            case .headline, .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
            case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
            case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
            case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
            case .caption: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
            case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
            }
            return sizes[DynamicTypeSize.allCases.firstIndex(of: dynamicTypeSize) ?? 3]
        }

        var weight: Weight { self == .headline ? .semibold : .regular }
    }
}
