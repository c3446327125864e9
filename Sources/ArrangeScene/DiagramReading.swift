import Arrange
import Foundation
import Yams

// Reading the diagram parts of a scene: images, geometry readers, gradients, strokes, shadows,
// blend modes, aspect ratios, positions, named coordinate spaces and connectors.

extension SceneReader {
    // MARK: Images

    /// The largest image file read, in bytes: more than any 64-megapixel PNG or JPEG needs.
    static let imageFileLimit = 256 * 1024 * 1024
    /// The most pixels all of a scene's images may have together, keyframes included: two at the
    /// limit of one, 512 MB decoded, so that a scene stays under a gigabyte of memory.
    static let sceneImagePixels = 2 * ImageSource.pixelLimit
    /// The most image bytes a scene's image views may show together, each use counted (`repeat`
    /// included): a bound on the work of drawing them, whatever the format.
    static let sceneImageBytes = 256 * 1024 * 1024

    /// `image: photos/a.png`, or `image: {path:, resizable:, interpolation:}`. The path is
    /// relative to the scene's folder; the file is read and decoded now, so a missing, huge or
    /// broken image is an error at its path.
    mutating func image(_ node: Node) throws -> ViewMaker {
        var pathNode: Node?, resizable = false, interpolation = Image.Interpolation.medium
        if case .scalar = node, !Self.isNull(node) {
            pathNode = node
        } else {
            for entry in try parameters(node, of: .image, as: ImageKey.self) {
                switch entry.key {
                case .path: pathNode = entry.value
                case .resizable: resizable = try bool(entry.value, entry.name)
                case .interpolation:
                    interpolation = try choice(entry.value, entry.name, ["none": .none, "low": .low, "medium": .medium, "high": .high])
                }
            }
        }
        guard let pathNode else {
            throw error("'image' needs a 'path', as in {image: photos/beach.png} or {image: {path: photos/beach.png, resizable: true}}", at: node)
        }
        let source = try imageSource(pathNode)
        collected.imageBytesShown += source.data.count
        guard collected.imageBytesShown <= Self.sceneImageBytes else {
            throw stop("the scene's image views show more than \(Self.sceneImageBytes) bytes of image files together (each use counts, copies made by 'repeat' included)",
                       at: pathNode)
        }
        return { _ in
            var image = Image(source).interpolation(interpolation)
            if resizable { image = image.resizable() }
            return .view(AnyView(image))
        }
    }

    /// The decoded image at the path `node` holds, read once per scene (keyframes included)
    /// through the read policy.
    private mutating func imageSource(_ node: Node) throws -> ImageSource {
        let path = try string(node, ViewKind.image.name)
        guard !path.isEmpty, !path.contains("\0") else { throw error("'image' needs the path of a PNG, JPEG or SVG file", at: node) }
        let full = Self.path(path, relativeTo: context.file)
        let key = URL(fileURLWithPath: full).standardizedFileURL.path
        if let known = collected.images[key] { return known }
        let source: ImageSource
        // What the scene's budget leaves, checked from the header before anything is decoded.
        let left = Self.sceneImagePixels - collected.imagePixels
        do {
            let data = try readInput(full, limit: Self.imageFileLimit)
            source = try ImageSource(data: data, name: path, pixelLimit: min(ImageSource.pixelLimit, left))
        } catch var refusal as ReadRefusal {
            refusal.path = path
            throw error("the image \(refusal)", at: node)
        } catch ImageError.tooLarge(let width, let height, _) where left < ImageSource.pixelLimit {
            throw error("the image '\(Self.shown(path))' has \(width) × \(height) pixels, but a scene's images may have \(Self.sceneImagePixels) together (keyframes included) and the others already have \(collected.imagePixels)",
                        at: node)
        } catch {
            throw self.error("image '\(Self.shown(path))': \(error)", at: node)
        }
        collected.imagePixels += source.pixelWidth * source.pixelHeight
        collected.images[key] = source
        return source
    }

    /// The folder paths in `file` are relative to: its own, or the working directory for
    /// standard input.
    static func folder(of file: String) -> URL {
        file.hasPrefix("<") ? URL(fileURLWithPath: FileManager.default.currentDirectoryPath) : URL(fileURLWithPath: file).deletingLastPathComponent()
    }

    // MARK: Geometry readers

    /// `geometryReader: {}` with children: they are offered the reader's size and put at its
    /// top-leading corner. Texts inside may show the reader's numbers (`{width}`,
    /// `{global.minY}`, `{NAME.minX}`: see `geometryText`).
    mutating func geometryReader(_ node: Node) throws -> ViewMaker {
        try noParameters(node, of: .geometryReader)
        return { children in .view(AnyView(GeometryReader { _ in ForEach(0..<children.count) { children[$0] } })) }
    }

    /// The fields a text in a geometry reader may show.
    static let geometryFields = ["minX", "minY", "maxX", "maxY", "midX", "midY", "width", "height"]

    /// A text with `{…}` placeholders, shown with the numbers of the enclosing geometry reader:
    /// `{width}` and `{height}` its size, `{SPACE.FIELD}` a field of its frame in SPACE
    /// (`global`, `local` or a name given with `coordinateSpace`). Numbers read as Swift prints a
    /// CGFloat ("108.0"), as the seed's `Text("\(geo.frame(in: .global).minY)")` does.
    func geometryText(_ content: String, at node: Node) throws -> [GeometryTextPart]? {
        guard content.contains("{") else { return nil }
        var parts: [GeometryTextPart] = [], rest = Substring(content)
        while let open = rest.firstIndex(of: "{") {
            parts.append(.literal(String(rest[..<open])))
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw error("a '{' in the text has no '}'; placeholders are written {width}, {global.minY} or {NAME.minX}", at: node)
            }
            let name = rest[rest.index(after: open)..<close]
            let pieces = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            switch pieces.count {
            case 1 where pieces[0] == "width" || pieces[0] == "height":
                parts.append(.field(space: "local", field: pieces[0]))
            case 2 where Self.geometryFields.contains(pieces[1]) && !pieces[0].isEmpty:
                parts.append(.field(space: pieces[0], field: pieces[1]))
            default:
                throw error("unknown placeholder '{\(Self.shown(String(name)))}'; write {width}, {height} or {SPACE.FIELD} with SPACE global, local or a coordinateSpace name, and FIELD one of \(Suggestion.list(Self.geometryFields))",
                            at: node)
            }
            rest = rest[rest.index(after: close)...]
        }
        parts.append(.literal(String(rest)))
        return parts
    }

    // MARK: Paints

    /// A colour, or a gradient: `{linearGradient: {colors:, startPoint:, endPoint:}}`,
    /// `{radialGradient: {colors:, center:, startRadius:, endRadius:}}`,
    /// `{angularGradient: {colors:, center:, startAngle:, endAngle:}}` (`stops:` instead of
    /// `colors:` places each colour: `[{color:, location:}]`).
    mutating func paint(_ node: Node, _ name: String) throws -> any ShapeStyle {
        guard PaintKey.isWritten(PaintKey.allCases, in: node) else {
            // An unknown key is named against both forms, so the message offers the gradients too.
            if case .mapping = node { _ = try entries(node, in: "the paint '\(name)'", as: EitherKey<PaintKey, ColorKey>.self) }
            return try color(node, name)
        }
        let entries = try entries(node, in: "the gradient of '\(name)'", as: PaintKey.self)
        guard entries.count == 1, let entry = entries.first else {
            throw error("'\(name)' holds one gradient, found \(entries.count)", at: node)
        }
        let parameters = try self.entries(entry.value, in: "'\(entry.name)'", as: GradientKey.self)
        var gradient: Gradient?
        var values: [GradientKey: Node] = [:]
        for parameter in parameters {
            switch parameter.key {
            case .colors:
                guard case .sequence(let items) = parameter.value, items.count >= 1, items.count <= 64 else {
                    throw error("'colors' is a list of 1 to 64 colours, found \(Self.describe(parameter.value))", at: parameter.value)
                }
                gradient = Gradient(colors: try items.map { try color($0, "colors") })
            case .stops:
                guard case .sequence(let items) = parameter.value, items.count >= 1, items.count <= 64 else {
                    throw error("'stops' is a list of 1 to 64 {color:, location:}, found \(Self.describe(parameter.value))", at: parameter.value)
                }
                gradient = Gradient(stops: try items.map { item in
                    var color: Color?, location: Double?
                    for stop in try self.entries(item, in: "a gradient stop", as: GradientStopKey.self) {
                        switch stop.key {
                        case .color: color = try self.color(stop.value, "color")
                        case .location: location = try number(stop.value, stop.name, .unit)
                        }
                    }
                    guard let color, let location else { throw error("a gradient stop needs a 'color' and a 'location'", at: item) }
                    return Gradient.Stop(color: color, location: location)
                })
            default:
                values[parameter.key] = parameter.value
            }
        }
        guard let gradient else { throw error("'\(entry.name)' needs its 'colors' (or 'stops')", at: entry.value) }
        let allowed: [GradientKey] = switch entry.key {
        case .linearGradient: [.startPoint, .endPoint]
        case .radialGradient: [.center, .startRadius, .endRadius]
        case .angularGradient: [.center, .startAngle, .endAngle]
        }
        for parameter in parameters where !allowed.contains(parameter.key) && parameter.key != .colors && parameter.key != .stops {
            throw error("'\(entry.name)' takes \(Suggestion.list((["colors", "stops"] + allowed.map(\.name)))), not '\(parameter.name)'", at: parameter.keyNode)
        }
        func point(_ key: GradientKey, _ fallback: UnitPoint) throws -> UnitPoint {
            guard let node = values[key] else { return fallback }
            return try unitPoint(node, key.name)
        }
        func length(_ key: GradientKey, _ fallback: Double) throws -> Double {
            guard let node = values[key] else { return fallback }
            return try number(node, key.name, .nonNegative)
        }
        func degrees(_ key: GradientKey, _ fallback: Double) throws -> Angle {
            guard let node = values[key] else { return .degrees(fallback) }
            return .degrees(try number(node, key.name, .finite))
        }
        switch entry.key {
        case .linearGradient:
            return LinearGradient(gradient: gradient, startPoint: try point(.startPoint, .top), endPoint: try point(.endPoint, .bottom))
        case .radialGradient:
            return RadialGradient(gradient: gradient, center: try point(.center, .center), startRadius: try length(.startRadius, 0),
                                  endRadius: try length(.endRadius, 50))
        case .angularGradient:
            let start = try degrees(.startAngle, 0)
            return AngularGradient(gradient: gradient, center: try point(.center, .center), startAngle: start,
                                   endAngle: try degrees(.endAngle, start.degrees + 360))
        }
    }

    static let unitPoints: KeyValuePairs<String, UnitPoint> = [
        "center": .center, "leading": .leading, "trailing": .trailing, "top": .top, "bottom": .bottom,
        "topLeading": .topLeading, "topTrailing": .topTrailing, "bottomLeading": .bottomLeading, "bottomTrailing": .bottomTrailing,
    ]

    /// A unit point: a name (`top`, `bottomTrailing`, …) or `{x:, y:}`.
    mutating func unitPoint(_ node: Node, _ name: String) throws -> UnitPoint {
        guard case .mapping = node else { return try choice(node, name, Self.unitPoints) }
        var x = 0.5, y = 0.5
        for entry in try entries(node, in: "'\(name)'", as: UnitPointKey.self) {
            switch entry.key {
            case .x: x = try number(entry.value, entry.name, .finite)
            case .y: y = try number(entry.value, entry.name, .finite)
            }
        }
        return UnitPoint(x: x, y: y)
    }

    // MARK: Strokes and effects

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

    /// `aspectRatio: {ratio:, contentMode:}` (ratio: width ÷ height; without it, the view's ideal size's).
    mutating func aspectRatio(_ node: Node) throws -> Modification {
        var ratio: Double?, mode = ContentMode.fit
        for entry in try entries(node, in: "'aspectRatio'", as: AspectRatioKey.self) {
            switch entry.key {
            case .ratio: ratio = try number(entry.value, entry.name, .positive)
            case .contentMode: mode = try choice(entry.value, entry.name, ["fit": .fit, "fill": .fill])
            }
        }
        let chosen = ratio.map { CGFloat($0) }
        return { .view(AnyView($0.view.aspectRatio(chosen, contentMode: mode))) }
    }

    /// `position: {x:, y:}`: the view's centre at that point of its parent's space.
    mutating func position(_ node: Node) throws -> Modification {
        var x = 0.0, y = 0.0
        for entry in try entries(node, in: "'position'", as: OffsetKey.self) {
            switch entry.key {
            case .x: x = try number(entry.value, entry.name, .finite)
            case .y: y = try number(entry.value, entry.name, .finite)
            }
        }
        return { .view(AnyView($0.view.position(x: x, y: y))) }
    }

    // MARK: Connectors

    /// `connect: {from:, to:, …}` or a list of them: lines drawn over this view between views
    /// inside it with those ids. Each id is checked once the view is read (`checkConnections`).
    mutating func connect(_ node: Node) throws -> Modification {
        let items: [Node]
        if case .sequence(let list) = node { items = Array(list) } else { items = [node] }
        guard items.count <= 10_000 else { throw error("'connect' lists at most 10000 connectors, found \(items.count)", at: node) }
        var connectors: [Connector] = []
        for item in items {
            // Each connector is a few views more; with 'repeat' they would otherwise be unbounded.
            try countView(item)
            var from: (String, Node)?, to: (String, Node)?
            var connector = Connector(from: "", to: "")
            var fromAnchor: UnitPoint?, toAnchor: UnitPoint?
            for entry in try entries(item, in: "a connector of 'connect'", as: ConnectKey.self) {
                switch entry.key {
                case .from: from = (try string(entry.value, entry.name) + context.idSuffix, entry.value)
                case .to: to = (try string(entry.value, entry.name) + context.idSuffix, entry.value)
                case .fromAnchor: fromAnchor = try unitPoint(entry.value, entry.name)
                case .toAnchor: toAnchor = try unitPoint(entry.value, entry.name)
                case .routing:
                    connector.routing = try choice(entry.value, entry.name, ["straight": .straight, "elbow": .elbow, "curve": .curve])
                case .arrow:
                    (connector.startArrow, connector.endArrow) = try choice(entry.value, entry.name,
                                                                            ["end": (false, true), "start": (true, false), "both": (true, true), "none": (false, false)])
                case .color: connector.color = try color(entry.value, entry.name)
                case .lineWidth:
                    connector.lineWidth = try number(entry.value, entry.name, .nonNegative)
                    guard connector.lineWidth <= 100 else { throw error("'lineWidth' of a connector is at most 100", at: entry.value) }
                case .dash: connector.dash = try dash(entry.value, entry.name)
                case .label:
                    let label = try string(entry.value, entry.name)
                    try countText(label, at: entry.value)
                    connector.label = label
                case .labelBackground: connector.labelBackground = try color(entry.value, entry.name)
                }
            }
            guard let from, let to else { throw error("a connector needs 'from' and 'to': the ids of two views inside this one", at: item) }
            connector.from = from.0
            connector.to = to.0
            connector.fromAnchor = fromAnchor
            connector.toAnchor = toAnchor
            collected.connections.append((from.0, from.1))
            collected.connections.append((to.0, to.1))
            connectors.append(connector)
            collected.connectors.append((connector, location(item)))
        }
        let made = connectors
        return { .view(AnyView($0.view.connectors(made))) }
    }

    /// Checks that the connectors registered since `mark` name views read since `idMark`: the ids
    /// inside the view that draws them.
    mutating func checkConnections(since mark: Int, ids idMark: Int) throws {
        guard collected.connections.count > mark else { return }
        let inside = Set(collected.sceneIDs[idMark...])
        for (id, node) in collected.connections[mark...] where !inside.contains(id) {
            let known = Array(inside).sorted()
            let listed = known.isEmpty ? " (no view inside it has an id)" : known.count <= 12 ? " (ids inside it: \(Suggestion.list(known)))" : ""
            throw error("no view with id '\(Self.shown(id))' inside the view that draws this connector\(Suggestion.hint(for: id, in: known))\(listed)", at: node)
        }
        collected.connections.removeSubrange(mark...)
    }
}

/// One piece of a geometry text: words as written, or a number of the reader's frame.
enum GeometryTextPart {
    case literal(String)
    case field(space: String, field: String)

    /// The text with the numbers of `proxy`.
    static func text(_ parts: [GeometryTextPart], _ proxy: GeometryProxy) -> String {
        parts.map { part in
            switch part {
            case .literal(let text): return text
            case .field(let space, let field):
                let frame = switch space {
                case "global": proxy.frame(in: .global)
                case "local": proxy.frame(in: .local)
                default: proxy.frame(in: .named(space))
                }
                let value: CGFloat = switch field {
                case "minX": frame.minX
                case "minY": frame.minY
                case "maxX": frame.maxX
                case "maxY": frame.maxY
                case "midX": frame.midX
                case "midY": frame.midY
                case "width": frame.width
                default: frame.height
                }
                return "\(value)"
            }
        }.joined()
    }
}

/// `shape.stroke(paint, style:)`, the shape's type opened from the existential.
private func stroked<S: Shape>(_ shape: S, _ paint: any ShapeStyle, _ style: StrokeStyle) -> AnyView {
    AnyView(shape.stroke(AnyShapeStyle(paint), style: style))
}

/// `shape.trim(from:to:)`.
private func trimmed<S: Shape>(_ shape: S, _ from: Double, _ to: Double) -> any Shape { shape.trim(from: from, to: to) }

extension SceneReader {
    /// Whether any mapping in the tree has the key `key` (the YAML guard has bounded its size).
    static func mentions(_ key: String, in root: Node) -> Bool {
        var pending = [root]
        while let node = pending.popLast() {
            switch node {
            case .mapping(let mapping):
                for (name, value) in mapping {
                    if name.string == key { return true }
                    pending.append(value)
                }
            case .sequence(let items):
                pending.append(contentsOf: items)
            case .scalar, .alias:
                continue
            }
        }
        return false
    }
}
