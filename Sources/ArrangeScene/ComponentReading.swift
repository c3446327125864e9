import Arrange
import Foundation
import Yams

// Using what the library defines: `use: {component: NAME, …}` (a component's view with its
// arguments put in) and `style:` (a style's modifiers before the view's own).

extension SceneReader {
    /// `use: {component: NAME, ARGUMENT: VALUE, …}` (or `use: NAME`): the component's view read
    /// with the arguments (and the defaults of parameters not given) put in for its parameters.
    /// `key` is the `use` key: a problem inside the component's view is located in the
    /// definition and ends "(used at …)" naming it.
    mutating func use(_ node: Node, key: Node, depth: Int) throws -> ViewMaker {
        var nameNode: Node?
        var arguments: [(name: String, key: Node, value: Node)] = []
        switch node {
        case .scalar where !Self.isNull(node):
            nameNode = node
        case .mapping(let mapping):
            for (argumentKey, value) in mapping {
                guard case .scalar(let scalar) = argumentKey else {
                    throw error("keys in the parameters of 'use' must be names, found \(Self.describe(argumentKey))", at: argumentKey)
                }
                if scalar.string == UseKey.component.name {
                    nameNode = value
                } else {
                    arguments.append((scalar.string, argumentKey, value))
                }
            }
        default:
            break
        }
        guard let nameNode else {
            if let first = arguments.first {
                throw error("unknown key '\(Self.shown(first.name))' in the parameters of 'use': a use names its component, as in {component: card, title: Hello}, and then gives that component's parameters (expected '\(UseKey.component.name)')",
                            at: first.key)
            }
            throw error("'use' needs a component, as in 'use: {component: card, title: Hello}' or 'use: card'; found \(Self.describe(node))", at: node)
        }
        let name = try string(nameNode, UseKey.component.name)
        guard let component = library.components[name] else {
            throw error(unknownDefinition("component", name: name, known: library.components.keys), at: nameNode)
        }
        if let start = context.components.firstIndex(where: { $0.name == name }) {
            let steps = context.components[start...].map { "'\($0.name)' is used at \($0.at)" } + ["'\(Self.shown(name))' again here"]
            var cycle = error("the component '\(Self.shown(name))' uses itself: \(steps.joined(separator: ", then ")); a component cannot contain itself",
                              at: nameNode)
            cycle.namesItsUses = true
            throw cycle
        }
        var values: [String: Node] = [:]
        for argument in arguments {
            guard component.parameter(argument.name) != nil else {
                let names = component.parameters.map(\.name)
                let listed = names.isEmpty ? " (it has no parameters)" : " (its parameters: \(Suggestion.list(names)))"
                throw error("the component '\(Self.shown(name))' has no parameter '\(Self.shown(argument.name))'\(Suggestion.hint(for: argument.name, in: names))\(listed)",
                            at: argument.key)
            }
            values[argument.name] = argument.value
        }
        for parameter in component.parameters where values[parameter.name] == nil {
            guard let value = parameter.defaultValue else {
                let used = component.uses[parameter.name].map { "uses its parameter '\(parameter.name)' at \(location($0)), which" }
                    ?? "needs its parameter '\(parameter.name)', which"
                throw error("the component '\(Self.shown(name))' \(used) has no default (\(location(parameter.nameNode))): give it here, as in '\(parameter.name): …'",
                            at: nameNode)
            }
            values[parameter.name] = value
        }
        let use = location(key)
        context.components.append((name, use))
        defer { context.components.removeLast() }
        // The use and its component's view are one view: the view counts it again.
        collected.viewCount -= 1
        let view = try using(use) { reader -> AnyView in
            let expanded = try reader.substituted(component.view, values)
            return try reader.views(expanded, depth: depth + 1, place: .component).first ?? AnyView(EmptyView())
        }
        return { _ in .view(view) }
    }

    /// How a message about an unknown name ends when definitions failed to read.
    static let incompleteLibrary = "; some definitions could not be read (see the problems above), and it may be among them"

    /// Runs `body`, adding `use` to each problem it notes or throws: they are in a definition,
    /// and the message must also say where it was used.
    mutating func using<T>(_ use: SourceLocation, _ body: (inout SceneReader) throws -> T) throws -> T {
        let mark = collected.problems.count
        defer {
            for index in collected.problems.indices where index >= mark { collected.problems[index] = collected.problems[index].used(at: use) }
        }
        do {
            return try body(&self)
        } catch let problem as SceneError {
            throw problem.used(at: use)
        } catch let stop as Stop {
            throw Stop(problem: stop.problem?.used(at: use))
        }
    }

    /// `view` with the parameters in `values` put in: a text that is `$NAME` alone becomes the
    /// argument as written (a number, a text, a list, a mapping); `${NAME}`, or `$NAME` in a
    /// longer text, the argument's text; `$$` a dollar sign. Keys are left as they are, and the
    /// arguments are not read again for parameters. Every node visited counts against the
    /// `nodes` limit.
    private mutating func substituted(_ view: Node, _ values: [String: Node]) throws -> Node {
        collected.expandedNodes += 1
        guard collected.expandedNodes <= context.limits.expandedNodes else {
            throw stop("the uses of components and the aliases stand for more than \(context.limits.expandedNodes) YAML nodes\(SceneLimits.raise("nodes"))", at: view)
        }
        switch view {
        case .scalar(let scalar):
            guard scalar.string.contains("$") else { return view }
            let pieces = try Self.pieces(of: scalar.string) { error($0, at: view) }
            if pieces.count == 1, case .parameter(let name, braced: false) = pieces[0], let value = values[name] { return value }
            var text = ""
            for piece in pieces {
                switch piece {
                case .text(let part): text += part
                case .parameter(let name, let braced):
                    guard let value = values[name] else {
                        text += braced ? "${\(name)}" : "$" + name
                        continue
                    }
                    guard case .scalar(let argument) = value else {
                        throw error("'\(braced ? "${\(name)}" : "$" + name)' puts the text of '\(name)' into a longer text, but its argument is \(Self.describe(value)); write '$\(name)' as the whole value to put a list or mapping in",
                                    at: view)
                    }
                    text += argument.string
                }
            }
            return .scalar(Node.Scalar(text, scalar.tag, scalar.style, scalar.mark))
        case .mapping(let mapping):
            let pairs = try mapping.map { ($0.key, try substituted($0.value, values)) }
            return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark))
        case .sequence(let sequence):
            return .sequence(Node.Sequence(try sequence.map { try substituted($0, values) }, sequence.tag, sequence.style, sequence.mark))
        case .alias:
            return view
        }
    }

    /// "unknown style 'x'; did you mean …? (styles: …)": the names `known` defines, a hint, and
    /// a note when definitions failed to read.
    func unknownDefinition(_ what: String, name: String, known names: some Collection<String>) -> String {
        let known = names.sorted()
        let listed = known.isEmpty ? "; the scene defines no \(what)s (define them under '\(what)s:' at its top level, or include a file that does)"
            : known.count <= 12 ? " (\(what)s: \(Suggestion.list(known)))" : ""
        return "unknown \(what) '\(Self.shown(name))'\(Suggestion.hint(for: name, in: known))\(listed)\(library.incomplete ? Self.incompleteLibrary : "")"
    }

    /// The modifiers of the styles `node` names (`style: card` or `style: [card, accent]`),
    /// in order, each with where its style is named.
    func styleModifiers(_ node: Node) throws -> [(item: Node, use: Node)] {
        let names: [Node]
        switch node {
        case .scalar where !Self.isNull(node): names = [node]
        case .sequence(let list) where !list.isEmpty: names = Array(list)
        default:
            throw error("'style' names a style of 'styles:', or a list of them, as in 'style: card' or 'style: [card, accent]'; found \(Self.describe(node))", at: node)
        }
        var result: [(item: Node, use: Node)] = []
        for nameNode in names {
            let name = try string(nameNode, ViewEntryKey.style.name)
            guard let style = library.styles[name] else {
                throw error(unknownDefinition("style", name: name, known: library.styles.keys), at: nameNode, see: .reuse)
            }
            result += style.modifiers.map { ($0, nameNode) }
        }
        return result
    }
}
