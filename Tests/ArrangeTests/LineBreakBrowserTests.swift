import Foundation
import Testing
@testable import Arrange

/// Text wraps where Chromium wraps it (docs/layout-rules.md §2.2): the same font files (DejaVu
/// Sans and Sans Bold), sizes and widths, in a `white-space: pre-wrap; overflow-wrap: anywhere`
/// box, give the same lines. The cases and the browser's lines are in
/// Fixtures/line-break-browser-cases.json, made by Tests/LineBreakOracle/generate.py: hyphenated
/// compounds, dashes, URLs and paths, double, leading and trailing spaces, long words, numbers,
/// no-break spaces and hard breaks.
@Suite struct LineBreakBrowserTests {
    struct Line: Decodable {
        let text: String
        let width: CGFloat
    }

    struct Case: Decodable {
        let id: String
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
    /// are not part of the line.
    static func visible(_ line: String) -> String {
        var text = line
        if text.hasSuffix("\n") { text.removeLast() }
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }

    @Test func theOracleUsedTheFilesArrangeReads() throws {
        let file = try Self.file()
        #expect(file.cases.count >= 50)
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
            if layout.lines.map(\.text) == expected {
                matched += 1
                for (line, browser) in zip(layout.lines, test.lines) {
                    largestWidthError = max(largestWidthError, abs(line.width - browser.width))
                }
            }
        }
        // Chromium keeps widths in 1/64 px layout units; Arrange's are exact sums of advances.
        #expect(largestWidthError <= 1.0 / 64)
        print("line breaks: \(matched) of \(cases.count) cases match Chromium; largest line width difference \(largestWidthError) pt")
    }
}
