import CUnicode
import Foundation

/// Where a line may end, as browsers decide it, so that text wraps where a web page with the same
/// font would wrap it (docs/layout-rules.md §2.2):
///
/// - after a run of spaces (the spaces stay on the line that ends and hang past its edge);
/// - between two printable ASCII characters, only by a fixed table that browsers share: after
///   "-" (not before a digit unless a letter or digit comes before the "-") and "?", and before
///   "(", "<", "[", "{" after closing punctuation. So "well-known" breaks after the hyphen, while
///   "/" in paths and URLs offers no break;
/// - wherever a non-ASCII character is involved (dashes, CJK, no-break space…), by Unicode's line
///   breaking algorithm (UAX #14) through ICU.
///
/// A word longer than the line breaks between grapheme clusters; that is the line breaker's job,
/// not this table's.
enum LineBreaks {
    /// `result[i]` is true where a line may end before UTF-16 unit `i` (the end, `count`, always).
    static func opportunities(_ units: [UInt16]) -> [Bool] {
        let count = units.count
        var result = [Bool](repeating: false, count: count + 1)
        guard count > 0 else { return result }
        result[count] = true
        var unicode: [UInt8] = []
        if units.contains(where: needsUnicodeRules) {
            unicode = [UInt8](repeating: 0, count: count + 1)
            let status = units.withUnsafeBufferPointer { text in
                unicode.withUnsafeMutableBufferPointer { out in arrange_line_breaks(text.baseAddress, Int32(count), out.baseAddress) }
            }
            if status != 0 { unicode = [] }
        }
        for i in 1..<count {
            let before = units[i - 1], after = units[i]
            if isSpace(after) { continue }
            if isSpace(before) {
                result[i] = true
                continue
            }
            if breaksBetween(i > 1 ? units[i - 2] : 0, before, after) {
                result[i] = true
                continue
            }
            if !unicode.isEmpty, needsUnicodeRules(before) || needsUnicodeRules(after) {
                result[i] = unicode[i] != 0
            }
        }
        return result
    }

    /// Spaces a line can end in; they hang past the line's edge.
    static func isSpace(_ unit: UInt16) -> Bool { unit == 0x20 || unit == 0x09 }

    /// Beyond ASCII (the no-break space excepted) the browser table has no say.
    static func needsUnicodeRules(_ unit: UInt16) -> Bool { unit > 0x7F && unit != 0xA0 }

    /// The browsers' ASCII pair rule.
    static func breaksBetween(_ beforeBefore: UInt16, _ before: UInt16, _ after: UInt16) -> Bool {
        // "-" before a digit may be a minus sign: break only in "ABC-123" or "123-456".
        if before == 0x2D, isDigit(after) { return isDigit(beforeBefore) || isLetter(beforeBefore) }
        guard (0x21...0x7F).contains(before), (0x21...0x7F).contains(after) else { return false }
        switch before {
        case 0x2D: return afterHyphen.contains(after)
        case 0x3F: return afterQuestionMark.contains(after)
        default: return closing.contains(before) && opening.contains(after)
        }
    }

    static func isDigit(_ unit: UInt16) -> Bool { (0x30...0x39).contains(unit) }
    static func isLetter(_ unit: UInt16) -> Bool { (0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit) }

    private static func set(_ characters: String) -> Set<UInt16> { Set(characters.utf16) }
    private static let letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    /// What may start a line after "-".
    private static let afterHyphen = set("\"#%&'(*+-<=>@[\\^_`{|~" + letters).union([0x7F])
    /// What may start a line after "?".
    private static let afterQuestionMark = set("#$%&(*+-0123456789<=>@[\\^_`{|~" + letters)
    /// Characters after which an opening bracket may start a line.
    private static let closing = set("!\"#%&)*+,.:;=>\\]|}~")
    private static let opening = set("(<[{")
}
