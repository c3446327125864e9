import Foundation
import Testing
@testable import Arrange

/// Styled text (docs/layout-rules.md §2.2): `Text + Text`, per-piece modifiers, Markdown in
/// string literals, `AttributedString`, underline and strikethrough, mixed sizes on one line,
/// `allowsTightening`. Advances are HarfBuzz's at 17 pt in DejaVu Sans, Sans Bold and Sans Mono
/// (unitsPerEm 2048), from `hb-shape --font-size=2048 --no-glyph-names FONT.ttf "TEXT"`;
/// vertical metrics from the fonts' hhea (ascender 1901, descender −483), post (underline top
/// −40, thickness 90) and OS/2 (strikeout top 530, size 102) tables, the same in all three.
@Suite struct StyledTextTests {
    func points(_ units: CGFloat, size: CGFloat = 17) -> CGFloat { units / 2048 * size }

    /// The leaf a text resolves to in the default environment.
    func leaf(_ text: Text) -> TextLeaf { TextLeaf(text.pieces, environment: ViewEnvironment()) }

    func layout(_ text: Text, width: CGFloat? = nil, lineLimit: Int? = nil, tightening: Bool = false) -> TextLayout {
        var environment = ViewEnvironment()
        environment.text.lineLimit = lineLimit
        environment.text.allowsTightening = tightening
        return TextLeaf(text.pieces, environment: environment)
            .layout(ProposedViewSize(width: width, height: nil), measurer: FontLibrary.system, scale: 1)
    }

    /// The items inside the group a styled text draws.
    func styledItems(_ view: some View) -> (group: DisplayItem, items: [DisplayItem])? {
        let list = LayoutResult(of: view).displayList
        guard let item = list.items.first, case .group(let group) = item.content else { return nil }
        return (item, group.items)
    }

    @Test func aConcatenationIsAsWideAsItsPiecesShapedInTheirOwnFonts() {
        // hb-shape: "Ship " in DejaVu Sans 5118 units, "fast" in DejaVu Sans Bold 4471: one line
        // of 9589 units = 79.596 pt.
        let result = layout(Text("Ship ") + Text("fast").bold())
        #expect(result.lines.count == 1)
        #expect(abs(result.lines[0].width - points(9589)) < 1e-9)
        #expect(result.lines[0].pieces.map(\.text) == ["Ship ", "fast"])
        #expect(abs(result.lines[0].pieces[1].x - points(5118)) < 1e-9)
        #expect(result.lines[0].pieces[1].font.weight == .bold)
        // 79.596 rounds up to 80.
        #expect(result.size.width == 80)
    }

    @Test func linesBreakInsideTheSecondPieceWhereTheJoinedStringBreaks() {
        // "Ship it " (regular) 7141 units; bold "fast" 4471 and "fast and" 9490
        // (891 + 1382 + 1219 + 979 + 713 + 1382 + 1458 + 1466). At 120 pt (14456 units):
        // "Ship it fast" is 11612 units = 96.39 pt and fits, "Ship it fast and" 16631 = 138.05 pt
        // does not: the line ends after "fast ", inside the bold piece, the space hanging.
        let result = layout(Text("Ship it ") + Text("fast and often").bold(), width: 120)
        #expect(result.lines.map(\.text) == ["Ship it fast", "and often"])
        #expect(abs(result.lines[0].width - points(11612)) < 1e-9)
        #expect(result.lines[0].pieces.map(\.text) == ["Ship it ", "fast"])
        // Bold "and often": 1382 + 1458 + 1466 + 713 + 1407 + 891 + 979 + 1389 + 1458 = 11143.
        #expect(abs(result.lines[1].width - points(11143)) < 1e-9)
    }

    @Test func aPieceWithoutItsOwnValueTakesTheEnvironments() {
        // The outer font and colour reach the piece that set none; the inner ones win.
        let text = (Text("a").font(.title).foregroundColor(.red) + Text("b")).font(.caption).foregroundColor(.blue)
        let runs = leaf(text).runs ?? []
        #expect(runs.map(\.font.size) == [28, 12])
        #expect(runs.map(\.color) == [.red, .blue])
        // Bold is the environment's font in bold, as in SwiftUI: body (17) here.
        let bold = leaf(Text("x").bold())
        #expect(bold.font == Font.body.bold())
        #expect(bold.runs == nil)
    }

    @Test func emptyAndBlankStyledTextsLayOut() {
        // Nothing to draw: the plain path, one line of body (1901 + 483 units = 19.79 pt, 20).
        #expect(layout(Text("").underline()).size.height == 20)
        // Three empty paragraphs, each a line: 59.37 pt, rounded up to 60.
        let blank = layout(Text("\n\n").underline() + Text(""))
        #expect(blank.lines.count == 3)
        #expect(blank.size.height == 60)
    }

    @Test func aPlainLiteralStaysOnThePlainPath() {
        // No Markdown characters: one piece, no styled runs, so it lays out and draws as before.
        #expect(leaf(Text("Hello, world")).runs == nil)
        #expect(Text("Hello, world").pieces == [TextPiece("Hello, world")])
    }

    @Test func aLiteralWithoutMarkupCharactersTakesTheShortcutToTheSamePieces() {
        // The shortcut (no \\ ` * _ ~ [ ]) must give what the full parse gives, including text
        // that looks like other Markdown (headings, lists, HTML, entities stay as written).
        let plain = ["Hello, world", " ", "# Heading", "- item", "<b>x</b>", "&amp;", "a\nb", "日本語 テキスト", "1. two"]
        for source in plain {
            #expect(InlineMarkdown.pieces(source) == InlineMarkdown.parsedPieces(source), "\(source)")
            #expect(InlineMarkdown.pieces(source) == [TextPiece(source)], "\(source)")
        }
        #expect(InlineMarkdown.pieces("") == InlineMarkdown.parsedPieces(""))
        // One markup character sends a string through the parse.
        #expect(InlineMarkdown.pieces("a *b*").count == 2)
        #expect(InlineMarkdown.pieces("a\\*b") == [TextPiece("a*b")])
    }

    @Test func markdownInALiteralIsReadAsSwiftUIReadsIt() {
        typealias Style = InlineMarkdown.Style
        func spans(_ source: String) -> [String] {
            InlineMarkdown.parse(source).map { span in
                var marks = ""
                if span.style.bold { marks += "B" }
                if span.style.italic { marks += "I" }
                if span.style.code { marks += "C" }
                if span.style.strikethrough { marks += "S" }
                if span.style.link { marks += "L" }
                return marks.isEmpty ? span.text : "\(marks):\(span.text)"
            }
        }
        // Each expectation is CommonMark's (spec 0.31, with GitHub's ~~strikethrough~~) worked by hand.
        #expect(spans("Ship **fast** and *often*") == ["Ship ", "B:fast", " and ", "I:often"])
        #expect(spans("**unclosed") == ["**unclosed"])
        #expect(spans("\\*not\\* emphasis") == ["*not* emphasis"])
        #expect(spans("***both***") == ["BI:both"])
        #expect(spans("`a*b*c` and `` ` ``") == ["C:a*b*c", " and ", "C:`"])
        #expect(spans("~~gone~~ now") == ["S:gone", " now"])
        #expect(spans("see [the site](https://example.com) now") == ["see ", "L:the site", " now"])
        #expect(spans("_italic_ and snake_case_name") == ["I:italic", " and snake_case_name"])
        #expect(spans("5 * 3 * 2") == ["5 * 3 * 2"])
        #expect(spans("*a **b** c*") == ["I:a ", "BI:b", "I: c"])
        #expect(spans("[a](b c)") == ["[a](b c)"])
        #expect(spans("`unclosed code") == ["`unclosed code"])
        // An interpolated value is text, whatever it holds.
        let name = "**x**"
        #expect(Text("Hi \(name)").pieces == [TextPiece("Hi **x**")])
        // An interpolated Text gives its characters (its styles need `+`), not a description.
        #expect(Text("a \(Text("*b*").bold())").pieces == [TextPiece("a b")])
        // Text(verbatim:) and Text(variable) read no Markdown.
        #expect(Text(verbatim: "**a**").pieces == [TextPiece("**a**")])
        let variable = "*a*"
        #expect(Text(variable).pieces == [TextPiece("*a*")])
        // A literal's pieces: code in the monospaced face, a link in systemBlue (#007AFF), not underlined.
        let pieces = Text("`c` [l](u)").pieces
        #expect(pieces.map(\.string) == ["c", " ", "l"])
        #expect(pieces[0].style.monospaced == true)
        #expect(pieces[2].style.color == Color.blue)
        #expect(pieces[2].style.underline == nil)
    }

    @Test func hostileMarkdownEndsAndKeepsEveryCharacter() {
        // Deep nesting and long runs of markers: no recursion, and nothing is lost (only
        // markers that pair disappear; none of these pair).
        let inputs = [String(repeating: "*", count: 50_000), String(repeating: "[", count: 20_000) + String(repeating: "](", count: 20_000),
                      String(repeating: "`", count: 3_000) + "x", String(repeating: "_a", count: 20_000), String(repeating: "\\", count: 10_001)]
        for input in inputs {
            let text = InlineMarkdown.parse(input).map(\.text).joined()
            // Backslashes escape each other in pairs: 10001 leave 5001.
            let expected = input.hasPrefix("\\") ? 5_001 : input.unicodeScalars.count
            #expect(text.unicodeScalars.count == expected)
        }
        // 10,000 pieces on one line lay out (each piece's text found without scanning the line).
        let many = layout(Text(LocalizedStringKey(String(repeating: "**a** b ", count: 5_000))))
        #expect(many.lines.count == 1 && many.lines[0].pieces.count == 10_000)
        // Nested emphasis 10,000 deep pairs up without recursion.
        let deep = String(repeating: "*a ", count: 10_000) + "b" + String(repeating: " a*", count: 10_000)
        #expect(InlineMarkdown.parse(deep).contains { $0.style.italic })
    }

    @Test func underlineAndStrikethroughSitAtTheFontsPositions() throws {
        // Body, 17 pt. Underline: top 40 units below the baseline (0.33203 pt), 90 units thick
        // (0.74707 pt). Strikeout: top 530 units above the baseline (4.39941 pt), 102 thick
        // (0.84668 pt). The baseline is 1901 units down (15.77979 pt). "Hi" is 2109 units wide.
        let (group, items) = try #require(styledItems(Text("Hi").underline().strikethrough(color: .red)))
        let fills = items.compactMap { item -> (CGRect, Color)? in
            if case .fill(.rectangle, let color) = item.content { return (item.frame, color) }
            return nil
        }
        try #require(fills.count == 2)
        let top = group.frame.minY, baseline = points(1901)
        #expect(abs(fills[0].0.minY - (top + baseline + points(40))) < 1e-9)
        #expect(abs(fills[0].0.height - points(90)) < 1e-9)
        #expect(abs(fills[0].0.width - points(2109)) < 1e-9)
        #expect(fills[0].1 == .primary)
        #expect(abs(fills[1].0.minY - (top + baseline - points(530))) < 1e-9)
        #expect(abs(fills[1].0.height - points(102)) < 1e-9)
        #expect(fills[1].1 == .red)
    }

    @Test func baselineOffsetRaisesAPiece() throws {
        // "x" then "2" raised 5 pt: its line origin is 5 pt above the baseline (1901 units =
        // 15.78 pt), and the line grows by 5 pt at the top: baseline 20.78, height
        // 15.78 + 5 + 483 units (4.01) = 24.79, rounded up to 25.
        let text = Text("x") + Text("2").baselineOffset(5)
        let result = layout(text)
        #expect(abs(result.firstBaseline - (points(1901) + 5)) < 1e-9)
        #expect(result.size.height == 25)
        let (_, items) = try #require(styledItems(text))
        let origins = items.compactMap { item -> CGFloat? in
            if case .text(let run) = item.content { return run.lines.first?.origin.y }
            return nil
        }
        #expect(origins.count == 2)
        #expect(abs(origins[0] - origins[1] - 5) < 1e-9)
    }

    @Test func monospacedUsesTheMonospacedFace() throws {
        // "code" in DejaVu Sans Mono: 4 × 1233 units = 4932 = 40.94 pt.
        let result = layout(Text("a") + Text("code").monospaced())
        let piece = try #require(result.lines.first?.pieces.last)
        #expect(piece.glyphs.first?.face?.path.hasSuffix("DejaVuSansMono.ttf") == true)
        #expect(abs(piece.width - points(4932)) < 1e-9)
    }

    @Test func aMixedSizeLineTakesItsTallestPiecesAscent() {
        // 10 pt and 30 pt on one line: the ascent is the 30 pt one's, 1901/2048 × 30 = 27.85,
        // and so is the descent, 483/2048 × 30 = 7.08: 34.92 tall, rounded up to 35.
        let result = layout(Text("a").font(.system(size: 10)) + Text("B").font(.system(size: 30)))
        #expect(abs(result.firstBaseline - points(1901, size: 30)) < 1e-9)
        #expect(result.size.height == 35)
    }

    @Test func allowsTighteningSqueezesUpToFivePercentBeforeTruncating() {
        // "Layouts everywhere" is 20756 units = 172.29 pt. At 165 pt it is 4.4 % too wide: with
        // tightening it is drawn whole, 165 pt wide; at 160 pt (7.7 % too wide) it is cut.
        let text = Text("Layouts everywhere")
        let tight = layout(text, width: 165, lineLimit: 1, tightening: true)
        #expect(tight.lines.map(\.text) == ["Layouts everywhere"])
        #expect(!tight.isTruncated)
        #expect(abs(tight.lines[0].width - 165) < 1e-6)
        #expect(layout(text, width: 165, lineLimit: 1).lines.first?.text.hasSuffix("…") == true)
        #expect(layout(text, width: 160, lineLimit: 1, tightening: true).lines.first?.text.hasSuffix("…") == true)
        // Styled: "Layouts " (8680 units) + oblique "everywhere" (12121, DejaVu Sans Oblique) =
        // 20801 units = 172.66 pt, 2.8 % over 168 pt: drawn whole, 168 pt wide; 7.9 % over 160
        // pt: cut.
        let styled = Text("Layouts ") + Text("everywhere").italic()
        let squeezed = layout(styled, width: 168, lineLimit: 1, tightening: true)
        #expect(squeezed.lines.map(\.text) == ["Layouts everywhere"])
        #expect(abs(squeezed.lines[0].width - 168) < 1e-6)
        #expect(layout(styled, width: 160, lineLimit: 1, tightening: true).lines.first?.text.hasSuffix("…") == true)
    }

    @Test func anAttributedStringDrawsItsRuns() {
        var string = AttributedString("Ship fast")
        if let range = string.range(of: "fast") {
            string[range].font = .body.bold()
            string[range].underlineStyle = .single
            string[range].baselineOffset = 2
        }
        if let range = string.range(of: "Ship") { string[range].link = URL(string: "https://example.com") }
        let pieces = Text(string).pieces
        #expect(pieces.map(\.string) == ["Ship", " ", "fast"])
        #expect(pieces[0].style.color == Color.blue)
        #expect(pieces[2].style.font == Font.body.bold())
        #expect(pieces[2].style.underline == TextDecoration(isActive: true, color: nil))
        #expect(pieces[2].style.baselineOffset == 2)
    }
}
