import Foundation

/// The layout of a `Grid`, as SwiftUI's `GridLayout`: usable on its own, in an `AnyLayout`, with
/// `GridRow`s as its content (docs/layout-rules.md §5b).
public struct GridLayout: Layout, Sendable {
    /// Where each cell sits in its column and row, unless its row, column or cell says otherwise.
    public var alignment: Alignment
    /// The gap between columns; nil uses the default gap, 8.
    public var horizontalSpacing: CGFloat?
    /// The gap between rows; nil uses the default gap, 8.
    public var verticalSpacing: CGFloat?

    /// - Parameters:
    ///   - alignment: where each cell sits in its column and row; `.center` by default.
    ///   - horizontalSpacing: the gap between columns; nil uses the default gap, 8.
    ///   - verticalSpacing: the gap between rows; nil uses the default gap, 8.
    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil) {
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
    }

    public static var layoutProperties: LayoutProperties {
        // A view outside any row is a row of its own, stacked vertically: a Divider there lies flat.
        var properties = LayoutProperties()
        properties.stackOrientation = .vertical
        return properties
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        GridSolver(layout: self, subviews: subviews).solve(proposal).size
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let solver = GridSolver(layout: self, subviews: subviews)
        let solution = solver.solve(proposal)
        for (position, cell) in solver.cells.enumerated() {
            let frame = solution.cellFrames[position]
            let subview = subviews[cell.index]
            let offer = ProposedViewSize(frame.size)
            if let anchor = subview.passedValue(GridCellAnchorKey.self) {
                subview.place(at: CGPoint(x: bounds.minX + frame.minX + anchor.x * frame.width, y: bounds.minY + frame.minY + anchor.y * frame.height),
                              anchor: anchor, proposal: offer)
                continue
            }
            let dimensions = subview.dimensions(in: offer)
            let horizontal = solver.horizontalAlignment(of: cell)
            let x = horizontal.key.defaultValue(in: ViewDimensions(size: frame.size)) - dimensions.value(horizontal.key)
            let y = solution.rowLines[cell.row] - dimensions.value(solver.verticalAlignment(ofRow: cell.row).key)
            subview.place(at: CGPoint(x: bounds.minX + frame.minX + x, y: bounds.minY + frame.minY + y), proposal: offer)
        }
    }
}

/// One cell of a grid: a subview, its row, its first column and how many columns it spans.
struct GridCell {
    let index: Int
    let row: Int
    let column: Int
    /// Columns spanned; a view outside any row spans them all.
    var span: Int
    /// Whether it is a view outside any `GridRow`.
    let spansRow: Bool
    let unsized: Axis.Set
}

/// The grid's arithmetic for one set of subviews: rows and columns found from the row marks,
/// then sized as a stack sizes its children, along each axis in turn.
struct GridSolver {
    let layout: GridLayout
    let subviews: LayoutSubviews
    private(set) var cells: [GridCell] = []
    private(set) var rowCount = 0
    private(set) var columnCount = 0
    private var rowAlignments: [VerticalAlignment?] = []
    private var columnAlignments: [HorizontalAlignment?] = []

    struct Solution {
        var size: CGSize
        /// Each cell's space (its columns and row), relative to the grid's corner, in `cells` order.
        var cellFrames: [CGRect]
        /// Per row: where its cells' alignment guide lies, from the row's top.
        var rowLines: [CGFloat]
    }

    init(layout: GridLayout, subviews: LayoutSubviews) {
        self.layout = layout
        self.subviews = subviews
        var row = -1, column = 0
        for index in subviews.indices {
            let subview = subviews[index]
            let unsized = subview.passedValue(GridCellUnsizedAxesKey.self)
            guard let mark = subview[GridRowMark.self] else {
                // A view outside any row: a row of its own across every column.
                row += 1
                column = 0
                rowAlignments.append(nil)
                cells.append(GridCell(index: index, row: row, column: 0, span: 0, spansRow: true, unsized: unsized))
                continue
            }
            if mark.first || row < 0 {
                row += 1
                column = 0
                rowAlignments.append(mark.alignment)
            }
            let span = subview.passedValue(GridCellColumnsKey.self)
            cells.append(GridCell(index: index, row: row, column: column, span: span, spansRow: false, unsized: unsized))
            if span == 1, let guide = subview.passedValue(GridColumnAlignmentKey.self) {
                while columnAlignments.count <= column { columnAlignments.append(nil) }
                if columnAlignments[column] == nil { columnAlignments[column] = guide }
            }
            column += span
            columnCount = max(columnCount, column)
        }
        rowCount = row + 1
        // Views outside rows alone still make one column to span.
        if columnCount == 0, !cells.isEmpty { columnCount = 1 }
        for position in cells.indices where cells[position].spansRow { cells[position].span = columnCount }
    }

    var horizontalGap: CGFloat { Length.gap(layout.horizontalSpacing) ?? ViewSpacing.defaultDistance }
    var verticalGap: CGFloat { Length.gap(layout.verticalSpacing) ?? ViewSpacing.defaultDistance }

    func horizontalAlignment(of cell: GridCell) -> HorizontalAlignment {
        guard cell.span == 1, !cell.spansRow, cell.column < columnAlignments.count, let guide = columnAlignments[cell.column] else {
            return layout.alignment.horizontal
        }
        return guide
    }

    func verticalAlignment(ofRow row: Int) -> VerticalAlignment {
        (row < rowAlignments.count ? rowAlignments[row] : nil) ?? layout.alignment.vertical
    }

    /// The width of the columns `column ..< column + span` with the gaps between them.
    private func spanned(_ widths: [CGFloat], _ cell: GridCell) -> CGFloat {
        let end = min(cell.column + cell.span, widths.count)
        guard cell.column < end else { return 0 }
        return widths[cell.column ..< end].reduce(0, +) + horizontalGap * CGFloat(end - cell.column - 1)
    }

    func solve(_ proposal: ProposedViewSize) -> Solution {
        guard !cells.isEmpty else { return Solution(size: .zero, cellFrames: [], rowLines: []) }
        let columnGaps = horizontalGap * CGFloat(max(columnCount - 1, 0))
        let rowGaps = verticalGap * CGFloat(max(rowCount - 1, 0))

        // Columns: each as wide as its widest one-column cell for the width it is offered.
        var columnCells = [[Int]](repeating: [], count: columnCount)
        for (position, cell) in cells.enumerated() where cell.span == 1 && !cell.spansRow && !cell.unsized.contains(.horizontal) {
            columnCells[cell.column].append(position)
        }
        func columnWidth(_ column: Int, _ offer: CGFloat?) -> CGFloat {
            columnCells[column].reduce(0) { widest, position in
                max(widest, subviews[cells[position].index].sizeThatFits(ProposedViewSize(width: offer, height: nil)).width)
            }
        }
        var widths = Self.share(count: columnCount, offer: proposal.width.map { $0 - columnGaps }, size: columnWidth)
        // Cells across several columns widen those columns, evenly, only when they need more.
        let available = proposal.width.map { max($0 - columnGaps, 0) + columnGaps }
        for position in cells.indices.sorted(by: { cells[$0].span < cells[$1].span }) {
            let cell = cells[position]
            guard cell.span > 1 || cell.spansRow, !cell.unsized.contains(.horizontal) else { continue }
            let needed = subviews[cell.index].sizeThatFits(ProposedViewSize(width: available, height: nil)).width
            let missing = needed - spanned(widths, cell)
            guard missing > 0, missing.isFinite else { continue }
            let end = min(cell.column + cell.span, columnCount)
            for column in cell.column ..< end { widths[column] += missing / CGFloat(end - cell.column) }
        }

        // Rows: each as tall as its cells lined up on the row's guide, for the height offered.
        var rowCells = [[Int]](repeating: [], count: rowCount)
        for (position, cell) in cells.enumerated() where !cell.unsized.contains(.vertical) { rowCells[cell.row].append(position) }
        func rowExtent(_ row: Int, _ offer: CGFloat?) -> (height: CGFloat, line: CGFloat) {
            let key = verticalAlignment(ofRow: row).key
            var lower: CGFloat = 0, upper: CGFloat = 0
            for position in rowCells[row] {
                let cell = cells[position]
                let dimensions = subviews[cell.index].dimensions(in: ProposedViewSize(width: spanned(widths, cell), height: offer))
                let guide = dimensions.value(key)
                lower = min(lower, -guide)
                upper = max(upper, dimensions.height - guide)
            }
            return (upper - lower, -lower)
        }
        let heights = Self.share(count: rowCount, offer: proposal.height.map { $0 - rowGaps }, size: { rowExtent($0, $1).height })

        // Positions: columns left to right, rows top to bottom, gaps between.
        var columnStarts: [CGFloat] = [], x: CGFloat = 0
        for width in widths {
            columnStarts.append(x)
            x += width + horizontalGap
        }
        var rowStarts: [CGFloat] = [], rowLines: [CGFloat] = [], y: CGFloat = 0
        for row in 0 ..< rowCount {
            rowStarts.append(y)
            let extent = rowExtent(row, heights[row])
            // A row made taller than its cells (none sized it) keeps the guide where alignment puts it in the row.
            let line = extent.height > 0 ? extent.line : verticalAlignment(ofRow: row).key.defaultValue(in: ViewDimensions(size: CGSize(width: 0, height: heights[row])))
            rowLines.append(line)
            y += heights[row] + verticalGap
        }
        let frames = cells.map { cell in
            CGRect(x: cell.column < columnStarts.count ? columnStarts[cell.column] : 0, y: rowStarts[cell.row],
                   width: spanned(widths, cell), height: heights[cell.row])
        }
        let size = CGSize(width: widths.reduce(0, +) + columnGaps, height: heights.reduce(0, +) + rowGaps)
        return Solution(size: size, cellFrames: frames, rowLines: rowLines)
    }

    /// The lengths of `count` tracks (columns or rows) for `offer`: with no offer, each its own
    /// size; otherwise the least flexible first, each offered an equal share of what is left and
    /// taking what it needs, as a stack shares its length (§4.3).
    static func share(count: Int, offer: CGFloat?, size: (Int, CGFloat?) -> CGFloat) -> [CGFloat] {
        guard let offer else { return (0 ..< count).map { size($0, nil) } }
        let flexibility = (0 ..< count).map { track -> CGFloat in
            let flex = size(track, .infinity) - size(track, 0)
            return flex.isNaN ? .infinity : flex
        }
        var lengths = [CGFloat](repeating: 0, count: count)
        var remaining = offer, unsized = count
        for track in (0 ..< count).sorted(by: { flexibility[$0] != flexibility[$1] ? flexibility[$0] < flexibility[$1] : $0 < $1 }) {
            let taken = size(track, max(remaining / CGFloat(unsized), 0))
            lengths[track] = taken
            remaining -= taken
            unsized -= 1
        }
        return lengths
    }
}
