import Arrange
import Foundation

/// The bytes of an SVG document as it is written. Everything is appended in place, numbers and
/// colours included, so drawing an item builds no intermediate strings and makes no per-byte
/// checks beyond one capacity test: that is what makes a large list (10,000 boxes) cheap to write.
///
/// A class, because it owns the memory it allocates and frees it in `deinit`; each render makes
/// its own buffers and never shares them.
final class SVGBuffer {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The bytes written so far.
    private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 64)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    var isEmpty: Bool { count == 0 }

    /// Forgets the bytes and keeps the memory.
    func removeAll() { count = 0 }

    /// Makes room for `extra` more bytes.
    @inline(__always) private func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private func grow(to needed: Int) {
        let larger = max(needed, capacity * 2)
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        storage.initialize(from: start, count: count)
        start.deallocate()
        start = storage
        capacity = larger
    }

    private func append(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        UnsafeMutableRawPointer(start + count).copyMemory(from: base, byteCount: bytes.count)
        count += bytes.count
    }

    @inline(__always) func write(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        // Most literals are a few bytes, copied inline.
        if length <= 16, text.hasPointerRepresentation {
            reserve(length)
            // A copy of a constant length, which the compiler turns into a few moves.
            UnsafeMutableRawPointer(start + count).copyMemory(from: text.utf8Start, byteCount: length)
            count += length
        } else {
            text.withUTF8Buffer { append(UnsafeRawBufferPointer($0)) }
        }
    }

    /// ` x="…" y="…" width="…" height="…"`: where an element, a filter region or a `<use>` lies.
    func write(frame: CGRect) {
        write(" x=\"")
        write(number: frame.minX)
        write("\" y=\"")
        write(number: frame.minY)
        write("\" width=\"")
        write(number: frame.width)
        write("\" height=\"")
        write(number: frame.height)
        write(byte: UInt8(ascii: "\""))
    }

    /// Text known to need no escaping: numbers made elsewhere, ids, glyph outlines, base64.
    func write(text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    func write(_ other: SVGBuffer) {
        append(UnsafeRawBufferPointer(start: other.start, count: other.count))
    }

    @inline(__always) func write(byte: UInt8) {
        reserve(1)
        start[count] = byte
        count += 1
    }

    /// Two spaces a level, so nested groups read as nested.
    func indent(_ depth: Int) {
        guard depth > 0 else { return }
        reserve(2 * depth)
        (start + count).initialize(repeating: UInt8(ascii: " "), count: 2 * depth)
        count += 2 * depth
    }

    /// `value` in decimal, `minimumDigits` long at least (with leading zeros).
    func write(integer value: UInt64, minimumDigits: Int = 1) {
        // Coordinates are mostly one to four digits: those are counted by comparison alone.
        // Past that, counting up by multiplying is quicker than dividing down; 10^19 is the last
        // power below UInt64's limit.
        var digits: Int, limit: UInt64
        if value < 100 {
            (digits, limit) = value < 10 ? (1, 10) : (2, 100)
        } else {
            (digits, limit) = value < 1_000 ? (3, 1_000) : (4, 10_000)
        }
        while digits < 20, value >= limit {
            digits += 1
            limit &*= 10
        }
        digits = max(digits, min(minimumDigits, 20))
        reserve(digits)
        // Right to left, two digits a division, through a local pointer: stores through the
        // buffer's own fields would make the compiler reload them after every byte.
        let first = start + count
        var cursor = first + digits, remaining = value
        let pairs = Self.digitPairs.utf8Start
        while remaining >= 100 {
            let pair = Int(truncatingIfNeeded: remaining % 100) &* 2
            remaining /= 100
            cursor -= 2
            cursor[0] = pairs[pair]
            cursor[1] = pairs[pair &+ 1]
        }
        if remaining >= 10 {
            let pair = Int(truncatingIfNeeded: remaining) &* 2
            cursor -= 2
            cursor[0] = pairs[pair]
            cursor[1] = pairs[pair &+ 1]
        } else {
            cursor -= 1
            cursor[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining)
        }
        // What `minimumDigits` asks beyond the value's own digits.
        while cursor > first {
            cursor -= 1
            cursor[0] = UInt8(ascii: "0")
        }
        count += digits
    }

    /// "00" to "99", the two digits of each number below 100 (a literal: no table to build).
    @inline(__always) private static var digitPairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    func write(integer value: Int) {
        if value < 0 { write(byte: UInt8(ascii: "-")) }
        write(integer: UInt64(value.magnitude))
    }

    /// `value` as `SVGNumber.format(value)` describes it: at most four decimals.
    func write(number value: CGFloat) {
        write(Double(value), decimals: 4, power: 1e4)
    }

    /// `value` as `SVGNumber.format(value, decimals:)` describes it.
    func write(number value: CGFloat, decimals: Int) {
        let decimals = min(max(decimals, 0), 9)
        write(Double(value), decimals: decimals, power: Self.power(decimals))
    }

    /// Inlined into the two callers, so that four decimals divides by a constant.
    @inline(__always) private func write(_ value: Double, decimals: Int, power: Double) {
        // |value| × 10^decimals, rounded half away from zero. Truncating and comparing the
        // remainder, exact below 2^53 (above, every double is whole), gives the digits
        // `rounded()` would without a call into libm.
        let scaled = (value * power).magnitude
        guard scaled < 9e18 else {
            if scaled.isFinite {
                // Past what UInt64 holds; only hostile input gets here, so Foundation may print it.
                write(text: String(format: "%.0f", value))
            } else {
                write(byte: UInt8(ascii: "0"))
            }
            return
        }
        var magnitude = UInt64(scaled)
        if scaled - Double(magnitude) >= 0.5 { magnitude += 1 }
        // What rounds to 0 is "0", never "-0".
        guard magnitude > 0 else {
            write(byte: UInt8(ascii: "0"))
            return
        }
        if value < 0 { write(byte: UInt8(ascii: "-")) }
        // Dividing by a constant is a multiplication; four decimals is the usual case.
        let unit = UInt64(power)
        let whole = magnitude / unit
        var fraction = magnitude % unit
        write(integer: whole)
        guard fraction > 0 else { return }
        if decimals == 4, fraction == 5_000 {
            // Half points, the centre lines of 1-pt borders, are the usual fraction.
            write(".5")
            return
        }
        write(byte: UInt8(ascii: "."))
        var width = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        write(integer: fraction, minimumDigits: width)
    }

    /// 10^decimals for 0...9, each exact in a Double.
    @inline(__always) static func power(_ decimals: Int) -> Double {
        switch decimals {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        default: 1e9
        }
    }

    /// `#rrggbb`, each channel rounded to 8 bits as `Color.hexRGB` does.
    func write(hex color: Color) {
        reserve(7)
        let output = start + count
        let hex = Self.hexPairs.utf8Start
        output[0] = UInt8(ascii: "#")
        var pair = Self.byte(channel: color.red) &* 2
        output[1] = hex[pair]
        output[2] = hex[pair &+ 1]
        pair = Self.byte(channel: color.green) &* 2
        output[3] = hex[pair]
        output[4] = hex[pair &+ 1]
        pair = Self.byte(channel: color.blue) &* 2
        output[5] = hex[pair]
        output[6] = hex[pair &+ 1]
        count += 7
    }

    /// A channel at 8 bits.
    @inline(__always) private static func byte(channel: Double) -> Int {
        // Clamped so that a component set out of range (or NaN) cannot trap; rounded half up,
        // which for these non-negative values is `rounded()`.
        let scaled = channel > 0 ? min(channel, 1) * 255 : 0
        var value = Int(scaled)
        if scaled - Double(value) >= 0.5 { value += 1 }
        return value
    }

    /// "00" to "ff", the two hex digits of each byte (a literal: no table to build).
    @inline(__always) private static var hexPairs: StaticString {
        "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9fa0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"
    }

    /// User text as XML character data or an attribute value, by `XMLEscaping`'s rule: nothing a
    /// user writes can add markup. ASCII is written byte by byte, the rest encoded as UTF-8.
    func write(escaping text: String) {
        for scalar in text.unicodeScalars {
            switch XMLEscaping.replacement(for: scalar) {
            case .keep:
                if scalar.isASCII {
                    write(byte: UInt8(scalar.value))
                } else {
                    UTF8.encode(scalar) { write(byte: $0) }
                }
            case .drop: continue
            case .entity(let entity): write(entity)
            }
        }
    }

    /// The bytes as a string. Everything written is valid UTF-8, so nothing is replaced.
    var string: String { Self.string(self) }

    /// Several buffers one after another as one string, copied once.
    static func string(_ parts: SVGBuffer...) -> String {
        let total = parts.reduce(0) { $0 + $1.count }
        return String(unsafeUninitializedCapacity: total) { output in
            guard let base = output.baseAddress else { return 0 }
            var offset = 0
            for part in parts {
                (base + offset).initialize(from: part.start, count: part.count)
                offset += part.count
            }
            return offset
        }
    }
}
