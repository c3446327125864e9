import Foundation

/// A piece of a `Text`: its characters and the style its own modifiers set.
struct TextPiece: Hashable, Sendable {
    var string: String
    var style = TextRunStyle()

    init(_ string: String, style: TextRunStyle = TextRunStyle()) {
        self.string = string
        self.style = style
    }
}

/// A line under or through text: whether it is drawn, and its colour (nil: the text's).
struct TextDecoration: Hashable, Sendable {
    var isActive: Bool
    var color: Color?
}

/// The style a piece of text sets for itself; nil where it takes the environment's value (the
/// font, the colour, the tracking) or the font's own (weight, slant).
struct TextRunStyle: Hashable, Sendable {
    var font: Font?
    var weight: Font.Weight?
    var bold: Bool?
    var italic: Bool?
    var monospaced: Bool?
    var color: Color?
    var underline: TextDecoration?
    var strikethrough: TextDecoration?
    var baselineOffset: CGFloat?
    var tracking: CGFloat?

    /// The run this style draws for the UTF-16 `range` of the joined text, given the
    /// environment's font, colour and tracking.
    func resolved(font environmentFont: Font, color environmentColor: Color, tracking environmentTracking: CGFloat,
                  range: Range<Int>) -> StyledRun {
        var font = self.font ?? environmentFont
        if let weight { font = font.weight(weight) }
        if bold == true { font = font.bold() }
        if italic == true { font = font.italic() }
        if monospaced == true { font = font.monospaced() }
        let color = self.color ?? environmentColor
        return StyledRun(range: range, font: font, color: color, tracking: tracking ?? environmentTracking,
                         underline: underline.flatMap { $0.isActive ? $0.color ?? color : nil },
                         strikethrough: strikethrough.flatMap { $0.isActive ? $0.color ?? color : nil },
                         baselineOffset: baselineOffset ?? 0)
    }
}

/// A piece of a styled text resolved for drawing: its UTF-16 range in the joined text, its font,
/// colour and tracking, the colours of its underline and strikethrough (nil: none), and how far
/// its baseline is raised.
struct StyledRun: Hashable, Sendable {
    var range: Range<Int>
    var font: Font
    var color: Color
    var tracking: CGFloat
    var underline: Color?
    var strikethrough: Color?
    var baselineOffset: CGFloat

    /// Whether it draws anything a plain text cannot: a line, or a moved baseline.
    var isDecorated: Bool { underline != nil || strikethrough != nil || baselineOffset != 0 }

    /// Resolves the run's colours for the environment's colour scheme and its font's text style
    /// for the Dynamic Type size.
    mutating func resolve(in environment: ViewEnvironment) {
        let scheme = environment.colorScheme
        color = color.resolved(in: scheme)
        underline = underline?.resolved(in: scheme)
        strikethrough = strikethrough?.resolved(in: scheme)
        font = font.sized(for: environment.dynamicTypeSize)
    }
}

extension Font {
    /// The monospaced face of this font's family, as SwiftUI's `Font.monospaced()`: for the
    /// system font the monospaced design (DejaVu Sans Mono); a named family has no monospaced
    /// face of its own in Arrange, so it turns into the system's monospaced design at its size.
    public func monospaced() -> Font {
        var font = self
        font.design = .monospaced
        font.family = nil
        return font
    }
}

extension EnvironmentValues {
    /// Whether text may draw its characters closer together before it is cut short
    /// (`.allowsTightening`), as SwiftUI's `allowsTightening`; false by default
    /// (docs/layout-rules.md §2.2).
    public var allowsTightening: Bool {
        get { base.text.allowsTightening }
        set { base.text.allowsTightening = newValue }
    }
}

extension View {
    /// Lets text inside draw its characters closer together, by at most 5 % of its font size
    /// after every character, when that keeps a line from being cut short, as SwiftUI's
    /// `allowsTightening(_:)` (docs/layout-rules.md §2.2).
    public func allowsTightening(_ flag: Bool) -> some View {
        environment(\.allowsTightening, flag)
    }
}
