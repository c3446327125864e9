import Foundation
import Testing
@testable import Arrange

// Issue 3: alignment in stacks (docs/layout-rules.md §4.3 "Minor", §4.5, §4.6, §7.1, §3.11).
// Helpers (stackLayout, fixedBox, StackTestMeasurer: ascent 12, line 16) are in StackTests.swift.

/// A horizontal guide whose default is the leading edge.
private enum StackMarkID: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 } }
/// A vertical guide whose default is the centre.
private enum StackLineID: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height / 2 } }
private extension HorizontalAlignment { static let stackMark = HorizontalAlignment(StackMarkID.self) }
private extension VerticalAlignment { static let stackLine = VerticalAlignment(StackLineID.self) }

@Suite struct StackChildAlignment {
    @Test func hstackStandardAlignments() {
        // Boxes 10, 30 and 20 tall; the stack is 30 tall. a's y = guide(b) − guide(a).
        func y(_ alignment: VerticalAlignment, _ id: String) -> CGFloat? {
            stackLayout(HStack(alignment: alignment) { fixedBox("a", 10, 10); fixedBox("b", 10, 30); fixedBox("c", 10, 20) }).frames[id]?.minY
        }
        #expect(y(.top, "a") == 0)
        #expect(y(.top, "c") == 0)
        #expect(y(.center, "a") == 10)   // 15 − 5
        #expect(y(.center, "c") == 5)    // 15 − 10
        #expect(y(.bottom, "a") == 20)   // 30 − 10
        #expect(y(.bottom, "c") == 10)   // 30 − 20
        // Views without text have both baselines at their bottom.
        #expect(y(.firstTextBaseline, "a") == 20)
        #expect(y(.lastTextBaseline, "c") == 10)
    }

    @Test func hstackTextBaselines() {
        // Two-line text: 5 × 32, first baseline 12, last 16 + 12 = 28. A 10 × 10 box.
        func frames(_ alignment: VerticalAlignment) -> LayoutResult {
            stackLayout(HStack(alignment: alignment) { Text("a\nb").id("t"); fixedBox("b", 10, 10) })
        }
        // First baseline: extents [−12, 20] and [−10, 0] → 32 tall, the box at −10 + 12 = 2.
        #expect(frames(.firstTextBaseline).frames["b"]?.minY == 2)
        #expect(frames(.firstTextBaseline).frames["t"]?.minY == 0)
        // Last baseline: [−28, 4] and [−10, 0] → the box at 18.
        #expect(frames(.lastTextBaseline).frames["b"]?.minY == 18)
        #expect(frames(.lastTextBaseline).rootSize == CGSize(width: 23, height: 32))  // 5 + 8 + 10
        // Top and bottom ignore the baselines.
        #expect(frames(.top).frames["b"]?.minY == 0)
        #expect(frames(.bottom).frames["b"]?.minY == 22)
    }

    @Test func vstackStandardAlignments() {
        func x(_ alignment: HorizontalAlignment, _ id: String) -> CGFloat? {
            stackLayout(VStack(alignment: alignment) { fixedBox("a", 10, 10); fixedBox("b", 30, 10); fixedBox("c", 20, 10) }).frames[id]?.minX
        }
        #expect(x(.leading, "a") == 0)
        #expect(x(.leading, "c") == 0)
        #expect(x(.center, "a") == 10)   // 15 − 5
        #expect(x(.center, "c") == 5)    // 15 − 10
        #expect(x(.trailing, "a") == 20) // 30 − 10
        #expect(x(.trailing, "c") == 10) // 30 − 20
    }

    @Test func customGuidesUseTheirDefaults() {
        // stackLine defaults to the centre: same as .center. stackMark defaults to 0: same as .leading.
        let row = stackLayout(HStack(alignment: .stackLine) { fixedBox("a", 10, 10); fixedBox("b", 10, 30) })
        #expect(row.frames["a"]?.minY == 10)
        let column = stackLayout(VStack(alignment: .stackMark) { fixedBox("a", 10, 10); fixedBox("b", 30, 10) })
        #expect(column.frames["a"]?.minX == 0)
        #expect(column.frames["b"]?.minX == 0)
    }

    @Test func overridesOfCustomGuidesTakePart() {
        // b's line is its bottom (30), a's its centre (5): extents [−5, 5] and [−30, 0] → the
        // union [−30, 5] is 35 tall; a at −5 + 30 = 25, b at 0.
        let row = stackLayout(HStack(alignment: .stackLine) {
            fixedBox("a", 10, 10)
            fixedBox("b", 10, 30).alignmentGuide(.stackLine) { d in d.height }
        })
        #expect(row.rootSize.height == 35)
        #expect(row.frames["a"]?.minY == 25)
        #expect(row.frames["b"]?.minY == 0)
        // b's mark at a third of its width (10), a's default 0: [0, 10] and [−10, 20] → 30 wide;
        // a at 10, b at 0.
        let column = stackLayout(VStack(alignment: .stackMark) {
            fixedBox("a", 10, 10)
            fixedBox("b", 30, 10).alignmentGuide(.stackMark) { d in d.width / 3 }
        })
        #expect(column.rootSize.width == 30)
        #expect(column.frames["a"]?.minX == 10)
        #expect(column.frames["b"]?.minX == 0)
    }

    @Test func overridesOfStandardGuidesTakePart() {
        // b's top moved to its centre (15): [0, 10] and [−15, 15] → 30 tall; a at 15, b at 0.
        let row = stackLayout(HStack(alignment: .top) {
            fixedBox("a", 10, 10)
            fixedBox("b", 10, 30).alignmentGuide(.top) { d in d[VerticalAlignment.center] }
        })
        #expect(row.frames["a"]?.minY == 15)
        #expect(row.frames["b"]?.minY == 0)
        // b's leading moved to its trailing edge (30): [0, 10] and [−30, 0] → 40 wide; a at 30.
        let column = stackLayout(VStack(alignment: .leading) {
            fixedBox("a", 10, 10)
            fixedBox("b", 30, 10).alignmentGuide(.leading) { d in d[HorizontalAlignment.trailing] }
        })
        #expect(column.rootSize.width == 40)
        #expect(column.frames["a"]?.minX == 30)
        #expect(column.frames["b"]?.minX == 0)
        // An override on the view inside a frame reaches the stack through the frame (§3: unary
        // modifiers pass their child's explicit guides on, moved by the child's offset 0): same as above.
        let inner = stackLayout(HStack(alignment: .top) {
            fixedBox("a", 10, 10)
            Rectangle().alignmentGuide(.top) { d in d.height / 2 }.frame(width: 10, height: 30).id("b")
        })
        #expect(inner.frames["a"]?.minY == 15)
    }
}

/// §4.6: the explicit guides of a stack that is itself aligned by its parent.
@Suite struct StackOwnGuides {
    @Test func frameGuidesDoNotPropagate() {
        // a's leading override stays inside its two-child HStack: the HStack has no explicit
        // leading, so the VStack lines it up by its edge at 0 like c. (Compare the one-child case
        // in StackTests, where the override does reach the VStack.)
        let view = VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 0) { fixedBox("a", 10, 10).alignmentGuide(.leading) { _ in 5 }; fixedBox("b", 10, 10) }
            fixedBox("c", 30, 10)
        }
        let result = stackLayout(view)
        #expect(result.frames["a"]?.minX == 0)
        #expect(result.frames["c"]?.minX == 0)
        #expect(result.rootSize.width == 30)
        // Trailing: the inner row (10 + 8 + 10 = 28) uses its default trailing 28, not a's 0:
        // [−28, 0] and [−40, 0] → the row at 12.
        let trailing = stackLayout(VStack(alignment: .trailing, spacing: 0) {
            HStack { fixedBox("a", 10, 10).alignmentGuide(.trailing) { _ in 0 }; fixedBox("b", 10, 10) }
            fixedBox("c", 40, 10)
        })
        #expect(trailing.frames["a"]?.minX == 12)
        // Vertically: a's top override (5) does not move the VStack in an HStack(.top).
        let top = stackLayout(HStack(alignment: .top, spacing: 0) {
            VStack(spacing: 0) { fixedBox("a", 10, 10).alignmentGuide(.top) { _ in 5 }; fixedBox("b", 10, 10) }
            fixedBox("c", 10, 30)
        })
        #expect(top.frames["a"]?.minY == 0)
        #expect(top.frames["c"]?.minY == 0)
    }

    /// An HStack(.top) of two texts, the second pushed down 6 by padding: baselines 12 and 18.
    /// The row is max(16, 22) = 22 tall.
    func texts() -> some View {
        HStack(alignment: .top) { Text("a"); Text("b").padding(.top, 6) }
    }

    @Test func firstBaselineIsTheTopMostOfTheChildren() {
        // The row's first baseline = min(12, 18) = 12. Outer: [−12, 10] and box [−10, 0] →
        // the box at −10 + 12 = 2.
        let result = stackLayout(HStack(alignment: .firstTextBaseline, spacing: 0) { texts(); fixedBox("x", 10, 10) })
        #expect(result.frames["x"]?.minY == 2)
        #expect(result.rootSize.height == 22)
    }

    @Test func lastBaselineIsTheBottomMostOfTheChildren() {
        // §4.6 (Apple: bottom-most): the row's last baseline = max(12, 18) = 18. Outer: [−18, 4] and
        // [−10, 0] → the box at 8. (Combining with min, as OpenSwiftUI does, would give 2.)
        let result = stackLayout(HStack(alignment: .lastTextBaseline, spacing: 0) { texts(); fixedBox("x", 10, 10) })
        #expect(result.frames["x"]?.minY == 8)
    }

    @Test func baselinesOfAColumnOfTexts() {
        // VStack(spacing: 0) of "a" (16 tall) and "b\nc" (32 tall): first baseline 12, last
        // 16 + 28 = 44. A box aligned on the last: [−44, 4] and [−10, 0] → y = 34; on the first: 2.
        func column() -> some View { VStack(spacing: 0) { Text("a"); Text("b\nc") } }
        #expect(stackLayout(HStack(alignment: .lastTextBaseline) { column(); fixedBox("x", 10, 10) }).frames["x"]?.minY == 34)
        #expect(stackLayout(HStack(alignment: .firstTextBaseline) { column(); fixedBox("x", 10, 10) }).frames["x"]?.minY == 2)
    }

    @Test func aStackWithoutTextUsesItsBottomAsBaseline() {
        // No child has an explicit baseline: the row's baseline is its default, the bottom (20).
        // [−20, 0] and [−10, 0] → x at 10.
        let result = stackLayout(HStack(alignment: .firstTextBaseline) {
            HStack { fixedBox("a", 10, 10); fixedBox("b", 10, 20) }
            fixedBox("x", 10, 10)
        })
        #expect(result.frames["x"]?.minY == 10)
    }

    @Test func customGuidesAreAveragedOverChildrenWithExplicitValues() {
        // Inner HStack: a at x 0 with mark 4 → 4; b at x 10 with mark 6 → 16; c has no explicit
        // mark and is skipped. Mean (4 + 16) / 2 = 10. (Counting c's default, 20 + 0, would give 13.3.)
        // Outer VStack: row [−10, 20], d (default 0) [0, 40] → 50 wide; row at 0, d at 10.
        let view = VStack(alignment: .stackMark, spacing: 0) {
            HStack(spacing: 0) {
                fixedBox("a", 10, 10).alignmentGuide(.stackMark) { _ in 4 }
                fixedBox("b", 10, 10).alignmentGuide(.stackMark) { _ in 6 }
                fixedBox("c", 10, 10)
            }
            fixedBox("d", 40, 10)
        }
        let result = stackLayout(view)
        #expect(result.frames["a"]?.minX == 0)
        #expect(result.frames["d"]?.minX == 10)
        #expect(result.rootSize.width == 50)
    }

    @Test func customGuidesOfAColumnInARow() {
        // Inner VStack: a (y 0) line at its bottom → 10; b has none (skipped); c (y 20) line at its
        // bottom → 30. Mean 20. (Counting b's default 10 + 5 = 15 would give 18.3.)
        // Outer: column [−20, 10], x (default centre 5) [−5, 5] → x at −5 + 20 = 15.
        let view = HStack(alignment: .stackLine, spacing: 0) {
            VStack(spacing: 0) {
                fixedBox("a", 10, 10).alignmentGuide(.stackLine) { d in d.height }
                fixedBox("b", 10, 10)
                fixedBox("c", 10, 10).alignmentGuide(.stackLine) { d in d.height }
            }
            fixedBox("x", 10, 10)
        }
        let result = stackLayout(view)
        #expect(result.frames["a"]?.minY == 0)
        #expect(result.frames["x"]?.minY == 15)
        #expect(result.rootSize.height == 30)
    }

    @Test func aStackWithoutExplicitCustomValuesUsesTheDefault() {
        // No child sets stackLine: the inner row uses the default, its centre (15): [−15, 15] and
        // x [−5, 5] → x at 10.
        let result = stackLayout(HStack(alignment: .stackLine, spacing: 0) {
            HStack(spacing: 0) { fixedBox("a", 10, 10); fixedBox("b", 10, 30) }
            fixedBox("x", 10, 10)
        })
        #expect(result.frames["x"]?.minY == 10)
    }
}

/// §2.2, §4.5 with the default font measurer (not the round test metrics).
@Suite struct StackRealFontBaselines {
    @Test func aLargeTitleBaselineLinesUpWithABoxBottom() {
        // largeTitle is 34 pt; the font's ascent is 1901/2048 em, so the first (and, on one line,
        // last) baseline is 1901/2048 × 34 = 31.5595703125. A box's baselines are its bottom:
        // extents [−31.56, h − 31.56] and [−10, 0] → text at y 0, box at 31.5595703125 − 10.
        // Height: one line (1901 + 483)/2048 × 34 = 39.578125, rounded up to 40 (§2.2).
        let baseline = 1901.0 / 2048 * 34
        for alignment in [VerticalAlignment.firstTextBaseline, .lastTextBaseline] {
            let result = LayoutResult(of: HStack(alignment: alignment) { Text("x").font(.largeTitle).id("t"); fixedBox("b", 10, 10) })
            #expect(result.frames["t"]?.minY == 0)
            #expect(abs((result.frames["b"]?.minY ?? 0) - (baseline - 10)) < 1e-9)
            #expect(result.rootSize.height == 40)
        }
        // .bottom ignores the baseline: the box at 40 − 10 = 30.
        let bottom = LayoutResult(of: HStack(alignment: .bottom) { Text("x").font(.largeTitle); fixedBox("b", 10, 10) })
        #expect(bottom.frames["b"]?.minY == 30)
    }
}
