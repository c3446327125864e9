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
        let outerSection = context.enter(.value(.dash))
        defer { context.section = outerSection }
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

// MARK: Drawing effects

extension SceneReader {
    /// Throws `message` and the number found, at `node`, unless `holds`.
    func require(_ holds: Bool, _ message: String, _ found: Double, at node: Node) throws {
        guard !holds else { return }
        throw error("\(message), found \(Self.format(found))", at: node)
    }

    /// `rotationEffect: 45` (degrees) or `{degrees:, anchor:}` or `{radians:, anchor:}`.
    mutating func rotationEffect(_ node: Node) throws -> Modification {
        var angle = Angle.zero, anchor = UnitPoint.center
        if case .mapping = node {
            var written: [String] = []
            for entry in try entries(node, in: "'rotationEffect'", as: RotationEffectKey.self) {
                switch entry.key {
                case .degrees:
                    angle = .degrees(try number(entry.value, entry.name, .finite))
                    written.append(entry.name)
                case .radians:
                    angle = .radians(try number(entry.value, entry.name, .finite))
                    written.append(entry.name)
                case .anchor: anchor = try unitPoint(entry.value, entry.name)
                }
            }
            guard written.count <= 1 else {
                throw error("'rotationEffect' takes 'degrees' or 'radians', not both", at: node)
            }
        } else {
            angle = .degrees(try number(node, ModifierKind.rotationEffect.name, .finite))
        }
        try require(abs(angle.degrees) <= 1_000_000, "'rotationEffect' takes up to a million degrees either way", angle.degrees, at: node)
        let (a, p) = (angle, anchor)
        return { .view(AnyView($0.view.rotationEffect(a, anchor: p))) }
    }

    /// `scaleEffect: 2` or `{scale:, anchor:}` or `{x:, y:, anchor:}`.
    mutating func scaleEffect(_ node: Node) throws -> Modification {
        var x = 1.0, y = 1.0, anchor = UnitPoint.center
        if case .mapping = node {
            for entry in try entries(node, in: "'scaleEffect'", as: ScaleEffectKey.self) {
                switch entry.key {
                case .scale:
                    x = try number(entry.value, entry.name, .finite)
                    y = x
                case .x: x = try number(entry.value, entry.name, .finite)
                case .y: y = try number(entry.value, entry.name, .finite)
                case .anchor: anchor = try unitPoint(entry.value, entry.name)
                }
            }
            if ScaleEffectKey.isWritten([.scale], in: node), ScaleEffectKey.isWritten([.x, .y], in: node) {
                throw error("'scaleEffect' takes 'scale' for both ways or 'x' and 'y', not both", at: node)
            }
        } else {
            x = try number(node, ModifierKind.scaleEffect.name, .finite)
            y = x
        }
        try require(abs(x) <= 1000 && abs(y) <= 1000, "'scaleEffect' takes factors from -1000 to 1000", max(abs(x), abs(y)), at: node)
        let (sx, sy, p) = (x, y, anchor)
        return { .view(AnyView($0.view.scaleEffect(x: sx, y: sy, anchor: p))) }
    }

    /// `transformEffect: {a:, b:, c:, d:, tx:, ty:}`: the identity's numbers where not written.
    mutating func transformEffect(_ node: Node) throws -> Modification {
        var t = CGAffineTransform.identity
        for entry in try entries(node, in: "'transformEffect'", as: TransformEffectKey.self) {
            let value = try number(entry.value, entry.name, .finite)
            let limit = entry.key == .tx || entry.key == .ty ? 100_000.0 : 1000
            try require(abs(value) <= limit, "'\(entry.name)' must be from -\(Self.format(limit)) to \(Self.format(limit))", value, at: entry.value)
            switch entry.key {
            case .a: t.a = value
            case .b: t.b = value
            case .c: t.c = value
            case .d: t.d = value
            case .tx: t.tx = value
            case .ty: t.ty = value
            }
        }
        let made = t
        return { .view(AnyView($0.view.transformEffect(made))) }
    }

    /// `mask: {view: <view>, alignment:}`: the view's alpha masks the modified view.
    mutating func mask(_ node: Node, depth: Int) throws -> Modification {
        var views: [AnyView]?, alignment = Alignment.center
        for entry in try entries(node, in: "'mask'", as: LayerKey.self) {
            switch entry.key {
            case .view: views = try self.views(entry.value, depth: depth + 1, place: .layer)
            case .alignment: alignment = try self.alignment(entry.value)
            }
        }
        guard let views else {
            throw error("'mask' needs a 'view', as in {mask: {view: {rectangle: {}}, alignment: leading}}", at: node)
        }
        let (masking, a) = (views.first ?? AnyView(EmptyView()), alignment)
        return { .view(AnyView($0.view.mask(alignment: a) { masking })) }
    }

    /// `blur: 4` (the radius) or `{radius:, opaque:}`.
    mutating func blur(_ node: Node) throws -> Modification {
        var radius = 0.0, opaque = false
        if case .mapping = node {
            for entry in try entries(node, in: "'blur'", as: BlurKey.self) {
                switch entry.key {
                case .radius: radius = try number(entry.value, entry.name, .nonNegative)
                case .opaque: opaque = try bool(entry.value, entry.name)
                }
            }
        } else {
            radius = try number(node, ModifierKind.blur.name, .nonNegative)
        }
        try require(radius <= 1000, "'blur' takes a radius up to 1000", radius, at: node)
        let (r, o) = (radius, opaque)
        return { .view(AnyView($0.view.blur(radius: r, opaque: o))) }
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
