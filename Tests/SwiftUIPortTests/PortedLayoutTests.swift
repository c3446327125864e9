import Arrange
import Foundation
import Testing

@Suite struct PortedLayoutTests {
    @Test func equalWidthRowGivesEveryChildTheWidestWidth() {
        // Ideal widths 30, 50, 20 → each 50 wide; 3 × 50 + 2 × 10 = 170.
        let view = EqualWidthHStack {
            Color.red.frame(idealWidth: 30).frame(height: 10).id("a")
            Color.red.frame(idealWidth: 50).frame(height: 10).id("b")
            Color.red.frame(idealWidth: 20).frame(height: 10).id("c")
        }
        let result = LayoutResult(of: view)
        #expect(result.rootSize == CGSize(width: 170, height: 10))
        #expect(result.frames["a"] == CGRect(x: 0, y: 0, width: 50, height: 10))
        #expect(result.frames["b"] == CGRect(x: 60, y: 0, width: 50, height: 10))
        #expect(result.frames["c"] == CGRect(x: 120, y: 0, width: 50, height: 10))
    }

    @Test func cachedColumnAlignsTrailing() {
        // Widths 40 and 20, heights 10 and 15: 40 × 25, the second at x = 40 − 20.
        let result = LayoutResult(of: CachedColumn {
            Color.red.frame(width: 40, height: 10).id("a")
            Color.red.frame(width: 20, height: 15).id("b")
        })
        #expect(result.rootSize == CGSize(width: 40, height: 25))
        #expect(result.frames["b"] == CGRect(x: 20, y: 10, width: 20, height: 15))
    }

    @Test func explicitLeadingGuideShiftsTheRowInALeadingStack() {
        // The row's leading guide is 10; the other child's is 0 → the row sits 10 to the left of it.
        let view = VStack(alignment: .leading, spacing: 0) {
            IndentedRow { Color.red.frame(width: 30, height: 10) }.id("row")
            Color.blue.frame(width: 50, height: 10).id("bar")
        }
        let result = LayoutResult(of: view)
        #expect(result.frames["row"]?.minX == 0)
        #expect(result.frames["bar"]?.minX == 10)
        #expect(result.rootSize.width == 60)
    }

    @Test func layoutValuesOrderTheRow() {
        let result = LayoutResult(of: RankedRow {
            Color.red.frame(width: 10, height: 10).id("low")
            Color.red.frame(width: 20, height: 10).rank(2).id("high")
            Color.red.frame(width: 30, height: 10).rank(1).id("middle")
        })
        // Order by rank, highest first: high (20) at 0, middle (30) at 20, low at 50.
        #expect(result.frames["high"]?.minX == 0)
        #expect(result.frames["middle"]?.minX == 20)
        #expect(result.frames["low"]?.minX == 50)
    }
}
