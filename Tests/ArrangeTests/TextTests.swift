import Testing
import Foundation
@testable import Arrange

/// Text measurement and layout (docs/layout-rules.md §2.2). Expected advances are read from
/// /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf with fontTools, independently of Arrange:
///
///     from fontTools.ttLib import TTFont
///     f = TTFont(".../DejaVuSans.ttf"); cmap = f.getBestCmap(); hm = f["hmtx"]
///     w = lambda s, size=17: sum(hm[cmap[ord(c)]][0] for c in s) * size / 2048
///
/// unitsPerEm 2048; hhea ascender 1901, descender −483, lineGap 0; "H" yMax 1493.
@Suite struct TextTests {
    let measurer = FontLibrary.system
    /// (1901 + 483) / 2048 × 17
    let bodyLineHeight: CGFloat = 2384.0 / 2048 * 17

    @Test func helloAtBodySizeIsTheSumOfTheFontsAdvances() {
        // H 1540 + e 1260 + l 569 + l 569 + o 1253 = 5191 units; × 17 / 2048 = 43.08935546875
        #expect(measurer.width(of: "Hello", in: .body) == 43.08935546875)
        let metrics = measurer.metrics(of: .body)
        #expect(metrics.ascent == 1901.0 / 2048 * 17)
        #expect(metrics.descent == 483.0 / 2048 * 17)
        #expect(metrics.leading == 0)
        #expect(metrics.capHeight == 1493.0 / 2048 * 17)
    }

    @Test func boldUsesTheBoldFace() {
        // DejaVuSans-Bold: H 1714 + e 1389 + l 702 + l 702 + o 1407 = 5914 units × 17 / 2048
        #expect(measurer.width(of: "Hello", in: .body.bold()) == 5914.0 / 2048 * 17)
        // headline is 17 pt semibold, drawn with the bold face
        #expect(measurer.width(of: "Hello", in: .headline) == 5914.0 / 2048 * 17)
    }

    @Test func textStylesHaveTheirIOSSizes() {
        let sizes: [(Font, CGFloat)] = [(.largeTitle, 34), (.title, 28), (.title2, 22), (.title3, 20), (.headline, 17),
                                        (.body, 17), (.callout, 16), (.subheadline, 15), (.footnote, 13), (.caption, 12), (.caption2, 11)]
        for (font, size) in sizes { #expect(font.size == size) }
        #expect(Font.headline.weight == .semibold)
        #expect(Font.system(size: .nan).size == 17)
    }

    @Test func idealSizeIsOneLineRoundedUpToPixels() {
        // width 43.089 → 44 at 1×; height 19.789 → 20
        let result = LayoutResult(of: Text("Hello"), in: .unspecified)
        #expect(result.rootSize == CGSize(width: 44, height: 20))
        // at 2×: 86.18 px → 87 px = 43.5 pt; 39.58 px → 40 px = 20 pt
        let double = LayoutResult(of: Text("Hello"), in: .unspecified, scale: 2)
        #expect(double.rootSize == CGSize(width: 43.5, height: 20))
        // More width than the ideal does not stretch text.
        #expect(LayoutResult(of: Text("Hello"), in: .init(width: 500, height: 500)).rootSize == CGSize(width: 44, height: 20))
    }

    @Test func paragraphWrapsAtWordsAndReportsItsLongestLine() {
        // Greedy wrap at 120 with space 5.4038: "The quick" 82.50, "brown fox" 84.71,
        // "jumps over" 95.02, "the lazy dog" 104.81 (adding the next word would pass 120 each time).
        let layout = TextLayout("The quick brown fox jumps over the lazy dog", font: .body, measurer: measurer,
                                width: 120, height: nil, lineLimit: nil, scale: 1)
        #expect(layout.lines.map(\.text) == ["The quick", "brown fox", "jumps over", "the lazy dog"])
        #expect(layout.lines[3].width == 104.81396484375)
        // width ⌈104.81⌉ = 105; height ⌈4 × 19.789⌉ = ⌈79.16⌉ = 80
        let result = LayoutResult(of: Text("The quick brown fox jumps over the lazy dog"), in: .init(width: 120, height: nil))
        #expect(result.rootSize == CGSize(width: 105, height: 80))
    }

    @Test func aLongWordBreaksInsideTheWord() {
        // E 10.74 + x 10.06 + t 6.67 = 27.47; + r would be 34.46 > 30, and so on.
        let layout = TextLayout("Extraordinary", font: .body, measurer: measurer, width: 30, height: nil, lineLimit: nil, scale: 1)
        #expect(layout.lines.map(\.text) == ["Ext", "rao", "rdi", "nar", "y"])
        #expect(layout.size.width == 29) // ⌈28.18⌉ for "nar"
    }

    @Test func textWithoutBreakOpportunitiesWrapsBetweenCharactersInOnePass() {
        // "x" is 1212 units, 1212 / 2048 × 17 = 10.0605 pt: 9 fit in 100 (90.54; 10 would be
        // 100.6). 200,000 of them: 22,222 full lines and one of 2. Once every line scanned the
        // text to its end for a break (quadratic: a megabyte took minutes); the benchmark row
        // text-nobreak-1m times it.
        let layout = TextLayout(String(repeating: "x", count: 200_000), font: .body, measurer: measurer,
                                width: 100, height: nil, lineLimit: nil, scale: 1)
        #expect(layout.lines.count == 22_223)
        #expect(layout.lines.dropLast().allSatisfy { $0.text == "xxxxxxxxx" })
        #expect(layout.lines.last?.text == "xx")
    }

    @Test func lineLimitTruncatesTheLastLineWithAnEllipsis() {
        // Two lines at 120: "The quick", then the rest "brown fox jumps over the lazy dog" cut until it
        // fits with "…" (17.0): "brown fox j" is 84.71 + 5.40 + 5.29 = 95.40, + 17 = 112.40 ≤ 120;
        // "brown fox ju" adds u 10.77 → 123.17 > 120.
        let layout = TextLayout("The quick brown fox jumps over the lazy dog", font: .body, measurer: measurer,
                                width: 120, height: nil, lineLimit: 2, scale: 1)
        #expect(layout.lines.map(\.text) == ["The quick", "brown fox j…"])
        // A height for 1.5 lines keeps one line.
        let short = TextLayout("The quick brown fox", font: .body, measurer: measurer,
                               width: 120, height: bodyLineHeight * 1.5, lineLimit: nil, scale: 1)
        #expect(short.lines.count == 1)
        #expect(short.lines[0].text.hasSuffix("…"))
    }

    @Test func aLayoutKnowsWhetherItsLimitOrItsHeightCutItShort() {
        // At 120 the sentence needs 4 lines (see paragraphWrapsAtWordsAndReportsItsLongestLine).
        let limited = TextLayout("The quick brown fox jumps over the lazy dog", font: .body, measurer: measurer,
                                 width: 120, height: nil, lineLimit: 2, scale: 1)
        #expect((limited.lines.count, limited.neededLines, limited.allowedLines) == (2, 4, 2))
        #expect(limited.isTruncated)
        // A height for 2.5 lines under a limit of 3: the height cut it to 2 of the 3 allowed.
        let squeezed = TextLayout("The quick brown fox jumps over the lazy dog", font: .body, measurer: measurer,
                                  width: 120, height: bodyLineHeight * 2.5, lineLimit: 3, scale: 1)
        #expect((squeezed.lines.count, squeezed.neededLines, squeezed.allowedLines) == (2, 4, 3))
        let whole = TextLayout("The quick brown fox", font: .body, measurer: measurer, width: 120, height: nil, lineLimit: 3, scale: 1)
        #expect((whole.lines.count, whole.neededLines, whole.allowedLines) == (2, 2, 2))
        #expect(!whole.isTruncated)
    }

    @Test func explicitNewlinesMakeLinesAtTheIdealSize() {
        let layout = TextLayout("Hello\nWorld wide", font: .body, measurer: measurer, width: nil, height: nil, lineLimit: nil, scale: 1)
        #expect(layout.lines.map(\.text) == ["Hello", "World wide"])
    }

    @Test func baselinesLineUpTextsOfDifferentSizes() {
        // First baselines: largeTitle 1901/2048 × 34 = 31.5595703125; caption 1901/2048 × 12 = 11.138671875.
        // In an HStack aligned on them the caption's top is at 31.5596 − 11.1387 = 20.4208984375.
        let result = LayoutResult(of: HStack(alignment: .firstTextBaseline) {
            Text("Big").font(.largeTitle).id("big")
            Text("small").font(.caption).id("small")
        })
        #expect(result.frames["big"]?.minY == 0)
        #expect(result.frames["small"]?.minY == 20.4208984375)
    }

    @Test func lastBaselineIsOnTheLastLine() {
        // Two lines of body text: last baseline = 19.789 + 15.780; a 10-pt-high rectangle aligned on it
        // sits with its bottom there.
        let result = LayoutResult(of: HStack(alignment: .lastTextBaseline) {
            Text("Hello\nWorld").id("text")
            Rectangle().frame(width: 10, height: 10).id("box")
        })
        let baseline = bodyLineHeight + 1901.0 / 2048 * 17
        #expect(result.frames["text"]?.minY == 0)
        #expect(result.frames["box"]?.maxY == baseline)
    }

    @Test func fontIsInheritedThroughTheEnvironment() {
        // "Hello" at title (28): 5191 × 28 / 2048 = 70.97 → 71 wide
        let result = LayoutResult(of: VStack { Text("Hello").id("a") }.font(.title))
        #expect(result.frames["a"]?.width == 71)
    }

    @Test func textMeetsPlainViewsVerticallyByItsMetrics() {
        // Body: lineHeight 19.789, extra = ⌈1.979⌉ = 2, lineSpacing 21.789.
        // Above a Text: lineSpacing − ascent = 21.789 − 15.780 = 6.0093.
        // Below a Text: max(lineSpacing − capHeight, extra + descent) = max(9.396, 6.009) = 9.396.
        let result = LayoutResult(of: VStack {
            Rectangle().frame(width: 10, height: 10).id("top")
            Text("Hello").id("text")
            Rectangle().frame(width: 10, height: 10).id("bottom")
        })
        let ascent = 1901.0 / 2048 * 17, cap = 1493.0 / 2048 * 17
        let lineSpacing = bodyLineHeight + 2
        let gapAbove = (result.frames["text"]?.minY ?? 0) - 10
        let gapBelow = (result.frames["bottom"]?.minY ?? 0) - (result.frames["text"]?.maxY ?? 0)
        #expect(abs(gapAbove - (lineSpacing - ascent)) < 1e-9)
        #expect(abs(gapBelow - (lineSpacing - cap)) < 1e-9)
        // Horizontally text meets other views at the default 8.
        let row = LayoutResult(of: HStack { Text("Hello").id("t"); Rectangle().frame(width: 10, height: 10).id("r") })
        #expect((row.frames["r"]?.minX ?? 0) - (row.frames["t"]?.maxX ?? 0) == 8)
    }
}
