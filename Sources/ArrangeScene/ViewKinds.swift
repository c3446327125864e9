import Arrange
import Foundation
import Yams

// The view kinds: reading each kind's value into a maker, and the leaf kinds (shapes, colours,
// text, spacers). Containers, images and geometry readers have files of their own.

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
    /// `depth` is the view's, for the views inside its parameters (a label's icon, a section's
    /// header, a `forEach`'s content).
    func read(_ reader: inout SceneReader, _ node: Node, depth: Int) throws -> ViewMaker {
        switch self {
        case .rectangle: return try reader.shape(node, of: self) { Rectangle() }
        case .roundedRectangle: return try reader.roundedRectangle(node)
        case .unevenRoundedRectangle: return try reader.unevenRoundedRectangle(node)
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
        case .grid: return try reader.grid(node)
        case .gridRow: return try reader.gridRow(node)
        case .lazyVGrid: return try reader.lazyGrid(node, vertical: true)
        case .lazyHGrid: return try reader.lazyGrid(node, vertical: false)
        case .section: return try reader.section(node, depth: depth)
        case .viewThatFits: return try reader.viewThatFits(node)
        case .divider:
            try reader.noParameters(node, of: self)
            return { _ in .view(AnyView(Divider())) }
        case .label: return try reader.label(node, depth: depth)
        case .forEach: return try reader.forEach(node, depth: depth)
        case .icon: return try reader.icon(node)
        case .use: return try reader.use(node, key: node, depth: depth)
        }
    }
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

    /// `unevenRoundedRectangle: {topLeadingRadius:, bottomLeadingRadius:, bottomTrailingRadius:,
    /// topTrailingRadius:, style:}`: radii not written are 0, a square corner.
    mutating func unevenRoundedRectangle(_ node: Node) throws -> ViewMaker {
        var radii = RectangleCornerRadii(), style = RoundedCornerStyle.continuous
        if !Self.isNull(node) {
            for entry in try parameters(node, of: .unevenRoundedRectangle, as: UnevenRoundedRectangleKey.self) {
                switch entry.key {
                case .topLeadingRadius: radii.topLeading = try number(entry.value, entry.name, .nonNegative)
                case .bottomLeadingRadius: radii.bottomLeading = try number(entry.value, entry.name, .nonNegative)
                case .bottomTrailingRadius: radii.bottomTrailing = try number(entry.value, entry.name, .nonNegative)
                case .topTrailingRadius: radii.topTrailing = try number(entry.value, entry.name, .nonNegative)
                case .style: style = try choice(entry.value, entry.name, ["continuous": .continuous, "circular": .circular])
                }
            }
        }
        let (r, st) = (radii, style)
        return { _ in .shape(UnevenRoundedRectangle(cornerRadii: r, style: st)) }
    }

    /// `color: <colour>`: a colour as a view.
    mutating func colorView(_ node: Node) throws -> ViewMaker {
        let color = try color(node, ViewKind.color.name)
        return { _ in .view(AnyView(color)) }
    }

    /// `text: Hello`, or `text: {content:, font:, bold:, italic:, color:, markdown:}`, or
    /// `text: {runs: [{content:, bold:, color:, underline:, …}, …], font:, …}`: a paragraph of
    /// pieces in their own styles. Markdown is read only when `markdown: true` asks for it, so
    /// text from existing scenes stays as written.
    mutating func text(_ node: Node) throws -> ViewMaker {
        if case .scalar = node, !Self.isNull(node) {
            let content = try string(node, ViewKind.text.name)
            try countText(content, at: node)
            if context.geometryDepth > 0, let parts = try geometryText(content, at: node) {
                return { _ in .view(AnyView(_EnclosingGeometry { proxy in Text(GeometryTextPart.text(parts, proxy)) })) }
            }
            return { _ in .view(AnyView(Text(content))) }
        }
        var content: String?, font: Font?, bold = false, italic = false, color: Color?, markdown = false, runs: [Text]?
        var markdownNode: Node?
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
            case .markdown:
                markdown = try bool(entry.value, entry.name)
                markdownNode = entry.value
            case .runs: runs = try textRuns(entry.value)
            }
        }
        if content != nil, runs != nil {
            throw error("'text' takes its 'content' or its 'runs', not both", at: node)
        }
        if let runs {
            if markdown, let markdownNode {
                throw error("'markdown' reads a 'content'; 'runs' give their styles themselves", at: markdownNode)
            }
            var joined = runs.dropFirst().reduce(runs[0], +)
            if let font { joined = joined.font(font) }
            if bold { joined = joined.bold() }
            if italic { joined = joined.italic() }
            if let color { joined = joined.foregroundColor(color) }
            let made = joined
            return { _ in .view(AnyView(made)) }
        }
        guard let content else {
            throw error("'text' needs its 'content' or its 'runs', as in {text: Hello}, {text: {content: Hello, font: title}} or {text: {runs: [{content: Hello, bold: true}]}}", at: node)
        }
        func styled(_ content: String) -> Text {
            var text = markdown ? Text(LocalizedStringKey(content)) : Text(content)
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

    /// The items of `runs:`: each a mapping of a piece's `content` and its style (errors at the
    /// item's line), or plain text in the paragraph's style.
    mutating func textRuns(_ node: Node) throws -> [Text] {
        let outerSection = context.enter(.value(.textRun))
        defer { context.section = outerSection }
        guard case .sequence(let items) = node, !items.isEmpty else {
            throw error("'runs' is a list of pieces, as in [{content: 'Ship '}, {content: fast, bold: true}], found \(Self.describe(node))", at: node)
        }
        var texts: [Text] = []
        for item in items {
            if case .scalar = item, !Self.isNull(item) {
                let content = try string(item, TextRunKey.content.name)
                try countText(content, at: item)
                texts.append(Text(content))
                continue
            }
            var text: Text?
            var changes: [(Text) -> Text] = []
            for entry in try entries(item, in: "a text run", as: TextRunKey.self) {
                switch entry.key {
                case .content:
                    let string = try string(entry.value, entry.name)
                    try countText(string, at: entry.value)
                    text = Text(string)
                case .font:
                    let font = try self.font(entry.value)
                    changes.append { $0.font(font) }
                case .bold:
                    let on = try bool(entry.value, entry.name)
                    changes.append { $0.bold(on) }
                case .italic:
                    let on = try bool(entry.value, entry.name)
                    changes.append { $0.italic(on) }
                case .weight:
                    let weight = try choice(entry.value, entry.name, Self.weights)
                    changes.append { $0.fontWeight(weight) }
                case .monospaced:
                    let on = try bool(entry.value, entry.name)
                    changes.append { $0.monospaced(on) }
                case .color:
                    let color = try self.color(entry.value, entry.name)
                    changes.append { $0.foregroundColor(color) }
                case .underline:
                    let (on, color) = try decoration(entry.value, entry.name)
                    changes.append { $0.underline(on, color: color) }
                case .strikethrough:
                    let (on, color) = try decoration(entry.value, entry.name)
                    changes.append { $0.strikethrough(on, color: color) }
                case .baselineOffset:
                    let offset = try number(entry.value, entry.name, .finite)
                    changes.append { $0.baselineOffset(offset) }
                case .tracking:
                    let tracking = try number(entry.value, entry.name, .finite)
                    changes.append { $0.tracking(tracking) }
                }
            }
            guard let text else {
                throw error("a text run needs its 'content', as in {content: fast, bold: true}", at: item)
            }
            texts.append(changes.reduce(text) { $1($0) })
        }
        return texts
    }

    /// `underline:` or `strikethrough:`: true or false, or a colour for a line in that colour.
    private mutating func decoration(_ node: Node, _ name: String) throws -> (Bool, Color?) {
        if case .scalar(let scalar) = node, scalar.style == .plain, ["true", "True", "TRUE", "false", "False", "FALSE"].contains(scalar.string) {
            return (try bool(node, name), nil)
        }
        do {
            return (true, try color(node, name))
        } catch let problem as SceneError {
            // The colour's message, told that true and false would do too.
            throw error("'\(name)' expects true, false or a colour for its line; \(problem.message)", at: node)
        }
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
}
