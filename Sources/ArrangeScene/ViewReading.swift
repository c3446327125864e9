import Arrange
import Foundation
import Yams

extension SceneReader {
    /// Where a view stands, which decides whether it may `repeat`.
    enum Place {
        /// The scene's `view`.
        case root
        /// An item of a container's `children`.
        case child
        /// The view of a `background` or `overlay`.
        case layer
        /// A view inside a kind's parameters: a label's title or icon, a section's header or
        /// footer, a `forEach`'s content.
        case part
        /// A component's view, read where the component is used.
        case component
    }

    /// Reads one view: a kind name (`- spacer`), or a mapping with exactly one kind key holding
    /// its parameters, and optionally `children`, `modifiers`, `id` and (for a child) `repeat`.
    /// A repeated child gives one view per copy, each read afresh so that its random values are
    /// drawn anew; ids inside copy `i` get the suffix `-i`.
    mutating func views(_ node: Node, depth: Int, place: Place) throws -> [AnyView] {
        guard depth <= Limits.viewDepth else {
            throw stop("views nest more than \(Limits.viewDepth) deep (children and the views of backgrounds and overlays each add a level)",
                        at: node)
        }
        guard case .mapping(let mapping) = node else {
            return [try bareView(node)]
        }
        // The keys read once, by position: a mapping hands out copies of its key and value
        // nodes, and iterating it copies every pair into a new array first.
        let keys = Self.keyTexts(of: mapping)
        var copies = 1
        if let index = keys.firstIndex(of: ViewEntryKey.repeat.name) {
            let entry = mapping[mapping.startIndex + index]
            guard place == .child else {
                let what = switch place {
                case .root: "the scene's root view"
                case .layer: "the view of a background or overlay"
                case .component: "a component's view (put it on the 'use' instead)"
                case .part, .child: "a label's title or icon, a section's header or footer, or a forEach's content"
                }
                throw error("'repeat' copies a child of a container; it cannot be used on \(what)",
                            at: entry.key)
            }
            copies = try integer(entry.value, ViewEntryKey.repeat.name, 0...Int.max)
            guard copies <= context.limits.repeatCount else {
                throw limitError("'repeat' must be from 0 to \(context.limits.repeatCount), found \(copies)\(SceneLimits.raise("repeat"))", at: entry.value)
            }
            var views: [AnyView] = []
            let outer = context.idSuffix
            defer { context.idSuffix = outer }
            for copy in 0..<copies {
                context.idSuffix = outer + "-\(copy)"
                let met = collected.problemsMet
                views.append(try view(node, mapping, keys: keys, depth: depth))
                // A copy with a problem: the others would only meet it again, at the cost of
                // reading them all (100,000 copies of a misspelt kind took a minute).
                if collected.problemsMet > met { break }
            }
            return views
        }
        return [try view(node, mapping, keys: keys, depth: depth)]
    }

    /// A view written as its kind's name alone: `- rectangle`.
    private mutating func bareView(_ node: Node) throws -> AnyView {
        let outer = context.enter(.views)
        defer { context.section = outer }
        guard case .scalar(let scalar) = node, !Self.isNull(node) else {
            throw error("a view is a mapping with one kind key (\(Suggestion.list(ViewKind.names))), found \(Self.describe(node))", at: node)
        }
        guard let kind = ViewKind(rawValue: scalar.string) else {
            if ModifierKind(rawValue: scalar.string) != nil {
                throw unknownKey(scalar.string, at: node, asBareName: true)
            }
            throw error("'\(Self.shown(scalar.string))' is not a view\(Suggestion.expected(scalar.string, in: ViewKind.names)); a view is a kind's name, or a mapping with one kind key like {rectangle: {}}",
                        at: node)
        }
        try countView(node)
        context.section = .view(kind)
        return try kind.read(&self, Self.null(at: node), depth: 0)([]).view.layoutSourceErased(place(node))
    }

    /// Counts a view, or a connector (drawn as a few views), against the `views` limit.
    mutating func countView(_ node: Node) throws {
        collected.viewCount += 1
        guard collected.viewCount <= context.limits.views else {
            throw stop("the scene has more than \(context.limits.views) views (copies made by 'repeat' and connectors included)\(SceneLimits.raise("views"))", at: node)
        }
    }

    /// One copy of a view mapping, its entries read in document order.
    ///
    /// A bad entry, child or modifier is noted and reading goes on with the next, so that the
    /// problems of one view and of its siblings are all reported; a view whose kind could not be
    /// read is then an empty view, never drawn because the scene has problems.
    /// `given` is `node`'s mapping, and `givenKeys` the text of its keys (`keyTexts(of:)`) in order,
    /// as `views(_:depth:place:)` read them.
    private mutating func view(_ node: Node, _ given: Node.Mapping, keys givenKeys: [String?], depth: Int) throws -> AnyView {
        var mapping = given, keys = givenKeys
        if !context.changes.byID.isEmpty, let position = keys.firstIndex(of: ViewEntryKey.id.name),
           let id = mapping[mapping.startIndex + position].value.string,
           let changed = context.changes.byID[id] {
            collected.changedIDs.insert(id)
            if collected.changedOriginals[id] == nil { collected.changedOriginals[id] = mapping }
            mapping = try self.changed(mapping, id: id, changed)
            keys = Self.keyTexts(of: mapping)
        }
        try countView(node)
        let idMark = collected.sceneIDs.count, connectionMark = collected.connections.count
        let readsGeometry = keys.contains(ViewKind.geometryReader.name)
        let ownKind = keys.lazy.compactMap { ViewKind(rawValue: $0 ?? "") }.first
        if readsGeometry { context.geometryDepth += 1 }
        let outerSection = context.enter(ownKind.map { .view($0) } ?? .views)
        defer {
            if readsGeometry { context.geometryDepth -= 1 }
            context.section = outerSection
        }
        // The kind and its key apart, not as a tuple: a tuple holding a Yams node is copied through
        // the runtime's generic tuple code.
        var kind: ViewKind?, kindKey: Node?
        var maker: ViewMaker?
        var children: [AnyView] = []
        var childrenKey: Node?
        var modifiers: [ReadModifier] = []
        var id: String?
        var entryFailed = false
        // A style's modifiers come before the view's own, read with them (or, without any, where
        // 'style' is written).
        var styled = Styled(items: [], hasOwnModifiers: keys.contains(ViewEntryKey.modifiers.name))
        if let style = keys.firstIndex(of: ViewEntryKey.style.name) {
            do {
                styled.items = try styleModifiers(mapping[mapping.startIndex + style].value)
            } catch let problem as SceneError {
                try note(problem)
                entryFailed = true
            }
        }
        for index in mapping.positions {
            let (keyNode, value) = mapping[index]
            do {
                try viewEntry(keyNode, keys[index - mapping.startIndex], value, depth: depth, ownKind: ownKind, styled: styled, kind: &kind, kindKey: &kindKey, maker: &maker, children: &children,
                              childrenKey: &childrenKey, modifiers: &modifiers, id: &id)
            } catch let problem as SceneError {
                try note(problem)
                entryFailed = true
            }
        }
        // A misspelt kind was reported as such; "needs a kind" would say it again.
        if kind == nil, entryFailed { return AnyView(EmptyView()) }
        guard let kind, let kindKey else {
            throw error("a view needs one kind key: \(Suggestion.list(ViewKind.names))", at: node)
        }
        guard let maker else { return AnyView(EmptyView()) }
        try checkGridPlace(kind, at: kindKey, modifiers: modifiers)
        if let childrenKey, !kind.takesChildren {
            let containers = ViewKind.allCases.filter(\.takesChildren).map(\.name)
            throw error("'\(kind.name)' has no children; only \(Suggestion.list(containers)) do", at: childrenKey)
        }
        // `fill`, `stroke` and `strokeBorder` turn a shape into a view, so they come first, once,
        // after any `trim`.
        var isShape = kind.isShape
        for modifier in modifiers {
            if modifier.kind.shapeOnly, !isShape {
                let shapes = ViewKind.allCases.filter(\.isShape).map(\.name)
                let problem = error(kind.isShape
                                    ? "'\(modifier.kind.name)' must come first in the modifiers of a shape: after another modifier the shape is a view and cannot be filled"
                                    : "'\(modifier.kind.name)' applies to a shape (\(Suggestion.list(shapes))), not to '\(kind.name)'; use 'background' or 'foregroundStyle' for other views",
                                    at: modifier.key, see: .modifier(modifier.kind))
                try note(modifier.style.map { problem.used(at: location($0)) } ?? problem)
                return AnyView(EmptyView())
            }
            if modifier.kind != .trim { isShape = false }
        }
        // Every view is marked with where it is written: the view itself with its kind's key,
        // each view a modifier wraps it in with the modifier's key. A shape is marked once it is
        // a view (after 'fill' or 'strokeBorder', or before any other modifier), so that those
        // can still apply to it; the innermost mark wins (`layoutSource(_:)`).
        let kindPlace = place(kindKey)
        var built = maker(children)
        if case .view(let view) = built { built = .view(view.layoutSourceErased(kindPlace)) }
        for modifier in modifiers {
            var wasShape = false
            if case .shape = built { wasShape = true }
            if wasShape, !modifier.kind.shapeOnly { built = .view(built.view.layoutSourceErased(kindPlace)) }
            built = modifier.apply(built)
            // `trim` keeps a shape a shape, for the `fill` or `stroke` after it.
            if case .shape = built, modifier.kind == .trim { continue }
            if wasShape, modifier.kind.shapeOnly { built = .view(built.view.layoutSourceErased(kindPlace)) }
            built = .view(built.view.layoutSourceErased(place(modifier.key)))
        }
        if case .shape = built { built = .view(built.view.layoutSourceErased(kindPlace)) }
        do {
            try checkConnections(since: connectionMark, ids: idMark)
        } catch let problem as SceneError {
            try note(problem)
        }
        if let id {
            return context.usesConnectors ? built.view.id(id).connectorEnd(id).erased : built.view.id(id).erased
        }
        return built.view
    }

    /// "line:column" of a node, as views are marked for `arrange layout` and warnings;
    /// "file:line:column" for a node of an included file.
    func place(_ node: Node) -> String {
        let location = location(node)
        let file = library.files.file(of: node).map { $0 + ":" } ?? ""
        return "\(file)\(location.line):\(location.column)"
    }

    /// A modifier read from a view's `modifiers` or from a style it names (`style` is where
    /// the style is named, for messages).
    ///
    /// A class, its fields constant: a view visits its modifiers three times, and a value
    /// holding Yams nodes is costly to copy (each node holds a weak reference, and a tuple of
    /// them is copied by the runtime's generic code), where sharing an object costs a count.
    final class ReadModifier {
        let kind: ModifierKind
        let key: Node
        let apply: Modification
        let style: Node?

        init(kind: ModifierKind, key: Node, apply: @escaping Modification, style: Node?) {
            self.kind = kind
            self.key = key
            self.apply = apply
            self.style = style
        }
    }

    /// The modifiers of the styles a view names, and whether it has modifiers of its own.
    struct Styled {
        var items: [(item: Node, use: Node)]
        let hasOwnModifiers: Bool
    }

    /// One entry of a view mapping: its kind, `children`, `modifiers`, `style`, `id` or `repeat`.
    /// `keyName` is the key's text (`SceneReader.keyTexts(of:)`), read already.
    private mutating func viewEntry(_ keyNode: Node, _ keyName: String?, _ value: Node, depth: Int, ownKind: ViewKind?, styled: Styled,
                                    kind: inout ViewKind?, kindKey: inout Node?,
                                    maker: inout ViewMaker?, children: inout [AnyView], childrenKey: inout Node?,
                                    modifiers: inout [ReadModifier],
                                    id: inout String?) throws {
        guard case .scalar = keyNode, let key = keyName else {
            throw error("keys of a view must be names, found \(Self.describe(keyNode))", at: keyNode)
        }
        if let found = ViewKind(rawValue: key) {
            if let kind {
                throw error("a view has exactly one kind, found '\(kind.name)' and '\(found.name)'; put several views in the 'children' of a stack",
                            at: keyNode)
            }
            kind = found
            kindKey = keyNode
            // A use is located by its key: the component's problems name where it is used.
            maker = found == .use ? try use(value, key: keyNode, depth: depth) : try found.read(&self, value, depth: depth)
            return
        }
        guard let entryKey = ViewEntryKey(rawValue: key) else {
            throw unknownKey(key, at: keyNode, asBareName: false)
        }
        switch entryKey {
        case .children:
            guard case .sequence(let items) = value else {
                throw error("'children' is a list of views, found \(Self.describe(value))", at: value)
            }
            childrenKey = keyNode
            let outer = context.parentKind
            context.parentKind = ownKind
            defer { context.parentKind = outer }
            for item in items {
                do {
                    children += try views(item, depth: depth + 1, place: .child)
                } catch let problem as SceneError {
                    try note(problem)
                }
            }
        case .modifiers:
            let outer = context.enter(.modifiers)
            defer { context.section = outer }
            guard case .sequence(let items) = value else {
                throw error("'modifiers' is a list, each item one modifier like '- padding: 8', found \(Self.describe(value))", at: value)
            }
            try readModifiers(styled: styled.items, own: items, at: value, depth: depth, into: &modifiers)
        case .style:
            // With modifiers of its own, the view reads the style's with them.
            if !styled.hasOwnModifiers { try readModifiers(styled: styled.items, own: nil, at: value, depth: depth, into: &modifiers) }
        case .repeat:
            // Read by `views(_:depth:place:)`, which makes the copies.
            return
        case .id:
            let read = try string(value, entryKey.name) + context.idSuffix
            id = read
            collected.sceneIDs.append(read)
        }
    }

    /// The items of a view's modifiers, each read in order: its styles' (`styled`, each with
    /// where its style is named), then its own (`own`). `list` is where limits are reported. A
    /// problem in a style's modifier also names where the style is used.
    ///
    /// The two lists are read as they are, not joined into one first: that would copy every node.
    private mutating func readModifiers(styled: [(item: Node, use: Node)], own: Node.Sequence?, at list: Node, depth: Int,
                                        into modifiers: inout [ReadModifier]) throws {
        let count = styled.count + (own?.count ?? 0)
        guard count <= Limits.modifiersPerView else {
            throw error("a view may have at most \(Limits.modifiersPerView) modifiers, found \(count)\(styled.isEmpty ? "" : " with those of its styles")",
                        at: list)
        }
        collected.modifierCount += count
        guard collected.modifierCount <= context.limits.modifiers else {
            throw stop("the scene has more than \(context.limits.modifiers) modifiers (copies made by 'repeat' included)\(SceneLimits.raise("modifiers"))", at: list)
        }
        modifiers.reserveCapacity(modifiers.count + count)
        for (item, use) in styled { try readModifier(item, style: use, depth: depth, into: &modifiers) }
        guard let own else { return }
        for item in own { try readModifier(item, style: nil, depth: depth, into: &modifiers) }
    }

    /// Reads one item of a view's modifiers into `modifiers`, noting a problem and going on.
    /// `style` is where the item's style is named: its problems name that place too.
    private mutating func readModifier(_ item: Node, style: Node?, depth: Int, into modifiers: inout [ReadModifier]) throws {
        do {
            let (kind, key, apply) = if let style {
                try using(location(style)) { try $0.modifier(item, depth: depth) }
            } else {
                try modifier(item, depth: depth)
            }
            modifiers.append(ReadModifier(kind: kind, key: key, apply: apply, style: style))
        } catch let problem as SceneError {
            try note(problem)
        }
    }

    /// One item of a `modifiers` list: `- name: value` or a bare `- name`.
    private mutating func modifier(_ node: Node, depth: Int) throws -> (kind: ModifierKind, key: Node, apply: Modification) {
        let keyNode: Node, value: Node
        switch node {
        case .scalar where !Self.isNull(node):
            keyNode = node
            value = Self.null(at: node)
        case .mapping(let mapping) where mapping.count == 1:
            // One read of the pair, taken apart: each read copies both nodes.
            (keyNode, value) = mapping[mapping.startIndex]
        case .mapping(let mapping) where mapping.count > 1:
            let keys = mapping.compactMap { $0.key.string }
            throw error("each modifier is a mapping with one key, found \(Suggestion.list(keys, conjunction: "and")); write each as its own '- ' item, or indent parameters under the modifier",
                        at: node)
        default:
            throw error("a modifier is a mapping with one key like '- padding: 8', or a bare name like '- clipped'; found \(Self.describe(node))",
                        at: node)
        }
        guard case .scalar(let name) = keyNode else {
            throw error("a modifier's name must be a word, found \(Self.describe(keyNode))", at: keyNode)
        }
        guard let kind = ModifierKind(rawValue: name.string) else {
            if ViewKind(rawValue: name.string) != nil {
                throw error("'\(name.string)' is a view kind, not a modifier; to draw a view behind or in front, use 'background: {view: {\(name.string): {}}}' or 'overlay'",
                            at: keyNode)
            }
            let places = MisplacedKeys.places(of: name.string, apartFrom: [])
            if let clause = MisplacedKeys.clause(for: places) {
                throw error("'\(name.string)' is not a modifier; \(clause)", at: keyNode, see: MisplacedKeys.section(for: places))
            }
            throw error("unknown modifier '\(Self.shown(name.string))'\(Suggestion.expected(name.string, in: ModifierKind.names))",
                        at: keyNode)
        }
        let outer = context.enter(.modifier(kind))
        defer { context.section = outer }
        return (kind, keyNode, try kind.read(&self, value, depth: depth))
    }

    /// The error for a key of a view mapping that is neither a kind nor a view key.
    private func unknownKey(_ key: String, at node: Node, asBareName: Bool) -> SceneError {
        if let modifier = ModifierKind(rawValue: key) {
            return error("'\(key)' is a modifier: write it in the view's 'modifiers' list, as in 'modifiers: [{\(key): …}]'", at: node,
                         see: .modifier(modifier))
        }
        let places = MisplacedKeys.places(of: key, apartFrom: ViewKind.names + ViewEntryKey.names)
        if let clause = MisplacedKeys.clause(for: places) {
            return error("'\(key)' is not a key of a view; \(clause)", at: node, see: MisplacedKeys.section(for: places))
        }
        if let kind = Suggestion.nearest(to: key, in: ViewKind.names) {
            return error("unknown view kind '\(Self.shown(key))'; did you mean '\(kind)'?", at: node)
        }
        if !asBareName, let near = Suggestion.nearest(to: key, in: ViewEntryKey.names + ModifierKind.names) {
            return error("unknown key '\(Self.shown(key))' in a view; did you mean '\(near)'?\(ModifierKind(rawValue: near) != nil ? " ('\(near)' is a modifier: it goes in the 'modifiers' list)" : "")",
                         at: node)
        }
        return error("unknown key '\(Self.shown(key))' in a view; expected one kind (\(Suggestion.list(ViewKind.names))) and optionally \(Suggestion.list(ViewEntryKey.names))",
                     at: node)
    }
}

extension SceneReader {
    /// A null value at the place of `node`, for a kind or modifier written as a bare name.
    static func null(at node: Node) -> Node {
        // Tagged with the basic resolver, as the parser's nodes are: `Tag.implicit` would build
        // Yams' default resolver, a dozen regular expressions (5 % of a small scene's run).
        var scalar = Node.Scalar("", Tag(.implicit, .basic), .plain)
        scalar.mark = node.mark
        return .scalar(scalar)
    }
}

extension View {
    /// The view as an `AnyView`.
    var erased: AnyView { AnyView(self) }
}
