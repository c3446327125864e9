import Arrange
import Foundation
import Yams

/// Reads values out of a parsed YAML tree, checking each against what the scene format expects
/// and drawing random values from the scene's generator as it goes.
///
/// Values are read in document order (mappings entry by entry, lists item by item), so random
/// draws happen in the order they are written and the same seed always gives the same picture.
struct SceneReader {
    /// What flows down the tree: the file, its limits and what is set for a subtree.
    var context: ReadingContext
    /// The scene's seeded generator: `random` colours and `{random: [low, high]}` numbers. It is
    /// neither passed down nor a result: every draw advances it, in document order.
    var generator: SeededGenerator
    /// What reading gathers: counts, problems, and what the scene uses.
    var collected = ReadingCollector()

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

    func location(_ node: Node) -> SourceLocation {
        var location = SourceLocation(node, in: context.file)
        location.line += context.lineOffset
        return location
    }

    func error(_ message: String, at node: Node) -> SceneError {
        SceneError(message, at: location(node))
    }

    /// An error that ends reading: a limit of `Limits` was reached.
    func stop(_ message: String, at node: Node) -> Stop {
        Stop(problem: error(message, at: node))
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
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
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
        for (keyNode, value) in mapping {
            guard case .scalar(let scalar) = keyNode else {
                throw error("keys in \(context) must be names, found \(Self.describe(keyNode))", at: keyNode)
            }
            guard let key = Key(rawValue: scalar.string) else {
                // A view's own key indented under its parameters: the commonest YAML slip.
                var hint = ""
                if context.hasPrefix("the parameters of"), ViewEntryKey(rawValue: scalar.string) != nil {
                    hint = "; '\(scalar.string)' belongs to the view, not to its parameters: dedent it to line up with the view's kind"
                }
                throw error("unknown key '\(Self.shown(scalar.string))' in \(context)\(Suggestion.expected(scalar.string, in: Key.names))\(hint)",
                            at: keyNode)
            }
            result.append(MappingEntry(key: key, keyNode: keyNode, value: value))
        }
        return result
    }

    // MARK: Numbers

    /// What numbers a parameter accepts.
    enum NumberRule {
        /// Any finite number.
        case finite
        /// A finite number ≥ 0.
        case nonNegative
        /// A number ≥ 0, or infinity.
        case nonNegativeOrInfinity
        /// A finite number > 0.
        case positive
        /// A number in 0...1.
        case unit

        var expectation: String {
            switch self {
            case .finite: "a number"
            case .nonNegative: "a number ≥ 0"
            case .nonNegativeOrInfinity: "a number ≥ 0 or 'infinity'"
            case .positive: "a number > 0"
            case .unit: "a number from 0 to 1"
            }
        }

        func accepts(_ value: Double) -> Bool {
            switch self {
            case .finite: value.isFinite
            case .nonNegative: value.isFinite && value >= 0
            case .nonNegativeOrInfinity: value >= 0
            case .positive: value.isFinite && value > 0
            case .unit: value >= 0 && value <= 1
            }
        }
    }

    enum Literal: Equatable {
        case number(Double)
        case nan
        case notANumber
    }

    /// A number as written in YAML or JSON: decimal with optional fraction and exponent, or
    /// YAML's `.inf`/`-.inf` and the word `infinity` (JSON has no infinity). `.nan` and `nan` are
    /// recognised only to be refused with a clear message.
    static func numberLiteral(_ text: String) -> Literal {
        let lowered = text.lowercased()
        switch lowered {
        case ".inf", "+.inf", "inf", "+inf", "infinity", "+infinity": return .number(.infinity)
        case "-.inf", "-inf", "-infinity": return .number(-.infinity)
        case ".nan", "nan", "-nan", "+nan": return .nan
        default: break
        }
        var scalars = Substring(lowered)
        if scalars.first == "+" || scalars.first == "-" { scalars = scalars.dropFirst() }
        guard let first = scalars.first, first.isASCII, first.isNumber || first == "." else { return .notANumber }
        guard scalars.allSatisfy({ $0.isASCII && ($0.isNumber || "._e+-".contains($0)) }),
              let value = Double(lowered.replacingOccurrences(of: "_", with: "")) else { return .notANumber }
        return .number(value)
    }

    /// A number for `name`; `{random: [low, high]}` draws one from the generator.
    mutating func number(_ node: Node, _ name: String, _ rule: NumberRule) throws -> Double {
        try number(node, label: "'\(name)'", rule, random: true)
    }

    /// A number that may not be random.
    mutating func constantNumber(_ node: Node, _ name: String, _ rule: NumberRule) throws -> Double {
        try number(node, label: "'\(name)'", rule, random: false)
    }

    /// A number described as `label` in messages.
    private mutating func number(_ node: Node, label: String, _ rule: NumberRule, random allowsRandom: Bool) throws -> Double {
        let accepted = allowsRandom ? "\(rule.expectation) or {random: [low, high]}" : rule.expectation
        let value: Double
        switch node {
        case .mapping where allowsRandom:
            value = try random(node, label, rule)
        case .scalar(let scalar):
            let literal = Self.numberLiteral(scalar.string)
            // Quoted text is a number only for the words JSON cannot write bare.
            let wordOnly = scalar.style != .plain
            switch literal {
            case .number(let v) where !wordOnly || v.isInfinite:
                value = v
            case .nan:
                throw error("\(label) is NaN (not a number); expected \(rule.expectation)", at: node)
            default:
                throw error("\(label) expects \(accepted), found \(Self.describe(node))", at: node)
            }
        default:
            throw error("\(label) expects \(accepted), found \(Self.describe(node))", at: node)
        }
        if value.isFinite, abs(value) > Limits.magnitude {
            throw error("\(label) is \(Self.format(value)); numbers in a scene are at most \(Self.format(Limits.magnitude)) in size", at: node)
        }
        guard rule.accepts(value) else {
            throw error("\(label) must be \(rule.expectation), found \(Self.format(value))", at: node)
        }
        return value
    }

    /// `{random: [low, high]}`: a uniform draw from `SeededGenerator.next(in:)`.
    private mutating func random(_ node: Node, _ label: String, _ rule: NumberRule) throws -> Double {
        var range: (low: Node, high: Node, node: Node)?
        for entry in try entries(node, in: label, as: RandomKey.self) {
            switch entry.key {
            case .random:
                guard case .sequence(let bounds) = entry.value, bounds.count == 2 else {
                    throw error("'random' takes a list of two numbers, [low, high]; found \(Self.describe(entry.value))", at: entry.value)
                }
                range = (bounds[0], bounds[1], entry.value)
            }
        }
        guard let range else {
            throw error("\(label) expects \(rule.expectation) or {random: [low, high]}, found an empty mapping", at: node)
        }
        let low = try number(range.low, label: "the low bound of \(label)", rule, random: false)
        let high = try number(range.high, label: "the high bound of \(label)", rule, random: false)
        guard low.isFinite, high.isFinite else {
            throw error("the bounds of 'random' must be finite numbers", at: range.node)
        }
        guard low <= high else {
            throw error("'random' needs low ≤ high, found [\(Self.format(low)), \(Self.format(high))]", at: range.node)
        }
        return generator.next(in: low...high)
    }

    /// A whole number in `range`, not random.
    func integer(_ node: Node, _ name: String, _ range: ClosedRange<Int>) throws -> Int {
        guard case .scalar(let scalar) = node, scalar.style == .plain, let value = Int(scalar.string) else {
            throw error("'\(name)' expects a whole number from \(range.lowerBound) to \(range.upperBound), found \(Self.describe(node))", at: node)
        }
        guard range.contains(value) else {
            throw error("'\(name)' must be from \(range.lowerBound) to \(range.upperBound), found \(value)", at: node)
        }
        return value
    }

    static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "infinity" : "-infinity" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    // MARK: Other scalars

    func bool(_ node: Node, _ name: String) throws -> Bool {
        if case .scalar(let scalar) = node, scalar.style == .plain {
            switch scalar.string {
            case "true", "True", "TRUE": return true
            case "false", "False", "FALSE": return false
            default: break
            }
        }
        throw error("'\(name)' expects true or false, found \(Self.describe(node))", at: node)
    }

    /// Counts code points of text against `Limits.textScalars`, and refuses a character made of
    /// more than `Limits.scalarsPerCharacter` code points.
    mutating func countText(_ text: String, at node: Node) throws {
        collected.textCharacters += text.unicodeScalars.count
        guard collected.textCharacters <= context.limits.textScalars else {
            throw stop("the scene has more than \(context.limits.textScalars) code points of text (copies made by 'repeat' included)\(SceneLimits.raise("text"))", at: node)
        }
        // Grapheme breaking of a giant cluster is itself slow: look at runs of combining code
        // points first, and only then at characters.
        var run = 0
        for scalar in text.unicodeScalars {
            run = scalar.properties.canonicalCombiningClass.rawValue != 0 || scalar.properties.generalCategory == .nonspacingMark
                || scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value) ? run + 1 : 0
            if run >= Limits.scalarsPerCharacter {
                throw error("the text has a character of more than \(Limits.scalarsPerCharacter) code points (a letter with \(run) or more combining marks); at most \(Limits.scalarsPerCharacter)", at: node)
            }
        }
    }

    /// Text: any scalar, as written (a number or word reads as its text).
    func string(_ node: Node, _ name: String) throws -> String {
        guard case .scalar(let scalar) = node, !Self.isNull(node) else {
            throw error("'\(name)' expects text, found \(Self.describe(node))", at: node)
        }
        return scalar.string
    }

    /// One of the names of `choices`.
    func choice<T>(_ node: Node, _ name: String, _ choices: KeyValuePairs<String, T>) throws -> T {
        let names = choices.map(\.key)
        guard case .scalar(let scalar) = node, !Self.isNull(node) else {
            throw error("'\(name)' expects \(Suggestion.list(names)), found \(Self.describe(node))", at: node)
        }
        if let match = choices.first(where: { $0.key == scalar.string }) { return match.value }
        throw error("'\(name)' cannot be '\(Self.shown(scalar.string))'\(Suggestion.expected(scalar.string, in: names))",
                    at: node)
    }

    // MARK: Alignment

    static let horizontalAlignments: KeyValuePairs<String, HorizontalAlignment> = [
        "leading": .leading, "center": .center, "trailing": .trailing,
    ]
    static let verticalAlignments: KeyValuePairs<String, VerticalAlignment> = [
        "top": .top, "center": .center, "bottom": .bottom,
        "firstTextBaseline": .firstTextBaseline, "lastTextBaseline": .lastTextBaseline,
    ]
    static let alignments: KeyValuePairs<String, Alignment> = [
        "center": .center, "leading": .leading, "trailing": .trailing, "top": .top, "bottom": .bottom,
        "topLeading": .topLeading, "topTrailing": .topTrailing, "bottomLeading": .bottomLeading,
        "bottomTrailing": .bottomTrailing,
        "centerFirstTextBaseline": .centerFirstTextBaseline, "centerLastTextBaseline": .centerLastTextBaseline,
        "leadingFirstTextBaseline": .leadingFirstTextBaseline, "leadingLastTextBaseline": .leadingLastTextBaseline,
        "trailingFirstTextBaseline": .trailingFirstTextBaseline, "trailingLastTextBaseline": .trailingLastTextBaseline,
    ]

    func horizontalAlignment(_ node: Node, _ name: String = "alignment") throws -> HorizontalAlignment {
        try choice(node, name, Self.horizontalAlignments)
    }

    func verticalAlignment(_ node: Node, _ name: String = "alignment") throws -> VerticalAlignment {
        try choice(node, name, Self.verticalAlignments)
    }

    func alignment(_ node: Node, _ name: String = "alignment") throws -> Alignment {
        try choice(node, name, Self.alignments)
    }

    // MARK: Colours

    /// A colour: a name (`blue`), `#rgb`/`#rrggbb`/`#rrggbbaa`, `random`, `{red:, green:, blue:,
    /// opacity:}`, `{white:, opacity:}` or `{color: <colour>, opacity:}` (SwiftUI's
    /// `color.opacity(x)`).
    mutating func color(_ node: Node, _ name: String) throws -> Color {
        switch node {
        case .scalar(let scalar) where !Self.isNull(node):
            let text = scalar.string
            if text == "random" { return Color.random(using: &generator) }
            if let named = Color.named[text] { return named }
            if text.hasPrefix("#") {
                guard let color = Color(hex: text) else {
                    throw error("'\(text)' is not a hex colour; write #rgb, #rrggbb or #rrggbbaa", at: node)
                }
                return color
            }
            let names = Color.named.keys.sorted() + ["random"]
            throw error("'\(name)' cannot be '\(Self.shown(text))'\(Suggestion.hint(for: text, in: names)) (expected a colour: a name (\(Suggestion.list(names))), a hex colour like '#ff8800', or a mapping like {red: 1, green: 0.5, blue: 0})",
                        at: node)
        case .mapping:
            let entries = try entries(node, in: "the colour '\(name)'", as: ColorKey.self)
            var red: Double?, green: Double?, blue: Double?, white: Double?, base: Color?, opacity = 1.0
            for entry in entries {
                switch entry.key {
                case .red: red = try number(entry.value, entry.name, .unit)
                case .green: green = try number(entry.value, entry.name, .unit)
                case .blue: blue = try number(entry.value, entry.name, .unit)
                case .white: white = try number(entry.value, entry.name, .unit)
                case .color: base = try color(entry.value, entry.name)
                case .opacity: opacity = try number(entry.value, entry.name, .unit)
                }
            }
            // Which of the three forms: every key but opacity must belong to one of them.
            let keys = entries.map(\.key).filter { $0 != .opacity }
            if let base, keys == [.color] { return base.opacity(opacity) }
            if let white, keys == [.white] { return Color(white: white, opacity: opacity) }
            if let red, let green, let blue, Set(keys) == [.red, .green, .blue] {
                return Color(red: red, green: green, blue: blue, opacity: opacity)
            }
            throw error("a colour mapping takes red, green and blue (and opacity), or white (and opacity), or color (and opacity); found \(keys.isEmpty ? "only opacity" : Suggestion.list(keys.map(\.name)))",
                        at: node)
        default:
            // An unquoted hex colour is a YAML comment, so the value reads as null.
            let hint = Self.isNull(node) ? "; YAML reads an unquoted '#' as the start of a comment, so quote a hex colour, as in \(name): \"#ff0000\"" : ""
            throw error("'\(name)' expects a colour (a name like 'blue', '#rrggbb', 'random' or {red:, green:, blue:}), found \(Self.describe(node))\(hint)",
                        at: node)
        }
    }

    // MARK: Fonts

    static let textStyles: KeyValuePairs<String, Font.TextStyle> = [
        "largeTitle": .largeTitle, "title": .title, "title2": .title2, "title3": .title3,
        "headline": .headline, "subheadline": .subheadline, "body": .body, "callout": .callout,
        "footnote": .footnote, "caption": .caption, "caption2": .caption2,
    ]
    static let weights: KeyValuePairs<String, Font.Weight> = [
        "ultraLight": .ultraLight, "thin": .thin, "light": .light, "regular": .regular, "medium": .medium,
        "semibold": .semibold, "bold": .bold, "heavy": .heavy, "black": .black,
    ]
    static let designs: KeyValuePairs<String, Font.Design> = [
        "default": .default, "serif": .serif, "rounded": .rounded, "monospaced": .monospaced,
    ]

    /// A font: a text style (`largeTitle`, `body`, …) or `{style:|size:, weight:, design:,
    /// italic:}`.
    mutating func font(_ node: Node, _ name: String = "font") throws -> Font {
        if case .scalar = node {
            return .system(try choice(node, name, Self.textStyles))
        }
        var style: Font.TextStyle?, size: Double?, weight: Font.Weight?, design = Font.Design.default, italic = false
        var family: String?
        for entry in try entries(node, in: "'\(name)'", as: FontKey.self) {
            switch entry.key {
            case .style: style = try choice(entry.value, entry.name, Self.textStyles)
            case .size:
                let value = try number(entry.value, entry.name, .positive)
                guard Limits.fontSizes.contains(value) else {
                    throw error("a font 'size' must be from \(Self.format(Limits.fontSizes.lowerBound)) to \(Self.format(Limits.fontSizes.upperBound)) points, found \(Self.format(value))", at: entry.value)
                }
                size = value
            case .weight: weight = try choice(entry.value, entry.name, Self.weights)
            case .design: design = try choice(entry.value, entry.name, Self.designs)
            case .italic: italic = try bool(entry.value, entry.name)
            case .family:
                let name = try string(entry.value, entry.name)
                guard !name.trimmingCharacters(in: .whitespaces).isEmpty, name.count <= 200 else {
                    throw error("'family' names a font family, as in {family: Inter, size: 17}", at: entry.value)
                }
                family = name
                collected.fontFamilies.append((name, location(entry.value)))
            }
        }
        if style != nil, size != nil {
            throw error("a font has either a 'style' or a 'size', not both", at: node)
        }
        var font: Font
        if let size {
            font = .system(size: size, weight: weight ?? .regular, design: design)
        } else {
            font = .system(style ?? .body, design: design, weight: weight)
        }
        if let family {
            let resolvedSize = font.size
            let resolvedWeight = font.weight
            font = Font.custom(family, size: resolvedSize).weight(resolvedWeight)
            font.design = design
        }
        if italic { font = font.italic() }
        return font
    }
}

extension SceneReader {
    /// `fonts:` — a font file or folder, or a list of them, relative to the scene file's folder
    /// (to the current folder for standard input): each font file found, checked by the read
    /// policy (inside the allowed folders once links are resolved, a regular file).
    mutating func fontSources(_ node: Node, relativeTo file: String) throws -> [(url: URL, location: SourceLocation)] {
        let items: [Node]
        if case .sequence(let list) = node { items = Array(list) } else { items = [node] }
        var sources: [(url: URL, location: SourceLocation)] = []
        for item in items {
            let path = try string(item, "fonts")
            guard !path.isEmpty else { throw error("'fonts' lists font files or folders, as in fonts: [fonts/Inter.ttf]", at: item) }
            let files: [String]
            do {
                files = try fontInputs(in: Self.path(path, relativeTo: file))
            } catch var refusal {
                if refusal.path.hasSuffix(path) { refusal.path = path }
                throw self.error("the font \(refusal)", at: item)
            }
            guard !files.isEmpty else { throw self.error("the folder '\(Self.shown(path))' holds no font files (.ttf, .otf, .ttc, .otc)", at: item) }
            for file in files where !sources.contains(where: { $0.url.path == file }) {
                sources.append((URL(fileURLWithPath: file), location(item)))
            }
        }
        return sources
    }

    /// The most font files one `fonts` entry may bring.
    static let fontFileLimit = 1_000

    /// `path` as the scene wrote it, made absolute from the scene's folder.
    static func path(_ path: String, relativeTo file: String) -> String {
        path.hasPrefix("/") ? path : folder(of: file).appendingPathComponent(path).path
    }

    /// What this scene may read: the read policy of its limits, for its folder. Private, so that
    /// every file a scene reads goes through `readInput` or `fontInputs` and is recorded.
    private var readScope: ReadScope {
        context.limits.readPolicy.scope(sceneFolder: context.file.hasPrefix("<") ? nil : Self.folder(of: context.file).path)
    }

    /// The bytes of the file at `path`, through the read policy, recorded as an input.
    mutating func readInput(_ path: String, limit: Int) throws(ReadRefusal) -> Data {
        let (real, data) = try readScope.readFile(path, limit: limit)
        collected.inputs.insert(real)
        return data
    }

    /// The font files of the file or folder at `path`, through the read policy, each recorded as
    /// an input, and a folder as a folder searched.
    mutating func fontInputs(in path: String) throws(ReadRefusal) -> [String] {
        let scope = readScope
        let files = try scope.fontFiles(in: path, limit: Self.fontFileLimit)
        collected.inputs.formUnion(files)
        if let resolved = try? scope.resolve(path, folders: true), resolved.kind == .folder { collected.inputFolders.insert(resolved.path) }
        return files
    }
}
