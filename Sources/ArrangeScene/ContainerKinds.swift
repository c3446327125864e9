import Arrange
import Foundation
import Yams

// The container kinds: stacks, flow, wheel and `layout` (an `AnyLayout` of one of them).

/// The children of a container, in order.
private func each(_ children: [AnyView]) -> ForEach<Range<Int>, Int, AnyView> {
    ForEach(0..<children.count) { children[$0] }
}

extension SceneReader {
    /// `hstack: {alignment:, spacing:}`.
    mutating func hstack(_ node: Node) throws -> ViewMaker {
        let layout = try hstackLayout(node)
        return { children in .view(AnyView(HStack(alignment: layout.alignment, spacing: layout.spacing) { each(children) })) }
    }

    /// `vstack: {alignment:, spacing:}`.
    mutating func vstack(_ node: Node) throws -> ViewMaker {
        let layout = try vstackLayout(node)
        return { children in .view(AnyView(VStack(alignment: layout.alignment, spacing: layout.spacing) { each(children) })) }
    }

    /// `zstack: {alignment:}`.
    mutating func zstack(_ node: Node) throws -> ViewMaker {
        let layout = try zstackLayout(node)
        return { children in .view(AnyView(ZStack(alignment: layout.alignment) { each(children) })) }
    }

    /// `flow: {…}`.
    mutating func flow(_ node: Node) throws -> ViewMaker {
        let layout = try flowLayout(node)
        return { children in .view(AnyView(layout { each(children) })) }
    }

    /// `wheel: {radius:, rotation:, motion:}`.
    mutating func wheel(_ node: Node) throws -> ViewMaker {
        // The layout's own type, not `AnyLayout`: dumps name it.
        func maker<L: Layout>(_ layout: L) -> ViewMaker { { children in .view(AnyView(layout { each(children) })) } }
        return maker(try wheelLayout(node))
    }

    /// `layout: {hstack: {…}}` (or `layout: hstack`): an `AnyLayout` holding one container
    /// kind's layout, which keyframes may switch while its children stay the same views.
    mutating func anyLayout(_ node: Node) throws -> ViewMaker {
        let choice: (key: LayoutChoiceKey, value: Node)
        if case .scalar = node, !Self.isNull(node) {
            let key = try self.choice(node, ViewKind.layout.name,
                                      ["hstack": LayoutChoiceKey.hstack, "vstack": .vstack, "zstack": .zstack, "flow": .flow, "wheel": .wheel])
            choice = (key, Self.null(at: node))
        } else {
            let entries = try parameters(node, of: .layout, as: LayoutChoiceKey.self)
            guard entries.count == 1, let entry = entries.first else {
                throw error("'layout' holds exactly one container kind (\(Suggestion.list(LayoutChoiceKey.names))), as in {layout: {hstack: {spacing: 8}}}, found \(entries.count)", at: node)
            }
            choice = (entry.key, entry.value)
        }
        let layout = try containerLayout(choice.key, choice.value)
        return { children in .view(AnyView(AnyLayout(layout) { each(children) })) }
    }

    /// The layout of a container kind, its parameters read from `node`.
    mutating func containerLayout(_ kind: LayoutChoiceKey, _ node: Node) throws -> any Layout {
        switch kind {
        case .hstack: try hstackLayout(node)
        case .vstack: try vstackLayout(node)
        case .zstack: try zstackLayout(node)
        case .flow: try flowLayout(node)
        case .wheel: try wheelLayout(node)
        }
    }

    private mutating func hstackLayout(_ node: Node) throws -> HStackLayout {
        var layout = HStackLayout()
        for entry in try parameters(node, of: .hstack, as: StackKey.self) {
            switch entry.key {
            case .alignment: layout.alignment = try verticalAlignment(entry.value)
            case .spacing: layout.spacing = try number(entry.value, entry.name, .finite)
            }
        }
        return layout
    }

    private mutating func vstackLayout(_ node: Node) throws -> VStackLayout {
        var layout = VStackLayout()
        for entry in try parameters(node, of: .vstack, as: StackKey.self) {
            switch entry.key {
            case .alignment: layout.alignment = try horizontalAlignment(entry.value)
            case .spacing: layout.spacing = try number(entry.value, entry.name, .finite)
            }
        }
        return layout
    }

    private mutating func zstackLayout(_ node: Node) throws -> ZStackLayout {
        var layout = ZStackLayout()
        for entry in try parameters(node, of: .zstack, as: ZStackKey.self) {
            switch entry.key {
            case .alignment: layout.alignment = try self.alignment(entry.value)
            }
        }
        return layout
    }

    /// `flow: {alignment:, rowAlignment:, spacing:}` or with `horizontalSpacing` and
    /// `verticalSpacing` instead of `spacing`.
    private mutating func flowLayout(_ node: Node) throws -> FlowLayout {
        var alignment = HorizontalAlignment.leading, rowAlignment = VerticalAlignment.top
        var spacing: CGFloat?, horizontal: CGFloat?, vertical: CGFloat?
        for entry in try parameters(node, of: .flow, as: FlowKey.self) {
            switch entry.key {
            case .alignment: alignment = try horizontalAlignment(entry.value)
            case .rowAlignment:
                rowAlignment = try choice(entry.value, entry.name, ["top": .top, "center": .center, "bottom": .bottom])
            case .spacing: spacing = try number(entry.value, entry.name, .nonNegative)
            case .horizontalSpacing: horizontal = try number(entry.value, entry.name, .nonNegative)
            case .verticalSpacing: vertical = try number(entry.value, entry.name, .nonNegative)
            }
        }
        if spacing != nil, horizontal != nil || vertical != nil {
            throw error("'flow' takes either 'spacing' (both ways) or 'horizontalSpacing'/'verticalSpacing', not both", at: node)
        }
        return FlowLayout(alignment: alignment, rowAlignment: rowAlignment,
                          horizontalSpacing: horizontal ?? spacing, verticalSpacing: vertical ?? spacing)
    }

    /// `wheel: {radius:, rotation:, motion:}`: the children on a circle, the first at `rotation`
    /// degrees clockwise from the top. Animated, they swing along the circle (`motion: layout`,
    /// the default: the wheel's data interpolates) or slide along chords (`motion: straight`).
    private mutating func wheelLayout(_ node: Node) throws -> any Layout {
        var radius: Double?, rotation = 0.0, straight = false
        for entry in try parameters(node, of: .wheel, as: WheelKey.self) {
            switch entry.key {
            case .radius: radius = try number(entry.value, entry.name, .nonNegative)
            case .rotation: rotation = try number(entry.value, entry.name, .finite)
            case .motion: straight = try choice(entry.value, entry.name, ["layout": false, "straight": true])
            }
        }
        guard let radius else {
            throw error("'wheel' needs a 'radius', as in {wheel: {radius: 130, rotation: 90}}", at: node)
        }
        let layout = WheelLayout(radius: radius, rotation: .degrees(rotation))
        return straight ? layout.straightMotion() : layout
    }
}
