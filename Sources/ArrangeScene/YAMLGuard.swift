import Arrange
import Foundation

/// A quick scan of YAML text, before it is parsed, for what the parser itself cannot survive.
///
/// - Nesting: the parser builds its tree recursively, so `[[[[…` a hundred thousand deep would
///   exhaust the stack. The scan estimates the depth (flow brackets plus block indentation levels,
///   an over-estimate) and stops at `Limits.syntaxDepth`.
/// - Anchors and aliases (`&name`, `*name`): an alias repeats a whole subtree, so a few lines of
///   aliases to aliases stand for billions of nodes (and the parser hashes mapping keys whole).
///   Scenes have `repeat:` for copies, so anchors and aliases are refused where they are written.
///
/// The scan knows quotes, comments, flow collections and block scalars (`|`, `>`), so a `*` or
/// `&` inside text is not mistaken for an alias.
struct YAMLGuard {
    static func check(_ source: SourceText) throws {
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

        while lineStart < bytes.count {
            var end = lineStart
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            defer { lineStart = end + 1 }

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
                let isIndicatorEnd = isBreakOrEnd(j + 1, end)
                    || flowDepth > 0 && j + 1 < end && [UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")].contains(bytes[j + 1])
                if tokenStart {
                    switch c {
                    case UInt8(ascii: "#"):
                        j = end
                        continue
                    case UInt8(ascii: "&"), UInt8(ascii: "*"):
                        throw SceneError("YAML \(c == UInt8(ascii: "&") ? "anchors (&name)" : "aliases (*name)") are not supported in scenes, because an alias can stand for an unbounded copy; write the view out, or use 'repeat:' for copies",
                                         at: location(j))
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
                    case UInt8(ascii: ",") where flowDepth > 0:
                        break
                    case UInt8(ascii: "-") where isIndicatorEnd, UInt8(ascii: "?") where isIndicatorEnd, UInt8(ascii: ":") where isIndicatorEnd:
                        if c != UInt8(ascii: ":") { try push() }
                    default:
                        try push()
                        tokenStart = false
                    }
                } else {
                    switch c {
                    case UInt8(ascii: ":") where isIndicatorEnd:
                        tokenStart = true
                    case UInt8(ascii: ",") where flowDepth > 0:
                        tokenStart = true
                    case UInt8(ascii: "[") where flowDepth > 0, UInt8(ascii: "{") where flowDepth > 0:
                        try openFlow()
                        tokenStart = true
                    case UInt8(ascii: "]") where flowDepth > 0, UInt8(ascii: "}") where flowDepth > 0:
                        flowDepth -= 1
                    default:
                        break
                    }
                }
                j += 1
            }
        }
    }
}
