import Foundation
import Testing
import TestSupport
@testable import Arrange

/// Bad values never crash: they follow §3's normalisation or count as nil.
@Suite struct RobustnessRules {
    @Test func fixedFrameLengthsThatAreNotLengthsCountAsNil() {
        // NaN, negative and infinite fixed lengths are nil: the Color takes the proposal (50 × 40).
        for bad in [CGFloat.nan, -5, .infinity, -.infinity] {
            #expect(size(of: Color.red.frame(width: bad, height: bad), 50, 40) == CGSize(width: 50, height: 40))
        }
    }

    @Test func flexibleFrameNaNCountsAsNotGivenAndNegativeMinimumsAsZero() {
        #expect(size(of: Color.red.frame(minWidth: .nan, maxWidth: .nan), 50, 40) == CGSize(width: 50, height: 40))
        // min −10 → 0, max 30: clamp(50, 0, 30) = 30
        #expect(size(of: Color.red.frame(minWidth: -10, maxWidth: 30), 50, 40).width == 30)
        // min −∞ → 0 as well
        #expect(size(of: Color.red.frame(minWidth: -.infinity, maxWidth: 30), 50, 40).width == 30)
    }

    @Test func paddingNaNAndInfinityCountAsZero() {
        #expect(size(of: Color.red.frame(width: 10, height: 10).padding(.nan), nil, nil) == CGSize(width: 10, height: 10))
        #expect(size(of: Color.red.frame(width: 10, height: 10).padding(.infinity), nil, nil) == CGSize(width: 10, height: 10))
        // Negative padding pulls edges in, as in SwiftUI: 10 − 2 × 3 = 4; never below 0.
        #expect(size(of: Color.red.frame(width: 10, height: 10).padding(-3), nil, nil) == CGSize(width: 4, height: 4))
        #expect(size(of: Color.red.frame(width: 10, height: 10).padding(-30), nil, nil) == CGSize(width: 0, height: 0))
    }

    @Test func proposalsAreSanitised() {
        // NaN → unspecified (10 for a Color); negative → 0.
        #expect(size(of: Color.red, .nan, .nan) == CGSize(width: 10, height: 10))
        #expect(size(of: Color.red, -20, 30) == CGSize(width: 0, height: 30))
        #expect(ProposedViewSize(width: .nan, height: -1).sanitized == ProposedViewSize(width: nil, height: 0))
    }

    @Test func infiniteProposalsAndSizesDoNotBreakLayout() {
        let result = LayoutResult(of: HStack { Color.red; Color.blue.frame(width: 20) }, in: .infinity)
        #expect(result.rootSize.width == .infinity)
        #expect(result.rootFrame.origin == .zero)
        // Stack spacing NaN counts as nil (preferred 8); scale NaN counts as 1.
        #expect(frame("b", in: HStack(spacing: .nan) { box("a", 10, 10); box("b", 10, 10) })?.minX == 18)
        #expect(LayoutResult(of: Color.red.frame(width: 3, height: 3), scale: .nan).displayList.scale == 1)
        // Opacity and offsets that are not numbers are harmless.
        _ = LayoutResult(of: Color.red.frame(width: 3, height: 3).opacity(.nan).offset(x: .nan, y: .infinity))
        #expect(Color(red: .nan, green: 2, blue: -1, opacity: .infinity) == Color(red: 0, green: 1, blue: 0, opacity: 1))
        #expect(Color(hex: "#12345") == nil && Color(hex: "zzz") == nil && Color(hex: "#fff") == .white)
    }

    @Test func aLayoutReturningNaNIsClampedToZero() {
        struct Broken: Layout {
            func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { CGSize(width: CGFloat.nan, height: -5) }
            func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
        }
        #expect(size(of: Broken { Color.red }, 10, 10) == .zero)
    }
}

/// Measurement stays linear: each node is measured a small, constant number of times per pass.
@Suite struct MeasurementRules {
    /// Bound: a stack proposes each child at most (0, m), (∞, m) and one share (s, m) per minor
    /// value m it is offered, and its placement re-runs with one more. A child of alternating
    /// stacks therefore sees at most {0, ∞, share} on each axis — 3 × 3 = 9 proposals — plus
    /// its placement proposals; 16 leaves room for both, and does not grow with depth.
    static let bound = 16

    @Test func nestedStacksMeasureEachNodeABoundedNumberOfTimes() {
        let ten = LayoutResult(of: NestedStacks(depth: 10), in: .init(width: 800, height: 600)).statistics
        let twenty = LayoutResult(of: NestedStacks(depth: 20), in: .init(width: 800, height: 600)).statistics
        #expect(twenty.maxSizeComputationsPerNode <= Self.bound)
        #expect(ten.maxSizeComputationsPerNode <= Self.bound)
        // Linear: twice the depth, about twice the nodes and twice the work (not 2^10 times).
        #expect(twenty.nodeCount <= 2 * ten.nodeCount + 5)
        #expect(twenty.sizeComputations <= 2 * ten.sizeComputations + 40)
    }

    @Test func wideStacksAreLinear() {
        func stats(_ n: Int) -> LayoutStatistics {
            LayoutResult(of: HStack(spacing: 0) { ForEach(0..<n, id: \.self) { _ in Rectangle() } }, in: .init(width: CGFloat(n), height: 10)).statistics
        }
        let half = stats(5_000), full = stats(10_000)
        // Each rectangle: a minimum probe, a maximum probe and its share → 3 computations.
        #expect(full.maxSizeComputationsPerNode == half.maxSizeComputationsPerNode)
        #expect(full.maxSizeComputationsPerNode <= 3)
        #expect(full.sizeComputations == 2 * half.sizeComputations - 1)
    }
}

/// docs/layout-rules.md §9 worked examples.
@Suite struct WorkedExamples {
    @Test func example1EqualThirds() {
        let view = HStack(spacing: 0) { Rectangle().id("a"); Rectangle().id("b"); Rectangle().id("c") }.frame(width: 300, height: 100)
        #expect(frame("a", in: view) == CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(frame("b", in: view) == CGRect(x: 100, y: 0, width: 100, height: 100))
        #expect(frame("c", in: view) == CGRect(x: 200, y: 0, width: 100, height: 100))
    }

    @Test func example2Overflow() {
        // Widths 75 and 100; the 175-wide stack overflows the 150 frame, centred: −12.5 … 162.5.
        let view = HStack(spacing: 0) { Rectangle().frame(maxWidth: 100).id("a"); Rectangle().frame(minWidth: 100).id("b") }
            .frame(width: 150, height: 100)
        #expect(frame("a", in: view) == CGRect(x: -12.5, y: 0, width: 75, height: 100))
        #expect(frame("b", in: view) == CGRect(x: 62.5, y: 0, width: 100, height: 100))
    }

    @Test func example3RoundedRows() {
        let result = LayoutResult(of: VStack(spacing: 10) { Rectangle().id(1); Rectangle().id(2); Rectangle().id(3) }, in: .init(width: 100, height: 100))
        // (100 − 20) / 3 = 26.667 each at y = 0, 36.667, 73.333
        #expect(abs((result.frames[2]?.minY ?? 0) - 110.0 / 3) < 1e-9)
        #expect(result.displayList.items.map(\.frame.minY) == [0, 37, 73])
        #expect(result.displayList.items.map(\.frame.maxY) == [27, 63, 100])
    }

    @Test func example5BorderIsAnInsetStroke() {
        let result = LayoutResult(of: Color.white.frame(width: 100, height: 50).border(.black))
        #expect(result.displayList.items.last?.content == .strokeBorder(.rectangle, .black, lineWidth: 1))
    }
}
