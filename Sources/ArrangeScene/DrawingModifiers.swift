import Arrange
import Foundation
import Yams

// The modifiers that change what is drawn: borders, strokes, trims, shadows, blend modes,
// backgrounds and overlays.

extension SceneReader {
    /// `border: <colour>` or `border: {color:, width:}`; a mapping with a `width` is the second.
    mutating func border(_ node: Node) throws -> Modification {
        var color = Color.primary, width = 1.0
        if BorderKey.isWritten([.width], in: node) {
            for entry in try entries(node, in: "'border'", as: BorderKey.self) {
                switch entry.key {
                case .color: color = try self.color(entry.value, entry.name)
                case .width: width = try number(entry.value, entry.name, .nonNegative)
                }
            }
        } else {
            color = try self.color(node, ModifierKind.border.name)
        }
        let (c, w) = (color, width)
        return { .view(AnyView($0.view.border(c, width: w))) }
    }

    /// `strokeBorder: <colour>` or `strokeBorder: {color:, lineWidth:}`; a mapping with a
    /// `lineWidth` is the second.
    mutating func strokeBorder(_ node: Node) throws -> Modification {
        var color = Color.primary, lineWidth = 1.0
        if StrokeBorderKey.isWritten([.lineWidth], in: node) {
            for entry in try entries(node, in: "'strokeBorder'", as: StrokeBorderKey.self) {
                switch entry.key {
                case .color: color = try self.color(entry.value, entry.name)
                case .lineWidth: lineWidth = try number(entry.value, entry.name, .nonNegative)
                }
            }
        } else {
            color = try self.color(node, ModifierKind.strokeBorder.name)
        }
        let (c, w) = (color, lineWidth)
        return { built in
            guard case .shape(let shape) = built else { return built }
            return .view(stroked(shape, c, w))
        }
    }

    /// `stroke: <colour or gradient>` or `{color:, lineWidth:, lineCap:, lineJoin:, miterLimit:,
    /// dash:, dashPhase:}`: the outline drawn centred on the shape's edge.
    mutating func stroke(_ node: Node) throws -> Modification {
        var paint: any ShapeStyle = Color.primary
        var style = StrokeStyle()
        if case .mapping = node { _ = try entries(node, in: "'stroke'", as: EitherKey<StrokeKey, EitherKey<PaintKey, ColorKey>>.self) }
        // A mapping with any stroke key besides `color` is the long form; else it is a paint.
        if StrokeKey.isWritten(StrokeKey.allCases.filter { $0 != .color }, in: node) {
            for entry in try entries(node, in: "'stroke'", as: StrokeKey.self) {
                switch entry.key {
                case .color: paint = try self.paint(entry.value, entry.name)
                case .lineWidth: style.lineWidth = try number(entry.value, entry.name, .nonNegative)
                case .lineCap: style.lineCap = try choice(entry.value, entry.name, ["butt": .butt, "round": .round, "square": .square])
                case .lineJoin: style.lineJoin = try choice(entry.value, entry.name, ["miter": .miter, "round": .round, "bevel": .bevel])
                case .miterLimit: style.miterLimit = try number(entry.value, entry.name, .positive)
                case .dash: style.dash = try dash(entry.value, entry.name)
                case .dashPhase: style.dashPhase = try number(entry.value, entry.name, .finite)
                }
            }
        } else {
            paint = try self.paint(node, ModifierKind.stroke.name)
        }
        let made = style
        return { built in
            guard case .shape(let shape) = built else { return built }
            return .view(stroked(shape, paint, made))
        }
    }

    /// A dash pattern: a list of up to 16 lengths ≥ 0 adding up to 0.001 or more.
    mutating func dash(_ node: Node, _ name: String) throws -> [CGFloat] {
        guard case .sequence(let items) = node, items.count <= 16 else {
            throw error("'\(name)' is a list of up to 16 dash and gap lengths, as in [6, 3], found \(Self.describe(node))", at: node)
        }
        let lengths = try items.map { CGFloat(try number($0, name, .nonNegative)) }
        guard lengths.isEmpty || lengths.reduce(0, +) >= 0.001 else {
            throw error("'\(name)' needs lengths adding up to 0.001 or more (a shorter pattern cannot be drawn)", at: node)
        }
        return lengths
    }

    /// `trim: {from:, to:}`: the part of the shape's outline between two fractions of its length.
    mutating func trim(_ node: Node) throws -> Modification {
        var from = 0.0, to = 1.0
        for entry in try entries(node, in: "'trim'", as: TrimKey.self) {
            switch entry.key {
            case .from: from = try number(entry.value, entry.name, .unit)
            case .to: to = try number(entry.value, entry.name, .unit)
            }
        }
        return { built in
            guard case .shape(let shape) = built else { return built }
            return .shape(trimmed(shape, from, to))
        }
    }

    /// `shadow: 4` (the radius) or `shadow: {color:, radius:, x:, y:}`.
    mutating func shadow(_ node: Node) throws -> Modification {
        var color = Color(white: 0, opacity: 0.33), radius = 0.0, x = 0.0, y = 0.0
        if case .mapping = node {
            for entry in try entries(node, in: "'shadow'", as: ShadowKey.self) {
                switch entry.key {
                case .color: color = try self.color(entry.value, entry.name)
                case .radius: radius = try number(entry.value, entry.name, .nonNegative)
                case .x: x = try number(entry.value, entry.name, .finite)
                case .y: y = try number(entry.value, entry.name, .finite)
                }
            }
        } else {
            radius = try number(node, ModifierKind.shadow.name, .nonNegative)
        }
        guard radius <= 1000, abs(x) <= 10_000, abs(y) <= 10_000 else {
            throw error("'shadow' takes a radius up to 1000 and offsets up to 10000 points", at: node)
        }
        return { .view(AnyView($0.view.shadow(color: color, radius: radius, x: x, y: y))) }
    }

    /// `blendMode: multiply` (any of SwiftUI's blend modes).
    mutating func blendMode(_ node: Node) throws -> Modification {
        let names = BlendMode.allCases.map(\.rawValue)
        guard case .scalar(let scalar) = node, !Self.isNull(node), let chosen = BlendMode(rawValue: scalar.string) else {
            throw error("'blendMode' cannot be \(Self.describe(node))\(Suggestion.expected(node.string ?? "", in: names))", at: node)
        }
        return { .view(AnyView($0.view.blendMode(chosen))) }
    }

    /// `background`/`overlay`: a colour (`background: blue`, `{color: gray, opacity: 0.2}`,
    /// `{red:, green:, blue:}`), or a view with an alignment (`{view: {circle: {}}, alignment:
    /// topLeading}`); a mapping with a `view` or an `alignment` is the second.
    mutating func layer(_ node: Node, depth: Int, behind: Bool) throws -> Modification {
        let name = (behind ? ModifierKind.background : .overlay).name
        if LayerKey.isWritten(LayerKey.allCases, in: node) {
            var views: [AnyView]?, alignment = Alignment.center
            for entry in try entries(node, in: "'\(name)'", as: LayerKey.self) {
                switch entry.key {
                case .view: views = try self.views(entry.value, depth: depth + 1, place: .layer)
                case .alignment: alignment = try self.alignment(entry.value)
                }
            }
            guard let views else {
                throw error("'\(name)' with an 'alignment' needs a 'view', as in {view: {circle: {}}, alignment: topLeading}", at: node)
            }
            let (layer, a) = (views.first ?? AnyView(EmptyView()), alignment)
            return behind ? { .view(AnyView($0.view.background(alignment: a) { layer })) }
                          : { .view(AnyView($0.view.overlay(alignment: a) { layer })) }
        }
        if case .mapping = node {
            // A colour mapping. Its keys are checked here first so that an unknown key's message
            // names this modifier and its view form too.
            _ = try entries(node, in: "'\(name)'", as: EitherKey<LayerKey, ColorKey>.self)
        }
        let color = try self.color(node, name)
        return behind ? { .view(AnyView($0.view.background(color))) } : { .view(AnyView($0.view.overlay(color))) }
    }
}

/// `shape.strokeBorder(color, lineWidth:)`.
private func stroked<S: Shape>(_ shape: S, _ color: Color, _ width: CGFloat) -> AnyView {
    AnyView(shape.strokeBorder(color, lineWidth: width))
}

/// `shape.stroke(paint, style:)`, the shape's type opened from the existential.
private func stroked<S: Shape>(_ shape: S, _ paint: any ShapeStyle, _ style: StrokeStyle) -> AnyView {
    AnyView(shape.stroke(AnyShapeStyle(paint), style: style))
}

/// `shape.trim(from:to:)`.
private func trimmed<S: Shape>(_ shape: S, _ from: Double, _ to: Double) -> any Shape { shape.trim(from: from, to: to) }
