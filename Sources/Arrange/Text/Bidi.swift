import CUnicode

/// The Unicode bidirectional algorithm (UAX #9) as text layout uses it: a paragraph's direction is
/// decided once, from its first strong character (rules P2 and P3), and every line of it is laid
/// out at that paragraph level; within a line, runs are put in visual order by rule L2.
enum Bidi {
    /// Whether any unit may be right to left: Hebrew starts at U+0590, and nothing below it (nor
    /// outside the surrogates) is.
    static func mayBeRightToLeft(_ units: [UInt16]) -> Bool { units.contains { $0 >= 0x0590 } }

    /// The paragraph's direction from its first strong character; left to right when it has none.
    static func paragraphDirection(_ units: [UInt16]) -> LayoutDirection {
        guard mayBeRightToLeft(units) else { return .leftToRight }
        var levels = [UInt8](repeating: 0, count: units.count)
        let level = units.withUnsafeBufferPointer { text in
            levels.withUnsafeMutableBufferPointer { out in arrange_bidi_levels(text.baseAddress, Int32(text.count), 2, out.baseAddress) }
        }
        return level >= 0 && level % 2 == 1 ? .rightToLeft : .leftToRight
    }

    /// Embedding levels per UTF-16 unit at the given paragraph direction (nil: from the first
    /// strong character); all 0 for left-to-right text without right-to-left characters.
    static func levels(_ units: [UInt16], direction: LayoutDirection?) -> [UInt8] {
        let base: Int32 = switch direction {
        case .leftToRight: 0
        case .rightToLeft: 1
        case nil: 2
        }
        var levels = [UInt8](repeating: base == 1 ? 1 : 0, count: units.count)
        guard base == 1 || mayBeRightToLeft(units) else { return levels }
        let paragraph = units.withUnsafeBufferPointer { text in
            levels.withUnsafeMutableBufferPointer { out in arrange_bidi_levels(text.baseAddress, Int32(text.count), base, out.baseAddress) }
        }
        if paragraph < 0 { levels = [UInt8](repeating: base == 1 ? 1 : 0, count: units.count) }
        return levels
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
