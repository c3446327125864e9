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
    func read(_ reader: inout SceneReader, _ node: Node) throws -> ViewMaker {
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
}
