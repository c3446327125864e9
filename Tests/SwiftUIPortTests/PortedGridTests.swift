import Arrange
import Foundation
import Testing

/// Apple's documentation examples of `Grid`, with only the import changed and the texts replaced
/// by rectangles of known size (text sizes depend on fonts).
@Suite struct PortedGridTests {
    /// The example of `GridRow`'s documentation: an unsized empty corner, a row of column
    /// headers, and three rows of a header and three circles, rows and cells from `ForEach`.
    var example: some View {
        Grid {
            GridRow {
                Color.clear
                    .gridCellUnsizedAxes([.horizontal, .vertical])
                ForEach(1..<4) { column in
                    Rectangle().frame(width: 20, height: 10).id("C\(column)")
                }
            }
            ForEach(1..<4) { row in
                GridRow {
                    Rectangle().frame(width: 20, height: 10).id("R\(row)")
                    ForEach(1..<4) { column in
                        Circle().foregroundStyle(.mint).id("\(row).\(column)")
                    }
                }
            }
        }
    }

    @Test func gridRowExample() {
        let result = LayoutResult(of: example, in: ProposedViewSize(width: 200, height: 136))
        // Columns are measured offered (w, nil) (§5b): a circle is square and 10 tall with no
        // height offered, so every column is its header's 20: 4·20 + 3·8 = 104 wide. Rows share
        // 136 − 3·8 = 112: the header row (no flexibility) takes 10, then each circle row is
        // offered 34 and takes min(20, 34) = 20, a circle no wider than its column: 10 + 3·20 +
        // 3·8 = 94 tall. The grid is centred in the 200 × 136 canvas (§7.3): moved by (48, 21).
        #expect(result.rootSize == CGSize(width: 104, height: 94))
        // C1 fills column 1, which starts at 20 + 8 = 28: x = 48 + 28 = 76.
        #expect(result.frames["C1"] == CGRect(x: 76, y: 21, width: 20, height: 10))
        // R1 is centred in row 1 (from 10 + 8 = 18, 20 tall): y = 21 + 18 + 5 = 44.
        #expect(result.frames["R1"] == CGRect(x: 48, y: 44, width: 20, height: 10))
        // The last circle: column 3 from 28 + 2·28 = 84, row 3 from 18 + 2·28 = 74.
        #expect(result.frames["3.3"] == CGRect(x: 132, y: 95, width: 20, height: 20))
    }
}
