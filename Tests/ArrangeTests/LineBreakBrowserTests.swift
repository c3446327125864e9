import Foundation
import Testing
@testable import Arrange

/// Text wraps where Chromium wraps it (docs/layout-rules.md §2.2): the same font files (DejaVu
/// Sans and Sans Bold), sizes and widths, in a `white-space: pre-wrap; overflow-wrap: anywhere`
/// box, give the same lines. The cases and the browser's lines are in
/// Fixtures/line-break-browser-cases.json, made by Tests/LineBreakOracle/generate.py with
/// Chromium's default shaping (kerning and ligatures): hyphenated compounds, dashes, URLs and
/// paths, double, leading and trailing spaces, long words, numbers, no-break spaces and hard
/// breaks; widths narrower than a character; soft hyphens (the drawn hyphen counted in the
/// width); breaks inside f-ligatures; Hebrew and Arabic paragraphs in both directions.
@Suite struct LineBreakBrowserTests {
    struct Line: Decodable {
        let text: String
        /// With the hyphen Chromium draws at a soft-hyphen break.
        let width: CGFloat
        /// Whether Chromium drew a hyphen at the end of the line (a soft-hyphen break).
        let hyphen: Bool
    }

    struct Case: Decodable {
        let id: String
        /// basic, narrow, soft-hyphen, ligature or bidi.
        let kind: String
        /// The paragraph direction Chromium chose (`unicode-bidi: plaintext`: its first strong
        /// character), read from where its lines are aligned.
        let direction: String
        let text: String
        let fontSize: CGFloat
        let weight: String
        let width: CGFloat
        let lines: [Line]
    }

    struct File: Decodable {
        let fonts: [String: String]
        let cases: [Case]
    }

    static func file() throws -> File {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/line-break-browser-cases.json")
        return try JSONDecoder().decode(File.self, from: Data(contentsOf: url))
    }

    static func font(_ test: Case) -> Font {
        let font = Font.custom("DejaVu Sans", size: test.fontSize)
        return test.weight == "bold" ? font.weight(.bold) : font
    }

    /// The browser's line as Arrange reports it: spaces that hang at the end, and the hard break,
    /// are not part of the line (a soft hyphen is: it is a character of the text).
    static func visible(_ line: String) -> String {
        var text = line
        if text.hasSuffix("\n") { text.removeLast() }
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }

    @Test func theOracleUsedTheFilesArrangeReads() throws {
        let file = try Self.file()
        #expect(file.cases.count >= 110)
        // Every kind of case the oracle was extended with is there.
        #expect(Set(file.cases.map(\.kind)) == ["basic", "narrow", "soft-hyphen", "ligature", "bidi"])
        let fonts = FontLibrary.system
        let regular = try fonts.faceID(for: .custom("DejaVu Sans", size: 17))
        let bold = try fonts.faceID(for: Font.custom("DejaVu Sans", size: 17).weight(.bold))
        #expect(URL(fileURLWithPath: regular.path).lastPathComponent == file.fonts["regular"])
        #expect(URL(fileURLWithPath: bold.path).lastPathComponent == file.fonts["bold"])
    }

    @Test func linesBreakWhereChromiumBreaksThem() throws {
        var matched = 0, largestWidthError: CGFloat = 0
        let cases = try Self.file().cases
        for test in cases {
            let layout = TextLayout(test.text, font: Self.font(test), measurer: FontLibrary.system, width: test.width,
                                    height: nil, lineLimit: nil, scale: 1)
            let expected = test.lines.map { Self.visible($0.text) }
            #expect(layout.lines.map(\.text) == expected, "\(test.id) at width \(test.width)")
            let rightToLeft = Bidi.paragraph(Array(test.text.utf16))?.level == 1
            #expect((rightToLeft ? "rtl" : "ltr") == test.direction, "\(test.id): paragraph direction")
            if layout.lines.map(\.text) == expected {
                matched += 1
                for (line, browser) in zip(layout.lines, test.lines) {
                    // Chromium keeps positions in 1/64 px layout units: each inline item (a run
                    // of one direction, the drawn hyphen) and the line's start (moved right
                    // to left when the line is aligned to the right edge) is snapped, so a
                    // line is off by up to 1/64 per item and one more. Arrange's widths are
                    // exact sums of advances.
                    let runs = 1 + zip(line.glyphs, line.glyphs.dropFirst()).filter { $0.level != $1.level }.count
                    let snapped = CGFloat(runs + (browser.hyphen ? 1 : 0) + (rightToLeft ? 1 : 0))
                    #expect(abs(line.width - browser.width) <= snapped / 64, "\(test.id): \(line.text) is \(line.width) pt, Chromium's \(browser.width)")
                    largestWidthError = max(largestWidthError, abs(line.width - browser.width))
                    // A drawn hyphen is the line's last glyph in a left-to-right paragraph.
                    let hyphen = FontLibrary.system.shape("\u{2010}", in: Self.font(test)).glyphs.first?.id
                    if browser.hyphen, !rightToLeft { #expect(line.glyphs.last?.id == hyphen, "\(test.id): \(line.text) has no hyphen") }
                    if !browser.hyphen { #expect(!line.glyphs.contains { $0.id == hyphen }, "\(test.id): \(line.text) has a hyphen") }
                }
            }
        }
        print("line breaks: \(matched) of \(cases.count) cases match Chromium; largest line width difference \(largestWidthError) pt")
    }
}
