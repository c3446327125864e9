import Foundation

/// The inline Markdown that SwiftUI reads in a `Text` made from a string literal
/// (`LocalizedStringKey`), as CommonMark and GitHub's strikethrough define it
/// (docs/layout-rules.md §2.2): `**strong**` and `__strong__` in bold, `*emphasis*` and
/// `_emphasis_` in italic, a code span in backticks in the monospaced face, `~~strike~~` struck through,
/// `[text](destination)` in the accent colour, and backslash escapes of ASCII punctuation.
/// Anything else stays as written: unclosed markers, block syntax (headings, lists), images,
/// HTML, entities.
///
/// Safe on any input: one pass to find the tokens, the CommonMark delimiter algorithm (bounded
/// by its openers-bottom table) to pair them, no recursion, so nesting depth costs nothing. A
/// link's destination is dropped: it is never fetched nor written anywhere.
enum InlineMarkdown {
    /// The style a stretch of parsed text carries.
    struct Style: Hashable, Sendable {
        var bold = false
        var italic = false
        var code = false
        var strikethrough = false
        var link = false
    }

    /// A stretch of text in one style.
    struct Span: Hashable, Sendable {
        var text: String
        var style: Style
    }

    /// The accent colour links are drawn in: SwiftUI's default tint, systemBlue (#007AFF).
    static let linkColor = Color.blue

    /// The pieces a Markdown string draws, each span turned into a piece's style.
    static func pieces(_ source: String, verbatim: [Range<Int>] = []) -> [TextPiece] {
        // Most literals hold no markup character at all; they are one plain piece, which the
        // parse would give too after a scan of every scalar (a quarter of a text-heavy scene's
        // layout time went there: views' content is built during layout).
        if !source.isEmpty, !source.utf8.contains(where: markupBytes.contains) { return [TextPiece(source)] }
        return parsedPieces(source, verbatim: verbatim)
    }

    /// The ASCII characters that can start or end markup: backslash escapes, code spans, emphasis,
    /// strikethrough and links.
    private static let markupBytes: Set<UInt8> = Set("\\`*_~[]".utf8)

    /// `pieces` without the plain-text shortcut.
    static func parsedPieces(_ source: String, verbatim: [Range<Int>] = []) -> [TextPiece] {
        parse(source, verbatim: verbatim).map { span in
            var style = TextRunStyle()
            if span.style.bold { style.bold = true }
            if span.style.italic { style.italic = true }
            if span.style.code { style.monospaced = true }
            if span.style.strikethrough { style.strikethrough = TextDecoration(isActive: true, color: nil) }
            if span.style.link { style.color = linkColor }
            return TextPiece(span.text, style: style)
        }
    }

    private enum Mark { case bold, italic, strikethrough, link }

    /// A token: literal text, or a run of delimiter characters.
    private struct Node {
        var text: [Unicode.Scalar]
        var code = false
        /// For a delimiter run: its character and how many of it are left.
        var delimiter: Unicode.Scalar?
        var count = 0
        var originalCount = 0
        var canOpen = false
        var canClose = false
        /// Styles that end before its text and start after it.
        var ends: [Mark] = []
        var begins: [Mark] = []
    }

    /// Parses `source`; the scalars in `verbatim` (offsets in scalars, from interpolated values)
    /// are text whatever they hold.
    static func parse(_ source: String, verbatim: [Range<Int>] = []) -> [Span] {
        let scalars = Array(source.unicodeScalars)
        let count = scalars.count
        var literal = [Bool](repeating: false, count: count)
        for range in verbatim { for i in range.clamped(to: 0..<count) { literal[i] = true } }
        func isMarkup(_ i: Int) -> Bool { i >= 0 && i < count && !literal[i] }

        // Where each backtick run starts, by length, so a code span finds its closing run
        // without scanning the rest of the text again.
        var runsByLength: [Int: [Int]] = [:]
        var i = 0
        while i < count {
            if scalars[i] == "`", isMarkup(i), i == 0 || scalars[i - 1] != "\\" || !isMarkup(i - 1) {
                var j = i
                while j < count, scalars[j] == "`", isMarkup(j) { j += 1 }
                runsByLength[j - i, default: []].append(i)
                i = j
            } else {
                i += 1
            }
        }
        var nextRun: [Int: Int] = [:]
        // Where the next ")" or white space is, for link destinations (linear in total).
        var stop = [Int](repeating: count, count: count + 1)
        if count > 0 {
            for k in stride(from: count - 1, through: 0, by: -1) {
                let s = scalars[k]
                stop[k] = (s == ")" || s == "(" || s.properties.isWhitespace) ? k : stop[k + 1]
            }
        }

        var nodes: [Node] = []
        var delimiters: [Int] = []   // node indices of delimiter runs and "[" brackets, in order
        var brackets: [(node: Int, delimiterCount: Int, active: Bool)] = []
        var text: [Unicode.Scalar] = []
        func flush() {
            if !text.isEmpty { nodes.append(Node(text: text)); text.removeAll() }
        }
        func category(_ k: Int) -> (space: Bool, punctuation: Bool) {
            guard k >= 0, k < count else { return (true, false) }
            if !isMarkup(k) { return (false, false) }
            let s = scalars[k]
            if s.properties.isWhitespace { return (true, false) }
            switch s.properties.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
                 .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
                return (false, true)
            default:
                return (false, false)
            }
        }

        i = 0
        while i < count {
            let s = scalars[i]
            guard isMarkup(i) else {
                text.append(s)
                i += 1
                continue
            }
            if s == "\\", i + 1 < count, isMarkup(i + 1), scalars[i + 1].isASCII, category(i + 1).punctuation || "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".unicodeScalars.contains(scalars[i + 1]) {
                text.append(scalars[i + 1])
                i += 2
                continue
            }
            if s == "`" {
                var j = i
                while j < count, scalars[j] == "`", isMarkup(j) { j += 1 }
                let length = j - i
                // The next run of the same length after this one closes the span.
                let starts = runsByLength[length] ?? []
                var position = nextRun[length] ?? 0
                while position < starts.count, starts[position] <= i { position += 1 }
                nextRun[length] = position
                if position < starts.count {
                    let close = starts[position]
                    var content = Array(scalars[j..<close]).map { $0 == "\n" ? " " : $0 }
                    if content.count >= 2, content.first == " ", content.last == " ", content.contains(where: { $0 != " " }) {
                        content = Array(content.dropFirst().dropLast())
                    }
                    flush()
                    nodes.append(Node(text: content, code: true))
                    i = close + length
                } else {
                    text.append(contentsOf: scalars[i..<j])
                    i = j
                }
                continue
            }
            if s == "*" || s == "_" || s == "~" {
                var j = i
                while j < count, scalars[j] == s, isMarkup(j) { j += 1 }
                let length = j - i
                let before = category(i - 1), after = category(j)
                let left = !after.space && (!after.punctuation || before.space || before.punctuation)
                let right = !before.space && (!before.punctuation || after.space || after.punctuation)
                var open = left, close = right
                if s == "_" {
                    open = left && (!right || before.punctuation)
                    close = right && (!left || after.punctuation)
                }
                if s == "~", length > 2 { open = false; close = false }
                flush()
                nodes.append(Node(text: Array(scalars[i..<j]), delimiter: s, count: length, originalCount: length, canOpen: open, canClose: close))
                if open || close { delimiters.append(nodes.count - 1) }
                i = j
                continue
            }
            if s == "[" {
                flush()
                nodes.append(Node(text: ["["]))
                brackets.append((nodes.count - 1, delimiters.count, true))
                i += 1
                continue
            }
            if s == "]", let opener = brackets.last {
                brackets.removeLast()
                // A link: "](" then a destination without spaces, then ")".
                if opener.active, i + 1 < count, scalars[i + 1] == "(", isMarkup(i + 1) {
                    let end = stop[i + 2]
                    if end < count, scalars[end] == ")", isMarkup(end) {
                        flush()
                        pair(&nodes, &delimiters, above: opener.delimiterCount)
                        nodes[opener.node].text = []
                        nodes[opener.node].begins.append(.link)
                        nodes.append(Node(text: [], ends: [.link]))
                        // No links inside links.
                        for k in brackets.indices { brackets[k].active = false }
                        i = end + 1
                        continue
                    }
                }
                text.append(s)
                i += 1
                continue
            }
            text.append(s)
            i += 1
        }
        flush()
        pair(&nodes, &delimiters, above: 0)

        // Styles by counting what is open: no stack, so nesting depth costs nothing.
        var open: [Mark: Int] = [:]
        var spans: [Span] = []
        for node in nodes {
            for mark in node.ends { open[mark, default: 0] -= 1 }
            let remaining = node.delimiter == nil ? node.text : Array(repeating: node.text.first ?? " ", count: node.count)
            if !remaining.isEmpty {
                var style = Style(bold: open[.bold, default: 0] > 0, italic: open[.italic, default: 0] > 0, code: node.code,
                                  strikethrough: open[.strikethrough, default: 0] > 0, link: open[.link, default: 0] > 0)
                if node.code { style.code = true }
                var string = ""
                string.unicodeScalars.append(contentsOf: remaining)
                if let last = spans.last, last.style == style {
                    spans[spans.count - 1].text += string
                } else {
                    spans.append(Span(text: string, style: style))
                }
            }
            for mark in node.begins { open[mark, default: 0] += 1 }
        }
        return spans
    }

    /// CommonMark's "process emphasis" over the delimiter runs from position `bottom` of
    /// `delimiters` on: each closer is paired with the nearest opener of its character (strong
    /// when both have two or more), the rule of three applied; delimiters between a pair become
    /// text. The openers-bottom table keeps it from searching the same openers twice. The
    /// delimiters it looked at are removed.
    private static func pair(_ nodes: inout [Node], _ delimiters: inout [Int], above bottom: Int) {
        guard bottom < delimiters.count else { return }
        let stack = Array(delimiters[bottom...])
        // A doubly linked list over `stack`, so removed runs are never visited again.
        var previous = Array(-1..<(stack.count - 1)), next = Array(1...stack.count)
        func unlink(_ k: Int) {
            if previous[k] >= 0 { next[previous[k]] = next[k] }
            if next[k] < stack.count { previous[next[k]] = previous[k] }
        }
        // The lowest position an opener for a closer of this kind may be found at.
        var openersBottom: [String: Int] = [:]
        var current = 0
        while current < stack.count {
            let closerNode = stack[current]
            let closer = nodes[closerNode]
            guard closer.canClose, closer.count > 0, let character = closer.delimiter else {
                current = next[current]
                continue
            }
            let key = "\(character)\(closer.canOpen)\(closer.originalCount % 3)"
            let floor = openersBottom[key] ?? -1
            var found: Int?
            var k = previous[current]
            while k > floor {
                let opener = nodes[stack[k]]
                if opener.canOpen, opener.count > 0, opener.delimiter == character {
                    let ruleOfThree = (opener.canClose || closer.canOpen) && (opener.originalCount + closer.originalCount) % 3 == 0
                        && !(opener.originalCount % 3 == 0 && closer.originalCount % 3 == 0)
                    let tildes = character != "~" || opener.count == closer.count
                    if !ruleOfThree && tildes { found = k; break }
                }
                k = previous[k]
            }
            guard let openerIndex = found else {
                openersBottom[key] = previous[current]
                let following = next[current]
                if !closer.canOpen { unlink(current) }
                current = following
                continue
            }
            let openerNode = stack[openerIndex]
            let use: Int
            let mark: Mark
            if character == "~" {
                use = closer.count
                mark = .strikethrough
            } else {
                use = closer.count >= 2 && nodes[openerNode].count >= 2 ? 2 : 1
                mark = use == 2 ? .bold : .italic
            }
            nodes[openerNode].count -= use
            nodes[closerNode].count -= use
            nodes[openerNode].begins.append(mark)
            nodes[closerNode].ends.append(mark)
            // The runs between become text: out of the list.
            next[openerIndex] = current
            previous[current] = openerIndex
            if nodes[openerNode].count == 0 { unlink(openerIndex) }
            if nodes[closerNode].count == 0 {
                let following = next[current]
                unlink(current)
                current = following
            }
        }
        delimiters.removeSubrange(bottom...)
    }
}

/// A string literal in a `Text`, read as SwiftUI reads it: as the key of a localised string
/// (Arrange has no string tables, so the key is the text) whose inline Markdown is interpreted
/// (docs/layout-rules.md §2.2). Interpolated values are inserted as written: Markdown in them is
/// not read. SwiftUI formats interpolated floating-point numbers with `%lf` ("3.500000");
/// Arrange writes them as Swift's `description` does ("3.5").
public struct LocalizedStringKey: Equatable, Hashable, Sendable, ExpressibleByStringInterpolation {
    /// The text, and where in it (in Unicode scalars) interpolated values lie.
    let key: String
    let arguments: [Range<Int>]

    /// A key made from a string held in a variable, as SwiftUI's `LocalizedStringKey(_:)`: its
    /// Markdown is read.
    public init(_ value: String) {
        key = value
        arguments = []
    }

    /// A key written as a string literal.
    public init(stringLiteral value: String) { self.init(value) }

    /// A key written as a literal with interpolated values.
    public init(stringInterpolation: StringInterpolation) {
        key = stringInterpolation.key
        arguments = stringInterpolation.arguments
    }

    /// Collects a literal's parts: text as written, and values that Markdown does not touch.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var key = ""
        var arguments: [Range<Int>] = []
        var length = 0

        /// An empty key, ready for the literal's parts.
        public init(literalCapacity: Int, interpolationCount: Int) {}

        /// Adds text from the literal.
        public mutating func appendLiteral(_ literal: String) {
            key += literal
            length += literal.unicodeScalars.count
        }

        /// Adds a string value, shown as written.
        public mutating func appendInterpolation(_ string: String) {
            let scalars = string.unicodeScalars.count
            key += string
            arguments.append(length..<(length + scalars))
            length += scalars
        }

        /// Adds a text's characters, shown as written. SwiftUI keeps an interpolated `Text`'s
        /// styles; Arrange keeps its characters only: join styled texts with `+` instead.
        public mutating func appendInterpolation(_ text: Text) {
            appendInterpolation(text.string)
        }

        /// Adds any other value as its description.
        public mutating func appendInterpolation<T>(_ value: T) {
            appendInterpolation(String(describing: value))
        }
    }

    /// The pieces the key draws.
    var pieces: [TextPiece] { InlineMarkdown.pieces(key, verbatim: arguments) }
}

extension Text {
    /// Text from a string literal, as SwiftUI's `init(_:tableName:bundle:comment:)`: its inline
    /// Markdown is read (`**bold**`, `*italic*`, a code span in backticks, `~~strike~~`, `[link](url)`;
    /// docs/layout-rules.md §2.2). Arrange has no string tables: `tableName`, `bundle` and
    /// `comment` are accepted and ignored. Use `Text(verbatim:)` for a literal shown as written.
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        self.init(pieces: key.pieces)
    }

    /// Text whose Markdown is read: the scene format's `markdown: true`.
    init(markdown: String) { self.init(pieces: InlineMarkdown.pieces(markdown)) }
}
