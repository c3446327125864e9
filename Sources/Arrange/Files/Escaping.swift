import Foundation

/// Text from outside (a file name, a path, a scene's string) as a message may show it: control
/// characters and the invisible direction overrides written as escapes (`\u{1B}`), so that a name
/// can neither steer the reader's terminal nor disguise itself.
public enum TerminalText {
    /// `text` with every control character, line or paragraph separator and bidirectional
    /// override written as `\u{…}`; with `limit`, cut after that many characters, then "…".
    public static func escaped(_ text: String, limit: Int? = nil) -> String {
        var out = ""
        var count = 0
        for character in text {
            if let limit, count == limit {
                out += "…"
                break
            }
            count += 1
            for scalar in character.unicodeScalars {
                switch scalar.value {
                case 0..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                default:
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// `text` escaped line by line: its line feeds kept, as messages of several lines have them.
    public static func escapedLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }.joined(separator: "\n")
    }
}

/// Text from a user or a file written into markup (SVG, HTML, JUnit XML) or a link: the one set of
/// rules every writer shares, so that an SVG, a report and a Markdown page cannot disagree about
/// what a character becomes.
public enum XMLEscaping {
    /// What one character becomes in escaped text.
    public enum Replacement: Sendable {
        /// Written as it is.
        case keep
        /// Left out: XML 1.0 forbids it.
        case drop
        /// Written as this entity.
        case entity(StaticString)
    }

    /// What `scalar` becomes in XML character data or an attribute value: the five special
    /// characters become entities, and the characters XML 1.0 forbids (control characters but tab,
    /// line feed and carriage return; U+FFFE, U+FFFF) are dropped. Inlinable so that SVG output,
    /// which escapes every text run, writes its bytes without a call per character.
    @inlinable public static func replacement(for scalar: Unicode.Scalar) -> Replacement {
        switch scalar.value {
        case 0x26: .entity("&amp;")
        case 0x3C: .entity("&lt;")
        case 0x3E: .entity("&gt;")
        case 0x22: .entity("&quot;")
        case 0x27: .entity("&apos;")
        case 0x09, 0x0A, 0x0D: .keep
        case ..<0x20: .drop
        // Swift's scalars are never surrogates, the other characters XML forbids.
        case 0xFFFE, 0xFFFF: .drop
        default: .keep
        }
    }

    /// `text` escaped for XML character data and attribute values (`replacement(for:)`), so
    /// nothing a user writes can add markup or break the document.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch replacement(for: scalar) {
            case .keep: out.unicodeScalars.append(scalar)
            case .drop: continue
            case .entity(let entity): out += entity.description
            }
        }
        return out
    }

    /// `text` written back as markup it was parsed from: every character kept (a sanitised SVG
    /// must mean what it meant), `&`, `<`, `>` and the carriage return (which a parser would turn
    /// into a line feed) as references, and in an attribute also the quote and the tab and line
    /// feed its value would otherwise lose to white-space normalisation.
    static func markup(_ text: String, attribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "\t" where attribute: out += "&#9;"
            case "\n" where attribute: out += "&#10;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// A file path as a relative URL reference to that file, as SVG image links and Markdown
    /// image links name files: bytes a URL path cannot hold as they are (spaces, `%`, `#`, `?`,
    /// quotes, angle brackets, non-ASCII…) percent-encoded, and `./` in front of a name that
    /// would otherwise read as a scheme (`c:`, `javascript:`), `.` in front of one that would name
    /// a host (`//host/…`). Not yet XML-escaped.
    public static func linkReference(_ path: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in path.utf8 {
            if isPathByte(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            }
        }
        var reference = String(decoding: bytes, as: UTF8.self)
        if reference.hasPrefix("//") {
            reference = "." + reference
        } else if reference.prefix(while: { $0 != "/" }).contains(":") {
            reference = "./" + reference
        }
        return reference
    }

    /// RFC 3986's `pchar` without `%` (which is always encoded), and `/`.
    private static func isPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~!$&'()*+,;=:@/".utf8.contains(byte)
        }
    }
}

/// Text written into Markdown: an image link's alternative text and destination.
public enum MarkdownEscaping {
    /// `text` as the alternative text of an image link: on one line (line breaks, tabs and other
    /// control characters become spaces), with the characters Markdown would read as markup
    /// (brackets, backslashes, code spans, HTML and entities) escaped by a backslash.
    public static func altText(_ text: String) -> String {
        var out = ""
        // By characters, so that "\r\n" is one line break and one space.
        for character in text {
            if character.isNewline || character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                out += " "
            } else if "\\[]<>`&*_!".contains(character) {
                out += "\\" + String(character)
            } else {
                out.append(character)
            }
        }
        return out.trimmingCharacters(in: .whitespaces)
    }

    /// A relative path as a Markdown link destination: `XMLEscaping.linkReference`, and also the
    /// parentheses, which could end the destination, and `&`, which Markdown would read as the
    /// start of an entity, percent-encoded.
    public static func linkDestination(_ path: String) -> String {
        var out = ""
        for character in XMLEscaping.linkReference(path) {
            switch character {
            case "(": out += "%28"
            case ")": out += "%29"
            case "&": out += "%26"
            default: out.append(character)
            }
        }
        return out
    }
}
