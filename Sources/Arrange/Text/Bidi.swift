import CUnicode

/// The Unicode bidirectional algorithm (UAX #9) as text layout uses it: a paragraph's levels are
/// resolved once, its direction from its first strong character (rules P2 and P3), before it is
/// broken into lines; each line is shaped with its slice of those levels, and its runs are put
/// in visual order by rule L2.
enum Bidi {
    /// A paragraph's resolved levels.
    struct Paragraph {
        /// The embedding level of each UTF-16 unit.
        var levels: [UInt8]
        /// 0 for a left-to-right paragraph, 1 for a right-to-left one.
        var level: UInt8
    }

    /// Whether any unit may be right to left: Hebrew starts at U+0590, and nothing below it (nor
    /// outside the surrogates) is.
    static func mayBeRightToLeft(_ units: [UInt16]) -> Bool { units.contains { $0 >= 0x0590 } }

    /// The levels of a paragraph, its direction from its first strong character; nil for a
    /// paragraph with no right-to-left character, which is left to right throughout.
    static func paragraph(_ units: [UInt16]) -> Paragraph? {
        guard mayBeRightToLeft(units) else { return nil }
        var levels = [UInt8](repeating: 0, count: units.count)
        let level = units.withUnsafeBufferPointer { text in
            levels.withUnsafeMutableBufferPointer { out in arrange_bidi_levels(text.baseAddress, Int32(text.count), 2, out.baseAddress) }
        }
        guard level >= 0 else { return nil }
        return Paragraph(levels: levels, level: UInt8(level % 2))
    }

    /// Embedding levels per UTF-16 unit of `units` taken as a paragraph of its own; all 0 for
    /// text without right-to-left characters.
    static func levels(_ units: [UInt16]) -> [UInt8] {
        paragraph(units)?.levels ?? [UInt8](repeating: 0, count: units.count)
    }

    /// Rule L2: from the highest level down to the lowest odd one, reverses every run of items at
    /// that level or above, turning reading order into visual order.
    static func reorder<Item>(_ items: inout [Item], level: (Item) -> UInt8) {
        guard let highest = items.map(level).max(), highest > 0 else { return }
        let lowest = items.map(level).min() ?? 0
        let lowestOdd = lowest % 2 == 1 ? lowest : lowest + 1
        var current = highest
        while current >= lowestOdd {
            var index = 0
            while index < items.count {
                guard level(items[index]) >= current else {
                    index += 1
                    continue
                }
                var end = index
                while end < items.count, level(items[end]) >= current { end += 1 }
                items[index..<end].reverse()
                index = end
            }
            current -= 1
        }
    }
}
