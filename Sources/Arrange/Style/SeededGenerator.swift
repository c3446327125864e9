/// A seeded random number generator: SplitMix64 (Steele, Lea and Flood, 2014).
///
/// Part of Arrange's file format: the same seed gives the same sequence on every machine and every
/// release, so scenes with random colours or lengths render the same picture everywhere. From
/// seed 0 the first outputs are 0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F.
public struct SeededGenerator: RandomNumberGenerator, Hashable, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in `lower...upper` from one output; our own formula, not the standard
    /// library's, so that it can never change under us.
    public mutating func next(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Self.unitInterval(next())
    }

    /// The top 53 bits of `bits` as a value in 0...1.
    static func unitInterval(_ bits: UInt64) -> Double {
        Double(bits >> 11) / Double((1 as UInt64) << 53 - 1)
    }
}
