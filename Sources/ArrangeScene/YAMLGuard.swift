import Arrange
import Foundation

/// A quick scan of YAML text, before it is parsed, for what the parser itself cannot survive.
///
/// - Nesting: the parser builds its tree recursively, so `[[[[…` a hundred thousand deep would
///   exhaust the stack. The scan estimates the depth (flow brackets plus block indentation levels,
///   an over-estimate) and stops at `Limits.syntaxDepth`.
/// - Keys that are not names: the parser checks a mapping for duplicate keys by hashing each key
///   whole, and an alias stands for its anchor's whole node, so a key that holds aliases (`*a :`,
///   `[*a, *a]: x`, `? *a`) could cost billions of steps before anything else is checked. Keys of
///   a scene are names, so an alias, a list or a mapping used as a key, and explicit keys (`? `),
///   are refused where they are written.
///
/// Anchors and aliases elsewhere are accepted: the scan notes where each alias is written, so
/// that `YAMLExpansion` can count what they stand for and say which one went over the limit.
///
/// The scan knows quotes, comments, flow collections and block scalars (`|`, `>`), so a `*` or
/// `&` inside text is not mistaken for an alias.
struct YAMLGuard {
    /// A place in the text as libyaml marks it: line and column from 1, columns in Unicode
    /// scalars, lines of the text itself (not moved down for a Markdown block).
    struct Position: Comparable {
        var line: Int
        var column: Int

        static func < (a: Position, b: Position) -> Bool { (a.line, a.column) < (b.line, b.column) }
    }

    /// What the scan found that reading must expand.
    struct Findings {
        /// Where each alias (`*name`) is written, in document order.
        var aliases: [Position] = []
        /// Whether a merge key (`<<`) may be written.
        var mergeKeys = false

        /// Whether the parsed tree may stand for more than the text shows.
        var expands: Bool { !aliases.isEmpty || mergeKeys }
    }

    /// ',', ']' or '}': what ends an item of a flow collection. A comparison, not an array
    /// literal, since it runs for every byte of a flow collection.
    static func closesFlowItem(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
    }

    @discardableResult
    static func check(_ source: SourceText) throws -> Findings {
        var findings = Findings()
        var lineNumber = 0
        let bytes = source.bytes
        var indents: [Int] = []
        var flowDepth = 0
        var quote: UInt8?
        var blockScalarParent: Int?
        var lineStart = 0

        // Only on an error, so counting from the start of the file costs nothing in a good scene.
        func location(_ offset: Int) -> SourceLocation { source.location(ofByte: offset) }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
        func isBreakOrEnd(_ i: Int, _ end: Int) -> Bool { i >= end || isSpace(bytes[i]) || bytes[i] == 0x0D }
        // libyaml's anchor and alias names: letters, digits, '-' and '_'.
        func isNameByte(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "-") || b == UInt8(ascii: "_")
        }

        while lineStart < bytes.count {
            var end = lineStart
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            defer { lineStart = end + 1 }
            lineNumber += 1
            // Whether a ':' after position `i` (spaces skipped) makes what ends there a key.
            func isKey(after i: Int) -> Bool {
                var k = i
                while k < end, isSpace(bytes[k]) { k += 1 }
                guard k < end, bytes[k] == UInt8(ascii: ":") else { return false }
                // In a flow collection a ':' right after a node is its value indicator.
                return flowDepth > 0 || isBreakOrEnd(k + 1, end)
            }
            func notAName(_ what: String, at offset: Int) -> SceneError {
                SceneError("\(what): keys in a scene are names", at: location(offset))
            }

            var j = lineStart
            var tokenStart = true
            if quote == nil {
                var indent = 0
                while lineStart + indent < end, bytes[lineStart + indent] == 0x20 { indent += 1 }
                let first = lineStart + indent
                let blank = first >= end || bytes[first] == 0x0D || bytes[first] == 0x09 && (first + 1 >= end)
                if let parent = blockScalarParent {
                    if blank || indent > parent { continue }
                    blockScalarParent = nil
                }
                if blank || bytes[first] == UInt8(ascii: "#") || bytes[first] == UInt8(ascii: "%") { continue }
                if flowDepth == 0 {
                    while let last = indents.last, last > indent { indents.removeLast() }
                    if indents.last != indent { indents.append(indent) }
                    if indents.count > Limits.syntaxDepth {
                        throw SceneError("the file nests more than \(Limits.syntaxDepth) levels deep", at: location(first))
                    }
                }
                j = first
                // Document markers.
                if indent == 0, end - first >= 3,
                   bytes[first...].starts(with: Array("---".utf8)) || bytes[first...].starts(with: Array("...".utf8)),
                   isBreakOrEnd(first + 3, end) {
                    j = first + 3
                }
            }

            while j < end {
                let c = bytes[j]
                if let open = quote {
                    if open == UInt8(ascii: "\"") {
                        if c == UInt8(ascii: "\\") { j += 2; continue }
                        if c == open { quote = nil; tokenStart = false }
                    } else if c == open {
                        if j + 1 < end, bytes[j + 1] == open { j += 2; continue }
                        quote = nil
                        tokenStart = false
                    }
                    j += 1
                    continue
                }
                if isSpace(c) || c == 0x0D {
                    if j + 1 < end, bytes[j + 1] == UInt8(ascii: "#") { break }
                    j += 1
                    continue
                }
                let column = j - lineStart
                func push() throws {
                    guard flowDepth == 0 else { return }
                    if let last = indents.last, column <= last { return }
                    indents.append(column)
                    if indents.count + flowDepth > Limits.syntaxDepth {
                        throw SceneError("the file nests more than \(Limits.syntaxDepth) levels deep", at: location(j))
                    }
                }
                func openFlow() throws {
                    flowDepth += 1
                    if indents.count + flowDepth > Limits.syntaxDepth {
                        throw SceneError("the file nests more than \(Limits.syntaxDepth) levels deep", at: location(j))
                    }
                }
                // Asked only of '?', '-' and ':', not of every byte.
                func isIndicatorEnd() -> Bool {
                    isBreakOrEnd(j + 1, end) || flowDepth > 0 && j + 1 < end && Self.closesFlowItem(bytes[j + 1])
                }
                if tokenStart {
                    switch c {
                    case UInt8(ascii: "#"):
                        j = end
                        continue
                    case UInt8(ascii: "&"):
                        // An anchor: its node follows.
                        j += 1
                        while j < end, isNameByte(bytes[j]) { j += 1 }
                        continue
                    case UInt8(ascii: "*"):
                        let start = j
                        j += 1
                        while j < end, isNameByte(bytes[j]) { j += 1 }
                        if isKey(after: j) { throw notAName("an alias (*name) cannot be a key", at: start) }
                        let column = bytes[lineStart..<start].reduce(1) { $1 & 0xC0 != 0x80 ? $0 + 1 : $0 }
                        findings.aliases.append(Position(line: lineNumber, column: column))
                        tokenStart = false
                        continue
                    case UInt8(ascii: "?") where isIndicatorEnd():
                        throw notAName("explicit keys ('? ') are not supported", at: j)
                    case UInt8(ascii: "<") where j + 1 < end && bytes[j + 1] == UInt8(ascii: "<"):
                        findings.mergeKeys = true
                        try push()
                        tokenStart = false
                    case UInt8(ascii: "!"):
                        while j < end, !isSpace(bytes[j]) { j += 1 }
                        continue
                    case UInt8(ascii: "\""), UInt8(ascii: "'"):
                        try push()
                        quote = c
                        tokenStart = false
                    case UInt8(ascii: "|") where flowDepth == 0, UInt8(ascii: ">") where flowDepth == 0:
                        blockScalarParent = indents.last ?? 0
                        j = end
                        continue
                    case UInt8(ascii: "["), UInt8(ascii: "{"):
                        try push()
                        try openFlow()
                    case UInt8(ascii: "]") where flowDepth > 0, UInt8(ascii: "}") where flowDepth > 0:
                        flowDepth -= 1
                        tokenStart = false
                        if isKey(after: j + 1) { throw notAName(c == UInt8(ascii: "]") ? "a list cannot be a key" : "a mapping cannot be a key", at: j) }
                    case UInt8(ascii: ",") where flowDepth > 0:
                        break
                    case UInt8(ascii: "-") where isIndicatorEnd(), UInt8(ascii: ":") where isIndicatorEnd():
                        if c != UInt8(ascii: ":") { try push() }
                    default:
                        try push()
                        tokenStart = false
                    }
                } else {
                    switch c {
                    case UInt8(ascii: ":") where isIndicatorEnd():
                        tokenStart = true
                    case UInt8(ascii: ",") where flowDepth > 0:
                        tokenStart = true
                    case UInt8(ascii: "[") where flowDepth > 0, UInt8(ascii: "{") where flowDepth > 0:
                        try openFlow()
                        tokenStart = true
                    case UInt8(ascii: "]") where flowDepth > 0, UInt8(ascii: "}") where flowDepth > 0:
                        flowDepth -= 1
                        if isKey(after: j + 1) { throw notAName(c == UInt8(ascii: "]") ? "a list cannot be a key" : "a mapping cannot be a key", at: j) }
                    default:
                        break
                    }
                }
                j += 1
            }
        }
        return findings
    }
}
