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
