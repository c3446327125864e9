import Foundation

/// Escaping of user text for SVG (XML): the five special characters become entities, and
/// characters XML 1.0 forbids (most control characters) are dropped, so nothing a scene says can
/// add markup or break the document.
public enum SVGEscaping {
    /// `text` escaped for XML character data and attribute values.
    public static func escape(_ text: String) -> String {
        let buffer = SVGBuffer(capacity: text.utf8.count)
        buffer.write(escaping: text)
        return buffer.string
    }

    /// A file path as a relative URL reference to that file: percent-encoded where a URL path
    /// cannot hold a byte as it is, and never read as a scheme or a host (`./` or `.` in front),
    /// as SVG image links are written. Not yet XML-escaped.
    public static func linkReference(_ path: String) -> String { SVGWriter.linkReference(path) }
}

/// Numbers as SVG writes them: at most four decimals (or as many as asked, up to nine), rounded
/// half away from zero, no trailing zeros, no "-0" and never an exponent, so that 0.1 stays
/// "0.1", 26.666666 becomes "26.6667" and 1e-7 becomes "0". NaN and infinities, which no
/// drawable item has, are written "0". Magnitudes beyond about 1e15 are written in full without
/// decimals rather than trapping.
public enum SVGNumber {
    /// `value` with at most four decimals.
    public static func format(_ value: CGFloat) -> String { format(value, decimals: 4) }

    /// `value` with at most `decimals` decimals (0 to 9).
    public static func format(_ value: CGFloat, decimals: Int) -> String {
        let buffer = SVGBuffer(capacity: 24)
        buffer.write(number: value, decimals: decimals)
        return buffer.string
    }
}
