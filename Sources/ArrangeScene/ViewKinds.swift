import Arrange
import Foundation
import Yams

/// A view while its modifiers are applied: a shape until the first modifier, so that `fill` and
/// `strokeBorder` can apply to it as in SwiftUI, then any view.
enum Built {
    case shape(any Shape)
    case view(AnyView)

    var view: AnyView {
        switch self {
        case .shape(let shape): AnyView(shape)
        case .view(let view): view
        }
    }
}

/// Makes a view of one kind from its children, its parameters already read.
typealias ViewMaker = ([AnyView]) -> Built

extension ViewKind {
    /// Reads the kind's value (a parameter mapping, null, or a shorthand scalar) into a maker.
    func read(_ reader: inout SceneReader, _ node: Node) throws -> ViewMaker {
        switch self {
        case .rectangle: return try reader.shape(node, of: self) { Rectangle() }
        case .roundedRectangle: return try reader.roundedRectangle(node)
        case .circle: return try reader.shape(node, of: self) { Circle() }
        case .capsule: return try reader.shape(node, of: self) { Capsule() }
        case .ellipse: return try reader.shape(node, of: self) { Ellipse() }
        case .color: return try reader.colorView(node)
        case .text: return try reader.text(node)
        case .spacer: return try reader.spacer(node)
        case .empty:
            try reader.noParameters(node, of: self)
            return { _ in .view(AnyView(EmptyView())) }
        case .hstack: return try reader.hstack(node)
        case .vstack: return try reader.vstack(node)
        case .zstack: return try reader.zstack(node)
        case .flow: return try reader.flow(node)
        case .wheel: return try reader.wheel(node)
        case .layout: return try reader.anyLayout(node)
        case .image: return try reader.image(node)
        case .geometryReader: return try reader.geometryReader(node)
        }
    }
}

/// The children of a container, in order.
private func each(_ children: [AnyView]) -> ForEach<Range<Int>, Int, AnyView> {
    ForEach(0..<children.count) { children[$0] }
}

extension SceneReader {
    /// A kind's parameter mapping; null (or nothing) means no parameters.
    func parameters<Key: MappingKey>(_ node: Node, of kind: ViewKind, as _: Key.Type) throws -> [MappingEntry<Key>] {
        if Self.isNull(node) { return [] }
        return try entries(node, in: "the parameters of '\(kind.name)'", as: Key.self)
    }

    /// The value of a kind without parameters: null or an empty mapping.
    func noParameters(_ node: Node, of kind: ViewKind) throws {
        if Self.isNull(node) { return }
        if case .mapping(let mapping) = node, mapping.isEmpty { return }
        throw error("'\(kind.name)' takes no parameters; write '\(kind.name): {}' or just '- \(kind.name)', found \(Self.describe(node))", at: node)
    }

    /// A shape without parameters.
    func shape<S: Shape>(_ node: Node, of kind: ViewKind, _ make: @escaping () -> S) throws -> ViewMaker {
        try noParameters(node, of: kind)
        return { _ in .shape(make()) }
    }

    /// `roundedRectangle: {cornerRadius:, style:}`, or the radius alone: `roundedRectangle: 8`.
    mutating func roundedRectangle(_ node: Node) throws -> ViewMaker {
        var radius: Double?, style = RoundedCornerStyle.continuous
        if case .scalar = node, !Self.isNull(node) {
            radius = try number(node, RoundedRectangleKey.cornerRadius.name, .nonNegative)
        } else {
            for entry in try parameters(node, of: .roundedRectangle, as: RoundedRectangleKey.self) {
                switch entry.key {
                case .cornerRadius: radius = try number(entry.value, entry.name, .nonNegative)
                case .style: style = try choice(entry.value, entry.name, ["continuous": .continuous, "circular": .circular])
                }
            }
        }
        guard let radius else {
            throw error("'roundedRectangle' needs a 'cornerRadius', as in {roundedRectangle: {cornerRadius: 8}} or {roundedRectangle: 8}", at: node)
        }
        return { _ in .shape(RoundedRectangle(cornerRadius: radius, style: style)) }
    }

    /// `color: <colour>`: a colour as a view.
    mutating func colorView(_ node: Node) throws -> ViewMaker {
        let color = try color(node, ViewKind.color.name)
        return { _ in .view(AnyView(color)) }
    }

    /// `text: Hello`, or `text: {content:, font:, bold:, italic:, color:}`.
    mutating func text(_ node: Node) throws -> ViewMaker {
        if case .scalar = node, !Self.isNull(node) {
            let content = try string(node, ViewKind.text.name)
            try countText(content, at: node)
            if context.geometryDepth > 0, let parts = try geometryText(content, at: node) {
                return { _ in .view(AnyView(_EnclosingGeometry { proxy in Text(GeometryTextPart.text(parts, proxy)) })) }
            }
            return { _ in .view(AnyView(Text(content))) }
        }
        var content: String?, font: Font?, bold = false, italic = false, color: Color?
        for entry in try parameters(node, of: .text, as: TextKey.self) {
            switch entry.key {
            case .content:
                let string = try string(entry.value, entry.name)
                try countText(string, at: entry.value)
                content = string
            case .font: font = try self.font(entry.value)
            case .bold: bold = try bool(entry.value, entry.name)
            case .italic: italic = try bool(entry.value, entry.name)
            case .color: color = try self.color(entry.value, entry.name)
            }
        }
        guard let content else {
            throw error("'text' needs its 'content', as in {text: Hello} or {text: {content: Hello, font: title}}", at: node)
        }
        func styled(_ content: String) -> Text {
            var text = Text(content)
            if let font { text = text.font(font) }
            if bold { text = text.bold() }
            if italic { text = text.italic() }
            if let color { text = text.foregroundColor(color) }
            return text
        }
        if context.geometryDepth > 0, let parts = try geometryText(content, at: node) {
            return { _ in .view(AnyView(_EnclosingGeometry { proxy in styled(GeometryTextPart.text(parts, proxy)) })) }
        }
        let made = styled(content)
        return { _ in .view(AnyView(made)) }
    }

    /// `spacer: {minLength:}`.
    mutating func spacer(_ node: Node) throws -> ViewMaker {
        var minLength: CGFloat?
        for entry in try parameters(node, of: .spacer, as: SpacerKey.self) {
            switch entry.key {
            case .minLength: minLength = try number(entry.value, entry.name, .nonNegative)
            }
        }
        let length = minLength
        return { _ in .view(AnyView(Spacer(minLength: length))) }
    }

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
