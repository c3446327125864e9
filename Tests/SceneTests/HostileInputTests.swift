import Arrange
import ArrangeSVG
@testable import ArrangeScene
import Foundation
import Testing

/// Scenes a pull request could contain that once crashed, hung or misled: each is now a located
/// error (or renders), quickly, with a message that quotes the input safely.
@Suite struct HostileInputTests {
    func failure(_ yaml: String, format: SceneFormat = .yaml) throws -> SceneError {
        try #require(throws: SceneError.self) { try Scene(text: yaml, file: "hostile.yaml", format: format).layout() }
    }

    @Test func fontSizesOutsideTheRangeAreRefusedWhereTheyAreWritten() throws {
        // 1e-300 once trapped converting a line count to Int; 1e6 failed in FreeType.
        for size in ["1e-300", "1000000", "0.01"] {
            let error = try failure("view:\n  text: {content: Hi, font: {size: \(size)}}\n")
            #expect(error.location.line == 2 && error.location.column == 36, "\(error)")
            #expect(error.message.contains("a font 'size' must be from 0.1 to 1000 points"))
        }
        // In Swift, a tiny font lays out without trapping.
        let result = LayoutResult(of: Text("Hi").font(.system(size: 1e-300)), in: ProposedViewSize(width: 100, height: 100))
        #expect(result.rootSize.width.isFinite && result.rootSize.height.isFinite)
    }

    @Test func scalesOutsideTheRangeAreRefused() throws {
        let error = try failure("canvas: {scale: 4.9e-324}\nview: {rectangle: {}}\n")
        #expect(error.location.line == 1 && error.location.column == 17)
        #expect(error.message.contains("'scale' must be from 0.01 to 64"))
    }

    @Test func hugeGuideFractionsAreRefusedAndHugeNumbersStillWriteSVG() throws {
        let error = try failure("view:\n  rectangle: {}\n  modifiers: [{alignmentGuide: {vertical: center, fractionOfWidth: 1000000}}]\n")
        #expect(error.message.contains("'fractionOfWidth' must be from -1000 to 1000"))
        // Coordinates near 1e16 once trapped the SVG number writer.
        #expect(SVGNumber.format(1e16) == "10000000000000000")
        #expect(SVGNumber.format(-3.5e17) == "-350000000000000000")
        #expect(SVGNumber.format(1e300).count > 300)
        let far = LayoutResult(of: Color.red.frame(width: 10, height: 10).offset(x: 1e16, y: 0), in: ProposedViewSize(width: 20, height: 20))
        #expect(try SVGRenderer().render(far.displayList).contains("x=\"1000000000000000"))
    }

    @Test func aCharacterWithThousandsOfMarksIsRefusedAtOnce() throws {
        // "a" and 50,000 combining acute accents, 10,000 times (a 100 KB scene in the issue): once
        // minutes of work and a 100 MB SVG.
        let grapheme = "a" + String(repeating: "\u{301}", count: 50_000)
        let start = Date()
        let error = try failure("view:\n  text: \"" + String(repeating: grapheme, count: 3) + "\"\n")
        #expect(error.message.contains("a character of more than 32 code points"))
        #expect(Date().timeIntervalSince(start) < 60, "a guard, not a timing: it once took minutes")
        // Thirty marks on a letter are fine.
        _ = try Scene(text: "view:\n  text: \"a" + String(repeating: "\u{301}", count: 30) + "\"\n").layout()
    }

    @Test func userTextInMessagesIsShortenedAndItsControlCharactersEscaped() throws {
        let escape = try failure("view:\n  rectangle: {}\n  modifiers:\n    - \"bo\\e]0;pwned\\ardr\": red\n")
        #expect(escape.message.contains("unknown modifier 'bo\\u{1B}]0;pwned\\u{7}rdr'"))
        #expect(!escape.message.unicodeScalars.contains { $0.value < 0x20 })
        let long = try failure("view:\n  text: {content: Hi, font: " + String(repeating: "x", count: 900_000) + "}\n")
        #expect(long.description.utf8.count < 1_000)
        #expect(long.message.contains(String(repeating: "x", count: 80) + "…"))
    }

    @Test func jsonSurrogatePairsAreOneCharacter() throws {
        let scene = try Scene(text: "{\"view\": {\"text\": \"\\ud83d\\ude00 ok\"}}", file: "emoji.json", format: .json)
        let result = try scene.layout().result
        guard case .text(let run) = result.displayList.items.first?.content else {
            Issue.record("no text")
            return
        }
        #expect(run.lines.first?.text == "😀 ok")
        // An escaped backslash before "u" is not an escape.
        let literal = try Scene(text: "{\"view\": {\"text\": \"\\\\ud83d\"}}", file: "literal.json", format: .json).layout().result
        guard case .text(let plain) = literal.displayList.items.first?.content else {
            Issue.record("no text")
            return
        }
        #expect(plain.lines.first?.text == "\\ud83d")
        let lone = try failure("{\"view\": {\"text\": \"\\ude00\"}}", format: .json)
        #expect(lone.location.column == 20)
        #expect(lone.message.contains("second half of a surrogate pair"))
        let half = try failure("{\"view\": {\"text\": \"\\ud83d x\"}}", format: .json)
        #expect(half.message.contains("first half of a surrogate pair"))
    }

    @Test func fileErrorsAreWordsNotFoundationCodes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("arrange-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("plain.txt")
        try Data("x".utf8).write(to: file)
        // A path through a file: ENOTDIR, once "NSCocoaErrorDomain error 512".
        let error = try #require(throws: FileOutputError.self) { try FileOutput.write(Data(), to: file.appendingPathComponent("out.png")) }
        #expect(error.description.contains("Not a directory"), "\(error)")
        #expect(!error.description.contains("NSCocoaErrorDomain"))
        let described = FileOutput.describe(CocoaError(.fileReadUnknown))
        #expect(!described.contains("NSCocoaErrorDomain") && !described.contains("256"))
    }
}
