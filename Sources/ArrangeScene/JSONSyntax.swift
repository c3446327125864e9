import Arrange
import Foundation

/// A strict JSON syntax check (RFC 8259) that reports the line and column of the first mistake.
///
/// Scene files in JSON are read through the YAML parser, which accepts more than JSON does
/// (comments, trailing commas, single quotes, bare words); a `.json` file that is not JSON is an
/// error all the same, and it is reported here with JSON's own words. The check is iterative, so
/// no nesting can exhaust the stack; nesting deeper than `Limits.syntaxDepth` is an error.
struct JSONSyntax {
    private let source: SourceText
    private let bytes: [UInt8]
    private var index = 0

    /// Checks `source`; throws the first syntax error.
    /// Checks the document and returns it as the YAML reader should read it: surrogate pairs
    /// written as two `\uXXXX` escapes (RFC 8259's way to write an emoji) become one `\UXXXXXXXX`
    /// escape, which YAML understands; YAML refuses the halves.
    static func check(_ source: SourceText) throws -> String {
        var checker = JSONSyntax(source: source)
        try checker.document()
        guard !checker.pairs.isEmpty else { return source.text }
        var bytes = source.bytes
        for pair in checker.pairs.reversed() {
            bytes.replaceSubrange(pair.range, with: Array(pair.escape.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Surrogate pairs found: their bytes, and the one escape that replaces them.
    private var pairs: [(range: Range<Int>, escape: String)] = []

    private init(source: SourceText) {
        self.source = source
        bytes = source.bytes
    }

    private enum Container { case object, array }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// An error at byte `offset` (the current byte by default). Places are kept as offsets and
    /// turned into lines and columns only here, for the one error a check reports.
    private func error(_ message: String, at offset: Int? = nil) -> SceneError {
        SceneError(message, at: source.location(ofByte: offset ?? index))
    }

    /// Four hex digits after `\\u`, as a number.
    private mutating func hexQuad() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let h = current, let digit = Character(UnicodeScalar(h)).hexDigitValue else {
                throw error("expected four hex digits after \\u")
            }
            value = value * 16 + UInt32(digit)
            advance()
        }
        return value
    }

    private mutating func advance() {
        if index < bytes.count { index += 1 }
    }

    private mutating func skipWhitespace() throws {
        while let c = current {
            switch c {
            case 0x20, 0x09, 0x0A, 0x0D: advance()
            case UInt8(ascii: "/"): throw error("comments are not allowed in JSON; use a YAML scene (.yaml) for comments")
            case UInt8(ascii: "#"): throw error("comments are not allowed in JSON; use a YAML scene (.yaml) for comments")
            default: return
            }
        }
    }

    private func describe(_ byte: UInt8?) -> String {
        guard let byte else { return "the end of the file" }
        if byte >= 0x21, byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
        return "a character that cannot start a JSON value"
    }

    private mutating func document() throws {
        var stack: [Container] = []
        try skipWhitespace()
        try value(&stack)
        while let container = stack.last {
            try skipWhitespace()
            let closing: UInt8 = container == .object ? UInt8(ascii: "}") : UInt8(ascii: "]")
            switch current {
            case closing?:
                advance()
                stack.removeLast()
            case UInt8(ascii: ",")?:
                let comma = index
                advance()
                try skipWhitespace()
                if current == UInt8(ascii: "}") || current == UInt8(ascii: "]") {
                    throw error("a trailing comma is not allowed in JSON: remove this ',' before '\(Character(UnicodeScalar(current ?? 0)))'", at: comma)
                }
                if container == .object { try member() }
                try value(&stack)
            default:
                let what = container == .object ? "',' or '}' after a member of an object" : "',' or ']' after an element of a list"
                throw error("expected \(what), found \(describe(current))")
            }
        }
        try skipWhitespace()
        if current != nil {
            throw error("expected the end of the file after the JSON value, found \(describe(current))")
        }
    }

    /// A key and its colon, the cursor then at the value.
    private mutating func member() throws {
        guard current == UInt8(ascii: "\"") else {
            if current == UInt8(ascii: "'") { throw error("JSON keys are double-quoted: use \"key\", not 'key'") }
            throw error("expected a double-quoted key, found \(describe(current))")
        }
        try string()
        try skipWhitespace()
        guard current == UInt8(ascii: ":") else { throw error("expected ':' after the key, found \(describe(current))") }
        advance()
    }

    /// One value; an object or list is opened on `stack` and its first member read up to its value.
    private mutating func value(_ stack: inout [Container]) throws {
        try skipWhitespace()
        guard let c = current else { throw error("expected a JSON value, found the end of the file") }
        switch c {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let container: Container = c == UInt8(ascii: "{") ? .object : .array
            guard stack.count < Limits.syntaxDepth else {
                throw error("lists and objects nest more than \(Limits.syntaxDepth) deep")
            }
            advance()
            try skipWhitespace()
            let closing: UInt8 = container == .object ? UInt8(ascii: "}") : UInt8(ascii: "]")
            if current == closing {
                advance()
                return
            }
            stack.append(container)
            if container == .object { try member() }
            try value(&stack)
        case UInt8(ascii: "\""):
            try string()
        case UInt8(ascii: "'"):
            throw error("JSON strings are double-quoted: use \"text\", not 'text'")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try number()
        default:
            for word in ["true", "false", "null"] where bytes[index...].starts(with: Array(word.utf8)) {
                for _ in word.utf8 { advance() }
                return
            }
            if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") || c == UInt8(ascii: ",") {
                throw error("expected a JSON value, found \(describe(c))")
            }
            throw error("expected a JSON value (an object, list, \"string\", number, true, false or null), found \(describe(c)); words must be double-quoted strings in JSON")
        }
    }

    private mutating func string() throws {
        let start = index
        advance()
        while let c = current {
            switch c {
            case UInt8(ascii: "\""):
                advance()
                return
            case UInt8(ascii: "\\"):
                advance()
                guard let escape = current else { break }
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                     UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    advance()
                case UInt8(ascii: "u"):
                    let escapeStart = index - 1
                    advance()
                    let value = try hexQuad()
                    if (0xDC00...0xDFFF).contains(value) {
                        throw error("'\\u\(String(value, radix: 16, uppercase: true))' is the second half of a surrogate pair without its first half; write an emoji as both halves, as in \\uD83D\\uDE00",
                                    at: escapeStart)
                    }
                    if (0xD800...0xDBFF).contains(value) {
                        guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("'\\u\(String(value, radix: 16, uppercase: true))' is the first half of a surrogate pair; the second half (\\uDC00 to \\uDFFF) must follow it",
                                        at: escapeStart)
                        }
                        advance()
                        advance()
                        let low = try hexQuad()
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw error("'\\u\(String(value, radix: 16, uppercase: true))' is the first half of a surrogate pair; the second half (\\uDC00 to \\uDFFF) must follow it",
                                        at: escapeStart)
                        }
                        let scalar = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                        let hex = String(scalar, radix: 16, uppercase: true)
                        pairs.append((escapeStart..<index, "\\U" + String(repeating: "0", count: 8 - hex.count) + hex))
                    }
                default:
                    throw error("'\\\(Character(UnicodeScalar(escape)))' is not a JSON escape; use \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX")
                }
            case 0x00..<0x20:
                guard c == 0x0A else {
                    throw error("a control character in a JSON string must be escaped (\\t, \\n, \\uXXXX)")
                }
                let opened = source.location(ofByte: start)
                throw error("the string is not closed before the end of the line (started at line \(opened.line), column \(opened.column))")
            default:
                advance()
            }
        }
        throw error("the string is not closed: expected '\"' before the end of the file", at: start)
    }

    private mutating func number() throws {
        func digits() -> Int {
            var count = 0
            while let c = current, c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") {
                advance()
                count += 1
            }
            return count
        }
        if current == UInt8(ascii: "-") { advance() }
        if current == UInt8(ascii: "0") {
            advance()
            if let c = current, c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") {
                throw error("numbers in JSON have no leading zeros")
            }
        } else if digits() == 0 {
            throw error("expected a digit in the number, found \(describe(current))")
        }
        if current == UInt8(ascii: ".") {
            advance()
            guard digits() > 0 else { throw error("expected a digit after the decimal point") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard digits() > 0 else { throw error("expected a digit in the exponent") }
        }
    }
}
