import Foundation

/// One column of a `LazyVGrid` or one row of a `LazyHGrid`, as SwiftUI's `GridItem`
/// (docs/layout-rules.md §5c).
public struct GridItem: Sendable {
    /// How long a track is along the grid's cross axis.
    public enum Size: Sendable {
        /// One track of exactly this length.
        case fixed(CGFloat)
        /// One track sharing the length left by fixed tracks and spacing equally with the other
        /// flexible and adaptive items, clamped to `minimum ... maximum`.
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        /// As many tracks of at least `minimum` as fit in the share of one flexible item, each
        /// widened equally to fill it, up to `maximum`.
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }

    /// The track's size.
    public var size: Size
    /// The gap after this track, before the next; nil uses the default gap, 8.
    public var spacing: CGFloat?
    /// Where views sit in this track's cells; nil uses the grid's alignment, centred across.
    public var alignment: Alignment?

    /// - Parameters:
    ///   - size: the track's size; `.flexible()` by default.
    ///   - spacing: the gap after this track; nil uses the default gap, 8.
    ///   - alignment: where views sit in the track's cells; nil uses the grid's alignment.
    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

/// Which views of a lazy grid's sections stay pinned while it scrolls, as SwiftUI's
/// `PinnedScrollableViews`. A picture does not scroll, so Arrange accepts them and they change
/// nothing.
public struct PinnedScrollableViews: OptionSet, Sendable {
    /// The set's bits.
    public let rawValue: UInt32
    /// The set with these bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The sections' headers.
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    /// The sections' footers.
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

/// A grid that fills rows, top to bottom, with its views, in the columns `columns` describe, as
/// SwiftUI's `LazyVGrid`. Every view is laid out: a picture has no scrolling to be lazy about
/// (docs/layout-rules.md §5c).
public struct LazyVGrid<Content: View>: View, PrimitiveView {
    let layout: LazyGridLayout
    let content: Content

    /// - Parameters:
    ///   - columns: the columns; an adaptive item may make several.
    ///   - alignment: where views sit across their column's cells; `.center` by default.
    ///   - spacing: the gap between rows; nil uses the default gap, 8.
    ///   - pinnedViews: accepted for SwiftUI's sake; a still picture pins nothing.
    ///   - content: the views that fill the cells, in order.
    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        layout = LazyGridLayout(axis: .vertical, tracks: columns,
                                alignment: Alignment(horizontal: alignment, vertical: .center), spacing: spacing)
        self.content = content()
    }

    public var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself.
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.makeNodes(in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        LayoutView(layout: layout, kind: "LazyVGrid", content: content).makeNodes(in: environment, into: &builder)
    }
}

/// A grid that fills columns, left to right, with its views, in the rows `rows` describe, as
/// SwiftUI's `LazyHGrid`; every view is laid out (docs/layout-rules.md §5c).
public struct LazyHGrid<Content: View>: View, PrimitiveView {
    let layout: LazyGridLayout
    let content: Content

    /// - Parameters:
    ///   - rows: the rows; an adaptive item may make several.
    ///   - alignment: where views sit across their row's cells; `.center` by default.
    ///   - spacing: the gap between columns; nil uses the default gap, 8.
    ///   - pinnedViews: accepted for SwiftUI's sake; a still picture pins nothing.
    ///   - content: the views that fill the cells, in order.
    public init(rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        layout = LazyGridLayout(axis: .horizontal, tracks: rows,
                                alignment: Alignment(horizontal: .center, vertical: alignment), spacing: spacing)
        self.content = content()
    }

    public var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself.
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.makeNodes(in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        LayoutView(layout: layout, kind: "LazyHGrid", content: content).makeNodes(in: environment, into: &builder)
    }
}

/// A section of a lazy grid's content, as SwiftUI's `Section`: its header and footer each take a
/// whole line of the grid (the full width of a `LazyVGrid`), and its content starts on a new line.
/// Elsewhere its header, content and footer are laid out by the enclosing container in turn, as a
/// `Group`'s views are.
public struct Section<Parent: View, Content: View, Footer: View>: View, PrimitiveView {
    let header: Parent
    let content: Content
    let footer: Footer

    /// A section with a header and a footer.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {
        self.header = header()
        self.content = content()
        self.footer = footer()
    }

    /// A section with a header and a footer, in SwiftUI's older spelling.
    public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {
        self.header = header
        self.content = content()
        self.footer = footer
    }

    public var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself.
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.makeNodes(in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        func resolve<V: View>(_ view: V, _ mark: LazyGridMark) {
            let start = builder.pending.count
            view.resolve(in: environment, into: &builder)
            for position in start ..< builder.pending.count where mark == .line || position == start {
                builder.editAttributes(at: position) { $0.layoutValues[ObjectIdentifier(LazyGridMark.self)] = mark }
            }
        }
        resolve(header, .line)
        resolve(content, .newLine)
        resolve(footer, .line)
    }
}

extension Section where Footer == EmptyView {
    /// A section with a header.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.init(content: content, header: header, footer: { EmptyView() })
    }

    /// A section with a header, in SwiftUI's older spelling.
    public init(header: Parent, @ViewBuilder content: () -> Content) {
        self.init(header: header, footer: EmptyView(), content: content)
    }
}

extension Section where Parent == EmptyView {
    /// A section with a footer.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
        self.init(content: content, header: { EmptyView() }, footer: footer)
    }

    /// A section with a footer, in SwiftUI's older spelling.
    public init(footer: Footer, @ViewBuilder content: () -> Content) {
        self.init(header: EmptyView(), footer: footer, content: content)
    }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
    /// A section without a header or a footer: its content starts on a new line of the grid.
    public init(@ViewBuilder content: () -> Content) {
        self.init(content: content, header: { EmptyView() }, footer: { EmptyView() })
    }
}

/// Marks a view of a `Section` for a lazy grid.
enum LazyGridMark: LayoutValueKey, Equatable {
    /// A header or footer: a whole line of its own.
    case line
    /// The first view of a section's content: it starts a new line.
    case newLine
    static let defaultValue: LazyGridMark? = nil
}

/// The layout of `LazyVGrid` (axis `.vertical`: tracks are columns, lines are rows) and
/// `LazyHGrid` (axis `.horizontal`: tracks are rows, lines are columns).
struct LazyGridLayout: Layout, Sendable {
    /// The axis lines follow each other along.
    let axis: Axis
    let tracks: [GridItem]
    /// Where views sit in their cells, unless their track says otherwise.
    let alignment: Alignment
    /// The gap between lines; nil uses the default gap, 8.
    let spacing: CGFloat?

    /// The most tracks one adaptive item makes: a minimum near 0 in a wide grid would otherwise
    /// ask for millions of empty tracks, each an array entry.
    static let maximumAdaptiveTracks = 1000

    /// The tracks' lengths across the grid and the gaps after each, for the cross length `offer`
    /// (nil: no length proposed).
    struct Tracks {
        var lengths: [CGFloat] = []
        /// The gap after each track but the last.
        var gaps: [CGFloat] = []
        var alignments: [Alignment?] = []
        var total: CGFloat { lengths.reduce(0, +) + gaps.dropLast().reduce(0, +) }
    }

    /// Resolves the items into tracks: fixed items take their length, flexible and adaptive items
    /// share what fixed items and the gaps between items leave, equally; a flexible item keeps
    /// its share within its bounds; an adaptive one holds max(1, ⌊(share + s) / (minimum + s)⌋)
    /// tracks of (share − (count − 1)·s) / count each, at most its maximum (docs/layout-rules.md §5c).
    func resolveTracks(_ offer: CGFloat?, widest: CGFloat) -> Tracks {
        func gap(_ item: GridItem) -> CGFloat { Length.gap(item.spacing) ?? ViewSpacing.defaultDistance }
        func clean(_ value: CGFloat, _ fallback: CGFloat) -> CGFloat { value.isNaN ? fallback : max(value, 0) }
        var fixed: CGFloat = 0, sharing = 0
        for item in tracks {
            switch item.size {
            case .fixed(let length): fixed += clean(length, 0)
            case .flexible, .adaptive: sharing += 1
            }
        }
        let itemGaps = tracks.dropLast().reduce(0) { $0 + gap($1) }
        // With no length proposed, a sharing item is as long as the longest view, within its bounds.
        let share = offer.map { sharing > 0 ? max($0 - fixed - itemGaps, 0) / CGFloat(sharing) : 0 }
        var result = Tracks()
        for (position, item) in tracks.enumerated() {
            let after = position < tracks.count - 1 ? gap(item) : 0
            switch item.size {
            case .fixed(let length):
                result.lengths.append(clean(length, 0))
                result.gaps.append(after)
                result.alignments.append(item.alignment)
            case .flexible(let minimum, let maximum):
                let low = clean(minimum, 0), high = max(clean(maximum, .infinity), low)
                result.lengths.append(min(max(share ?? widest, low), high))
                result.gaps.append(after)
                result.alignments.append(item.alignment)
            case .adaptive(let minimum, let maximum):
                let low = clean(minimum, 0), high = max(clean(maximum, .infinity), low), s = gap(item)
                guard let share else {
                    result.lengths.append(min(max(widest, low), high))
                    result.gaps.append(after)
                    result.alignments.append(item.alignment)
                    continue
                }
                let fitting = low + s > 0 ? ((share + s) / (low + s)).rounded(.down) : 1
                let count = Int(min(max(fitting.isFinite ? fitting : 1, 1), CGFloat(Self.maximumAdaptiveTracks)))
                let length = min(max((share - CGFloat(count - 1) * s) / CGFloat(count), 0), high)
                for copy in 0 ..< count {
                    result.lengths.append(length)
                    result.gaps.append(copy < count - 1 ? s : after)
                    result.alignments.append(item.alignment)
                }
            }
        }
        return result
    }

    struct Solution {
        var size: CGSize
        /// Per subview: its cell, relative to the grid's corner, and its alignment there.
        var cells: [(frame: CGRect, alignment: Alignment, proposal: ProposedViewSize)]
    }

    func solve(_ proposal: ProposedViewSize, _ subviews: LayoutSubviews) -> Solution {
        let cross = axis.other
        let lineGap = Length.gap(spacing) ?? ViewSpacing.defaultDistance
        // Only needed when nothing is proposed across: the longest view's ideal length.
        let widest = proposal[cross] == nil
            ? subviews.reduce(0) { max($0, $1.sizeThatFits(.unspecified)[cross]) } : 0
        let resolved = resolveTracks(proposal[cross], widest: widest)
        let trackCount = max(resolved.lengths.count, 1)
        var trackStarts: [CGFloat] = [], position: CGFloat = 0
        for (index, length) in resolved.lengths.enumerated() {
            trackStarts.append(position)
            position += length + resolved.gaps[index]
        }
        let fullLength = resolved.lengths.isEmpty ? 0 : resolved.total

        // Views into lines: track after track, a new line when a line is full, for a header or
        // footer (a line of its own), and where a section's content begins.
        struct Placed { var index: Int; var line: Int; var track: Int; var whole: Bool }
        var placed: [Placed] = []
        var line = -1, track = trackCount
        for index in subviews.indices {
            let mark = subviews[index][LazyGridMark.self]
            if mark == .line {
                line += 1
                placed.append(Placed(index: index, line: line, track: 0, whole: true))
                track = trackCount
                continue
            }
            if track >= trackCount || mark == .newLine {
                line += 1
                track = 0
            }
            placed.append(Placed(index: index, line: line, track: track, whole: false))
            track += 1
        }
        let lineCount = line + 1

        // Each view is offered its track's length across and nothing along; a line is as long as its longest view.
        func offer(_ item: Placed) -> ProposedViewSize {
            let across = item.whole ? fullLength : (item.track < resolved.lengths.count ? resolved.lengths[item.track] : 0)
            return ProposedViewSize(major: nil, minor: across, axis: axis)
        }
        var lineLengths = [CGFloat](repeating: 0, count: lineCount)
        var sizes: [CGSize] = []
        for item in placed {
            let size = subviews[item.index].sizeThatFits(offer(item))
            sizes.append(size)
            lineLengths[item.line] = max(lineLengths[item.line], size[axis])
        }
        var lineStarts: [CGFloat] = [], along: CGFloat = 0
        for length in lineLengths {
            lineStarts.append(along)
            along += length + lineGap
        }
        let totalAlong = lineLengths.reduce(0, +) + lineGap * CGFloat(max(lineCount - 1, 0))
        var cells: [(frame: CGRect, alignment: Alignment, proposal: ProposedViewSize)] = []
        for item in placed {
            let start = item.whole || item.track >= trackStarts.count ? 0 : trackStarts[item.track]
            let across = offer(item)[cross] ?? 0
            let origin = CGPoint(major: lineStarts[item.line], minor: start, axis: axis)
            let frame = CGRect(origin: origin, size: CGSize(major: lineLengths[item.line], minor: across, axis: axis))
            let own = item.whole || item.track >= resolved.alignments.count ? nil : resolved.alignments[item.track]
            cells.append((frame, own ?? alignment, offer(item)))
        }
        return Solution(size: CGSize(major: totalAlong, minor: fullLength, axis: axis), cells: cells)
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        solve(proposal, subviews).size
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let solution = solve(proposal, subviews)
        for (index, cell) in zip(subviews.indices, solution.cells) {
            let subview = subviews[index]
            let dimensions = subview.dimensions(in: cell.proposal)
            let box = ViewDimensions(size: cell.frame.size)
            let x = box.value(cell.alignment.horizontal.key) - dimensions.value(cell.alignment.horizontal.key)
            let y = box.value(cell.alignment.vertical.key) - dimensions.value(cell.alignment.vertical.key)
            subview.place(at: CGPoint(x: bounds.minX + cell.frame.minX + x, y: bounds.minY + cell.frame.minY + y), proposal: cell.proposal)
        }
    }
}
