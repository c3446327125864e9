import Arrange
import Foundation
import Yams

/// One modifier applied to a view.
typealias Modification = (Built) -> Built

/// One modifier of the scene format: its name and how to read its value. Modifiers are written as
/// an ordered list, each item a mapping with one key (`- frame: {width: 100}`) or, for those that
/// need no value, the bare name (`- clipped`). Adding a modifier is adding one entry to
/// `ModifierKind.all` (and its definition to the JSON Schema).
struct ModifierKind: Sendable {
    /// The key that names the modifier.
    let name: String
    /// `fill` and `strokeBorder` apply to a shape, so they come first in the list of a shape.
    var shapeOnly = false
    /// Reads the modifier's value (null for a bare name); the `Int` is the view's depth, for the
    /// views of `background` and `overlay`.
    let read: @Sendable (inout SceneReader, Node, Int) throws -> Modification

    static let all: [ModifierKind] = [
        ModifierKind(name: "frame") { reader, node, _ in try reader.frame(node) },
        ModifierKind(name: "padding") { reader, node, _ in try reader.padding(node) },
        ModifierKind(name: "border") { reader, node, _ in
            var color = Color.primary, width = 1.0
            if case .mapping(let mapping) = node, mapping.contains(where: { $0.key.string == "width" }) {
                for entry in try SceneReader.entries(node, file: reader.file, in: "'border'", allowed: ["color", "width"]) {
                    switch entry.key {
                    case "color": color = try reader.color(entry.value, "color")
                    default: width = try reader.number(entry.value, "width", .nonNegative)
                    }
                }
            } else {
                color = try reader.color(node, "border")
            }
            let (c, w) = (color, width)
            return { .view(AnyView($0.view.border(c, width: w))) }
        },
        ModifierKind(name: "background") { reader, node, depth in try reader.layer(node, depth: depth, behind: true) },
        ModifierKind(name: "overlay") { reader, node, depth in try reader.layer(node, depth: depth, behind: false) },
        ModifierKind(name: "fill", shapeOnly: true) { reader, node, _ in
            let color = try reader.color(node, "fill")
            return { built in
                guard case .shape(let shape) = built else { return built }
                return .view(filled(shape, color))
            }
        },
        ModifierKind(name: "strokeBorder", shapeOnly: true) { reader, node, _ in
            var color = Color.primary, lineWidth = 1.0
            if case .mapping(let mapping) = node, mapping.contains(where: { $0.key.string == "lineWidth" }) {
                for entry in try SceneReader.entries(node, file: reader.file, in: "'strokeBorder'", allowed: ["color", "lineWidth"]) {
                    switch entry.key {
                    case "color": color = try reader.color(entry.value, "color")
                    default: lineWidth = try reader.number(entry.value, "lineWidth", .nonNegative)
                    }
                }
            } else {
                color = try reader.color(node, "strokeBorder")
            }
            let (c, w) = (color, lineWidth)
            return { built in
                guard case .shape(let shape) = built else { return built }
                return .view(stroked(shape, c, w))
            }
        },
        ModifierKind(name: "foregroundStyle") { reader, node, _ in
            let color = try reader.color(node, "foregroundStyle")
            return { .view(AnyView($0.view.foregroundStyle(color))) }
        },
        ModifierKind(name: "foregroundColor") { reader, node, _ in
            let color = try reader.color(node, "foregroundColor")
            return { .view(AnyView($0.view.foregroundColor(color))) }
        },
        ModifierKind(name: "fixedSize") { reader, node, _ in
            var horizontal = true, vertical = true
            if case .mapping = node {
                for entry in try SceneReader.entries(node, file: reader.file, in: "'fixedSize'", allowed: ["horizontal", "vertical"]) {
                    switch entry.key {
                    case "horizontal": horizontal = try reader.bool(entry.value, "horizontal")
                    default: vertical = try reader.bool(entry.value, "vertical")
                    }
                }
            } else if !SceneReader.isNull(node) {
                let on = try reader.bool(node, "fixedSize")
                (horizontal, vertical) = (on, on)
            }
            let (h, v) = (horizontal, vertical)
            guard h || v else { return { $0 } }
            return { .view(AnyView($0.view.fixedSize(horizontal: h, vertical: v))) }
        },
        ModifierKind(name: "layoutPriority") { reader, node, _ in
            let priority = try reader.number(node, "layoutPriority", .finite)
            return { .view(AnyView($0.view.layoutPriority(priority))) }
        },
        ModifierKind(name: "offset") { reader, node, _ in
            var x = 0.0, y = 0.0
            for entry in try SceneReader.entries(node, file: reader.file, in: "'offset'", allowed: ["x", "y"]) {
                switch entry.key {
                case "x": x = try reader.number(entry.value, "x", .finite)
                default: y = try reader.number(entry.value, "y", .finite)
                }
            }
            let (dx, dy) = (x, y)
            return { .view(AnyView($0.view.offset(x: dx, y: dy))) }
        },
        ModifierKind(name: "cornerRadius") { reader, node, _ in
            let radius = try reader.number(node, "cornerRadius", .nonNegative)
            return { .view(AnyView($0.view.cornerRadius(radius))) }
        },
        ModifierKind(name: "clipped") { reader, node, _ in
            guard try SceneReader.isNull(node) || reader.bool(node, "clipped") else { return { $0 } }
            return { .view(AnyView($0.view.clipped())) }
        },
        ModifierKind(name: "clipShape") { reader, node, _ in
            let shape: any Shape = try reader.choice(node, "clipShape", [
                "rectangle": Rectangle() as any Shape, "circle": Circle(), "capsule": Capsule(), "ellipse": Ellipse(),
            ])
            return { built in .view(clip(built.view, to: shape)) }
        },
        ModifierKind(name: "opacity") { reader, node, _ in
            let opacity = try reader.number(node, "opacity", .unit)
            return { .view(AnyView($0.view.opacity(opacity))) }
        },
        ModifierKind(name: "alignmentGuide") { reader, node, _ in try reader.alignmentGuide(node) },
        ModifierKind(name: "id") { reader, node, _ in
            let id = try reader.string(node, "id") + reader.idSuffix
            return { .view(AnyView($0.view.id(id))) }
        },
        ModifierKind(name: "font") { reader, node, _ in
            let font = try reader.font(node)
            return { .view(AnyView($0.view.font(font))) }
        },
        ModifierKind(name: "lineLimit") { reader, node, _ in
            let limit = SceneReader.isNull(node) ? nil : try reader.integer(node, "lineLimit", 1...10_000)
            return { .view(AnyView($0.view.lineLimit(limit))) }
        },
        ModifierKind(name: "multilineTextAlignment") { reader, node, _ in
            let alignment = try reader.choice(node, "multilineTextAlignment",
                                              ["leading": TextAlignment.leading, "center": .center, "trailing": .trailing])
            return { .view(AnyView($0.view.multilineTextAlignment(alignment))) }
        },
    ]

    static let byName: [String: ModifierKind] = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    static var names: [String] { all.map(\.name) }
}

/// `shape.fill(color)`, the shape's type opened from the existential.
private func filled<S: Shape>(_ shape: S, _ color: Color) -> AnyView { AnyView(shape.fill(color)) }

/// `view.clipShape(shape)`.
private func clip<S: Shape>(_ view: AnyView, to shape: S) -> AnyView { AnyView(view.clipShape(shape)) }

/// `shape.strokeBorder(color, lineWidth:)`.
private func stroked<S: Shape>(_ shape: S, _ color: Color, _ width: CGFloat) -> AnyView {
    AnyView(shape.strokeBorder(color, lineWidth: width))
}

extension SceneReader {
    static let fixedFrameKeys = ["width", "height"]
    static let flexibleFrameKeys = ["minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight"]

    /// `frame: {width:, height:, alignment:}` (fixed) or `frame: {minWidth:, idealWidth:,
    /// maxWidth:, minHeight:, idealHeight:, maxHeight:, alignment:}` (flexible); SwiftUI's two
    /// `frame` modifiers, which cannot be mixed.
    mutating func frame(_ node: Node) throws -> Modification {
        let entries = try Self.entries(node, file: file, in: "'frame'", allowed: Self.fixedFrameKeys + Self.flexibleFrameKeys + ["alignment"])
        var lengths: [String: Double] = [:], alignment = Alignment.center
        for entry in entries {
            switch entry.key {
            case "alignment": alignment = try self.alignment(entry.value)
            case "maxWidth", "maxHeight": lengths[entry.key] = try number(entry.value, entry.key, .nonNegativeOrInfinity)
            default: lengths[entry.key] = try number(entry.value, entry.key, .nonNegative)
            }
        }
        let fixed = entries.first { Self.fixedFrameKeys.contains($0.key) }
        let flexible = entries.first { Self.flexibleFrameKeys.contains($0.key) }
        if let fixed, let flexible {
            throw error("'frame' takes either fixed lengths (width, height) or flexible ones (minWidth, idealWidth, maxWidth, minHeight, idealHeight, maxHeight), not both: '\(fixed.key)' and '\(flexible.key)'",
                        at: flexible.keyNode)
        }
        let a = alignment
        if flexible == nil {
            let (w, h) = (lengths["width"].map { CGFloat($0) }, lengths["height"].map { CGFloat($0) })
            return { .view(AnyView($0.view.frame(width: w, height: h, alignment: a))) }
        }
        let l = lengths.mapValues { CGFloat($0) }
        return {
            .view(AnyView($0.view.frame(minWidth: l["minWidth"], idealWidth: l["idealWidth"], maxWidth: l["maxWidth"],
                                        minHeight: l["minHeight"], idealHeight: l["idealHeight"], maxHeight: l["maxHeight"],
                                        alignment: a)))
        }
    }

    static let edgeSets: KeyValuePairs<String, Edge.Set> = [
        "all": .all, "horizontal": .horizontal, "vertical": .vertical,
        "top": .top, "leading": .leading, "bottom": .bottom, "trailing": .trailing,
    ]

    /// `padding` (16 on every edge), `padding: 10`, `padding: {edges: horizontal, length: 12}`
    /// (edges a name or a list of names; without a length, 16) or `padding: {top:, leading:,
    /// bottom:, trailing:}`. Insets may be negative, as in SwiftUI.
    mutating func padding(_ node: Node) throws -> Modification {
        if Self.isNull(node) { return { .view(AnyView($0.view.padding())) } }
        if case .scalar = node {
            let length = try number(node, "padding", .finite)
            return { .view(AnyView($0.view.padding(length))) }
        }
        let entries = try Self.entries(node, file: file, in: "'padding'",
                                       allowed: ["edges", "length", "top", "leading", "bottom", "trailing"])
        let usesEdges = entries.contains { $0.key == "edges" || $0.key == "length" }
        let usesInsets = entries.first { !["edges", "length"].contains($0.key) }
        if usesEdges, let usesInsets {
            throw error("'padding' takes either 'edges' and 'length' or insets per edge (top, leading, bottom, trailing), not both",
                        at: usesInsets.keyNode)
        }
        if usesEdges {
            var edges = Edge.Set.all, length: Double?
            for entry in entries {
                switch entry.key {
                case "edges": edges = try edgeSet(entry.value)
                default: length = try number(entry.value, "length", .finite)
                }
            }
            let (e, l) = (edges, length.map { CGFloat($0) })
            return { .view(AnyView($0.view.padding(e, l))) }
        }
        var insets = EdgeInsets()
        for entry in entries {
            let value = try number(entry.value, entry.key, .finite)
            switch entry.key {
            case "top": insets.top = value
            case "leading": insets.leading = value
            case "bottom": insets.bottom = value
            default: insets.trailing = value
            }
        }
        let i = insets
        return { .view(AnyView($0.view.padding(i))) }
    }

    private func edgeSet(_ node: Node) throws -> Edge.Set {
        if case .sequence(let items) = node {
            var edges = Edge.Set()
            for item in items { edges.formUnion(try choice(item, "edges", Self.edgeSets)) }
            return edges
        }
        return try choice(node, "edges", Self.edgeSets)
    }

    /// `background`/`overlay`: a colour (`background: blue`, `{color: gray, opacity: 0.2}`,
    /// `{red:, green:, blue:}`), or a view with an alignment (`{view: {circle: {}}, alignment:
    /// topLeading}`).
    mutating func layer(_ node: Node, depth: Int, behind: Bool) throws -> Modification {
        let name = behind ? "background" : "overlay"
        if case .mapping(let mapping) = node, mapping.contains(where: { $0.key.string == "view" || $0.key.string == "alignment" }) {
            var views: [AnyView]?, alignment = Alignment.center
            for entry in try Self.entries(node, file: file, in: "'\(name)'", allowed: ["view", "alignment"]) {
                switch entry.key {
                case "view": views = try self.views(entry.value, depth: depth + 1, place: .layer)
                default: alignment = try self.alignment(entry.value)
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
            _ = try Self.entries(node, file: file, in: "'\(name)'", allowed: ["view", "alignment", "color", "opacity", "red", "green", "blue", "white"])
        }
        let color = try self.color(node, name)
        return behind ? { .view(AnyView($0.view.background(color))) } : { .view(AnyView($0.view.overlay(color))) }
    }

    /// `alignmentGuide: {horizontal: leading, value: 10}` or with `fractionOfWidth` /
    /// `fractionOfHeight`: the guide's value is `value + fractionOfWidth × width +
    /// fractionOfHeight × height` of the view's own dimensions.
    mutating func alignmentGuide(_ node: Node) throws -> Modification {
        let entries = try Self.entries(node, file: file, in: "'alignmentGuide'",
                                       allowed: ["horizontal", "vertical", "value", "fractionOfWidth", "fractionOfHeight"])
        var horizontal: HorizontalAlignment?, vertical: VerticalAlignment?
        var value = 0.0, width = 0.0, height = 0.0
        for entry in entries {
            switch entry.key {
            case "horizontal": horizontal = try horizontalAlignment(entry.value, "horizontal")
            case "vertical": vertical = try verticalAlignment(entry.value, "vertical")
            case "value": value = try number(entry.value, "value", .finite)
            case "fractionOfWidth": width = try number(entry.value, "fractionOfWidth", .finite)
            default: height = try number(entry.value, "fractionOfHeight", .finite)
            }
        }
        guard (horizontal == nil) != (vertical == nil) else {
            throw error("'alignmentGuide' names one guide: 'horizontal' (leading, center, trailing) or 'vertical' (top, center, bottom, firstTextBaseline, lastTextBaseline)",
                        at: node)
        }
        guard entries.contains(where: { ["value", "fractionOfWidth", "fractionOfHeight"].contains($0.key) }) else {
            throw error("'alignmentGuide' needs a 'value', 'fractionOfWidth' or 'fractionOfHeight'", at: node)
        }
        let (v, w, h) = (value, width, height)
        let compute: (ViewDimensions) -> CGFloat = { v + w * $0.width + h * $0.height }
        if let horizontal {
            return { .view(AnyView($0.view.alignmentGuide(horizontal, computeValue: compute))) }
        }
        let guide = vertical ?? .center
        return { .view(AnyView($0.view.alignmentGuide(guide, computeValue: compute))) }
    }
}
