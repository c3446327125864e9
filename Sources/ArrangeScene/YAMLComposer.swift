import CYaml
import Foundation
import Yams

/// Yams nodes composed straight from libyaml's events: what `Yams.compose(yaml:_:)` gives with
/// the basic resolver, at a fraction of its cost.
///
/// Yams' composer makes an object per event, a tag object per node, and checks each mapping for
/// duplicate keys by hashing every key into a dictionary of arrays; on a 2,000-view scene that
/// was three times libyaml's own parsing. This one keeps libyaml's parser and Yams' node types,
/// so everything after it is unchanged: the same nodes, marks, styles and tags, aliases resolved
/// to their anchor's node (an anchor counts from the end of its node, so a node cannot contain
/// an alias of itself), and the same problems.
///
/// Implicit tags are shared, one per kind of node: the basic resolver resolves every implicit
/// scalar to `str`, mapping to `map` and sequence to `seq`, so resolving a shared tag renames it
/// to what each of its nodes would have. A written tag (`!x`) gets its own.
struct YAMLComposer {
    /// What made the text unreadable, as libyaml and Yams name it.
    enum Problem: Error {
        /// A syntax error from libyaml's scanner or parser, or a composing error (an undefined
        /// alias, a second document): the problem, where it is, and what libyaml was reading.
        case syntax(stage: Stage, problem: String, mark: Mark, context: (text: String, mark: Mark)?)
        /// Bytes libyaml cannot read as text; `offset` in characters from the start, if known.
        case reader(problem: String, offset: Int?)
        /// Keys written more than once in one mapping, sorted; `mark` is the first one's.
        case duplicateKeys([String], mark: Mark)
        /// libyaml could not allocate memory.
        case memory

        enum Stage { case scanner, parser, composer }
    }

    /// What the composed text holds, learnt while composing.
    struct Findings {
        /// Whether a mapping anywhere has a scalar key equal to `watchedKey`.
        var hasWatchedKey = false
    }

    /// The root node of `yaml`'s single document, nil for a text with no document (only comments
    /// or blank lines); `findings.hasWatchedKey` tells whether a mapping key equals `watchedKey`.
    /// - Throws: `Problem`.
    static func compose(_ yaml: String, watchedKey: String = "", findings: inout Findings) throws -> Node? {
        var text = yaml
        // A native string's bytes are contiguous; this makes any other string so, once.
        text.makeContiguousUTF8()
        var composer = Session(yaml: text, watchedKey: watchedKey)
        defer { composer.close() }
        guard let root = try text.utf8.withContiguousStorageIfAvailable({ try composer.singleRoot($0) }) else { throw Problem.memory }
        findings = composer.findings
        return root
    }

    /// One run of libyaml's parser over one text.
    private struct Session {
        let yaml: String
        let watchedKey: String
        var findings = Findings()
        var parser = yaml_parser_t()
        var event = yaml_event_t()
        var hasEvent = false
        /// Anchored nodes by name; a later anchor of the same name replaces an earlier one.
        var anchors: [String: Node] = [:]
        /// The scalar keys of the mappings being composed, each mapping's above those of the
        /// mappings around it (`noteKey(_:)`): one array for all, so that a mapping's keys are
        /// checked without making an array of them.
        var keys: [ScalarKey] = []
        // Implicit tags, one per kind; a quoted scalar's tag is `str` already.
        let scalarTag = Tag(.implicit, .basic, .default)
        let quotedTag = Tag(.str, .basic, .default)
        let sequenceTag = Tag(.implicit, .basic, .default)
        let mappingTag = Tag(.implicit, .basic, .default)

        init(yaml: String, watchedKey: String) {
            self.yaml = yaml
            self.watchedKey = watchedKey
            yaml_parser_initialize(&parser)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        }

        mutating func close() {
            if hasEvent { yaml_event_delete(&event) }
            hasEvent = false
            yaml_parser_delete(&parser)
        }

        /// The next event, in `event`; the previous one is freed.
        mutating func next() throws {
            if hasEvent { yaml_event_delete(&event) }
            hasEvent = false
            guard yaml_parser_parse(&parser, &event) == 1 else { throw problem() }
            hasEvent = true
        }

        mutating func singleRoot(_ bytes: UnsafeBufferPointer<UInt8>) throws -> Node? {
            yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
            try next()  // the stream's start
            try next()
            guard event.type != YAML_STREAM_END_EVENT else { return nil }
            try next()  // past the document's start
            let root = try node()
            try next()  // the document's end
            try next()
            if event.type != YAML_STREAM_END_EVENT {
                // Yams' own words for a second document.
                throw Problem.syntax(stage: .composer, problem: "but found another document", mark: startMark,
                              context: ("expected a single document in the stream", Self.mark(line: 1, column: 1)))
            }
            return root
        }

        /// The node that starts at the current event; on return the current event is its last.
        mutating func node() throws -> Node {
            switch event.type {
            case YAML_ALIAS_EVENT:
                guard let name = Self.string(event.data.alias.anchor), let node = anchors[name] else {
                    throw Problem.syntax(stage: .composer, problem: "found undefined alias", mark: startMark, context: nil)
                }
                return node
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let value = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                let tag = scalar.quoted_implicit == 1 ? quotedTag : written(scalar.tag) ?? scalarTag
                let style = Node.Scalar.Style(rawValue: numericCast(scalar.style.rawValue)) ?? .any
                let node = Node.scalar(Node.Scalar(value, tag, style, startMark))
                register(Self.string(scalar.anchor), node)
                return node
            case YAML_SEQUENCE_START_EVENT:
                let start = event.data.sequence_start, mark = startMark
                let anchor = Self.string(start.anchor)
                let tag = start.implicit != 0 ? sequenceTag : written(start.tag) ?? sequenceTag
                var items: [Node] = []
                try next()
                while event.type != YAML_SEQUENCE_END_EVENT {
                    items.append(try node())
                    try next()
                }
                // Yams reads the style from the end event, which carries none: `.any`.
                let style = Node.Sequence.Style(rawValue: numericCast(event.data.sequence_start.style.rawValue)) ?? .any
                let node = Node.sequence(Node.Sequence(items, tag, style, mark))
                register(anchor, node)
                return node
            case YAML_MAPPING_START_EVENT:
                let start = event.data.mapping_start, mark = startMark
                let anchor = Self.string(start.anchor)
                let tag = start.implicit != 0 ? mappingTag : written(start.tag) ?? mappingTag
                var pairs: [(Node, Node)] = []
                let firstKey = keys.count
                try next()
                while event.type != YAML_MAPPING_END_EVENT {
                    let key = try node()
                    noteKey(key)
                    try next()
                    let value = try node()
                    pairs.append((key, value))
                    try next()
                }
                let style = Node.Mapping.Style(rawValue: numericCast(event.data.mapping_start.style.rawValue)) ?? .any
                try checkKeys(pairs, scalarKeys: keys[firstKey...])
                keys.removeSubrange(firstKey...)
                let node = Node.mapping(Node.Mapping(pairs, tag, style, mark))
                register(anchor, node)
                return node
            default:
                // libyaml gives only these four inside a document.
                throw Problem.syntax(stage: .composer, problem: "found an unexpected event", mark: startMark, context: nil)
            }
        }

        /// A new tag for a written tag name, nil when none is written.
        func written(_ name: UnsafeMutablePointer<yaml_char_t>?) -> Tag? {
            Self.string(name).map { Tag(Tag.Name(rawValue: $0), .basic, .default) }
        }

        mutating func register(_ anchor: String?, _ node: Node) {
            if let anchor { anchors[anchor] = node }
        }

        /// A scalar key as Yams compares keys: its text and its resolved tag.
        struct ScalarKey: Hashable {
            let name: String
            let text: String
        }

        /// Notes a key of the mapping being composed: whether it equals `watchedKey`, and, for
        /// `checkKeys(_:scalarKeys:)`, a scalar key's text and tag, on `keys`.
        mutating func noteKey(_ key: Node) {
            guard case .scalar(let scalar) = key else { return }
            if !findings.hasWatchedKey, scalar.string == watchedKey { findings.hasWatchedKey = true }
            keys.append(ScalarKey(name: resolvedName(scalar.tag), text: scalar.string))
        }

        /// Refuses a mapping with a key written twice, as Yams does: keys equal as nodes (same
        /// text and resolved tag, or equal collections). `keys` are its scalar keys, in order.
        /// Scalar keys are compared by text and tag, pairwise in a small mapping (most have a
        /// handful of keys); the exact grouping, sorted as Yams sorts it, is made only for an error.
        func checkKeys(_ pairs: [(Node, Node)], scalarKeys keys: ArraySlice<ScalarKey>) throws {
            guard pairs.count > 1 else { return }
            if keys.count == pairs.count {
                var clash = false
                if keys.count <= 16 {
                    search: for later in keys.indices.dropFirst() {
                        for earlier in keys.startIndex ..< later where keys[earlier] == keys[later] {
                            clash = true
                            break search
                        }
                    }
                } else {
                    clash = Set(keys).count < keys.count
                }
                guard clash else { return }
            }
            let duplicates = Dictionary(grouping: pairs.map(\.0)) { $0 }.filter { $1.count > 1 }
            let sorted = duplicates.keys.sorted()
            guard let first = sorted.first else { return }
            throw Problem.duplicateKeys(sorted.map { $0.string ?? "<uncovertable>" }, mark: first.mark ?? Self.mark(line: 0, column: 0))
        }

        /// The name a scalar's tag resolves to with the basic resolver: `str` unless another is
        /// written.
        func resolvedName(_ tag: Tag) -> String {
            if tag === scalarTag || tag === quotedTag { return Tag.Name.str.rawValue }
            let name = Tag.Name(rawValue: tag.rawValue)
            return name == .implicit || name == .nonSpecific ? Tag.Name.str.rawValue : name.rawValue
        }

        var startMark: Mark { Self.mark(line: event.start_mark.line + 1, column: event.start_mark.column + 1) }

        /// libyaml's error, as Yams words it.
        func problem() -> Problem {
            let problem = parser.problem.map { String(cString: $0) } ?? ""
            let mark = Self.mark(line: parser.problem_mark.line + 1, column: parser.problem_mark.column + 1)
            let context = parser.context.map {
                (text: String(cString: $0), mark: Self.mark(line: parser.context_mark.line + 1, column: parser.context_mark.column + 1))
            }
            switch parser.error {
            case YAML_READER_ERROR:
                // In characters, as Yams counts: nil when the byte is not at a character's start.
                let index = yaml.utf8.index(yaml.utf8.startIndex, offsetBy: parser.problem_offset, limitedBy: yaml.utf8.endIndex)?
                    .samePosition(in: yaml)
                return .reader(problem: problem, offset: index.map { yaml.distance(from: yaml.startIndex, to: $0) })
            case YAML_SCANNER_ERROR: return .syntax(stage: .scanner, problem: problem, mark: mark, context: context)
            case YAML_PARSER_ERROR: return .syntax(stage: .parser, problem: problem, mark: mark, context: context)
            case YAML_COMPOSER_ERROR: return .syntax(stage: .composer, problem: problem, mark: mark, context: context)
            default: return .memory
            }
        }

        static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            guard let pointer else { return nil }
            return String.decodeCString(pointer, as: UTF8.self, repairingInvalidCodeUnits: true)?.result
        }

        /// A Yams mark. Yams makes its marks only while parsing (its initialiser is internal), so
        /// the value is made from its two stored properties, in their declared order; a test
        /// (`YAMLComposerTests`) checks the layout against a mark Yams made.
        static func mark(line: Int, column: Int) -> Mark {
            unsafeBitCast((line, column), to: Mark.self)
        }
    }
}
