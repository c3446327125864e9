import Foundation

/// Children in rows, like words in a paragraph: tag clouds, galleries, product grids
/// (docs/layout-rules.md §8b).
///
/// Each child keeps its ideal size. A row ends where the next child would cross the proposed
/// width; a child wider than that sits alone on its row. Rows line up by `alignment` inside the
/// layout's bounds, and children line up inside a row by `rowAlignment`.
///
/// Inside a row, children line up on `rowAlignment` as in an `HStack`: each child's value of the
/// guide sits on one line, so `.firstTextBaseline` lines up texts of different sizes, and a custom
/// guide set with `alignmentGuide` is honoured. Rows themselves are not views, so `alignment`
/// places a row by the guide's default value in the free width: leading 0, centre half, trailing
/// all of it, and a custom `HorizontalAlignment` what its `defaultValue` gives for a view as wide
/// as the free space.
///
/// ```swift
/// FlowLayout(alignment: .center, spacing: 8) {
///     ForEach(tags, id: \.self) { Text($0).padding(6).background(Capsule().fill(.blue)) }
/// }
/// ```
public struct FlowLayout: Layout, Sendable {
    /// Where rows sit horizontally: `.leading` (default), `.center` or `.trailing`.
    public var alignment: HorizontalAlignment
    /// How children line up inside a row: `.top` (default), `.center`, `.bottom`, a text baseline
    /// or a custom guide.
    public var rowAlignment: VerticalAlignment
    /// The gap between children in a row; nil uses their preferred spacing (8 between plain
    /// views).
    public var horizontalSpacing: CGFloat?
    /// The gap between rows; nil uses the rows' preferred spacing.
    public var verticalSpacing: CGFloat?

    /// A flow with the same spacing both ways.
    public init(alignment: HorizontalAlignment = .leading, rowAlignment: VerticalAlignment = .top, spacing: CGFloat? = nil) {
        self.init(alignment: alignment, rowAlignment: rowAlignment, horizontalSpacing: spacing, verticalSpacing: spacing)
    }

    /// A flow with separate horizontal and vertical spacing.
    public init(alignment: HorizontalAlignment = .leading, rowAlignment: VerticalAlignment = .top,
                horizontalSpacing: CGFloat?, verticalSpacing: CGFloat?) {
        self.alignment = alignment
        self.rowAlignment = rowAlignment
        self.horizontalSpacing = Length.gap(horizontalSpacing)
        self.verticalSpacing = Length.gap(verticalSpacing)
    }

    /// What depends on the subviews only, not on the proposal (seed 004): ideal sizes and
    /// preferred spacings.
    public struct Cache {
        /// Each child's ideal size.
        var sizes: [CGSize]
        /// Each child's value of `rowAlignment` at its ideal size.
        var guides: [CGFloat]
        /// The preferred horizontal gap after each child, to the next one; empty when
        /// `horizontalSpacing` is set.
        var gaps: [CGFloat]
        /// Each child's spacing preferences, for the preferred gap between rows; empty when both
        /// spacings are set.
        var spacings: [ViewSpacing]
        /// The rows and the gaps above them for the last width asked: sizing and placing ask for
        /// the same width, and a parent may size the flow more than once.
        var lastRows: (maxWidth: CGFloat?, rows: [Row], gaps: [CGFloat])?
    }

    public func makeCache(subviews: Subviews) -> Cache {
        // Preferred spacings are asked only when a gap is left to them: with both gaps fixed,
        // no child is asked for its spacing at all (`gaps` and `spacings` stay empty).
        let spacings = horizontalSpacing == nil || verticalSpacing == nil ? subviews.map(\.spacing) : []
        let gaps = horizontalSpacing != nil ? [] : spacings.indices.map { i in
            i + 1 < spacings.count ? spacings[i].distance(to: spacings[i + 1], along: .horizontal) : 0
        }
        var sizes: [CGSize] = [], guides: [CGFloat] = []
        sizes.reserveCapacity(subviews.count)
        guides.reserveCapacity(subviews.count)
        for subview in subviews {
            let dimensions = subview.dimensions(in: .unspecified)
            sizes.append(CGSize(width: dimensions.width, height: dimensions.height))
            guides.append(dimensions[rowAlignment])
        }
        return Cache(sizes: sizes, guides: guides, gaps: gaps, spacings: spacings, lastRows: nil)
    }

    public func updateCache(_ cache: inout Cache, subviews: Subviews) {
        cache = makeCache(subviews: subviews)
    }

    /// One row: the indices of its children, its width, and its extent above and below the line
    /// its children align on.
    struct Row {
        var range: Range<Int>
        var width: CGFloat
        var above: CGFloat
        var below: CGFloat
        var height: CGFloat { above + below }
    }

    /// The rows at `maxWidth` and the gaps above them, from the cache when it has them.
    func rowsAndGaps(_ cache: inout Cache, maxWidth: CGFloat?) -> (rows: [Row], gaps: [CGFloat]) {
        if let last = cache.lastRows, last.maxWidth == maxWidth { return (last.rows, last.gaps) }
        let rows = rows(cache, maxWidth: maxWidth), gaps = rowGaps(rows, cache)
        cache.lastRows = (maxWidth, rows, gaps)
        return (rows, gaps)
    }

    /// Breaks the children into rows at `maxWidth` (nil or ∞: one row).
    func rows(_ cache: Cache, maxWidth: CGFloat?) -> [Row] {
        var rows: [Row] = []
        for (index, size) in cache.sizes.enumerated() {
            let guide = cache.guides[index]
            if let last = rows.indices.last {
                let gap = horizontalSpacing ?? cache.gaps[index - 1]
                let end = rows[last].width + gap + size.width
                if !Self.overflows(end, maxWidth) {
                    // In place: the row is not copied out and back.
                    rows[last].range = rows[last].range.lowerBound..<(index + 1)
                    rows[last].width = end
                    rows[last].above = max(rows[last].above, guide)
                    rows[last].below = max(rows[last].below, size.height - guide)
                    continue
                }
            }
            rows.append(Row(range: index..<(index + 1), width: size.width, above: guide, below: size.height - guide))
        }
        return rows
    }

    /// Whether a row ending at `end` crosses `maxWidth`. Sums like 10 + 8 + 19.2 + 8 + 27.1 + 8 +
    /// 19.7 land a hair above 100 in floating point; such noise (far below 1/64 pt) is not an
    /// overflow. A width of 0 puts every child on its own row.
    static func overflows(_ end: CGFloat, _ maxWidth: CGFloat?) -> Bool {
        guard let maxWidth, maxWidth.isFinite else { return false }
        guard maxWidth > 0 else { return true }
        return end > maxWidth + max(maxWidth, 1) * 1e-9
    }

    /// The gap above each row after the first.
    func rowGaps(_ rows: [Row], _ cache: Cache) -> [CGFloat] {
        guard rows.count > 1 else { return [] }
        return (1..<rows.count).map { r in
            if let verticalSpacing { return verticalSpacing }
            // Rows meet like the children of a VStack of HStacks: the union of the upper row's
            // bottom edges against the union of the lower row's top edges.
            var upper = ViewSpacing(), lower = ViewSpacing()
            for i in rows[r - 1].range { upper.formUnion(cache.spacings[i], edges: .bottom) }
            for i in rows[r].range { lower.formUnion(cache.spacings[i], edges: .top) }
            return upper.distance(to: lower, along: .vertical)
        }
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        let (rows, gaps) = rowsAndGaps(&cache, maxWidth: proposal.width)
        guard !rows.isEmpty else { return .zero }
        let height = rows.reduce(0) { $0 + $1.height } + gaps.reduce(0, +)
        return CGSize(width: rows.map(\.width).max() ?? 0, height: height)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        // Rows break at the proposed width, as in sizeThatFits, not at the (maybe wider) bounds.
        let (rows, gaps) = rowsAndGaps(&cache, maxWidth: proposal.width)
        var y = bounds.minY
        for (r, row) in rows.enumerated() {
            if r > 0 { y += gaps[r - 1] }
            var x = bounds.minX + Self.offset(alignment.key, free: bounds.width - row.width)
            for index in row.range {
                let size = cache.sizes[index]
                let dy = row.above - cache.guides[index]
                subviews[subviews.startIndex + index].place(at: CGPoint(x: x, y: y + dy), proposal: .unspecified)
                x += size.width
                if index + 1 < row.range.upperBound { x += horizontalSpacing ?? cache.gaps[index] }
            }
            y += row.height
        }
    }

    /// The shift that puts a row in `free` width by a horizontal guide: the guide's default value
    /// for a view as wide as the free space. Not clamped: an oversize row centred starts left of
    /// the bounds.
    static func offset(_ key: AlignmentKey, free: CGFloat) -> CGFloat {
        switch key.kind {
        case .leading: 0
        case .horizontalCenter: free / 2
        case .trailing: free
        case .top, .verticalCenter, .bottom, .firstTextBaseline, .lastTextBaseline, .custom:
            key.defaultValue(in: ViewDimensions(size: CGSize(width: free, height: 0)))
        }
    }
}
