import Arrange
import Foundation

/// Escaping of user text for SVG: the core's `XMLEscaping`, by the name SVG output has always
/// given it.
public typealias SVGEscaping = XMLEscaping

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
