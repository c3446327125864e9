import Arrange
import Foundation
import Yams

// What a scene defines for reuse: `styles:` and `components:`, its own and those of the files
// it includes (`include:`), read before its view.

/// A named modifier list of `styles:`, applied by a view's `style:` before its own modifiers.
struct StyleDefinition {
    /// The name as written: messages about clashes point here.
    let nameNode: Node
    /// Its modifiers, each read where a view names the style.
    let modifiers: [Node]
    /// The file that defines it (its real path, or the scene's name): two files that define
    /// the same name clash, one file included twice does not.
    let source: String
}

/// A named view with parameters, of `components:`, used as `use: {component: NAME, …}`.
struct ComponentDefinition {
    /// One parameter: its name as written and its default, nil when a use must give it.
    struct Parameter {
        let name: String
        let nameNode: Node
        let defaultValue: Node?
    }

    let name: String
    let nameNode: Node
    let parameters: [Parameter]
    /// The view, with its parameters still in it.
    let view: Node
    /// Where the view first uses each parameter: a missing argument's message names it.
    let uses: [String: Node]
    let source: String

    func parameter(_ name: String) -> Parameter? { parameters.first { $0.name == name } }
}

/// The styles and components a scene may use, and which file each node of an included file
/// was written in.
struct SceneLibrary {
    var styles: [String: StyleDefinition] = [:]
    var components: [String: ComponentDefinition] = [:]
    var files = NodeFiles()
    /// Whether a definition or an included file could not be read: a name the view uses may
    /// have been among them.
    var incomplete = false

    /// Whether a definition uses `key` (`connect`): the scene then publishes its ids' bounds.
    func mentions(_ key: String) -> Bool {
        styles.values.contains { $0.modifiers.contains { SceneReader.mentions(key, in: $0) } }
            || components.values.contains { SceneReader.mentions(key, in: $0.view) }
    }
}

/// Definitions read from one file and the files it includes.
struct Definitions {
    var styles: [String: StyleDefinition] = [:]
    var components: [String: ComponentDefinition] = [:]
}

/// Where reading the includes has got to: the files being read, outermost first (a file met
/// again among them is a cycle), those read already (a file included twice is read once), and
/// the bytes read.
struct IncludeState {
    var chain: [(path: String, name: String, at: SourceLocation?)]
    var read: [String: Definitions] = [:]
    var bytes: Int
}

extension SceneReader {
    /// Reads the top-level `include`, `styles` and `components` of the scene `file` (`bytes`
    /// long) into `library`: the included definitions first, the scene's own over them.
    /// Problems are noted, so that they are reported with the view's.
    mutating func readLibrary(include: Node?, styles: Node?, components: Node?, bytes: Int) throws {
        let problems = collected.problems.count
        let outerSection = context.enter(.reuse)
        defer {
            library.incomplete = collected.problems.count > problems
            context.section = outerSection
        }
        let realPath = context.file.hasPrefix("<") ? nil : ReadPolicy.realPath(context.file)
        var state = IncludeState(chain: [(realPath ?? context.file, context.file, nil)], bytes: bytes)
        let definitions = try self.definitions(include: include, styles: styles, components: components,
                                               file: context.file, source: realPath ?? context.file, state: &state)
        library.styles = definitions.styles
        library.components = definitions.components
    }

    /// The definitions of one file (`file` as messages name it, `source` as clashes compare
    /// it): its includes' first, then its own over them.
    private mutating func definitions(include: Node?, styles: Node?, components: Node?, file: String, source: String,
                                      state: inout IncludeState) throws -> Definitions {
        var result = Definitions()
        var clashes: [(name: String, problem: SceneError)] = []
        if let include {
            let paths: [Node]
            if case .sequence(let list) = include { paths = Array(list) } else { paths = [include] }
            for pathNode in paths {
                do {
                    let included = try includedFile(pathNode, from: file, state: &state)
                    clashes += merge(included.styles, into: &result.styles, what: "style") { $0.nameNode }
                    clashes += merge(included.components, into: &result.components, what: "component") { $0.nameNode }
                } catch let problem as SceneError {
                    try note(problem)
                }
            }
        }
        var own: Set<String> = []
        /// The file's own definitions of one kind, over the included ones.
        func addOwn<Definition>(_ read: () throws -> [(String, Definition)], into table: inout [String: Definition], what: String) throws {
            do {
                for (name, definition) in try read() {
                    table[name] = definition
                    own.insert(what + " " + name)
                }
            } catch let problem as SceneError {
                try note(problem)
            }
        }
        if let styles { try addOwn({ try styleDefinitions(styles, source: source) }, into: &result.styles, what: "style") }
        if let components { try addOwn({ try componentDefinitions(components, source: source) }, into: &result.components, what: "component") }
        // A definition of the file's own chooses between the included ones.
        for clash in clashes where !own.contains(clash.name) { try note(clash.problem) }
        return result
    }

    /// Adds what one included file defines to what the others did, and returns the clashes:
    /// the same name from two files ("style card"), though not the same definition reached
    /// twice (a file included twice).
    private func merge<Definition>(_ new: [String: Definition], into known: inout [String: Definition], what: String,
                                   nameNode: (Definition) -> Node) -> [(name: String, problem: SceneError)] {
        var clashes: [(name: String, problem: SceneError)] = []
        for name in new.keys.sorted() {
            guard let definition = new[name] else { continue }
            if let old = known[name], location(nameNode(old)) != location(nameNode(definition)) {
                clashes.append((what + " " + name,
                                error("the \(what) '\(Self.shown(name))' is defined both here and at \(location(nameNode(old))), in files this scene includes; rename one, or define '\(Self.shown(name))' in the scene to choose",
                                      at: nameNode(definition))))
                continue
            }
            known[name] = definition
        }
        return clashes
    }

    // MARK: Included files

    /// The definitions of the file `pathNode` names, relative to `file`, read through the read
    /// policy and recorded as an input.
    private mutating func includedFile(_ pathNode: Node, from file: String, state: inout IncludeState) throws -> Definitions {
        let path = try string(pathNode, SceneKey.include.name)
        guard !path.isEmpty, !path.contains("\0") else { throw error("'include' names a YAML or JSON file, as in 'include: shared/theme.yaml'", at: pathNode) }
        let shown = Self.shownPath(path, relativeTo: file)
        guard state.chain.count + state.read.count < Limits.includedFiles + 1 else {
            throw error("the scene includes more than \(Limits.includedFiles) files", at: pathNode)
        }
        let left = context.limits.fileBytes - state.bytes
        let real: String, data: Data
        do {
            (real, data) = try readInputFile(Self.path(path, relativeTo: file), limit: max(0, left))
        } catch {
            var refusal = error
            refusal.path = path
            if case .tooLarge(let size, _) = refusal.reason {
                throw self.error("the include '\(Self.shown(path))' is \(size) bytes, and a scene and the files it includes may have \(context.limits.fileBytes) bytes together (\(left) are left)\(SceneLimits.raise("file-bytes"))",
                            at: pathNode)
            }
            throw self.error("the include \(refusal)", at: pathNode)
        }
        if let index = state.chain.firstIndex(where: { $0.path == real }) {
            let steps = state.chain[index...].compactMap { step in step.at.map { "\($0) includes '\(Self.shown(step.name))'" } }
            let through = (steps + ["\(location(pathNode)) includes it again"]).joined(separator: ", ")
            throw error("the include '\(Self.shown(path))' makes a cycle: \(state.chain[index].name) is being read already (\(through)); a file cannot include itself",
                        at: pathNode)
        }
        if let known = state.read[real] { return known }
        state.bytes += data.count
        guard let root = try includedRoot(data, file: shown) else { return Definitions() }
        var include: Node?, styles: Node?, components: Node?
        for entry in try entries(root, in: "an included file (it holds only definitions)", as: IncludedFileKey.self) {
            switch entry.key {
            case .include: include = entry.value
            case .styles: styles = entry.value
            case .components: components = entry.value
            }
        }
        state.chain.append((real, shown, location(pathNode)))
        let definitions = try self.definitions(include: include, styles: styles, components: components, file: shown, source: real, state: &state)
        state.chain.removeLast()
        state.read[real] = definitions
        return definitions
    }

    /// The parsed tree of an included file's bytes, its aliases counted and every node marked
    /// as written in `file`; nil for a file with nothing in it.
    private mutating func includedRoot(_ data: Data, file: String) throws -> Node? {
        guard data.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return nil }
        let source = try SourceText(data, file: file, limits: context.limits)
        let format = SceneFormat(fileName: file)
        var yaml = source.text
        var findings = YAMLGuard.Findings()
        switch format {
        case .json: yaml = try JSONSyntax.check(source).replacingOccurrences(of: "\t", with: " ")
        case .yaml: findings = try YAMLGuard.check(source)
        }
        var root: Node
        var composed = YAMLComposer.Findings()
        do {
            guard let node = try YAMLComposer.compose(yaml, findings: &composed) else { return nil }
            root = node
        } catch let problem as YAMLComposer.Problem {
            throw SceneError(problem, in: source, format: format)
        }
        if findings.expands {
            var expansion = YAMLExpansion(aliases: findings.aliases, file: file, lineOffset: 0, limit: context.limits.expandedNodes,
                                          used: collected.expandedNodes)
            root = try expansion.expand(root)
            collected.expandedNodes = expansion.used
        }
        return try library.files.marked(root, file: file, used: &collected.expandedNodes, limit: context.limits.expandedNodes)
    }

    /// `path` as messages name it: joined to the folder of `file` as the user wrote it, so that
    /// it reads as a path from where they are.
    static func shownPath(_ path: String, relativeTo file: String) -> String {
        guard !path.hasPrefix("/"), !file.hasPrefix("<") else { return path }
        let folder = FolderPath.of(file)
        return folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
    }

    // MARK: Styles

    /// `styles: {NAME: [modifiers]}`. Each list is checked to be modifiers here; their values
    /// are read where a view uses the style.
    private func styleDefinitions(_ node: Node, source: String) throws -> [(String, StyleDefinition)] {
        guard case .mapping(let mapping) = node else {
            throw error("'styles' maps names to modifier lists, as in {card: [{padding: 8}, {background: white}]}; found \(Self.describe(node))", at: node)
        }
        var result: [(String, StyleDefinition)] = []
        for (nameNode, value) in mapping {
            let name = try definitionName(nameNode, of: "style")
            guard case .sequence(let items) = value else {
                throw error("the style '\(Self.shown(name))' is a list of modifiers, as in [{padding: 8}, {background: white}]; found \(Self.describe(value))",
                            at: value)
            }
            guard items.count <= Limits.modifiersPerView else {
                throw error("a style may have at most \(Limits.modifiersPerView) modifiers, found \(items.count)", at: value)
            }
            for item in items { try checkModifierName(item) }
            result.append((name, StyleDefinition(nameNode: nameNode, modifiers: Array(items), source: source)))
        }
        return result
    }

    /// The name of a style or component, a key of `styles` or `components`.
    private func definitionName(_ node: Node, of what: String) throws -> String {
        guard case .scalar(let scalar) = node, !Self.isNull(node), !scalar.string.isEmpty else {
            throw error("a \(what)'s name is a word, found \(Self.describe(node))", at: node)
        }
        return scalar.string
    }

    /// Checks that `item` names a modifier, as an item of a `modifiers` list must.
    private func checkModifierName(_ item: Node) throws {
        let keyNode: Node
        switch item {
        case .scalar where !Self.isNull(item): keyNode = item
        case .mapping(let mapping) where mapping.count == 1: keyNode = mapping[mapping.startIndex].key
        default:
            throw error("a style's modifier is a mapping with one key like '- padding: 8', or a bare name like '- clipped'; found \(Self.describe(item))", at: item)
        }
        let name = keyNode.string ?? ""
        guard ModifierKind(rawValue: name) != nil else {
            throw error("unknown modifier '\(Self.shown(name))'\(Suggestion.expected(name, in: ModifierKind.names))", at: keyNode)
        }
    }

    // MARK: Components

    /// `components: {NAME: {parameters: {NAME: DEFAULT}, view: VIEW}}`. The view is read where
    /// it is used, with the arguments put in; here its parameters are checked against those it
    /// uses.
    private func componentDefinitions(_ node: Node, source: String) throws -> [(String, ComponentDefinition)] {
        guard case .mapping(let mapping) = node else {
            throw error("'components' maps names to components, as in {card: {parameters: {title: }, view: {text: $title}}}; found \(Self.describe(node))",
                        at: node)
        }
        var result: [(String, ComponentDefinition)] = []
        for (nameNode, value) in mapping {
            let name = try definitionName(nameNode, of: "component")
            var parameters: [ComponentDefinition.Parameter] = []
            var view: Node?
            for entry in try entries(value, in: "the component '\(Self.shown(name))'", as: ComponentKey.self) {
                switch entry.key {
                case .parameters: parameters = try componentParameters(entry.value)
                case .view:
                    if case .sequence = entry.value { throw error("a component's 'view' is one view, found a list", at: entry.value) }
                    guard !Self.isNull(entry.value) else { throw error("a component's 'view' is one view, found nothing", at: entry.value) }
                    view = entry.value
                }
            }
            guard let view else {
                throw error("the component '\(Self.shown(name))' needs a 'view', as in {parameters: {title: }, view: {text: $title}}", at: value)
            }
            let uses = try parameterUses(in: view, parameters: parameters.map(\.name), component: name)
            result.append((name, ComponentDefinition(name: name, nameNode: nameNode, parameters: parameters, view: view, uses: uses, source: source)))
        }
        return result
    }

    /// `parameters: {NAME: DEFAULT}`, a null default for a parameter every use must give.
    private func componentParameters(_ node: Node) throws -> [ComponentDefinition.Parameter] {
        if Self.isNull(node) { return [] }
        guard case .mapping(let mapping) = node else {
            throw error("'parameters' maps each parameter's name to its default (nothing, for one every use must give), as in {title: , color: blue}; found \(Self.describe(node))",
                        at: node)
        }
        return try mapping.map { nameNode, value in
            let name = nameNode.string ?? ""
            guard Self.isParameterName(name) else {
                throw error("a parameter's name is a letter or '_' followed by letters, digits or '_', found \(Self.describe(nameNode))", at: nameNode)
            }
            guard !Self.reservedParameters.contains(name) else {
                throw error("'\(name)' cannot be a parameter's name: \(name == UseKey.component.name ? "'use' names the component with it" : "'forEach' replaces '$\(name)' in its content")",
                            at: nameNode)
            }
            return ComponentDefinition.Parameter(name: name, nameNode: nameNode, defaultValue: Self.isNull(value) ? nil : value)
        }
    }

    /// Names no parameter may have: the key that names the component, and `forEach`'s placeholders.
    static let reservedParameters: Set<String> = [UseKey.component.name, "item", "index"]

    static func isParameterName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic && first.isASCII else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }

    /// Where `view` first uses each parameter; a `$NAME` that stands alone or a `${NAME}` that
    /// names no parameter is an error (bare `$item` and `$index` are `forEach`'s).
    private func parameterUses(in view: Node, parameters: [String], component: String) throws -> [String: Node] {
        var uses: [String: Node] = [:]
        var pending = [view]
        while let node = pending.popLast() {
            switch node {
            case .scalar(let scalar):
                guard scalar.string.contains("$") else { continue }
                let pieces = try Self.pieces(of: scalar.string) { message in error(message, at: node) }
                for piece in pieces {
                    guard case .parameter(let name, let braced) = piece else { continue }
                    if parameters.contains(name) {
                        if uses[name] == nil { uses[name] = node }
                    } else if braced || pieces.count == 1 && !Self.reservedParameters.contains(name) {
                        let listed = parameters.isEmpty ? " (it has no parameters)" : " (its parameters: \(Suggestion.list(parameters)))"
                        throw error("'\(braced ? "${\(Self.shown(name))}" : "$" + Self.shown(name))' is not a parameter of the component '\(Self.shown(component))'\(Suggestion.hint(for: name, in: parameters))\(listed); write '$$' for a dollar sign",
                                    at: node)
                    }
                }
            case .mapping(let mapping):
                // Values only: keys are names the format knows.
                pending += mapping.values.reversed()
            case .sequence(let list):
                pending += list.reversed()
            case .alias:
                continue
            }
        }
        return uses
    }

    /// A piece of a text in a component's view: text as it is, or a parameter.
    enum TextPiece: Equatable {
        case text(String)
        /// `$NAME` or `${NAME}` (braced).
        case parameter(String, braced: Bool)
    }

    /// `text` cut at its parameters: `$$` is a dollar sign, `${NAME}` a parameter, `$NAME` a
    /// parameter name (the caller decides whether it names one), and any other `$` itself.
    /// - Throws: what `problem` makes of a `${` without a name and a closing brace.
    static func pieces(of text: String, problem: (String) -> SceneError) throws -> [TextPiece] {
        var pieces: [TextPiece] = []
        var pending = ""
        var rest = Substring(text)
        func flush() {
            if !pending.isEmpty { pieces.append(.text(pending)) }
            pending = ""
        }
        while let dollar = rest.firstIndex(of: "$") {
            pending += rest[..<dollar]
            let after = rest[rest.index(after: dollar)...]
            if after.first == "$" {
                pending += "$"
                rest = after.dropFirst()
            } else if after.first == "{" {
                guard let close = after.firstIndex(of: "}"), isParameterName(String(after[after.index(after: after.startIndex)..<close])) else {
                    throw problem("'${' starts a parameter, as in '${title}'; write '$$' for a dollar sign")
                }
                flush()
                pieces.append(.parameter(String(after[after.index(after: after.startIndex)..<close]), braced: true))
                rest = after[after.index(after: close)...]
            } else if let first = after.unicodeScalars.first, first == "_" || first.isASCII && first.properties.isAlphabetic {
                let end = after.firstIndex { !($0.isASCII && ($0 == "_" || $0.isLetter || $0.isNumber)) } ?? after.endIndex
                flush()
                pieces.append(.parameter(String(after[..<end]), braced: false))
                rest = after[end...]
            } else {
                pending += "$"
                rest = after
            }
        }
        pending += rest
        flush()
        return pieces
    }
}
