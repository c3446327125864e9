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

/// One kind of view in the scene format: its name, its parameters, whether it has children, and
/// how to read its parameters into a maker. Adding a kind is adding one entry to `ViewKind.all`
/// (and its definition to the JSON Schema).
struct ViewKind: Sendable {
    /// The key that names the kind: `rectangle`, `hstack`, …
    let name: String
    /// The keys of its parameter mapping.
    let parameters: [String]
    /// Whether it takes `children`.
    let takesChildren: Bool
    /// Whether it is a shape, so that `fill` and `strokeBorder` apply to it.
    let isShape: Bool
    /// Reads the kind's value (a parameter mapping, null, or a shorthand scalar).
    let read: @Sendable (inout SceneReader, Node) throws -> ViewMaker

    /// Every kind, in the order the documentation lists them.
    static let all: [ViewKind] = [
        shape("rectangle") { Rectangle() },
        ViewKind(name: "roundedRectangle", parameters: ["cornerRadius", "style"], takesChildren: false, isShape: true) { reader, node in
            var radius: Double?, style = RoundedCornerStyle.continuous
            if case .scalar = node, !SceneReader.isNull(node) {
                radius = try reader.number(node, "cornerRadius", .nonNegative)
            } else {
                for entry in try reader.parameters(node, of: "roundedRectangle", ["cornerRadius", "style"]) {
                    switch entry.key {
                    case "cornerRadius": radius = try reader.number(entry.value, "cornerRadius", .nonNegative)
                    default: style = try reader.choice(entry.value, "style", ["continuous": .continuous, "circular": .circular])
                    }
                }
            }
            guard let radius else {
                throw reader.error("'roundedRectangle' needs a 'cornerRadius', as in {roundedRectangle: {cornerRadius: 8}} or {roundedRectangle: 8}", at: node)
            }
            return { _ in .shape(RoundedRectangle(cornerRadius: radius, style: style)) }
        },
        shape("circle") { Circle() },
        shape("capsule") { Capsule() },
        shape("ellipse") { Ellipse() },
        ViewKind(name: "color", parameters: ["red", "green", "blue", "white", "color", "opacity"], takesChildren: false, isShape: false) { reader, node in
            let color = try reader.color(node, "color")
            return { _ in .view(AnyView(color)) }
        },
        ViewKind(name: "text", parameters: ["content", "font", "bold", "italic", "color"], takesChildren: false, isShape: false) { reader, node in
            if case .scalar = node, !SceneReader.isNull(node) {
                let content = try reader.string(node, "text")
                try reader.countText(content, at: node)
                return { _ in .view(AnyView(Text(content))) }
            }
            var content: String?, font: Font?, bold = false, italic = false, color: Color?
            for entry in try reader.parameters(node, of: "text", ["content", "font", "bold", "italic", "color"]) {
                switch entry.key {
                case "content":
                    let string = try reader.string(entry.value, "content")
                    try reader.countText(string, at: entry.value)
                    content = string
                case "font": font = try reader.font(entry.value)
                case "bold": bold = try reader.bool(entry.value, "bold")
                case "italic": italic = try reader.bool(entry.value, "italic")
                default: color = try reader.color(entry.value, "color")
                }
            }
            guard let content else {
                throw reader.error("'text' needs its 'content', as in {text: Hello} or {text: {content: Hello, font: title}}", at: node)
            }
            var text = Text(content)
            if let font { text = text.font(font) }
            if bold { text = text.bold() }
            if italic { text = text.italic() }
            if let color { text = text.foregroundColor(color) }
            let made = text
            return { _ in .view(AnyView(made)) }
        },
        ViewKind(name: "spacer", parameters: ["minLength"], takesChildren: false, isShape: false) { reader, node in
            var minLength: CGFloat?
            for entry in try reader.parameters(node, of: "spacer", ["minLength"]) {
                minLength = try reader.number(entry.value, "minLength", .nonNegative)
            }
            return { _ in .view(AnyView(Spacer(minLength: minLength))) }
        },
        ViewKind(name: "empty", parameters: [], takesChildren: false, isShape: false) { reader, node in
            _ = try reader.parameters(node, of: "empty", [])
            return { _ in .view(AnyView(EmptyView())) }
        },
        ViewKind(name: "hstack", parameters: ["alignment", "spacing"], takesChildren: true, isShape: false) { reader, node in
            var alignment = VerticalAlignment.center, spacing: CGFloat?
            for entry in try reader.parameters(node, of: "hstack", ["alignment", "spacing"]) {
                switch entry.key {
                case "alignment": alignment = try reader.verticalAlignment(entry.value)
                default: spacing = try reader.number(entry.value, "spacing", .finite)
                }
            }
            return { children in .view(AnyView(HStack(alignment: alignment, spacing: spacing) { each(children) })) }
        },
        ViewKind(name: "vstack", parameters: ["alignment", "spacing"], takesChildren: true, isShape: false) { reader, node in
            var alignment = HorizontalAlignment.center, spacing: CGFloat?
            for entry in try reader.parameters(node, of: "vstack", ["alignment", "spacing"]) {
                switch entry.key {
                case "alignment": alignment = try reader.horizontalAlignment(entry.value)
                default: spacing = try reader.number(entry.value, "spacing", .finite)
                }
            }
            return { children in .view(AnyView(VStack(alignment: alignment, spacing: spacing) { each(children) })) }
        },
        ViewKind(name: "zstack", parameters: ["alignment"], takesChildren: true, isShape: false) { reader, node in
            var alignment = Alignment.center
            for entry in try reader.parameters(node, of: "zstack", ["alignment"]) {
                alignment = try reader.alignment(entry.value)
            }
            return { children in .view(AnyView(ZStack(alignment: alignment) { each(children) })) }
        },
        ViewKind(name: "flow", parameters: ["alignment", "rowAlignment", "spacing", "horizontalSpacing", "verticalSpacing"],
                 takesChildren: true, isShape: false) { reader, node in
            var alignment = HorizontalAlignment.leading, rowAlignment = VerticalAlignment.top
            var spacing: CGFloat?, horizontal: CGFloat?, vertical: CGFloat?
            let keys = ["alignment", "rowAlignment", "spacing", "horizontalSpacing", "verticalSpacing"]
            for entry in try reader.parameters(node, of: "flow", keys) {
                switch entry.key {
                case "alignment": alignment = try reader.horizontalAlignment(entry.value)
                case "rowAlignment":
                    rowAlignment = try reader.choice(entry.value, "rowAlignment", ["top": .top, "center": .center, "bottom": .bottom])
                case "spacing": spacing = try reader.number(entry.value, "spacing", .nonNegative)
                case "horizontalSpacing": horizontal = try reader.number(entry.value, "horizontalSpacing", .nonNegative)
                default: vertical = try reader.number(entry.value, "verticalSpacing", .nonNegative)
                }
            }
            if spacing != nil, horizontal != nil || vertical != nil {
                throw reader.error("'flow' takes either 'spacing' (both ways) or 'horizontalSpacing'/'verticalSpacing', not both", at: node)
            }
            let layout = FlowLayout(alignment: alignment, rowAlignment: rowAlignment,
                                    horizontalSpacing: horizontal ?? spacing, verticalSpacing: vertical ?? spacing)
            return { children in .view(AnyView(layout { each(children) })) }
        },
        ViewKind(name: "wheel", parameters: ["radius", "rotation"], takesChildren: true, isShape: false) { reader, node in
            var radius: Double?, rotation = 0.0
            for entry in try reader.parameters(node, of: "wheel", ["radius", "rotation"]) {
                switch entry.key {
                case "radius": radius = try reader.number(entry.value, "radius", .nonNegative)
                default: rotation = try reader.number(entry.value, "rotation", .finite)
                }
            }
            guard let radius else {
                throw reader.error("'wheel' needs a 'radius', as in {wheel: {radius: 130, rotation: 90}}", at: node)
            }
            let layout = WheelLayout(radius: radius, rotation: .degrees(rotation))
            return { children in .view(AnyView(layout { each(children) })) }
        },
    ]

    /// The kinds by name.
    static let byName: [String: ViewKind] = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    static var names: [String] { all.map(\.name) }

    /// A shape without parameters.
    private static func shape<S: Shape>(_ name: String, _ make: @escaping @Sendable () -> S) -> ViewKind {
        ViewKind(name: name, parameters: [], takesChildren: false, isShape: true) { reader, node in
            _ = try reader.parameters(node, of: name, [])
            return { _ in .shape(make()) }
        }
    }
}

/// The children of a container, in order.
private func each(_ children: [AnyView]) -> ForEach<Range<Int>, Int, AnyView> {
    ForEach(0..<children.count) { children[$0] }
}

extension SceneReader {
    /// A kind's parameter mapping; null (or nothing) means no parameters.
    func parameters(_ node: Node, of kind: String, _ allowed: [String]) throws -> [(key: String, keyNode: Node, value: Node)] {
        if Self.isNull(node) { return [] }
        if allowed.isEmpty {
            if case .mapping(let mapping) = node, mapping.isEmpty { return [] }
            throw error("'\(kind)' takes no parameters; write '\(kind): {}' or just '- \(kind)', found \(Self.describe(node))", at: node)
        }
        return try Self.entries(node, file: file, in: "the parameters of '\(kind)'", allowed: allowed)
    }
}
