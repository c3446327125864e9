import Arrange
import Foundation
import Yams

// The grid kinds: `grid` and `gridRow`, `lazyVGrid` and `lazyHGrid` with their items, `section`,
// and the grid cell modifiers.

/// The children of a container, in order.
private func each(_ children: [AnyView]) -> ForEach<Range<Int>, Int, AnyView> {
    ForEach(0..<children.count) { children[$0] }
}

extension SceneReader {
    /// `grid: {alignment:, horizontalSpacing:, verticalSpacing:}`: its children are its rows,
    /// each a `gridRow` or a view that spans every column.
    mutating func grid(_ node: Node) throws -> ViewMaker {
        var alignment = Alignment.center, horizontal: CGFloat?, vertical: CGFloat?
        for entry in try parameters(node, of: .grid, as: GridKey.self) {
            switch entry.key {
            case .alignment: alignment = try self.alignment(entry.value)
            case .horizontalSpacing: horizontal = try number(entry.value, entry.name, .nonNegative)
            case .verticalSpacing: vertical = try number(entry.value, entry.name, .nonNegative)
            }
        }
        return { children in
            .view(AnyView(Grid(alignment: alignment, horizontalSpacing: horizontal, verticalSpacing: vertical) { each(children) }))
        }
    }

    /// `gridRow: {alignment:}`: its children are the row's cells.
    mutating func gridRow(_ node: Node) throws -> ViewMaker {
        var alignment: VerticalAlignment?
        for entry in try parameters(node, of: .gridRow, as: GridRowKey.self) {
            switch entry.key {
            case .alignment: alignment = try verticalAlignment(entry.value)
            }
        }
        return { children in .view(AnyView(GridRow(alignment: alignment) { each(children) })) }
    }

    /// `lazyVGrid: {columns: [...], alignment:, spacing:}` or `lazyHGrid: {rows: [...], …}`.
    mutating func lazyGrid(_ node: Node, vertical: Bool) throws -> ViewMaker {
        var items: [GridItem]?, spacing: CGFloat?
        var horizontal = HorizontalAlignment.center, verticalAlignment = VerticalAlignment.center
        let kind: ViewKind = vertical ? .lazyVGrid : .lazyHGrid
        if vertical {
            for entry in try parameters(node, of: kind, as: LazyVGridKey.self) {
                switch entry.key {
                case .columns: items = try gridItems(entry.value, entry.name)
                case .alignment: horizontal = try horizontalAlignment(entry.value)
                case .spacing: spacing = try number(entry.value, entry.name, .nonNegative)
                }
            }
        } else {
            for entry in try parameters(node, of: kind, as: LazyHGridKey.self) {
                switch entry.key {
                case .rows: items = try gridItems(entry.value, entry.name)
                case .alignment: verticalAlignment = try self.verticalAlignment(entry.value)
                case .spacing: spacing = try number(entry.value, entry.name, .nonNegative)
                }
            }
        }
        let tracks = vertical ? "columns" : "rows"
        guard let items else {
            throw error("'\(kind.name)' needs '\(tracks)', a list of items like {adaptive: {minimum: 120}}, {fixed: 80} or {flexible: {}}", at: node)
        }
        if vertical {
            return { children in
                .view(AnyView(LazyVGrid(columns: items, alignment: horizontal, spacing: spacing) { each(children) }))
            }
        }
        return { children in
            .view(AnyView(LazyHGrid(rows: items, alignment: verticalAlignment, spacing: spacing) { each(children) }))
        }
    }

    /// The items of `columns` or `rows`: each `{fixed: 80}`, `{flexible: {minimum:, maximum:}}`
    /// or `{adaptive: {minimum:, maximum:}}`, with optional `spacing` and `alignment`; a bare
    /// `flexible` is `{flexible: {}}`.
    private mutating func gridItems(_ node: Node, _ name: String) throws -> [GridItem] {
        guard case .sequence(let list) = node, !list.isEmpty else {
            throw error("'\(name)' is a list of one or more items like {adaptive: {minimum: 120}}, {fixed: 80} or {flexible: {}}, found \(Self.describe(node))", at: node)
        }
        guard list.count <= Self.maximumGridItems else {
            throw error("'\(name)' may have at most \(Self.maximumGridItems) items, found \(list.count)", at: node)
        }
        return try list.map { try gridItem($0) }
    }

    /// The most items a lazy grid's `columns` or `rows` may list: each is a track of the picture.
    static let maximumGridItems = 1000

    private mutating func gridItem(_ node: Node) throws -> GridItem {
        let outerSection = context.enter(.value(.gridItem))
        defer { context.section = outerSection }
        if case .scalar = node, !Self.isNull(node) {
            let size = try choice(node, "item", ["flexible": GridItem.Size.flexible()])
            return GridItem(size)
        }
        var item = GridItem()
        var size: (GridItem.Size, Node)?
        for entry in try entries(node, in: "an item of a lazy grid", as: GridItemKey.self) {
            let read: GridItem.Size?
            switch entry.key {
            case .fixed: read = .fixed(try number(entry.value, entry.name, .nonNegative))
            case .flexible:
                let bounds = try gridItemBounds(entry.value, entry.name, minimum: 10)
                read = .flexible(minimum: bounds.minimum, maximum: bounds.maximum)
            case .adaptive:
                let bounds = try gridItemBounds(entry.value, entry.name, minimum: nil)
                read = .adaptive(minimum: bounds.minimum, maximum: bounds.maximum)
            case .spacing:
                item.spacing = try number(entry.value, entry.name, .nonNegative)
                read = nil
            case .alignment:
                item.alignment = try alignment(entry.value)
                read = nil
            }
            guard let read else { continue }
            if let size {
                throw error("an item has one size, found '\(Self.sizeName(size.0))' and '\(entry.name)'", at: entry.keyNode)
            }
            size = (read, entry.keyNode)
        }
        guard let size else {
            throw error("an item needs a size: 'fixed', 'flexible' or 'adaptive', as in {adaptive: {minimum: 120}}", at: node)
        }
        item.size = size.0
        return item
    }

    private static func sizeName(_ size: GridItem.Size) -> String {
        switch size {
        case .fixed: "fixed"
        case .flexible: "flexible"
        case .adaptive: "adaptive"
        }
    }

    /// `{minimum:, maximum:}`, or the minimum alone; `minimum` is required when it has no default.
    private mutating func gridItemBounds(_ node: Node, _ name: String, minimum fallback: Double?) throws -> (minimum: CGFloat, maximum: CGFloat) {
        if case .scalar = node, !Self.isNull(node) {
            return (try number(node, "minimum", .nonNegative), .infinity)
        }
        var minimum = fallback, maximum = Double.infinity
        if !Self.isNull(node) {
            for entry in try entries(node, in: "'\(name)'", as: GridItemBoundsKey.self) {
                switch entry.key {
                case .minimum: minimum = try number(entry.value, entry.name, .nonNegative)
                case .maximum: maximum = try number(entry.value, entry.name, .nonNegative)
                }
            }
        }
        guard let minimum else {
            throw error("'\(name)' needs a 'minimum', as in {\(name): {minimum: 120}}", at: node)
        }
        guard maximum >= minimum else {
            throw error("'\(name)': 'maximum' (\(Self.format(maximum))) is less than 'minimum' (\(Self.format(minimum)))", at: node)
        }
        return (minimum, maximum)
    }

    /// `section: {header:, footer:}`, each a view; its children between them.
    mutating func section(_ node: Node, depth: Int) throws -> ViewMaker {
        var header = AnyView(EmptyView()), footer = AnyView(EmptyView())
        for entry in try parameters(node, of: .section, as: SectionKey.self) {
            switch entry.key {
            case .header: header = try partView(entry.value, entry.name, depth: depth)
            case .footer: footer = try partView(entry.value, entry.name, depth: depth)
            }
        }
        return { children in .view(AnyView(Section(header: header, footer: footer) { each(children) })) }
    }

    /// A `gridRow` must be a child of a `grid`, and a view with a grid cell modifier a cell: a
    /// child of a `gridRow` (or, for `gridCellAnchor` and `gridCellUnsizedAxes`, a row of a
    /// `grid`). Elsewhere they would do nothing, silently. `key` is where the view's kind is written.
    mutating func checkGridPlace(_ kind: ViewKind, at key: Node, modifiers: [ReadModifier]) throws {
        let parent = context.parentKind
        // Made only for a message: every view is checked.
        var within: String { parent.map { "in '\($0.name)'" } ?? "outside any container" }
        if kind == .gridRow, parent != .grid {
            try note(error("'gridRow' is a row of a 'grid', but this one is \(within): put it among a grid's children, or use an 'hstack'", at: key))
        }
        for modifier in modifiers {
            switch modifier.kind {
            case .gridCellColumns, .gridColumnAlignment:
                guard parent != .gridRow else { continue }
                try note(error("'\(modifier.kind.name)' applies to a cell of a 'gridRow', but this view is \(within)", at: modifier.key, see: .modifier(modifier.kind)))
            case .gridCellAnchor, .gridCellUnsizedAxes:
                guard parent != .gridRow, parent != .grid else { continue }
                try note(error("'\(modifier.kind.name)' applies to a cell of a 'grid' or 'gridRow', but this view is \(within)", at: modifier.key, see: .modifier(modifier.kind)))
            default:
                continue
            }
        }
    }

    /// One view inside a kind's parameters: a label's title or icon, a section's header or footer.
    mutating func partView(_ node: Node, _ name: String, depth: Int) throws -> AnyView {
        let outer = context.parentKind
        context.parentKind = nil
        defer { context.parentKind = outer }
        let views = try views(node, depth: depth + 1, place: .part)
        guard views.count == 1, let view = views.first else {
            throw error("'\(name)' is one view", at: node)
        }
        return view
    }

    /// Axes: `horizontal`, `vertical`, or a list of them.
    func axes(_ node: Node, _ name: String) throws -> Axis.Set {
        let names: KeyValuePairs<String, Axis.Set> = ["horizontal": .horizontal, "vertical": .vertical]
        guard case .sequence(let list) = node else { return try choice(node, name, names) }
        var axes: Axis.Set = []
        for item in list { axes.formUnion(try choice(item, name, names)) }
        return axes
    }

    /// `gridCellColumns: 2`.
    mutating func gridCellColumns(_ node: Node) throws -> Modification {
        let count = try integer(node, ModifierKind.gridCellColumns.name, 1...Self.maximumGridItems)
        return { .view(AnyView($0.view.gridCellColumns(count))) }
    }

    /// `gridColumnAlignment: trailing`.
    func gridColumnAlignment(_ node: Node) throws -> Modification {
        let guide = try horizontalAlignment(node, ModifierKind.gridColumnAlignment.name)
        return { .view(AnyView($0.view.gridColumnAlignment(guide))) }
    }

    /// `gridCellAnchor: topLeading` or `{x:, y:}`.
    mutating func gridCellAnchor(_ node: Node) throws -> Modification {
        let anchor = try unitPoint(node, ModifierKind.gridCellAnchor.name)
        return { .view(AnyView($0.view.gridCellAnchor(anchor))) }
    }

    /// `gridCellUnsizedAxes: horizontal` or a list of axes.
    func gridCellUnsizedAxes(_ node: Node) throws -> Modification {
        let axes = try axes(node, ModifierKind.gridCellUnsizedAxes.name)
        return { .view(AnyView($0.view.gridCellUnsizedAxes(axes))) }
    }
}
