import Arrange
import Foundation
import Yams

// The modifiers that change where a view goes or how big it is: frame, padding, fixedSize,
// offset, position, aspectRatio and alignmentGuide.

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
