import Foundation
import Testing
@testable import Arrange

/// `lineSpacing`, `truncationMode` and `minimumScaleFactor` (docs/layout-rules.md §2.2), set as
/// environment values and read by text. Advances are HarfBuzz's in DejaVu Sans (unitsPerEm 2048)
/// at 17 pt (`hb-shape --font-size=2048`); the line height is (1901 + 483) / 2048 × 17.
@Suite struct TextOptionsTests {
    let lineHeight: CGFloat = 2384.0 / 2048 * 17
    let ascent: CGFloat = 1901.0 / 2048 * 17
    func points(_ units: CGFloat, size: CGFloat = 17) -> CGFloat { units / 2048 * size }

    func layout(_ text: String, width: CGFloat? = nil, height: CGFloat? = nil, lineLimit: Int? = nil, lineSpacing: CGFloat = 0,
                mode: Text.TruncationMode = .tail, factor: CGFloat = 1) -> TextLayout {
        TextLayout(text, font: .custom("DejaVu Sans", size: 17), measurer: FontLibrary.system, width: width, height: height,
                   lineLimit: lineLimit, scale: 1, lineSpacing: lineSpacing, truncationMode: mode, minimumScaleFactor: factor)
    }

    @Test func lineSpacingGoesBetweenLinesNotAfterTheLast() {
        // Three lines: 3 line heights and 2 spacings, 59.37 + 10 = 69.37, rounded up to 70.
        let spaced = layout("one\ntwo\nthree", lineSpacing: 5)
        #expect(spaced.size.height == 70)
        #expect(abs(spaced.baseline(ofLine: 1) - (lineHeight + 5 + ascent)) < 1e-9)
        #expect(abs(spaced.lastBaseline - (2 * (lineHeight + 5) + ascent)) < 1e-9)
        // A height of 45 holds two lines (2 × 19.79 + 5 = 44.58) but not three.
        #expect(layout("one\ntwo\nthree", height: 45, lineSpacing: 5).lines.count == 2)
        // In a view: the second line's baseline in the display list.
        let list = LayoutResult(of: Text("one\ntwo").lineSpacing(5)).displayList
        guard case .text(let run)? = list.items.first?.content else {
            Issue.record("no text")
            return
        }
        #expect(abs(run.lines[1].origin.y - (lineHeight + 5 + ascent)) < 1e-9)
    }

    @Test func truncationModesPutTheEllipsisAtTheTailHeadOrMiddle() {
        // "Layouts everywhere" is 20756 units = 172.3 pt, over 80 on one line. Kept, the most
        // characters that fit 80 pt: tail "Layout" + "…" (7010 + 2048 judged apart, drawn 9010
        // units = 74.79 pt); head "…ywhere" 9550 units = 79.27 pt; middle "Lay…ere" 8973 units
        // = 74.48 pt ("Layo…ere" would be 10226 = 84.9 pt).
        let text = "Layouts everywhere"
        let tail = layout(text, width: 80, lineLimit: 1, mode: .tail).lines
        #expect(tail.map(\.text) == ["Layout…"])
        #expect(abs(tail[0].width - points(9010)) < 1e-9)
        let head = layout(text, width: 80, lineLimit: 1, mode: .head).lines
        #expect(head.map(\.text) == ["…ywhere"])
        #expect(abs(head[0].width - points(9550)) < 1e-9)
        let middle = layout(text, width: 80, lineLimit: 1, mode: .middle).lines
        #expect(middle.map(\.text) == ["Lay…ere"])
        #expect(abs(middle[0].width - points(8973)) < 1e-9)
        // Set on a view, read by the text inside.
        let size = LayoutResult(of: Text(text).lineLimit(1).truncationMode(.head).frame(width: 80)).displayList
        guard case .text(let run)? = size.items.first?.content else {
            Issue.record("no text")
            return
        }
        #expect(run.lines.first?.text == "…ywhere")
    }

    @Test func minimumScaleFactorShrinksTextToFitInsteadOfCuttingIt() {
        // "Hello world" is 11481 units: 95.30 pt at 17 pt, over 60 on one line. It fits at
        // 17 × 60 / 95.30 = 10.703 pt, a factor of 0.6296: allowed down to 0.5, the text shrinks
        // to the largest size that fits (found by bisection to within 17 × 0.5 / 4096 pt).
        let exact = 17 * 60 / points(11481)
        let shrunk = layout("Hello world", width: 60, lineLimit: 1, factor: 0.5)
        #expect(!shrunk.isTruncated)
        #expect(shrunk.lines.map(\.text) == ["Hello world"])
        #expect(shrunk.font.size <= exact + 1e-9 && shrunk.font.size >= exact - 17 * 0.5 / 4096)
        #expect(shrunk.lines[0].width <= 60 + 1e-9)
        // Allowed only down to 0.7 (11.9 pt, 66.7 pt wide): still too wide, so set at 11.9 pt and cut.
        let limited = layout("Hello world", width: 60, lineLimit: 1, factor: 0.7)
        #expect(abs(limited.font.size - 17 * 0.7) < 1e-9)
        #expect(limited.isTruncated)
        // Text that fits keeps its size.
        #expect(layout("Hello", width: 60, lineLimit: 1, factor: 0.5).font.size == 17)
        // In a view, the display list draws the smaller size it was measured at.
        let list = LayoutResult(of: Text("Hello world").lineLimit(1).minimumScaleFactor(0.5).frame(width: 60)).displayList
        guard case .text(let run)? = list.items.first?.content else {
            Issue.record("no text")
            return
        }
        #expect(run.font.size <= exact + 1e-9 && run.font.size < 17)
    }
}
