import Arrange
import ArrangeSVG
import Foundation
import Testing

/// The hand-written number writer: fixed decimals, rounded half away from zero, no trailing
/// zeros, no "-0", never an exponent. Every expected string is worked out by hand in the comment
/// beside it, from the value times 10^decimals.
@Suite struct SVGNumberFormatTests {
    @Test func wholeNumbers() {
        #expect(SVGNumber.format(0) == "0")
        #expect(SVGNumber.format(-0.0) == "0")
        #expect(SVGNumber.format(7) == "7")
        #expect(SVGNumber.format(10) == "10")
        #expect(SVGNumber.format(100) == "100")
        #expect(SVGNumber.format(-12) == "-12")
        #expect(SVGNumber.format(3846) == "3846")
        #expect(SVGNumber.format(123_456_789) == "123456789")
        // 2^53 + 2 is whole and exact.
        #expect(SVGNumber.format(9_007_199_254_740_994) == "9007199254740994")
    }

    @Test func fractionsLoseTheirTrailingZeros() {
        #expect(SVGNumber.format(0.5) == "0.5")
        #expect(SVGNumber.format(-0.5) == "-0.5")
        #expect(SVGNumber.format(9.5) == "9.5")
        #expect(SVGNumber.format(3772.5) == "3772.5")
        #expect(SVGNumber.format(0.25) == "0.25")
        #expect(SVGNumber.format(0.125) == "0.125")
        // 0.0625 × 10^4 = 625: the fraction needs its leading zero back.
        #expect(SVGNumber.format(0.0625) == "0.0625")
        // 0.05 is a hair over 1/20; × 10^4 it is 500 in doubles: a fraction of "05".
        #expect(SVGNumber.format(0.05) == "0.05")
        #expect(SVGNumber.format(-1.75) == "-1.75")
        #expect(SVGNumber.format(0.1) == "0.1")
        // 0.1 + 0.2 is 0.30000000000000004; × 10^4 rounds to 3000.
        #expect(SVGNumber.format(0.1 + 0.2) == "0.3")
    }

    @Test func roundingIsHalfAwayFromZeroAtTheFourthDecimal() {
        // 26.666666666 × 10^4 = 266666.67 → 266667.
        #expect(SVGNumber.format(26.666666666) == "26.6667")
        #expect(SVGNumber.format(-26.666666666) == "-26.6667")
        // 0.03125 × 10^4 = 312.5 exactly → 313, away from zero on both sides.
        #expect(SVGNumber.format(0.03125) == "0.0313")
        #expect(SVGNumber.format(-0.03125) == "-0.0313")
        // 0.99999 × 10^4 = 9999.9 → 10000: the carry reaches the whole part.
        #expect(SVGNumber.format(0.99999) == "1")
        #expect(SVGNumber.format(1.00001) == "1")
    }

    @Test func tinyValuesAreZeroWithoutASign() {
        #expect(SVGNumber.format(1e-7) == "0")
        #expect(SVGNumber.format(-1e-7) == "0")
        #expect(SVGNumber.format(-0.00001) == "0")
        // 0.00004 × 10^4 = 0.4 → 0.
        #expect(SVGNumber.format(0.00004) == "0")
        #expect(SVGNumber.format(.leastNonzeroMagnitude) == "0")
        #expect(SVGNumber.format(0.0001) == "0.0001")
    }

    @Test func largeValuesKeepAllTheirDigitsAndNoExponent() {
        // 100000000000.5 × 10^4 = 1000000000005000, below 2^53, exact.
        #expect(SVGNumber.format(100_000_000_000.5) == "100000000000.5")
        #expect(SVGNumber.format(-100_000_000_000.5) == "-100000000000.5")
        // 10^15 × 10^4 is past what the fixed-point path holds; the value is written whole.
        #expect(SVGNumber.format(1e15) == "1000000000000000")
        #expect(SVGNumber.format(-2.5e15) == "-2500000000000000")
    }

    @Test func nanAndInfinitiesAreNeverWritten() {
        #expect(SVGNumber.format(.nan) == "0")
        #expect(SVGNumber.format(-.nan) == "0")
        #expect(SVGNumber.format(.infinity) == "0")
        #expect(SVGNumber.format(-.infinity) == "0")
        #expect(SVGNumber.format(.nan, decimals: 8) == "0")
    }

    @Test func otherPrecisions() {
        // 11 / 1024 = 0.0107421875; × 10^8 = 1074218.75 → 1074219: a glyph scale.
        #expect(SVGNumber.format(0.0107421875, decimals: 8) == "0.01074219")
        // 6 / 1024 = 0.005859375; × 10^8 = 585937.5 → 585938.
        #expect(SVGNumber.format(0.005859375, decimals: 8) == "0.00585938")
        #expect(SVGNumber.format(2.5, decimals: 0) == "3")
        #expect(SVGNumber.format(-2.5, decimals: 0) == "-3")
        #expect(SVGNumber.format(0.25, decimals: 1) == "0.3")
        // More than nine decimals are nine: 1.23456789012 × 10^9 = 1234567890.12 → 1234567890.
        #expect(SVGNumber.format(1.23456789012, decimals: 12) == "1.23456789")
        // Fewer than none are none.
        #expect(SVGNumber.format(7.75, decimals: -3) == "8")
    }

    @Test func escapingLeavesNoMarkup() {
        #expect(SVGEscaping.escape("a<b>&\"'c") == "a&lt;b&gt;&amp;&quot;&apos;c")
        // Tab, line feed and carriage return are allowed in XML; other controls are not.
        #expect(SVGEscaping.escape("a\tb\nc\rd\u{1}e\u{1F}f\u{7F}") == "a\tb\nc\rd" + "ef\u{7F}")
        // U+FFFE and U+FFFF are not XML characters; other non-ASCII text is kept as it is.
        #expect(SVGEscaping.escape("x\u{FFFE}y\u{FFFF}z") == "xyz")
        #expect(SVGEscaping.escape("Grüße, 日本, 😀, \u{FFFD}") == "Grüße, 日本, 😀, \u{FFFD}")
        #expect(SVGEscaping.escape("") == "")
    }
}
