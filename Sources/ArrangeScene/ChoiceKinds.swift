import Arrange
import Foundation
import Yams

// `viewThatFits`, `label` and `forEach`: kinds that choose, compose or
// copy other views.

extension SceneReader {
    /// `viewThatFits: {in: horizontal}` with its children in order of preference; both axes
    /// when `in` is not given.
    mutating func viewThatFits(_ node: Node) throws -> ViewMaker {
        var axes: Axis.Set = [.horizontal, .vertical]
        for entry in try parameters(node, of: .viewThatFits, as: ViewThatFitsKey.self) {
            switch entry.key {
            case .in: axes = try self.axes(entry.value, entry.name)
            }
        }
        return { children in .view(AnyView(ViewThatFits(in: axes) { ForEach(0..<children.count) { children[$0] } })) }
    }

    /// `label: {title:, icon:, style:}`: the title a text or a view, the icon a view, the style
    /// `titleAndIcon` (the default), `iconOnly` or `titleOnly`.
    mutating func label(_ node: Node, depth: Int) throws -> ViewMaker {
        var title: AnyView?, icon: AnyView?
        var style = LabelStyleChoice.titleAndIcon
        for entry in try parameters(node, of: .label, as: LabelKey.self) {
            switch entry.key {
            case .title:
                if case .scalar = entry.value, !Self.isNull(entry.value) {
                    let text = try string(entry.value, entry.name)
                    try countText(text, at: entry.value)
                    title = AnyView(Text(text))
                } else {
                    title = try partView(entry.value, entry.name, depth: depth)
                }
            case .icon: icon = try partView(entry.value, entry.name, depth: depth)
            case .style:
                style = try choice(entry.value, entry.name, ["titleAndIcon": .titleAndIcon, "iconOnly": .iconOnly, "titleOnly": .titleOnly])
            }
        }
        guard let title, let icon else {
            throw error("'label' needs a 'title' and an 'icon', as in {label: {title: Inbox, icon: {circle: {}, modifiers: [{frame: {width: 16, height: 16}}]}}}", at: node)
        }
        return { _ in
            let label = Label { title } icon: { icon }
            switch style {
            case .titleAndIcon: return .view(AnyView(label.labelStyle(.titleAndIcon)))
            case .iconOnly: return .view(AnyView(label.labelStyle(.iconOnly)))
            case .titleOnly: return .view(AnyView(label.labelStyle(.titleOnly)))
            }
        }
    }

    private enum LabelStyleChoice {
        case titleAndIcon, iconOnly, titleOnly
    }

    /// `forEach: {items: [...], content: VIEW}`: one copy of the content per item, each read
    /// afresh with `$item` replaced by the item (an item that is a mapping: `$item.KEY` by its
    /// KEY), and `$index` by the item's position from 0, in every text of the content. The
    /// copies take the place of the `forEach` among its container's children, as SwiftUI's
    /// `ForEach` views do; ids inside copy `i` get the suffix `-i`, as with `repeat`.
    mutating func forEach(_ node: Node, depth: Int) throws -> ViewMaker {
        var items: [Node]?, content: Node?
        for entry in try parameters(node, of: .forEach, as: ForEachKey.self) {
            switch entry.key {
            case .items:
                guard case .sequence(let list) = entry.value else {
                    throw error("'items' is a list, as in [Tea, Coffee] or [{name: Tea, price: 3}], found \(Self.describe(entry.value))", at: entry.value)
                }
                guard list.count <= context.limits.repeatCount else {
                    throw limitError("'items' may have at most \(context.limits.repeatCount) items, found \(list.count)\(SceneLimits.raise("repeat"))", at: entry.value)
                }
                items = Array(list)
            case .content: content = entry.value
            }
        }
        guard let items, let content else {
            throw error("'forEach' needs 'items' and 'content', as in {forEach: {items: [Tea, Coffee], content: {text: $item}}}", at: node)
        }
        var views: [AnyView] = []
        let outer = context.idSuffix
        defer { context.idSuffix = outer }
        for (index, item) in items.enumerated() {
            context.idSuffix = outer + "-\(index)"
            let copy = try substituted(content, item: item, index: index)
            views += try self.views(copy, depth: depth + 1, place: .part)
        }
        let copies = views
        return { _ in .view(AnyView(ForEach(0..<copies.count) { copies[$0] })) }
    }

    /// Whether `text` is one placeholder and nothing else: `$item`, `$item.FIELD` or `$index`.
    private static func isPlaceholder(_ text: String) -> Bool {
        if text == "$item" || text == "$index" { return true }
        guard text.hasPrefix("$item."), text.count > 6 else { return false }
        return text.dropFirst(6).allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// `template` with `$item`, `$item.KEY` and `$index` replaced in every scalar, each keeping
    /// its place in the file, so errors in a copy point at the template.
    private func substituted(_ template: Node, item: Node, index: Int) throws -> Node {
        switch template {
        case .scalar(let scalar):
            guard scalar.string.contains("$") else { return template }
            var text = scalar.string.replacingOccurrences(of: "$index", with: String(index))
            var style: Node.Scalar.Style = .plain
            while let range = text.range(of: "$item") {
                var end = range.upperBound
                var value: String
                if text[end...].hasPrefix("."), case .mapping(let fields) = item {
                    let nameStart = text.index(after: end)
                    let nameEnd = text[nameStart...].firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? text.endIndex
                    let name = String(text[nameStart ..< nameEnd])
                    guard let field = fields.first(where: { $0.key.string == name })?.value, case .scalar(let found) = field else {
                        let keys = fields.compactMap { $0.key.string }
                        throw error("'$item.\(Self.shown(name))': the item has no such field\(Suggestion.expected(name, in: keys))", at: template)
                    }
                    value = found.string
                    style = found.style
                    end = nameEnd
                } else {
                    guard case .scalar(let found) = item else {
                        if case .mapping = item {
                            throw error("'$item' stands for a whole item, which is a mapping here; write '$item.FIELD'", at: template)
                        }
                        throw error("'$item' stands for an item written as a word or a number, or a mapping's field ('$item.FIELD'); this item is \(Self.describe(item))", at: template)
                    }
                    value = found.string
                    style = found.style
                }
                text.replaceSubrange(range.lowerBound ..< end, with: value)
                // The value itself may hold "$item": go on after it.
                if value.contains("$item") { break }
            }
            var copy = scalar
            copy.string = text
            // A scalar that was only a placeholder ("$item") reads as the item was written: a
            // number stays a number even though the placeholder had to be quoted.
            if Self.isPlaceholder(scalar.string) { copy.style = style }
            return .scalar(copy)
        case .mapping(let mapping):
            let pairs = try mapping.map { (try substituted($0.key, item: item, index: index), try substituted($0.value, item: item, index: index)) }
            return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark))
        case .sequence(let sequence):
            let list = try sequence.map { try substituted($0, item: item, index: index) }
            return .sequence(Node.Sequence(list, sequence.tag, sequence.style, sequence.mark))
        case .alias:
            return template
        }
    }
}
