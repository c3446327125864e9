import Foundation

/// A container that arranges views in rows and columns, as SwiftUI's `Grid` does
/// (docs/layout-rules.md §5b).
///
/// Each `GridRow` in the content is a row; its views are the row's cells, the first in the first
/// column. A view in the content that is not in a `GridRow` makes a row of its own that spans every
/// column. A column is as wide as its widest cell and a row as tall as its tallest cell; flexible
/// cells share the space that is left, least flexible column or row first, as in a stack.
public struct Grid<Content: View>: View, PrimitiveView {
    let layout: GridLayout
    let content: Content

    /// - Parameters:
    ///   - alignment: where each cell sits inside its column and row; `.center` by default.
    ///     `GridRow(alignment:)`, `gridColumnAlignment(_:)` and `gridCellAnchor(_:)` override it.
    ///   - horizontalSpacing: the gap between columns; nil uses the default gap, 8.
    ///   - verticalSpacing: the gap between rows; nil uses the default gap, 8.
    ///   - content: the rows: `GridRow`s, and views that span every column.
    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
                @ViewBuilder content: () -> Content) {
        layout = GridLayout(alignment: alignment, horizontalSpacing: horizontalSpacing, verticalSpacing: verticalSpacing)
        self.content = content()
    }

    public var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself.
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.makeNodes(in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        LayoutView(layout: layout, kind: "Grid", content: content).makeNodes(in: environment, into: &builder)
    }
}

/// A row of a `Grid`, as SwiftUI's `GridRow`: its views are the row's cells, one column each
/// unless a cell spans more with `gridCellColumns(_:)`. Outside a grid its views are laid out by
/// the enclosing container, as a `Group`'s are.
public struct GridRow<Content: View>: View, PrimitiveView {
    let alignment: VerticalAlignment?
    let content: Content

    /// - Parameters:
    ///   - alignment: how the row's cells line up vertically; nil uses the grid's alignment.
    ///   - content: the row's cells.
    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    public var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself.
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.makeNodes(in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        // A row reads like an HStack: a Divider in it stands upright, a Spacer grows sideways.
        var inner = environment
        inner.stackAxis = .horizontal
        let start = builder.pending.count
        content.resolve(in: inner, into: &builder)
        // Each cell is marked with its row, so the grid sees where rows begin among its children.
        for position in start ..< builder.pending.count {
            let mark = GridRowMark(first: position == start, alignment: alignment)
            builder.editAttributes(at: position) { $0.layoutValues[ObjectIdentifier(GridRowMark.self)] = mark }
        }
    }
}

/// Marks a cell of a `GridRow`: whether it begins its row, and the row's alignment.
struct GridRowMark: LayoutValueKey {
    static let defaultValue: GridRowMark? = nil
    let first: Bool
    let alignment: VerticalAlignment?
}

/// `gridCellColumns(_:)`: how many columns a cell spans.
struct GridCellColumnsKey: LayoutValueKey {
    static let defaultValue = 1
}

/// `gridColumnAlignment(_:)`: the horizontal alignment of the cell's whole column.
struct GridColumnAlignmentKey: LayoutValueKey {
    static let defaultValue: HorizontalAlignment? = nil
}

/// `gridCellAnchor(_:)`: where the cell sits in its space, instead of the alignments.
struct GridCellAnchorKey: LayoutValueKey {
    static let defaultValue: UnitPoint? = nil
}

/// `gridCellUnsizedAxes(_:)`: the axes along which the cell does not size its column or row.
struct GridCellUnsizedAxesKey: LayoutValueKey {
    static let defaultValue: Axis.Set = []
}

extension View {
    /// Makes the view, a cell of a `GridRow`, span `count` columns, as SwiftUI's
    /// `gridCellColumns(_:)` does. Counts below 1 count as 1.
    public func gridCellColumns(_ count: Int) -> some View {
        layoutValue(key: GridCellColumnsKey.self, value: max(1, count))
    }

    /// Aligns every cell of the view's column horizontally by `guide`, as SwiftUI's
    /// `gridColumnAlignment(_:)` does. Any cell of the column may carry it; the first in row order
    /// wins.
    public func gridColumnAlignment(_ guide: HorizontalAlignment) -> some View {
        layoutValue(key: GridColumnAlignmentKey.self, value: guide)
    }

    /// Places the view's `anchor` point at the same point of its cell, overriding the grid's,
    /// row's and column's alignments, as SwiftUI's `gridCellAnchor(_:)` does.
    public func gridCellAnchor(_ anchor: UnitPoint) -> some View {
        layoutValue(key: GridCellAnchorKey.self, value: anchor)
    }

    /// Asks the grid not to size the view's column (`.horizontal`) or row (`.vertical`) by it, as
    /// SwiftUI's `gridCellUnsizedAxes(_:)` does: the cell takes the size the other cells give its
    /// column or row, so a flexible view (a `Divider`, a `Color`) does not widen the grid.
    public func gridCellUnsizedAxes(_ axes: Axis.Set) -> some View {
        layoutValue(key: GridCellUnsizedAxesKey.self, value: axes)
    }
}

extension LayoutSubview {
    /// The value of `key` the subview set, looking through the single-child modifiers around it
    /// (a frame, padding, a background): in SwiftUI a layout value passes up through them, so
    /// `.gridCellColumns(2).padding()` still spans two columns.
    func passedValue<K: LayoutValueKey>(_ key: K.Type) -> K.Value {
        let tree = pass.tree
        var node = self.node
        // Bounded: each step goes to a child, whose number is smaller.
        while true {
            if let value = tree.attributes(of: node)?.layoutValues[ObjectIdentifier(key)] as? K.Value { return value }
            guard case .container = tree.records[node].content else { return K.defaultValue }
            let children = tree.childRange(node)
            switch tree.records[node].priorityRule {
            case .zero where children.count == 1: node = tree.child(node, 0)
            case .child(let position) where position < children.count: node = tree.child(node, position)
            default: return K.defaultValue
            }
        }
    }
}
