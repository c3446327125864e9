import Arrange
import Foundation
import Yams

/// What YAML anchors, aliases and merge keys stand for, counted before anything reads it.
///
/// libyaml and Yams resolve an alias to its anchor's node without copying it (a `Node` is a value
/// whose collections share their storage), so composing costs what the text costs. What it
/// stands for can be far larger: ten levels of ten aliases to the level below stand for 10¹⁰
/// nodes. Every later walk (reading, keyframes, comparing values) would pay for all of them, so
/// this walk counts them first, against the `nodes` limit, and stops at the limit, having
/// visited no more nodes than that. It also refuses what the expansion nests deeper than
/// `Limits.syntaxDepth`, which the text's own depth no longer bounds.
///
/// Merge keys (`<<: *base`, or `<<: [*a, *b]`) are applied here: the merged mappings' entries
/// take the place of the `<<` entry, except keys the mapping writes itself (and, of several
/// merged mappings, the first that has a key wins), as YAML 1.1's merge type says.
struct YAMLExpansion {
    /// Where each alias is written, in document order (`YAMLGuard.Findings`).
    let aliases: [YAMLGuard.Position]
    /// The file, for messages.
    let file: String
    /// Lines of the file above the text (a Markdown block).
    let lineOffset: Int
    /// The most nodes, with what was counted before (`used`).
    let limit: Int
    /// Nodes counted so far.
    var used: Int
    /// The next alias of `aliases` not yet met.
    private var nextAlias = 0
    /// The furthest place in the text the walk has passed outside copies: a node marked before
    /// it is an alias's copy of an earlier node.
    private var passed = YAMLGuard.Position(line: 0, column: 0)

    init(aliases: [YAMLGuard.Position], file: String, lineOffset: Int, limit: Int, used: Int) {
        self.aliases = aliases
        self.file = file
        self.lineOffset = lineOffset
        self.limit = limit
        self.used = used
    }

    /// `root` with merge keys applied, once its nodes are counted.
    /// - Throws: `SceneError` at the alias whose copy goes over the limit (or nests too deep).
    mutating func expand(_ root: Node) throws -> Node {
        try walk(root, depth: 0, alias: nil) ?? root
    }

    private func position(_ node: Node) -> YAMLGuard.Position {
        YAMLGuard.Position(line: node.mark?.line ?? 0, column: node.mark?.column ?? 0)
    }

    private func location(_ position: YAMLGuard.Position) -> SourceLocation {
        SourceLocation(file: file, line: position.line + lineOffset, column: position.column)
    }

    /// Counts `node` and what is below it; returns the node rebuilt when a merge key below it
    /// changed it, else nil. `alias` is where the copy being walked was written, if it is one.
    private mutating func walk(_ node: Node, depth: Int, alias: YAMLGuard.Position?) throws -> Node? {
        var alias = alias
        let here = position(node)
        if alias == nil {
            if here < passed, nextAlias < aliases.count {
                // A copy: the first alias written after the last place passed is the one that made it.
                while nextAlias < aliases.count - 1, aliases[nextAlias] <= passed { nextAlias += 1 }
                alias = aliases[nextAlias]
                passed = aliases[nextAlias]
                nextAlias += 1
            } else if passed < here {
                passed = here
            }
        }
        used += 1
        if used > limit {
            throw SceneError("the aliases here stand for more than \(limit) YAML nodes (an alias repeats its anchor's whole node, so aliases of aliases multiply)\(SceneLimits.raise("nodes"))",
                             at: location(alias ?? here))
        }
        guard depth <= Limits.syntaxDepth else {
            throw SceneError("with its aliases expanded, the file nests more than \(Limits.syntaxDepth) levels deep",
                             at: location(alias ?? here))
        }
        switch node {
        case .scalar, .alias:
            return nil
        case .sequence(let sequence):
            var items: [Node]?
            for (index, item) in sequence.enumerated() {
                if let changed = try walk(item, depth: depth + 1, alias: alias) {
                    if items == nil { items = Array(sequence) }
                    items?[index] = changed
                }
            }
            return items.map { .sequence(Node.Sequence($0, sequence.tag, sequence.style, sequence.mark)) }
        case .mapping(let mapping):
            // Rebuilt only when a merge key is in it or below it: most mappings are kept as they are.
            var pairs: [(key: Node, value: Node)]?
            var merges = false
            for (index, pair) in mapping.enumerated() {
                let key = try walk(pair.key, depth: depth + 1, alias: alias)
                let value = try walk(pair.value, depth: depth + 1, alias: alias)
                if key != nil || value != nil {
                    if pairs == nil { pairs = mapping.map { (key: $0.key, value: $0.value) } }
                    pairs?[index] = (key ?? pair.key, value ?? pair.value)
                }
                if Self.isMergeKey(pair.key) { merges = true }
            }
            guard merges || pairs != nil else { return nil }
            let entries = pairs ?? mapping.map { (key: $0.key, value: $0.value) }
            return .mapping(Node.Mapping(merges ? try merged(entries) : entries.map { ($0.key, $0.value) }, mapping.tag, mapping.style, mapping.mark))
        }
    }

    /// `<<`, written plain: a quoted "<<" is an ordinary key.
    static func isMergeKey(_ node: Node) -> Bool {
        guard case .scalar(let scalar) = node else { return false }
        return scalar.string == "<<" && scalar.style == .plain
    }

    /// The entries with each `<<` entry replaced by the entries it merges.
    private func merged(_ pairs: [(key: Node, value: Node)]) throws -> [(Node, Node)] {
        var own = Set(pairs.compactMap { Self.isMergeKey($0.key) ? nil : $0.key.string })
        var result: [(Node, Node)] = []
        for pair in pairs {
            guard Self.isMergeKey(pair.key) else {
                result.append((pair.key, pair.value))
                continue
            }
            let sources: [Node]
            switch pair.value {
            case .mapping: sources = [pair.value]
            case .sequence(let list) where list.allSatisfy({ if case .mapping = $0 { true } else { false } }): sources = Array(list)
            default:
                throw SceneError("a merge key ('<<') takes a mapping or a list of mappings, as in '<<: *base', found \(SceneReader.describe(pair.value))",
                                 at: location(position(pair.value)))
            }
            for case .mapping(let source) in sources {
                for (key, value) in source {
                    // Keys the mapping writes itself win; of the merged mappings, the first.
                    guard let name = key.string, own.insert(name).inserted else { continue }
                    result.append((key, value))
                }
            }
        }
        return result
    }
}

/// Which file a node was written in, when it is not the scene's own: the nodes of an included
/// file are given `Tag` objects of their own, one per tag name, and looked up here by identity.
///
/// Yams marks a node with its line and column only, and a component's view (from one file) is
/// read with its arguments (from another) put into it, so the file cannot be a property of the
/// reading: it goes with the node. The tags keep their names (`str`, `map`, `seq`, or what the
/// file wrote), so nodes compare as before; the table holds the tags, so an identifier is
/// never reused while it is looked up.
struct NodeFiles {
    /// The files, as messages name them.
    private(set) var names: [String] = []
    private var fileOfTag: [ObjectIdentifier: Int] = [:]
    private var tags: [Tag] = []

    /// The file `node` was written in, if it is one of these.
    func file(of node: Node) -> String? {
        // Every view asks where it is written: a scene without includes asks nothing more.
        guard !names.isEmpty else { return nil }
        return fileOfTag[ObjectIdentifier(node.storedTag)].map { names[$0] }
    }

    /// `node` and every node below it marked as written in `file`, each counted in `used`.
    /// - Throws: `SceneError` at the node that goes over `limit`.
    mutating func marked(_ node: Node, file: String, used: inout Int, limit: Int) throws -> Node {
        let index = names.count
        names.append(file)
        var byName: [Tag.Name: Tag] = [:]
        func tag(_ old: Tag, _ resolved: Tag.Name) -> Tag {
            // An implicit tag is given its resolved name, so that no node resolves (and renames)
            // a tag another node shares.
            let written = Tag.Name(rawValue: old.rawValue)
            let name = written == .implicit || written == .nonSpecific ? resolved : written
            if let known = byName[name] { return known }
            let made = Tag(name, .basic)
            byName[name] = made
            tags.append(made)
            fileOfTag[ObjectIdentifier(made)] = index
            return made
        }
        func mark(_ node: Node) throws -> Node {
            used += 1
            if used > limit {
                throw SceneError("the included files stand for more than \(limit) YAML nodes\(SceneLimits.raise("nodes"))",
                                 at: SourceLocation(node, in: file))
            }
            switch node {
            case .scalar(let scalar):
                return .scalar(Node.Scalar(scalar.string, tag(scalar.tag, .str), scalar.style, scalar.mark))
            case .mapping(let mapping):
                let pairs = try mapping.map { (try mark($0.key), try mark($0.value)) }
                return .mapping(Node.Mapping(pairs, tag(mapping.tag, .map), mapping.style, mapping.mark))
            case .sequence(let sequence):
                return .sequence(Node.Sequence(try sequence.map(mark), tag(sequence.tag, .seq), sequence.style, sequence.mark))
            case .alias:
                return node
            }
        }
        return try mark(node)
    }
}

extension Node {
    /// The tag the node holds, unresolved: `tag` resolves an implicit one into a new object.
    var storedTag: Tag {
        switch self {
        case .scalar(let scalar): scalar.tag
        case .mapping(let mapping): mapping.tag
        case .sequence(let sequence): sequence.tag
        case .alias(let alias): alias.tag
        }
    }
}
