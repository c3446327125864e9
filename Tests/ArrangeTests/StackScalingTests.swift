import Foundation
import Testing
@testable import Arrange

// Issue 3: stack layout stays linear in the number of views. Counts, not times: a size computation
// is a proposal a node had not been asked before in the pass (the engine remembers the rest).

/// A row of `count` rectangles offered `width` (`count` by default) × 10.
private func rectangleRow(_ count: Int, spacing: CGFloat? = 0, width: CGFloat? = nil) -> LayoutStatistics {
    LayoutResult(of: HStack(spacing: spacing) { ForEach(0..<count, id: \.self) { _ in Rectangle() } },
                 in: ProposedViewSize(width: width ?? CGFloat(count), height: 10)).statistics
}

/// `depth` HStacks, each holding a fixed 10 × 10 frame and the next level; a fixed frame at the
/// bottom.
private struct NestedRows: View {
    let depth: Int
    var body: some View {
        if depth == 0 {
            Rectangle().frame(width: 10, height: 10)
        } else {
            HStack(spacing: 0) { Rectangle().frame(width: 10, height: 10); NestedRows(depth: depth - 1) }
        }
    }
}

/// The same, alternating HStack (even depths) and VStack (odd depths).
private struct NestedAlternating: View {
    let depth: Int
    var body: some View {
        if depth == 0 {
            Rectangle().frame(width: 10, height: 10)
        } else if depth % 2 == 0 {
            HStack(spacing: 0) { Rectangle().frame(width: 10, height: 10); NestedAlternating(depth: depth - 1) }
        } else {
            VStack(spacing: 0) { Rectangle().frame(width: 10, height: 10); NestedAlternating(depth: depth - 1) }
        }
    }
}

@Suite struct StackScaling {
    @Test func tenThousandRectanglesCostTwiceFiveThousand() {
        // Each rectangle is measured three times: the minimum probe (0, 10), the maximum probe
        // (∞, 10) and its share (n / n = 1, 10). Placement asks the same proposals again (no new
        // computations). Plus the stack itself once: 3n + 1.
        let half = rectangleRow(5_000), full = rectangleRow(10_000)
        #expect(half.nodeCount == 5_001)
        #expect(full.nodeCount == 10_001)
        #expect(half.sizeComputations == 15_001)
        #expect(full.sizeComputations == 30_001)
        #expect(half.maxSizeComputationsPerNode == 3)
        #expect(full.maxSizeComputationsPerNode == 3)
    }

    @Test func defaultSpacingAndAColumnAreLinearToo() {
        // Default gaps of 8 between rectangles: offered 90,000, R = 90,000 − 8 × 9,999 = 10,008,
        // a positive share (about 1) for each: still three proposals each.
        let row = rectangleRow(10_000, spacing: nil, width: 90_000)
        #expect(row.sizeComputations == 30_001)
        #expect(row.maxSizeComputationsPerNode == 3)
        // The same as a column offered 10 × 90,000.
        let column = LayoutResult(of: VStack { ForEach(0..<10_000, id: \.self) { _ in Rectangle() } },
                                  in: ProposedViewSize(width: 10, height: 90_000)).statistics
        #expect(column.sizeComputations == 30_001)
        #expect(column.maxSizeComputationsPerNode == 3)
    }

    @Test func tenThousandPriorityGroupsAreLinear() {
        // Every rectangle its own priority group. Reservation probes the minimum (0, 10) of all but
        // the top one (n − 1 computations); the top one is offered the whole 10,000 (1); every later
        // group is offered max(0, 0) = 0, which is the minimum probe again. Plus the stack: n + 1.
        let n = 10_000
        let result = LayoutResult(of: HStack(spacing: 0) { ForEach(0..<n, id: \.self) { i in Rectangle().layoutPriority(Double(i)).id(i) } },
                                  in: ProposedViewSize(width: CGFloat(n), height: 10))
        #expect(result.statistics.sizeComputations == n + 1)
        #expect(result.statistics.maxSizeComputationsPerNode == 1)
        // The highest priority (the last rectangle) takes everything.
        #expect(result.frames[n - 1] == CGRect(x: 0, y: 0, width: CGFloat(n), height: 10))
        #expect(result.frames[0]?.width == 0)
    }

    @Test func twentyNestedRowsCostTwiceTen() {
        // Level k (an HStack) is offered (0, 10), (∞, 10) and (W − 10(d − k), 10) by its parent's
        // probes and share (the parent's 0 and ∞ offers give it 0 and ∞ again): 3 each, 1 for the
        // root. A frame with both lengths is 10 × 10 whatever it is offered, known from the tree:
        // 0. Each rectangle inside a frame: once, at (10, 10), when the frame places it (d + 1).
        // Total 1 + 3(d − 1) + (d + 1) = 4d − 1; nodes 3d + 2.
        func stats(_ depth: Int) -> LayoutStatistics {
            LayoutResult(of: NestedRows(depth: depth), in: ProposedViewSize(width: 1000, height: 10)).statistics
        }
        let ten = stats(10), twenty = stats(20)
        #expect(ten.nodeCount == 32)
        #expect(twenty.nodeCount == 62)
        #expect(ten.sizeComputations == 39)
        #expect(twenty.sizeComputations == 79)
        #expect(ten.maxSizeComputationsPerNode == 3)
        #expect(twenty.maxSizeComputationsPerNode == 3)
    }

    @Test func twentyAlternatingStacksCostTwiceTen() {
        // Alternating axes multiply the offers: a stack offered (x, y) probes its children with 0
        // and ∞ on its own axis and keeps the other, so below the first two levels every node sees
        // 3 major × 3 minor = 9 proposals, and never more.
        // Root 1; level d − 1: 3; levels d − 2 … 1: 9 each; the frames, both lengths fixed, are
        // known from the tree: 0; rectangles 1 each (d + 1).
        // Total 1 + 3 + 9(d − 2) + (d + 1) = 10d − 13; nodes 3d + 2.
        func stats(_ depth: Int) -> LayoutStatistics {
            LayoutResult(of: NestedAlternating(depth: depth), in: ProposedViewSize(width: 1000, height: 800)).statistics
        }
        let ten = stats(10), twenty = stats(20)
        #expect(ten.nodeCount == 32)
        #expect(twenty.nodeCount == 62)
        #expect(ten.sizeComputations == 87)
        #expect(twenty.sizeComputations == 187)
        #expect(ten.maxSizeComputationsPerNode == 9)
        #expect(twenty.maxSizeComputationsPerNode == 9)
    }

    @Test func aCustomGuideThroughAWideRowIsLinear() {
        // A VStack offered (n, 20) probes the row at heights 0 and ∞ and offers it its share 10
        // (the fixed box goes first): 3 computations of the row, each probing every rectangle
        // with widths 0, ∞ and 1 at that height → 9 per rectangle. The box, a frame with both
        // lengths: 0, known from the tree; its rectangle 1; the VStack 1. Asking the row for its
        // custom guide is one trial placement at a size already measured: nothing new. Total
        // 9n + 3 + 1 + 1 = 9n + 5.
        // The row's guide is the mean of its only explicit value, 4 at x 0; the box (default 0)
        // sits 4 to the right of the row.
        let n = 10_000
        let view = VStack(alignment: HorizontalAlignment(ScalingMarkID.self), spacing: 0) {
            HStack(spacing: 0) {
                Rectangle().alignmentGuide(HorizontalAlignment(ScalingMarkID.self)) { _ in 4 }
                ForEach(1..<n, id: \.self) { _ in Rectangle() }
            }
            fixedBox("box", 10, 10)
        }
        let result = LayoutResult(of: view, in: ProposedViewSize(width: CGFloat(n), height: 20))
        #expect(result.statistics.maxSizeComputationsPerNode == 9)
        #expect(result.statistics.sizeComputations == 9 * n + 5)
        #expect(result.frames["box"]?.minX == 4)
    }
}

private enum ScalingMarkID: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 } }
