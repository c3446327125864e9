import Foundation

/// A run of text, measured with real font metrics (docs/layout-rules.md §2.2).
///
/// At its ideal size each paragraph is one line; offered less width it wraps at spaces, and a
/// word wider than the offer breaks between characters; out of height or `lineLimit`, the last
/// line ends in "…". Its first and last baselines are alignment guides, so
/// `HStack(alignment: .firstTextBaseline)` lines up texts of different sizes.
public struct Text: View, PrimitiveView, Sendable {
    /// The text's pieces in reading order, each with the style its own modifiers set: one for a
    /// text made from a string, several for a concatenation (`+`), Markdown or an
    /// `AttributedString`.
    var pieces: [TextPiece]

    /// Text shown as written: no localisation, no Markdown. SwiftUI prefers
    /// `init(_:tableName:bundle:comment:)` for string literals, which reads their Markdown;
    /// strings held in variables come here.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) { pieces = [TextPiece(String(content))] }
    /// Text shown as written, never read as Markdown, as SwiftUI's `Text(verbatim:)`.
    public init(verbatim content: String) { pieces = [TextPiece(content)] }

    init(pieces: [TextPiece]) { self.pieces = pieces.isEmpty ? [TextPiece("")] : pieces }

    /// All the characters, pieces joined.
    var string: String { pieces.count == 1 ? pieces[0].string : pieces.map(\.string).joined() }

    /// The text in `font`; overrides the environment's font. In a concatenation, pieces that
    /// set their own font keep it, as in SwiftUI.
    public func font(_ font: Font?) -> Text { styling { if $0.font == nil { $0.font = font } } }

    /// The text in bold: the font's bold weight.
    public func bold() -> Text { bold(true) }
    /// The text in bold when `isActive`, as SwiftUI's `bold(_:)`.
    public func bold(_ isActive: Bool) -> Text { styling { if $0.bold == nil { $0.bold = isActive } } }
    /// The text in italic.
    public func italic() -> Text { italic(true) }
    /// The text in italic when `isActive`, as SwiftUI's `italic(_:)`.
    public func italic(_ isActive: Bool) -> Text { styling { if $0.italic == nil { $0.italic = isActive } } }
    /// The text at `weight` (nil: the font's own), as SwiftUI's `fontWeight(_:)`.
    public func fontWeight(_ weight: Font.Weight?) -> Text { styling { if $0.weight == nil { $0.weight = weight } } }
    /// The text in the monospaced face of its family when `isActive` (DejaVu Sans Mono for the
    /// system font), as SwiftUI's `monospaced(_:)`.
    public func monospaced(_ isActive: Bool = true) -> Text { styling { if $0.monospaced == nil { $0.monospaced = isActive } } }

    /// The text in `color`. In a concatenation, pieces with their own colour keep it.
    public func foregroundColor(_ color: Color?) -> Text { styling { if $0.color == nil { $0.color = color } } }

    /// The text painted with `style`, as SwiftUI's `Text.foregroundStyle(_:)`. Arrange paints a
    /// piece of text in one colour: a gradient gives its resolved colour, as `foregroundStyle` on
    /// a view gives the text inside.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { foregroundColor(style.resolvedColor) }

    /// A line under the text when `isActive`, in `color` (nil: the text's colour), at the font's
    /// underline position and thickness, as SwiftUI's `underline(_:color:)`.
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text {
        styling { if $0.underline == nil { $0.underline = TextDecoration(isActive: isActive, color: color) } }
    }

    /// A line through the text when `isActive`, in `color` (nil: the text's colour), at the
    /// font's strikeout position and thickness, as SwiftUI's `strikethrough(_:color:)`.
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text {
        styling { if $0.strikethrough == nil { $0.strikethrough = TextDecoration(isActive: isActive, color: color) } }
    }

    /// The text raised by `baselineOffset` points above its line's baseline (negative: lowered),
    /// as SwiftUI's `baselineOffset(_:)`. Non-finite values count as 0.
    public func baselineOffset(_ baselineOffset: CGFloat) -> Text {
        styling { if $0.baselineOffset == nil { $0.baselineOffset = baselineOffset.isFinite ? baselineOffset : 0 } }
    }

    /// The text with `tracking` points of extra space after every character (negative draws
    /// them closer). Ligatures stay as the font makes them.
    public func tracking(_ tracking: CGFloat) -> Text {
        styling { if $0.tracking == nil { $0.tracking = tracking.isFinite ? tracking : 0 } }
    }

    /// The text with `kerning` points of extra space after every character. Arrange applies it
    /// like `tracking`; the font's own kerning pairs always apply.
    public func kerning(_ kerning: CGFloat) -> Text { tracking(kerning) }

    /// One paragraph made of two texts, each piece keeping its own style, as SwiftUI's `+`: the
    /// lines break as in the joined string, inside or between pieces.
    public static func + (lhs: Text, rhs: Text) -> Text { Text(pieces: lhs.pieces + rhs.pieces) }

    /// Sets a style value on every piece that has not set its own: the innermost modifier wins.
    private func styling(_ change: (inout TextRunStyle) -> Void) -> Text {
        var text = self
        for index in text.pieces.indices { change(&text.pieces[index].style) }
        return text
    }

    public var body: Never { primitiveBody(Self.self) }

    /// Arrange resolves this view itself.
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.makeNodes(in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        builder.pushText(TextLeaf(pieces, environment: environment))
    }
}

/// How the lines of a multi-line text line up with each other.
public enum TextAlignment: Hashable, Sendable, CaseIterable {
    case leading, center, trailing
}

extension Text {
    /// Where text cut short shows its "…".
    public enum TruncationMode: Hashable, Sendable, CaseIterable {
        /// "…" then the end of the text.
        case head
        /// The end is cut: the start of the text, then "…". The default.
        case tail
        /// The start and the end of the text, "…" between them.
        case middle
    }
}

/// How text is set, as the environment passes it down (`EnvironmentValues` gives the public
/// view of it; the setters there keep each value in range).
struct TextOptions: Hashable {
    /// The most lines text may use (`.lineLimit`).
    var lineLimit: Int?
    /// How lines of multi-line text line up (`.multilineTextAlignment`).
    var alignment: TextAlignment = .leading
    /// Extra space after every character (`.tracking`, `.kerning`), in points.
    var tracking: CGFloat = 0
    /// Extra space between lines (`.lineSpacing`), in points.
    var lineSpacing: CGFloat = 0
    /// Where text cut short shows its "…" (`.truncationMode`).
    var truncationMode: Text.TruncationMode = .tail
    /// How far text may shrink to fit (`.minimumScaleFactor`).
    var minimumScaleFactor: CGFloat = 1
    /// Whether a line may draw its characters closer before it is cut short (`.allowsTightening`).
    var allowsTightening = false
}

/// A resolved text: what the engine measures and draws.
struct TextLeaf {
    let string: String
    /// The font of the first piece: the one that sets the text's spacing to its neighbours.
    let font: Font
    let color: Color
    let options: TextOptions
    /// The pieces with styles of their own, resolved against the environment; nil for a text in
    /// one style throughout, which is laid out and drawn exactly as before styled text existed.
    let runs: [StyledRun]?

    init(string: String, font: Font, color: Color, options: TextOptions) {
        self.string = string
        self.font = font
        self.color = color
        self.options = options
        runs = nil
    }

    /// Resolves pieces against the environment: a piece without its own value takes the
    /// environment's.
    init(_ pieces: [TextPiece], environment: ViewEnvironment) {
        let color = environment.foreground ?? .primary
        var runs: [StyledRun] = []
        var offset = 0
        for piece in pieces {
            let length = piece.string.utf16.count
            var run = piece.style.resolved(font: environment.font, color: color, tracking: environment.text.tracking,
                                           range: offset..<(offset + length))
            // Semantic colours and text styles resolve in the environment (docs/layout-rules.md §6b).
            run.resolve(in: environment)
            offset += length
            if length > 0 || runs.isEmpty { runs.append(run) }
        }
        let first = runs.first ?? {
            var run = TextRunStyle().resolved(font: environment.font, color: color, tracking: environment.text.tracking, range: 0..<0)
            run.resolve(in: environment)
            return run
        }()
        var options = environment.text
        // In right-to-left, leading lines are flush right (docs/layout-rules.md §6c).
        if environment.layoutDirection == .rightToLeft, options.alignment != .center {
            options.alignment = options.alignment == .leading ? .trailing : .leading
        }
        options.tracking = first.tracking
        string = pieces.count == 1 ? pieces[0].string : pieces.map(\.string).joined()
        font = first.font
        self.color = first.color
        self.options = options
        // One style throughout, without decorations or offsets: the plain path.
        let plain = runs.allSatisfy { $0.font == first.font && $0.color == first.color && $0.tracking == first.tracking && !$0.isDecorated }
        // An empty text draws nothing in any style: the plain path gives it its one line.
        let drawn = runs.filter { !$0.range.isEmpty }
        self.runs = plain || drawn.isEmpty ? nil : drawn
    }

    func layout(_ proposal: ProposedViewSize, measurer: any TextMeasurer, scale: CGFloat) -> TextLayout {
        if let runs {
            return TextLayout(styled: string, runs: runs, measurer: measurer, width: proposal.width, height: proposal.height,
                              options: options, scale: scale)
        }
        return TextLayout(string, font: font, measurer: measurer, width: proposal.width, height: proposal.height,
                          lineLimit: options.lineLimit, scale: scale, tracking: options.tracking, lineSpacing: options.lineSpacing,
                          truncationMode: options.truncationMode, minimumScaleFactor: options.minimumScaleFactor,
                          allowsTightening: options.allowsTightening)
    }

    /// Text's vertical spacing preferences (docs/layout-rules.md §4.2): against a plain view above,
    /// `lineSpacing − ascent`; against a plain view below, `max(lineSpacing − capHeight,
    /// extra + descent)`, with `extra = 0.1 × lineHeight` rounded up to a pixel. Two texts share
    /// no category and meet at the default 8 (the text-to-text rule is unconfirmed).
    func spacing(measurer: any TextMeasurer, scale: CGFloat) -> ViewSpacing {
        let m = measurer.metrics(of: font)
        let extra = (0.1 * m.lineHeight * scale).rounded(.up) / scale
        let lineSpacing = m.lineHeight + extra
        var spacing = ViewSpacing()
        spacing.edges[.top] = [.plain(.bottom): lineSpacing - m.ascent]
        spacing.edges[.bottom] = [.plain(.top): max(lineSpacing - m.capHeight, extra + m.descent)]
        return spacing
    }
}

extension View {
    /// The font of text inside.
    public func font(_ font: Font?) -> some View {
        environment(\.font, font)
    }

    /// The most lines text inside may use; nil for no limit. Values below 1 count as 1.
    public func lineLimit(_ number: Int?) -> some View {
        environment(\.lineLimit, number)
    }

    /// Extra space after every character of text inside, in points.
    public func tracking(_ tracking: CGFloat) -> some View {
        transformingEnvironment { $0.text.tracking = tracking.isFinite ? tracking : 0 }
    }

    /// Extra space after every character of text inside, in points (applied like `tracking`).
    public func kerning(_ kerning: CGFloat) -> some View { tracking(kerning) }

    /// How lines of multi-line text inside line up.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
        environment(\.multilineTextAlignment, alignment)
    }

    /// Extra space between the lines of text inside, from the bottom of one line to the top of
    /// the next, in points (negative counts as 0).
    public func lineSpacing(_ lineSpacing: CGFloat) -> some View {
        environment(\.lineSpacing, lineSpacing)
    }

    /// Where text inside that is cut short shows its "…".
    public func truncationMode(_ mode: Text.TruncationMode) -> some View {
        environment(\.truncationMode, mode)
    }

    /// How far text inside may shrink (a fraction of its font size, 0.01 to 1) to fit rather
    /// than be cut short.
    public func minimumScaleFactor(_ factor: CGFloat) -> some View {
        environment(\.minimumScaleFactor, factor)
    }
}
