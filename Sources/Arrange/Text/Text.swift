import Foundation

/// A run of text, measured with real font metrics (docs/layout-rules.md §2.2).
///
/// At its ideal size each paragraph is one line; offered less width it wraps at spaces, and a
/// word wider than the offer breaks between characters; out of height or `lineLimit`, the last
/// line ends in "…". Its first and last baselines are alignment guides, so
/// `HStack(alignment: .firstTextBaseline)` lines up texts of different sizes.
public struct Text: View, PrimitiveView, Sendable {
    let string: String
    var font: Font?
    var color: Color?
    var tracking: CGFloat?

    /// Text shown as written (no localisation, no Markdown).
    public init<S: StringProtocol>(_ content: S) { string = String(content) }
    /// Text shown as written.
    public init(verbatim content: String) { string = content }

    /// The text in `font`; overrides the environment's font.
    public func font(_ font: Font?) -> Text {
        var text = self
        text.font = font
        return text
    }

    /// The text in bold.
    public func bold() -> Text { modifyingFont { $0.bold() } }
    /// The text in italic.
    public func italic() -> Text { modifyingFont { $0.italic() } }

    /// The text in `color`.
    public func foregroundColor(_ color: Color?) -> Text {
        var text = self
        text.color = color
        return text
    }

    /// The text with `tracking` points of extra space after every character (negative draws
    /// them closer). Ligatures stay as the font makes them.
    public func tracking(_ tracking: CGFloat) -> Text {
        var text = self
        text.tracking = tracking.isFinite ? tracking : 0
        return text
    }

    /// The text with `kerning` points of extra space after every character. Arrange applies it
    /// like `tracking`; the font's own kerning pairs always apply.
    public func kerning(_ kerning: CGFloat) -> Text { tracking(kerning) }

    private func modifyingFont(_ change: (Font) -> Font) -> Text {
        var text = self
        text.font = change(font ?? .body)
        return text
    }

    public var body: Never { primitiveBody(Self.self) }

    /// Arrange resolves this view itself.
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.makeNodes(in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        var options = environment.text
        if let tracking { options.tracking = tracking }
        // In right-to-left, leading lines are flush right (docs/layout-rules.md §6c).
        if environment.layoutDirection == .rightToLeft, options.alignment != .center {
            options.alignment = options.alignment == .leading ? .trailing : .leading
        }
        let color = (color ?? environment.foreground ?? .primary).resolved(in: environment.colorScheme)
        let font = (font ?? environment.font).sized(for: environment.dynamicTypeSize)
        let leaf = TextLeaf(string: string, font: font, color: color, options: options)
        builder.pushText(leaf)
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
}

/// A resolved text: what the engine measures and draws.
struct TextLeaf {
    let string: String
    let font: Font
    let color: Color
    let options: TextOptions

    func layout(_ proposal: ProposedViewSize, measurer: any TextMeasurer, scale: CGFloat) -> TextLayout {
        TextLayout(string, font: font, measurer: measurer, width: proposal.width, height: proposal.height,
                   lineLimit: options.lineLimit, scale: scale, tracking: options.tracking, lineSpacing: options.lineSpacing,
                   truncationMode: options.truncationMode, minimumScaleFactor: options.minimumScaleFactor)
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
