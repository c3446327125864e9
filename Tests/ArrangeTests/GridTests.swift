import Foundation
import Testing
@testable import Arrange

/// `Grid` and `GridRow` (docs/layout-rules.md §5b): every number is worked out by hand beside it
/// from the rules there, with the default gap of 8 between columns and between rows.
@Suite struct GridTests {
    /// Cells 30/50/20 wide in the first row and 40/10/60 in the second, 10 tall.
    var threeColumns: some View {
        Grid {
            GridRow { box("a", 30, 10); box("b", 50, 10); box("c", 20, 10) }
            GridRow { box("d", 40, 10); box("e", 10, 10); box("f", 60, 10) }
        }
    }

    @Test func aColumnIsAsWideAsItsWidestCell() {
        // Columns max(30, 40) = 40, max(50, 10) = 50, max(20, 60) = 60: 40 + 8 + 50 + 8 + 60 = 166
        // wide; two rows of 10 and a gap: 28 tall.
        #expect(size(of: threeColumns, nil, nil) == CGSize(width: 166, height: 28))
        let result = LayoutResult(of: threeColumns)
        // Centred in their cells: a (30) in the 40 of column 0 at x = 5; e (10) in the 50 of
        // column 1, which starts at 48, at 48 + 20 = 68; f fills column 2, which starts at 106.
        #expect(result.frames["a"] == CGRect(x: 5, y: 0, width: 30, height: 10))
        #expect(result.frames["e"] == CGRect(x: 68, y: 18, width: 10, height: 10))
        #expect(result.frames["f"] == CGRect(x: 106, y: 18, width: 60, height: 10))
    }

    @Test func aCellSpanningColumnsWidensThemOnlyWhenItNeedsMore() {
        let wide = Grid {
            GridRow { box("a", 30, 10); box("b", 50, 10); box("c", 20, 10) }
            // The span is set inside the padding: it still counts, as a layout value does in SwiftUI.
            GridRow { box("span", 150, 10).gridCellColumns(2).padding(0); box("d", 60, 10) }
        }
        // One-column cells give 30, 50, 60. Columns 0-1 span 30 + 8 + 50 = 88 < 150: the 62
        // missing are shared, 31 each: 61, 81, 60 → 61 + 8 + 81 + 8 + 60 = 218 wide.
        #expect(size(of: wide, nil, nil) == CGSize(width: 218, height: 28))
        let result = LayoutResult(of: wide)
        // The span fills its 61 + 8 + 81 = 150; a (30) is centred in 61 at 15.5; d starts at 158.
        #expect(result.frames["span"] == CGRect(x: 0, y: 18, width: 150, height: 10))
        #expect(result.frames["a"] == CGRect(x: 15.5, y: 0, width: 30, height: 10))
        #expect(result.frames["d"] == CGRect(x: 158, y: 18, width: 60, height: 10))

        let narrow = Grid {
            GridRow { box("a", 30, 10); box("b", 50, 10) }
            GridRow { box("span", 60, 10).gridCellColumns(2) }
        }
        // 60 fits in 30 + 8 + 50 = 88: the columns keep 30 and 50, and the span is centred: x = 14.
        #expect(size(of: narrow, nil, nil) == CGSize(width: 88, height: 28))
        #expect(frame("span", in: narrow) == CGRect(x: 14, y: 18, width: 60, height: 10))
    }

    @Test func columnAlignmentPlacesNarrowerCellsFlushRight() {
        let grid = Grid {
            GridRow { box("a", 30, 10); box("b", 50, 10) }
            GridRow { box("c", 40, 10); box("d", 10, 10).gridColumnAlignment(.trailing) }
        }
        let result = LayoutResult(of: grid)
        // Column 1 is 50 wide from x = 40 + 8 = 48; trailing: d at 48 + 50 − 10 = 88. Column 0
        // keeps the grid's centre: a at (40 − 30) / 2 = 5.
        #expect(result.frames["d"] == CGRect(x: 88, y: 18, width: 10, height: 10))
        #expect(result.frames["b"] == CGRect(x: 48, y: 0, width: 50, height: 10))
        #expect(result.frames["a"] == CGRect(x: 5, y: 0, width: 30, height: 10))
    }

    @Test func rowAndCellAlignments() {
        let grid = Grid(alignment: .topLeading) {
            GridRow(alignment: .bottom) { box("short", 10, 10); box("tall", 10, 30) }
            GridRow { box("x", 10, 10); box("y", 30, 30).gridCellAnchor(.center) }
        }
        let result = LayoutResult(of: grid)
        // Row 0 is 30 tall and aligns its bottoms: short at y = 20, leading in its column (x = 0).
        #expect(result.frames["short"] == CGRect(x: 0, y: 20, width: 10, height: 10))
        // Row 1 starts at 38 and is 30 tall; x sits top-leading; column 1 is 30 wide from 18, so
        // the tall box in row 0 sits leading there too (x = 18).
        #expect(result.frames["x"] == CGRect(x: 0, y: 38, width: 10, height: 10))
        #expect(result.frames["tall"] == CGRect(x: 18, y: 0, width: 10, height: 30))
        #expect(result.frames["y"] == CGRect(x: 18, y: 38, width: 30, height: 30))
    }

    @Test func aViewOutsideAnyRowSpansEveryColumn() {
        let grid = Grid {
            GridRow { box("a", 30, 10); box("b", 50, 10) }
            Rectangle().frame(height: 2).id("rule")
            GridRow { box("c", 30, 10); box("d", 50, 10) }
        }
        // Nothing proposed: the rule wants 10 (a rectangle's ideal), less than the columns'
        // 30 + 8 + 50 = 88, so it gets those 88 at row 1: y = 10 + 8 = 18. Height 10 + 2 + 10 + 2·8 = 38.
        #expect(size(of: grid, nil, nil) == CGSize(width: 88, height: 38))
        #expect(frame("rule", in: grid) == CGRect(x: 0, y: 18, width: 88, height: 2))
        // Offered 300 wide, the flexible rule takes all 300, and the columns grow by
        // (300 − 88) / 2 = 106 each, as Apple's documentation warns for a Divider.
        #expect(size(of: grid, 300, nil).width == 300)
        #expect(frame("rule", in: grid, 300, nil) == CGRect(x: 0, y: 18, width: 300, height: 2))
    }

    @Test func unsizedAxesKeepAFlexibleRowFromWideningTheGrid() {
        let grid = Grid {
            GridRow { box("a", 30, 10); box("b", 50, 10) }
            Divider().gridCellUnsizedAxes(.horizontal).id("divider")
        }
        // The divider (a horizontal line outside any row) takes the 88 the columns give it,
        // however wide the offer: the grid stays 88 wide, 10 + 8 + 1 = 19 tall.
        #expect(size(of: grid, 300, nil) == CGSize(width: 88, height: 19))
        #expect(frame("divider", in: grid, 88, nil) == CGRect(x: 0, y: 18, width: 88, height: 1))
    }

    @Test func flexibleCellsShareTheRemainingWidthAsInAStack() {
        let grid = Grid(horizontalSpacing: 10) {
            GridRow { box("fixed", 40, 10); Color.red.frame(height: 10).id("flex") }
        }
        // Offered 200: the fixed column (no flexibility) takes 40 first, then the colour column
        // the rest, 200 − 10 − 40 = 150, from x = 50.
        #expect(frame("flex", in: grid, 200, nil) == CGRect(x: 50, y: 0, width: 150, height: 10))
    }

    @Test func anEmptyGridIsZeroSized() {
        #expect(size(of: Grid { EmptyView() }, 100, 100) == .zero)
    }
}

/// `LazyVGrid` and `LazyHGrid` with `GridItem` (docs/layout-rules.md §5c).
@Suite struct LazyGridTests {
    @Test func adaptiveColumnsFillTheWidth() {
        let grid = LazyVGrid(columns: [GridItem(.adaptive(minimum: 90), spacing: 10)]) {
            ForEach(0..<5) { Color.blue.frame(height: 20).id("item\($0)") }
        }
        let result = LayoutResult(of: grid, in: ProposedViewSize(width: 400, height: nil))
        // W = 400, s = 10, min = 90: ⌊(400 + 10) / (90 + 10)⌋ = 4 columns of (400 − 3·10) / 4 = 92.5,
        // at x = 0, 102.5, 205, 307.5; the fifth item starts the second row at y = 20 + 8 = 28.
        for (index, x) in [0, 102.5, 205, 307.5].enumerated() {
            #expect(result.frames["item\(index)"] == CGRect(x: x, y: 0, width: 92.5, height: 20))
        }
        #expect(result.frames["item4"] == CGRect(x: 0, y: 28, width: 92.5, height: 20))
        // Two rows of 20 and a gap of 8: 48 tall, the whole 400 wide.
        #expect(result.rootSize == CGSize(width: 400, height: 48))
    }

    @Test func adaptiveColumnsStopAtTheirMaximum() {
        let grid = LazyVGrid(columns: [GridItem(.adaptive(minimum: 90, maximum: 80), spacing: 10)]) {
            Color.blue.frame(height: 20).id("item")
        }
        // A maximum below the minimum is raised to it: 4 columns of min(92.5, 90) = 90.
        #expect(frame("item", in: grid, 400, nil)?.width == 90)
    }

    @Test func fixedAndFlexibleColumns() {
        let grid = LazyVGrid(columns: [GridItem(.fixed(100), spacing: 10), GridItem(.flexible())], spacing: 4) {
            ForEach(0..<4) { Color.blue.frame(height: 20).id("item\($0)") }
        }
        let result = LayoutResult(of: grid, in: ProposedViewSize(width: 300, height: nil))
        // The fixed column takes 100, the gap after it 10, the flexible one the rest, 190, at 110.
        #expect(result.frames["item0"] == CGRect(x: 0, y: 0, width: 100, height: 20))
        #expect(result.frames["item1"] == CGRect(x: 110, y: 0, width: 190, height: 20))
        // Row spacing 4: the second row at 24.
        #expect(result.frames["item3"] == CGRect(x: 110, y: 24, width: 190, height: 20))

        let capped = LazyVGrid(columns: [GridItem(.fixed(100), spacing: 10), GridItem(.flexible(maximum: 150))]) {
            box("a", 40, 20); box("b", 40, 20)
        }
        // The flexible share of 190 is clamped to 150: 100 + 10 + 150 = 260 wide; b (40) is
        // centred in its 150 from 110: x = 165 (laid out at 260, where the share is 150 too).
        #expect(size(of: capped, 300, nil) == CGSize(width: 260, height: 20))
        #expect(frame("b", in: capped, 260, nil) == CGRect(x: 165, y: 0, width: 40, height: 20))
    }

    @Test func rowsOfALazyHGrid() {
        let grid = LazyHGrid(rows: [GridItem(.fixed(30)), GridItem(.fixed(40))], spacing: 5) {
            ForEach(0..<3) { Color.blue.frame(width: 20).id("item\($0)") }
        }
        let result = LayoutResult(of: grid)
        // Items fill the first column top to bottom: rows 30 and 40 with the default gap of 8
        // between (y = 0, 38); the third item starts the next column at 20 + 5 = 25.
        #expect(result.frames["item0"] == CGRect(x: 0, y: 0, width: 20, height: 30))
        #expect(result.frames["item1"] == CGRect(x: 0, y: 38, width: 20, height: 40))
        #expect(result.frames["item2"] == CGRect(x: 25, y: 0, width: 20, height: 30))
        #expect(result.rootSize == CGSize(width: 45, height: 78))
    }

    @Test func aGridWithoutColumnsStacksItsViews() {
        // No tracks at all: every view is a row of its own, offered 0 across; nothing crashes.
        let grid = LazyVGrid(columns: []) { box("a", 10, 10); box("b", 10, 10) }
        #expect(frame("b", in: grid)?.minY == 18)
    }

    @Test func sectionHeadersSpanTheWidth() {
        let grid = LazyVGrid(columns: [GridItem(.fixed(50)), GridItem(.fixed(50))], pinnedViews: [.sectionHeaders]) {
            Section(header: Color.gray.frame(height: 10).id("header")) {
                ForEach(0..<3) { Color.blue.frame(height: 20).id("item\($0)") }
            }
            Section { Color.blue.frame(height: 20).id("next") }
        }
        let result = LayoutResult(of: grid)
        // The header is a row of its own, 50 + 8 + 50 = 108 wide; items follow at y = 18 and
        // 18 + 20 + 8 = 46; the second section starts a new row even though one column is free.
        #expect(result.frames["header"] == CGRect(x: 0, y: 0, width: 108, height: 10))
        #expect(result.frames["item1"] == CGRect(x: 58, y: 18, width: 50, height: 20))
        #expect(result.frames["item2"] == CGRect(x: 0, y: 46, width: 50, height: 20))
        #expect(result.frames["next"] == CGRect(x: 0, y: 74, width: 50, height: 20))
    }
}

/// `ViewThatFits` (docs/layout-rules.md §5d).
@Suite struct ViewThatFitsTests {
    var toolbar: some View {
        ViewThatFits(in: .horizontal) {
            box("wide", 300, 20)
            box("narrow", 150, 20)
        }
    }

    @Test func theFirstViewWhoseIdealWidthFitsIsShown() {
        // 300 ≤ 320: the wide toolbar; the narrow one is neither drawn nor reported.
        let roomy = LayoutResult(of: toolbar, in: ProposedViewSize(width: 320, height: nil))
        #expect(roomy.frames["wide"] != nil)
        #expect(roomy.frames["narrow"] == nil)
        #expect(roomy.rootSize == CGSize(width: 300, height: 20))
        // 300 > 200 ≥ 150: the narrow one.
        let tight = LayoutResult(of: toolbar, in: ProposedViewSize(width: 200, height: nil))
        #expect(tight.frames["wide"] == nil)
        // The root, 150 wide, is centred in the 200 of the canvas (§7.3): x = 25.
        #expect(tight.frames["narrow"] == CGRect(x: 25, y: 0, width: 150, height: 20))
        #expect(tight.displayList.items.count == 1)
    }

    @Test func layoutFramesAloneReportOnlyTheShownView() {
        // ViewGraph.layoutFrames walks the tree without a display list: the same choice, 300 > 200.
        let frames = ViewGraph(toolbar).layoutFrames(in: ProposedViewSize(width: 200, height: nil))
        #expect(frames["wide"] == nil)
        #expect(frames["narrow"] != nil)
    }

    @Test func whenNothingFitsTheLastIsShown() {
        let result = LayoutResult(of: toolbar, in: ProposedViewSize(width: 100, height: nil))
        #expect(result.frames["narrow"] != nil)
        #expect(result.frames["wide"] == nil)
    }

    @Test func onlyTheConstrainedAxesCount() {
        // Constrained vertically only, the wide view fits a 20-tall offer at any width.
        let vertical = ViewThatFits(in: .vertical) { box("wide", 300, 20); box("narrow", 150, 20) }
        #expect(frame("wide", in: vertical, 100, 20) != nil)
        // Both axes (the default): 20 tall does not fit 10, nor does the narrow one: the last.
        let both = ViewThatFits { box("wide", 300, 20); box("narrow", 150, 20) }
        #expect(frame("narrow", in: both, 400, 10) != nil)
        #expect(frame("wide", in: both, 400, 10) == nil)
    }
}

/// `Divider`, `Label` and `Group` (docs/layout-rules.md §5e).
@Suite struct DividerAndLabelTests {
    @Test func aDividerLiesAcrossTheStackAxis() {
        let column = VStack(spacing: 0) { box("top", 50, 10); Divider().id("rule"); box("bottom", 50, 10) }
        // In a VStack: horizontal, 1 thick, as wide as the stack (50), between the boxes.
        #expect(frame("rule", in: column) == CGRect(x: 0, y: 10, width: 50, height: 1))
        let row = HStack(spacing: 0) { box("left", 10, 40); Divider().id("rule"); box("right", 10, 40) }
        // In an HStack: vertical, 1 wide, as tall as the stack (40).
        #expect(frame("rule", in: row) == CGRect(x: 10, y: 0, width: 1, height: 40))
    }

    @Test func aDividerIsSeparatorGrey() {
        let result = LayoutResult(of: Divider(), in: ProposedViewSize(width: 20, height: nil))
        guard case .fill(_, let color)? = result.displayList.items.first?.content else {
            Issue.record("expected one fill")
            return
        }
        // SwiftUI's light separator: rgba(60, 60, 67, 0.29).
        #expect(color == Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, opacity: 0.29))
    }

    var label: some View {
        Label { box("title", 40, 10) } icon: { box("icon", 16, 16) }
    }

    @Test func labelStyles() {
        // Title and icon (the default): the icon, the default gap 8, the title centred: 16 + 8 + 40 = 64.
        let both = LayoutResult(of: label)
        #expect(both.frames["icon"] == CGRect(x: 0, y: 0, width: 16, height: 16))
        #expect(both.frames["title"] == CGRect(x: 24, y: 3, width: 40, height: 10))
        #expect(LayoutResult(of: label.labelStyle(.titleAndIcon)).rootSize == CGSize(width: 64, height: 16))
        // Icon only and title only draw one part each.
        let icon = LayoutResult(of: label.labelStyle(.iconOnly))
        #expect(icon.rootSize == CGSize(width: 16, height: 16))
        #expect(icon.frames["title"] == nil)
        let title = LayoutResult(of: label.labelStyle(.titleOnly))
        #expect(title.rootSize == CGSize(width: 40, height: 10))
        #expect(title.frames["icon"] == nil)
    }

    @Test func aGroupIsTransparentToItsParentsLayout() {
        let row = HStack(spacing: 0) { Group { box("a", 10, 10); box("b", 20, 10) }; box("c", 30, 10) }
        // Three children of the HStack side by side: c at 10 + 20 = 30.
        #expect(frame("c", in: row) == CGRect(x: 30, y: 0, width: 30, height: 10))
    }
}
