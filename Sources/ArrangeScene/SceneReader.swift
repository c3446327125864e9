import Arrange
import Foundation
import Yams

/// Reads values out of a parsed YAML tree, checking each against what the scene format expects
/// and drawing random values from the scene's generator as it goes.
///
/// Values are read in document order (mappings entry by entry, lists item by item), so random
/// draws happen in the order they are written and the same seed always gives the same picture.
///
/// The reading functions are extensions in files named after what they read: `NumberReading`,
/// `ValueReading`, `PaintReading`, `FontReading` and `InputFiles` for values; `ViewReading` for
/// view mappings; `ViewKinds`, `ContainerKinds`, `ImageReading`, `IconReading` and `GeometryReading`
/// for view kinds; `ModifierKinds`, `LayoutModifiers`, `DrawingModifiers` and `ConnectorReading` for
/// modifiers; `SceneAnimation` for keyframes.
struct SceneReader {
    /// What flows down the tree: the file, its limits and what is set for a subtree.
    var context: ReadingContext

    /// The scene's seeded generator: `random` colours and `{random: [low, high]}` numbers. It is
    /// neither passed down nor a result: every draw advances it, in document order.
    var generator: SeededGenerator

    /// What reading gathers: counts, problems, and what the scene uses.
    var collected = ReadingCollector()

    /// The styles and components the scene may use, read before its view, and the files their
    /// nodes were written in.
    var library = SceneLibrary()

    /// Ends reading at once: a limit was reached (going on would only repeat the problem, or
    /// cost the time the limit protects), or enough problems were found.
    struct Stop: Error {
        /// The problem that stopped reading; nil when the cap on problems was reached.
        let problem: SceneError?
    }

    init(_ context: ReadingContext, seed: UInt64) {
        self.context = context
        generator = SeededGenerator(seed: seed)
    }

    // MARK: Locations and errors

    /// Where `node` is written: in the file it was included from, or in the scene.
    func location(_ node: Node) -> SourceLocation {
        if let file = library.files.file(of: node) { return SourceLocation(node, in: file) }
        var location = SourceLocation(node, in: context.file)
        location.line += context.lineOffset
        return location
    }

    /// The file `node` is written in: paths in it are relative to that file's folder.
    func file(of node: Node) -> String {
        library.files.file(of: node) ?? context.file
    }

    /// An error at `node`, ending with the section of docs/scene-format.md to read: `section`'s,
    /// else that of the mapping being read (a message that already names one keeps it).
    func error(_ message: String, at node: Node, see section: FormatSection? = nil) -> SceneError {
        let see = message.contains(" (see \(FormatSection.file)#") ? "" : (section ?? context.section).seeAlso
        return SceneError(message + see, at: location(node))
    }

    /// An error that ends reading: a limit of `Limits` was reached. It names the limit, not a
    /// section of the format.
    func stop(_ message: String, at node: Node) -> Stop {
        Stop(problem: limitError(message, at: node))
    }

    /// An error about a limit (`SceneLimits.raise`): its message ends with how to raise the
    /// limit, not with a section of the format.
    func limitError(_ message: String, at node: Node) -> SceneError {
        SceneError(message, at: location(node))
    }

    /// Records a problem and lets reading go on, unless it is the last one reported. A problem
    /// met again (in each copy of a repeated view) is recorded once.
    mutating func note(_ problem: SceneError) throws {
        collected.problemsMet += 1
        guard !collected.problems.contains(problem) else { return }
        collected.problems.append(problem)
        if collected.problems.count >= SceneError.maximumReported { throw Stop(problem: nil) }
    }

    /// User text as a message may show it: at most 80 characters (then "…"), with control
    /// characters written as escapes (`\u{1B}`), so a scene can neither flood nor steer the
    /// reader's terminal.
    static func shown(_ text: String) -> String {
        TerminalText.escaped(text, limit: 80)
    }

    /// How a value reads in a message: "the number 12", "a list", "the text 'wide'".
    static func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain {
                if Self.isNull(node) { return "nothing (null)" }
                if scalar.string == "true" || scalar.string == "false" { return "\(scalar.string)" }
                if case .number = Self.numberLiteral(scalar.string) { return "the number \(scalar.string)" }
            }
            return "the text '\(shown(scalar.string))'"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    static func isNull(_ node: Node) -> Bool {
        guard case .scalar(let scalar) = node, scalar.style == .plain else { return false }
        // A switch, not an array literal's `contains`: it runs for most values read.
        switch scalar.string {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    /// The text of each of a mapping's keys, in order, as Yams' `string` gives it but read
    /// straight from a scalar: `string` first copies the node to look inside a mapping, and the
    /// reader asks this of every key of every view.
    static func keyTexts(of mapping: Node.Mapping) -> [String?] {
        mapping.positions.map { position in
            let key = mapping[position].key
            if case .scalar(let scalar) = key { return scalar.string }
            return key.string
        }
    }

    // MARK: Mappings

    /// A mapping's entries in document order, keys typed by `Key`. Keys must be scalars; each must
    /// be a case of `Key`, else the error names the nearest one. `context` names the mapping in
    /// messages: "'frame'", "the parameters of 'hstack'".
    func entries<Key: MappingKey>(_ node: Node, in context: String, as _: Key.Type = Key.self) throws -> [MappingEntry<Key>] {
        guard case .mapping(let mapping) = node else {
            throw error("\(context) must be a mapping of \(Suggestion.list(Key.names)), found \(Self.describe(node))", at: node)
        }
        var result: [MappingEntry<Key>] = []
        for index in mapping.positions {
            let (keyNode, value) = mapping[index]
            guard case .scalar(let scalar) = keyNode else {
                throw error("keys in \(context) must be names, found \(Self.describe(keyNode))", at: keyNode)
            }
            guard let key = Key(rawValue: scalar.string) else {
                // A view's own key indented under its parameters: the commonest YAML slip.
                if context.hasPrefix("the parameters of"), ViewEntryKey(rawValue: scalar.string) != nil {
                    throw error("unknown key '\(scalar.string)' in \(context)\(Suggestion.expected(scalar.string, in: Key.names)); '\(scalar.string)' belongs to the view, not to its parameters: dedent it to line up with the view's kind",
                                at: keyNode, see: .views)
                }
                // A key of another mapping is no typo: say where it goes instead of what it is near.
                let places = MisplacedKeys.places(of: scalar.string, apartFrom: Key.names)
                let hint = MisplacedKeys.clause(for: places).map { "; \($0)" + Suggestion.expected(Key.names) }
                    ?? Suggestion.expected(scalar.string, in: Key.names)
                throw error("unknown key '\(Self.shown(scalar.string))' in \(context)\(hint)", at: keyNode, see: MisplacedKeys.section(for: places))
            }
            result.append(MappingEntry(key: key, keyNode: keyNode, value: value))
        }
        return result
    }
}

extension Node.Mapping {
    /// Its positions, to read its pairs by index (`mapping[index]`) in the loops every view and
    /// parameter goes through: Yams' own iterator first copies every pair into a new array.
    var positions: Range<Int> { startIndex ..< endIndex }
}
