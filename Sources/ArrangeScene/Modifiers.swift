import Arrange
import Foundation
import Yams

/// One modifier applied to a view.
typealias Modification = (Built) -> Built

extension ModifierKind {
    /// Reads the modifier's value (null for a bare name). `depth` is the view's, for the views of
    /// `background` and `overlay`.
    func read(_ reader: inout SceneReader, _ node: Node, depth: Int) throws -> Modification {
        switch self {
        case .frame: return try reader.frame(node)
        case .padding: return try reader.padding(node)
        case .border: return try reader.border(node)
        case .background: return try reader.layer(node, depth: depth, behind: true)
        case .overlay: return try reader.layer(node, depth: depth, behind: false)
        case .fill:
            let paint = try reader.paint(node, name)
            return { built in
                guard case .shape(let shape) = built else { return built }
                return .view(filled(shape, paint))
            }
        case .strokeBorder: return try reader.strokeBorder(node)
        case .foregroundStyle:
            let paint = AnyShapeStyle(try reader.paint(node, name))
            return { .view(AnyView($0.view.foregroundStyle(paint))) }
        case .foregroundColor:
            let color = try reader.color(node, name)
            return { .view(AnyView($0.view.foregroundColor(color))) }
        case .fixedSize: return try reader.fixedSize(node)
        case .layoutPriority:
            let priority = try reader.number(node, name, .finite)
            return { .view(AnyView($0.view.layoutPriority(priority))) }
        case .offset: return try reader.offset(node)
        case .cornerRadius:
            let radius = try reader.number(node, name, .nonNegative)
            return { .view(AnyView($0.view.cornerRadius(radius))) }
        case .clipped:
            guard try SceneReader.isNull(node) || reader.bool(node, name) else { return { $0 } }
            return { .view(AnyView($0.view.clipped())) }
        case .hidden:
            guard try SceneReader.isNull(node) || reader.bool(node, name) else { return { $0 } }
            return { .view(AnyView($0.view.hidden())) }
        case .clipShape:
            let shape: any Shape = try reader.choice(node, name, [
                "rectangle": Rectangle() as any Shape, "circle": Circle(), "capsule": Capsule(), "ellipse": Ellipse(),
            ])
            return { built in .view(clip(built.view, to: shape)) }
        case .opacity:
            let opacity = try reader.number(node, name, .unit)
            return { .view(AnyView($0.view.opacity(opacity))) }
        case .alignmentGuide: return try reader.alignmentGuide(node)
        case .id:
            let id = try reader.string(node, name) + reader.context.idSuffix
            return { .view(AnyView($0.view.id(id))) }
        case .font:
            let font = try reader.font(node)
            return { .view(AnyView($0.view.font(font))) }
        case .lineLimit:
            let limit = SceneReader.isNull(node) ? nil : try reader.integer(node, name, 1...10_000)
            return { .view(AnyView($0.view.lineLimit(limit))) }
        case .multilineTextAlignment:
            let alignment = try reader.choice(node, name, ["leading": TextAlignment.leading, "center": .center, "trailing": .trailing])
            return { .view(AnyView($0.view.multilineTextAlignment(alignment))) }
        case .tracking, .kerning:
            // Extra space after every character, in points; both as SwiftUI's modifiers of text.
            let amount = try reader.number(node, name, .finite)
            guard abs(amount) <= 1000 else {
                throw reader.error("'\(name)' must be from -1000 to 1000 points, found \(SceneReader.format(amount))", at: node)
            }
            return { .view(AnyView($0.view.tracking(CGFloat(amount)))) }
        case .lineSpacing:
            let amount = try reader.number(node, name, .finite)
            guard (0...1000).contains(amount) else {
                throw reader.error("'lineSpacing' must be from 0 to 1000 points, found \(SceneReader.format(amount))", at: node)
            }
            return { .view(AnyView($0.view.lineSpacing(CGFloat(amount)))) }
        case .truncationMode:
            let mode = try reader.choice(node, name, ["head": Text.TruncationMode.head, "tail": .tail, "middle": .middle])
            return { .view(AnyView($0.view.truncationMode(mode))) }
        case .minimumScaleFactor:
            let factor = try reader.number(node, name, .finite)
            guard (0.01...1).contains(factor) else {
                throw reader.error("'minimumScaleFactor' must be from 0.01 to 1 (a fraction of the font size), found \(SceneReader.format(factor))", at: node)
            }
            return { .view(AnyView($0.view.minimumScaleFactor(CGFloat(factor)))) }
        case .stroke: return try reader.stroke(node)
        case .trim: return try reader.trim(node)
        case .shadow: return try reader.shadow(node)
        case .blendMode: return try reader.blendMode(node)
        case .aspectRatio: return try reader.aspectRatio(node)
        case .scaledToFit:
            guard try SceneReader.isNull(node) || reader.bool(node, name) else { return { $0 } }
            return { .view(AnyView($0.view.scaledToFit())) }
        case .scaledToFill:
            guard try SceneReader.isNull(node) || reader.bool(node, name) else { return { $0 } }
            return { .view(AnyView($0.view.scaledToFill())) }
        case .position: return try reader.position(node)
        case .coordinateSpace:
            let space = try reader.string(node, name)
            return { .view(AnyView($0.view.coordinateSpace(name: space))) }
        case .connect: return try reader.connect(node)
        }
    }
}

/// `shape.fill(paint)`, the shape's type opened from the existential.
private func filled<S: Shape>(_ shape: S, _ paint: any ShapeStyle) -> AnyView {
    if let color = paint as? Color { return AnyView(shape.fill(color)) }
    return AnyView(shape.fill(AnyShapeStyle(paint)))
}

/// `view.clipShape(shape)`.
private func clip<S: Shape>(_ view: AnyView, to shape: S) -> AnyView { AnyView(view.clipShape(shape)) }

/// `shape.strokeBorder(color, lineWidth:)`.
private func stroked<S: Shape>(_ shape: S, _ color: Color, _ width: CGFloat) -> AnyView {
    AnyView(shape.strokeBorder(color, lineWidth: width))
}

extension FrameKey {
    /// Which of SwiftUI's two `frame` modifiers the key belongs to; nil for `alignment`, which
    /// both take.
    var isFlexible: Bool? {
        switch self {
        case .width, .height: false
        case .minWidth, .idealWidth, .maxWidth, .minHeight, .idealHeight, .maxHeight: true
        case .alignment: nil
        }
    }
}

extension PaddingKey {
    /// Whether the key is of the `{edges:, length:}` form rather than an inset of one edge.
    var isEdgesForm: Bool {
        switch self {
        case .edges, .length: true
        case .top, .leading, .bottom, .trailing: false
        }
    }
}

extension AlignmentGuideKey {
    /// Whether the key adds to the guide's value (rather than naming the guide).
    var isAmount: Bool {
        switch self {
        case .value, .fractionOfWidth, .fractionOfHeight: true
        case .horizontal, .vertical: false
        }
    }
}

extension SceneReader {
    /// `frame: {width:, height:, alignment:}` (fixed) or `frame: {minWidth:, idealWidth:,
    /// maxWidth:, minHeight:, idealHeight:, maxHeight:, alignment:}` (flexible); SwiftUI's two
    /// `frame` modifiers, which cannot be mixed.
    mutating func frame(_ node: Node) throws -> Modification {
        let entries = try entries(node, in: "'frame'", as: FrameKey.self)
        var lengths: [FrameKey: Double] = [:], alignment = Alignment.center
        for entry in entries {
            switch entry.key {
            case .alignment: alignment = try self.alignment(entry.value)
            case .maxWidth, .maxHeight: lengths[entry.key] = try number(entry.value, entry.name, .nonNegativeOrInfinity)
            case .width, .height, .minWidth, .idealWidth, .minHeight, .idealHeight:
                lengths[entry.key] = try number(entry.value, entry.name, .nonNegative)
            }
        }
        let fixed = entries.first { $0.key.isFlexible == false }
        let flexible = entries.first { $0.key.isFlexible == true }
        if let fixed, let flexible {
            let names = { (flexible: Bool) in FrameKey.allCases.filter { $0.isFlexible == flexible }.map(\.name).joined(separator: ", ") }
            throw error("'frame' takes either fixed lengths (\(names(false))) or flexible ones (\(names(true))), not both: '\(fixed.name)' and '\(flexible.name)'",
                        at: flexible.keyNode)
        }
        let a = alignment
        let l = lengths.mapValues { CGFloat($0) }
        if flexible == nil {
            return { .view(AnyView($0.view.frame(width: l[.width], height: l[.height], alignment: a))) }
        }
        return {
            .view(AnyView($0.view.frame(minWidth: l[.minWidth], idealWidth: l[.idealWidth], maxWidth: l[.maxWidth],
                                        minHeight: l[.minHeight], idealHeight: l[.idealHeight], maxHeight: l[.maxHeight],
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
            let length = try number(node, ModifierKind.padding.name, .finite)
            return { .view(AnyView($0.view.padding(length))) }
        }
        let entries = try entries(node, in: "'padding'", as: PaddingKey.self)
        let usesEdges = entries.contains { $0.key.isEdgesForm }
        // Mixing the forms is refused before any value is read, so its error comes first.
        if usesEdges, let inset = entries.first(where: { !$0.key.isEdgesForm }) {
            let edgesForm = PaddingKey.allCases.filter(\.isEdgesForm).map(\.name)
            let insets = PaddingKey.allCases.filter { !$0.isEdgesForm }.map(\.name)
            throw error("'padding' takes either \(Suggestion.list(edgesForm, conjunction: "and")) or insets per edge (\(insets.joined(separator: ", "))), not both",
                        at: inset.keyNode)
        }
        var edges = Edge.Set.all, length: Double?, insets = EdgeInsets()
        for entry in entries {
            switch entry.key {
            case .edges: edges = try edgeSet(entry.value)
            case .length: length = try number(entry.value, entry.name, .finite)
            case .top: insets.top = try number(entry.value, entry.name, .finite)
            case .leading: insets.leading = try number(entry.value, entry.name, .finite)
            case .bottom: insets.bottom = try number(entry.value, entry.name, .finite)
            case .trailing: insets.trailing = try number(entry.value, entry.name, .finite)
            }
        }
        if usesEdges {
            let (e, l) = (edges, length.map { CGFloat($0) })
            return { .view(AnyView($0.view.padding(e, l))) }
        }
        let i = insets
        return { .view(AnyView($0.view.padding(i))) }
    }

    private func edgeSet(_ node: Node) throws -> Edge.Set {
        if case .sequence(let items) = node {
            var edges = Edge.Set()
            for item in items { edges.formUnion(try choice(item, PaddingKey.edges.name, Self.edgeSets)) }
            return edges
        }
        return try choice(node, PaddingKey.edges.name, Self.edgeSets)
    }

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

    /// `fixedSize` (both axes), `fixedSize: false`, or `fixedSize: {horizontal:, vertical:}`.
    func fixedSize(_ node: Node) throws -> Modification {
        var horizontal = true, vertical = true
        if case .mapping = node {
            for entry in try entries(node, in: "'fixedSize'", as: FixedSizeKey.self) {
                switch entry.key {
                case .horizontal: horizontal = try bool(entry.value, entry.name)
                case .vertical: vertical = try bool(entry.value, entry.name)
                }
            }
        } else if !Self.isNull(node) {
            let on = try bool(node, ModifierKind.fixedSize.name)
            (horizontal, vertical) = (on, on)
        }
        let (h, v) = (horizontal, vertical)
        guard h || v else { return { $0 } }
        return { .view(AnyView($0.view.fixedSize(horizontal: h, vertical: v))) }
    }

    /// `offset: {x:, y:}`.
    mutating func offset(_ node: Node) throws -> Modification {
        var x = 0.0, y = 0.0
        for entry in try entries(node, in: "'offset'", as: OffsetKey.self) {
            switch entry.key {
            case .x: x = try number(entry.value, entry.name, .finite)
            case .y: y = try number(entry.value, entry.name, .finite)
            }
        }
        let (dx, dy) = (x, y)
        return { .view(AnyView($0.view.offset(x: dx, y: dy))) }
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

    /// A fraction of a view's width or height, within ±`Limits.guideFraction`.
    mutating func guideFraction(_ node: Node, _ name: String) throws -> Double {
        let value = try number(node, name, .finite)
        guard abs(value) <= Limits.guideFraction else {
            throw error("'\(name)' must be from -\(Self.format(Limits.guideFraction)) to \(Self.format(Limits.guideFraction)), found \(Self.format(value))", at: node)
        }
        return value
    }

    /// `alignmentGuide: {horizontal: leading, value: 10}` or with `fractionOfWidth` /
    /// `fractionOfHeight`: the guide's value is `value + fractionOfWidth × width +
    /// fractionOfHeight × height` of the view's own dimensions.
    mutating func alignmentGuide(_ node: Node) throws -> Modification {
        let entries = try entries(node, in: "'alignmentGuide'", as: AlignmentGuideKey.self)
        var horizontal: HorizontalAlignment?, vertical: VerticalAlignment?
        var value = 0.0, width = 0.0, height = 0.0
        for entry in entries {
            switch entry.key {
            case .horizontal: horizontal = try horizontalAlignment(entry.value, entry.name)
            case .vertical: vertical = try verticalAlignment(entry.value, entry.name)
            case .value: value = try number(entry.value, entry.name, .finite)
            case .fractionOfWidth: width = try guideFraction(entry.value, entry.name)
            case .fractionOfHeight: height = try guideFraction(entry.value, entry.name)
            }
        }
        guard (horizontal == nil) != (vertical == nil) else {
            let horizontals = Self.horizontalAlignments.map(\.key).joined(separator: ", ")
            let verticals = Self.verticalAlignments.map(\.key).joined(separator: ", ")
            throw error("'alignmentGuide' names one guide: '\(AlignmentGuideKey.horizontal.name)' (\(horizontals)) or '\(AlignmentGuideKey.vertical.name)' (\(verticals))",
                        at: node)
        }
        guard entries.contains(where: { $0.key.isAmount }) else {
            throw error("'alignmentGuide' needs a \(Suggestion.list(AlignmentGuideKey.allCases.filter(\.isAmount).map(\.name)))", at: node)
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
