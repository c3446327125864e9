import Foundation
import Testing
@testable import Arrange
import CUnicode

/// Where lines end and how they are measured, beyond the break table (docs/layout-rules.md §2.2):
/// spaces hang even after a break inside a word, a soft hyphen draws and counts its hyphen, a
/// line is measured as drawn when a ligature spans its end, and a paragraph keeps one direction.
/// Each case was wrong before and is one Chromium lays out with the same DejaVu Sans file. The
/// numbers are HarfBuzz's advances in DejaVu Sans (unitsPerEm 2048) at 17 pt, independent of
/// Arrange:
///
///     hb-shape --font-size=2048 --no-glyph-names --direction=ltr DejaVuSans.ttf "TEXT"
@Suite struct LineBreakRuleTests {
    let fonts = FontLibrary.system
    let font = Font.custom("DejaVu Sans", size: 17)
    func points(_ units: CGFloat) -> CGFloat { units / 2048 * 17 }

    func layout(_ text: String, width: CGFloat) -> TextLayout {
        TextLayout(text, font: font, measurer: fonts, width: width, height: nil, lineLimit: nil, scale: 1)
    }

    @Test func spacesAfterABreakInsideAWordHangAndMakeNoLine() {
        // Every letter is wider than 3.75 pt (the narrowest, "i", is 569 units = 4.72 pt), so each
        // takes a line of its own; the space after "i" hangs at the end of the "i" line.
        #expect(layout("Hi there", width: 3.75).lines.map(\.text) == ["H", "i", "t", "h", "e", "r", "e"])
        #expect(layout("a b c", width: 1).lines.map(\.text) == ["a", "b", "c"])
        #expect(layout("x  y", width: 1).lines.map(\.text) == ["x", "y"])
    }

    @Test func aSoftHyphenBreakDrawsAHyphenAndCountsIt() throws {
        let text = "Super\u{AD}cali\u{AD}fragi\u{AD}listic\u{AD}expi\u{AD}ali\u{AD}docious"
        // "cali" 3519 + soft hyphen 0 + "fragi" 4687 = 8206 units = 68.12 pt fits 70 pt without
        // the hyphen, but with U+2010 (739 units) it is 8945 units = 74.25 pt, so it breaks.
        let lines = layout(text, width: 70).lines
        try #require(lines.count == 6)
        #expect(lines.map(\.text) == ["Super\u{AD}", "cali\u{AD}", "fragi\u{AD}", "listic\u{AD}", "expi\u{AD}ali\u{AD}", "docious"])
        // "Super" 6000 + U+2010 739 units; the hyphen is DejaVu's glyph 2803 (U+2010), drawn last.
        #expect(abs(lines[0].width - points(6739)) < 1e-9)
        #expect(lines[0].glyphs.last?.id == 2803)
        #expect(abs((lines[0].glyphs.last?.x ?? 0) - points(6000)) < 1e-9)
        // The last line ends the paragraph, not at a soft hyphen: no hyphen.
        #expect(lines[5].glyphs.contains { $0.id == 2803 } == false)
        // A soft hyphen inside a line draws nothing and takes no width: "expi" + "ali" + hyphen.
        let expiali = layout("expi\u{AD}ali", width: 500).lines
        #expect(expiali.count == 1)
        #expect(expiali[0].glyphs.contains { $0.id == 2803 } == false)
    }

    @Test func aLineEndingInsideALigatureIsMeasuredAsDrawn() {
        // Shaped whole, "fi" is one ligature glyph (5042, 1290 units) on the "f": summing the
        // paragraph's advances gives "…Identif" 34714 − 721 + 1290 = 35283 units = 292.88 pt, over
        // 291.75. Shaped on its own line, "…Identif" ends in a plain "f": 34714 units = 288.15 pt.
        let lines = layout("ThisIsAVeryLongCamelCaseIdentifierName", width: 291.75).lines
        #expect(lines.map(\.text) == ["ThisIsAVeryLongCamelCaseIdentif", "ierName"])
        #expect(abs(lines[0].width - points(34714)) < 1e-9)
    }

    @Test func aParagraphKeepsTheDirectionOfItsFirstStrongCharacter() {
        // Left to right from "H": the second line starts with a Hebrew word, which stays a
        // right-to-left run inside a left-to-right line. "Hi there" 8178 units = 67.88 pt; adding
        // " עברית" (651 + 5426) makes 118.3 pt, over 100. Line two: עברית 5426 + " text." 5344
        // (kerned as left-to-right text: "e" 1224 before "x") = 10770 units = 89.40 pt.
        let lines = layout("Hi there עברית text.", width: 100).lines
        #expect(lines.map(\.text) == ["Hi there", "עברית text."])
        #expect(abs(lines[1].width - points(10770)) < 1e-9)
        // Visual order: the Hebrew word first (its glyphs reversed: ת 1345 leftmost), the period
        // (glyph 17) last, at the right end.
        #expect(lines[1].glyphs.first?.id == 1345)
        #expect(lines[1].glyphs.last?.id == 17)
        // A paragraph whose first strong character is Hebrew runs right to left as a whole: the
        // period, neutral, takes the paragraph's direction and sits at the left end.
        let hebrew = layout("עברית text.", width: 500).lines
        #expect(hebrew.first?.glyphs.first?.id == 17)
    }

    @Test func aQuotationMarkBetweenEastAsianCharactersBreaksFromUnicode15Point1() {
        // Unicode 15.1 rule LB19a lets a line break before "“" when East Asian characters stand
        // on both sides ("：" U+FF1A before, "明" after); Unicode 15.0's LB19 forbids any break
        // around a quotation mark. Arrange breaks by the ICU it is built against (ICU 72 on
        // Debian 12 is Unicode 15.0), so the break comes with an ICU of 74 or later.
        let text = "他说：“明天见。”然后就走了。"
        let units = Array(text.utf16)
        let quote = units.firstIndex(of: 0x201C) ?? 0
        let breaks = LineBreaks.opportunities(units)
        #expect(breaks[quote] == (arrange_unicode_version() >= 1501), "Unicode \(arrange_unicode_version())")
        // Between two ideographs ("然" and "后") a line may always end (LB31).
        let ideographs = (units.firstIndex(of: 0x7136) ?? 0) + 1
        #expect(breaks[ideographs])
    }

    @Test func aHyphenatedBreakThatDoesNotFitIsNotTheLastChance() {
        // At 16 pt "ab Kilo" + U+2010 is 6940 + 739 = 7679 units = 59.99 pt, over 59, but the
        // whole "ab Kilo" + soft hyphen + "l" is 7509 units = 58.66 pt: the "l" is narrower than
        // the hyphen, so the paragraph's end fits and it stays one line, as in Chromium.
        let lines = TextLayout("ab Kilo\u{AD}l", font: .custom("DejaVu Sans", size: 16), measurer: fonts, width: 59,
                               height: nil, lineLimit: nil, scale: 1).lines
        #expect(lines.map(\.text) == ["ab Kilo\u{AD}l"])
    }

    @Test func aLineKeepsTheLevelsItsParagraphResolved() {
        // hb-shape: a 68 (1255), space 3 (651), ש 1344 (1451), ל 1331 (1164), comma 15 (651),
        // U+2010 2803 (739). "a של, " is 5172 units = 42.93 pt before its hanging space; with
        // "עולם" the line is over 60 pt, so it breaks after ", ". In the paragraph the comma
        // stands between two Hebrew words and is right to left (UAX #9 rule N1); shaped alone,
        // at the line's end, it would be left to right and drawn after the Hebrew word.
        let comma = layout("a של, עולם", width: 60).lines
        #expect(comma.map(\.text) == ["a של,", "עולם"])
        #expect(comma[0].glyphs.map(\.id) == [68, 3, 15, 1331, 1344])
        // A soft hyphen after a Hebrew letter offers no break (UAX #14 rule LB21a).
        #expect(layout("a של\u{AD}עולם", width: 60).lines.map(\.text) == ["a", "של\u{AD}עולם"])
        // The hyphen takes the level of the character before the soft hyphen. A right-to-left
        // paragraph broken inside "Wo­rd": "עברית Wo" + U+2010 is 5426 + 651 + 1905 + 1253 + 739 =
        // 9974 units = 82.79 pt, within 90; with "rd" it is 94.14 pt. The hyphen ends the
        // left-to-right run "Wo", on its right; the Hebrew word is at the line's right end.
        let hyphen = layout("עברית Wo\u{AD}rd", width: 90).lines
        #expect(hyphen.map(\.text) == ["עברית Wo\u{AD}", "rd"])
        #expect(hyphen[0].glyphs.filter { $0.advance > 0 }.map(\.id) == [58, 82, 2803, 3, 1345, 1328, 1343, 1320, 1337])
    }

    @Test func aSoftHyphenThatEndsTheParagraphDrawsNoHyphen() {
        // No break at the soft hyphen: nothing drawn, even with tracking widening its glyph.
        let line = TextLayout("Wort\u{AD}", font: font, measurer: fonts, width: nil, height: nil, lineLimit: nil, scale: 1,
                              tracking: 1).lines[0]
        #expect(line.hyphen == nil)
        #expect(!line.glyphs.contains { $0.id == 2803 })
    }

    @Test func aFaceWithoutU2010DrawsAHyphenMinus() throws {
        // Comic Neue (Fixtures/fonts) has "-" (glyph 15, 402 units per 1000) but no U+2010, so
        // the hyphen is "-" from the face itself, as Blink chooses. At 20 pt, "Wort" is 827 + 529
        // + 397 + 286 = 2039 units; "Wort" + soft hyphen + "Wort" 81.56 pt is over 60.
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/fonts")
        let comic = try FontLibrary(fonts: [folder])
        let lines = TextLayout("Wort\u{AD}Wort", font: .custom("Comic Neue", size: 20), measurer: comic, width: 60,
                               height: nil, lineLimit: nil, scale: 1).lines
        #expect(lines.map(\.text) == ["Wort\u{AD}", "Wort"])
        #expect(lines[0].hyphen == "-")
        #expect(lines[0].glyphs.last?.id == 15)
        #expect(abs(lines[0].width - (2039.0 + 402) / 1000 * 20) < 1e-9)
        #expect(layout("Super\u{AD}cali", width: 60).lines.first?.hyphen == "\u{2010}")
    }

    @Test func aLongRunOfSpacesIsReadOnce() {
        // Each candidate line used to walk back over the spaces before it: 200,000 spaces took
        // about 2 × 10^10 steps. Too narrow for "a", the spaces hang after it.
        let text = "a" + String(repeating: " ", count: 200_000) + "b"
        #expect(layout(text, width: 3).lines.map(\.text) == ["a", "b"])
        #expect(layout(text, width: 100).lines.map(\.text) == ["a", "b"])
    }
}
