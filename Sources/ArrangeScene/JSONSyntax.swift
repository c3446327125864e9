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
    static func check(_ source: SourceText) throws {
        var checker = JSONSyntax(source: source)
        try checker.document()
    }

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
                    advance()
                    for _ in 0..<4 {
                        guard let h = current, (Character(UnicodeScalar(h))).isHexDigit else {
                            throw error("expected four hex digits after \\u")
                        }
                        advance()
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
