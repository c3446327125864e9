import Foundation
import Testing
@testable import Arrange

// Issue 3: gaps between stack children and ViewSpacing (docs/layout-rules.md §4.1, §4.2, §2.4, §3.1–3.3).
// Helpers (stackLayout, fixedBox, StackTestMeasurer) are in StackTests.swift. With those text
// metrics a Text wants 6 below a plain view and 9 above one (see StackTestMeasurer).

@Suite struct StackGaps {
    @Test func plainViewsMeetAtTheDefault8() {
        #expect(stackLayout(HStack { fixedBox("a", 10, 10); fixedBox("b", 10, 10) }).frames["b"]?.minX == 18)
        #expect(stackLayout(VStack { fixedBox("a", 10, 10); fixedBox("b", 10, 10) }).frames["b"]?.minY == 18)
        // Shapes and colours are plain too: Color (ideal 10) + 8 → b at 18.
        #expect(stackLayout(HStack { Color.red; Circle(); fixedBox("b", 10, 10) }).frames["b"]?.minX == 36)
        // Text has no horizontal preferences: 8 on both sides of it (text 10 wide).
        let text = stackLayout(HStack { fixedBox("a", 10, 10); Text("ab"); fixedBox("b", 10, 10) })
        #expect(text.frames["b"]?.minX == 36)  // 10 + 8 + 10 + 8
    }

    @Test func nothingIsPutNextToASpacer() {
        // a | 0 | spacer 8 | 0 | b: b at 18. Same in a column.
        #expect(stackLayout(HStack { fixedBox("a", 10, 10); Spacer(); fixedBox("b", 10, 10) }).frames["b"]?.minX == 18)
        #expect(stackLayout(VStack { fixedBox("a", 10, 10); Spacer(); fixedBox("b", 10, 10) }).frames["b"]?.minY == 18)
        // Two spacers side by side: 0 between them too: 8 + 0 + 8 = 16.
        #expect(stackLayout(HStack { Spacer(); Spacer(); fixedBox("b", 10, 10) }).frames["b"]?.minX == 16)
    }

    @Test func explicitSpacingWinsEverywhere() {
        #expect(stackLayout(HStack(spacing: 3) { fixedBox("a", 10, 10); fixedBox("b", 10, 10) }).frames["b"]?.minX == 13)
        #expect(stackLayout(HStack(spacing: 0) { fixedBox("a", 10, 10); fixedBox("b", 10, 10) }).frames["b"]?.minX == 10)
        // Next to spacers as well: R = 100 − 2 × 4 − 20 = 72 for the spacer, at x = 10 + 4.
        let spaced = stackLayout(HStack(spacing: 4) { fixedBox("a", 10, 10); Spacer(minLength: 0).id("s"); fixedBox("b", 10, 10) }, 100, 10)
        #expect(spaced.frames["s"]?.minX == 14)
        #expect(spaced.frames["s"]?.width == 72)
        #expect(spaced.frames["b"]?.minX == 90)
        // And next to empty stacks: 10 + 5 + 0 + 5 = 20.
        #expect(stackLayout(HStack(spacing: 5) { fixedBox("a", 10, 10); HStack {}; fixedBox("b", 10, 10) }).frames["b"]?.minX == 20)
    }

    @Test func anEmptyStackTakesNoGap() {
        #expect(stackLayout(HStack { fixedBox("a", 10, 10); HStack {}; fixedBox("b", 10, 10) }).frames["b"]?.minX == 10)
        #expect(stackLayout(VStack { fixedBox("a", 10, 10); ZStack {}; fixedBox("b", 10, 10) }).frames["b"]?.minY == 10)
    }
}

/// Frames and padding make the edges they touch plain (§3.1–§3.3, §4.2).
@Suite struct StackSpacingThroughModifiers {
    /// A row whose leading edge is a spacer's (generic 0) and trailing edge a box's (plain).
    func spacerFirst() -> some View {
        HStack(spacing: 0) { Spacer(minLength: 5); fixedBox("b", 10, 10) }
    }

    @Test func aStacksLeadingSpacerLeavesNoGapBeforeIt() {
        // a | 0 | row (spacer 5 + b 10) | 8 | c: b at 15, c at 10 + 15 + 8 = 33.
        let result = stackLayout(HStack { fixedBox("a", 10, 10); spacerFirst(); fixedBox("c", 10, 10) })
        #expect(result.frames["b"]?.minX == 15)
        #expect(result.frames["c"]?.minX == 33)
    }

    @Test func aFixedFrameMakesItsAxisPlain() {
        // frame(width: 15) replaces the row's horizontal preferences by plain ones: 8 before it.
        // The row offered 15: b 10, spacer 5 → b at 10 + 8 + 5 = 23.
        let result = stackLayout(HStack { fixedBox("a", 10, 10); spacerFirst().frame(width: 15) })
        #expect(result.frames["b"]?.minX == 23)
        // A flexible frame on that axis does the same.
        let flexible = stackLayout(HStack { fixedBox("a", 10, 10); spacerFirst().frame(minWidth: 15) })
        #expect(flexible.frames["b"]?.minX == 23)
        // A frame on the other axis only leaves the leading edge alone: b at 15 again.
        let other = stackLayout(HStack { fixedBox("a", 10, 10); spacerFirst().frame(height: 10) })
        #expect(other.frames["b"]?.minX == 15)
    }

    @Test func paddingMakesOnlyThePaddedEdgesPlain() {
        // Leading padding 2: plain leading edge, 8 before it: b at 10 + 8 + 2 + 5 = 25.
        #expect(stackLayout(HStack { fixedBox("a", 10, 10); spacerFirst().padding(.leading, 2) }).frames["b"]?.minX == 25)
        // Trailing padding leaves the leading edge generic 0: b at 10 + 0 + 5 = 15.
        #expect(stackLayout(HStack { fixedBox("a", 10, 10); spacerFirst().padding(.trailing, 2) }).frames["b"]?.minX == 15)
        // A padded spacer is plain on both sides: 10 + 8 + (1 + 4 + 1) + 8 = 32.
        #expect(stackLayout(HStack { fixedBox("a", 10, 10); Spacer(minLength: 4).padding(.horizontal, 1); fixedBox("b", 10, 10) }).frames["b"]?.minX == 32)
    }

    @Test func aFramedSpacerKeepsItsZeroGaps() {
        // Spacer().frame(width: 20): still no gaps → b at 10 + 20 = 30 (plain would give 46).
        #expect(stackLayout(HStack { fixedBox("a", 10, 10); Spacer().frame(width: 20); fixedBox("b", 10, 10) }).frames["b"]?.minX == 30)
        // A flexible frame around a spacer too: the frame is 8 (the spacer's minimum) → b at 18.
        #expect(stackLayout(HStack { fixedBox("a", 10, 10); Spacer().frame(maxWidth: 20); fixedBox("b", 10, 10) }).frames["b"]?.minX == 18)
        // In a column.
        #expect(stackLayout(VStack { fixedBox("a", 10, 10); Spacer().frame(height: 20); fixedBox("b", 10, 10) }).frames["b"]?.minY == 30)
    }

    @Test func aFrameInAColumnAffectsOnlyItsAxis() {
        // A column starting with a spacer: generic 0 on top. frame(width:) leaves the top alone →
        // b at 10 + 0 + 5 = 15; frame(height: 15) makes it plain → 10 + 8 + 5 = 23.
        func column() -> some View { VStack(spacing: 0) { Spacer(minLength: 5); fixedBox("b", 10, 10) } }
        #expect(stackLayout(VStack { fixedBox("a", 10, 10); column().frame(width: 30) }).frames["b"]?.minY == 15)
        #expect(stackLayout(VStack { fixedBox("a", 10, 10); column().frame(height: 15) }).frames["b"]?.minY == 23)
    }
}

/// §4.2: a stack's own preferences are the union of its children's on its outer edges.
@Suite struct StackOuterSpacing {
    @Test func theUnionOfTheChildrensEdges() {
        // HStack { Text, box, Spacer }: leading = the text's (none), trailing = the spacer's
        // (generic 0), top and bottom = every child's: text {plain(bottom): 6} ∪ box {plain(top): 0}
        // on top, text {plain(top): 9} ∪ box {plain(bottom): 0} at the bottom.
        let engine = RootProbe(measurer: StackTestMeasurer())
        let spacing = engine.spacing(ViewGraph.resolveRoot(HStack { Text("t"); fixedBox("b", 10, 10); Spacer() }))
        #expect(spacing.edges[.leading] == nil)
        #expect(spacing.edges[.trailing] == [.generic: 0])
        #expect(spacing.edges[.top] == [.plain(.bottom): 6, .plain(.top): 0])
        #expect(spacing.edges[.bottom] == [.plain(.top): 9, .plain(.bottom): 0])
        // An empty stack: generic 0 everywhere.
        #expect(engine.spacing(ViewGraph.resolveRoot(HStack {})) == .zero)
    }

    @Test func crossEdgesComeFromEveryChild() {
        // In a column: a box, then a row whose *last* child is a text, then a box. Above the row:
        // box bottom {plain(bottom): 0} meets the row's top, which holds the text's 6 → 6.
        // Below it: the text's 9 meets the box's plain top → 9. Row = max(10, 16) = 16 tall.
        // y: a 0, row 10 + 6 = 16, c 16 + 16 + 9 = 41.
        let view = VStack {
            fixedBox("a", 10, 10)
            HStack { fixedBox("b", 10, 10); Text("t").id("t") }
            fixedBox("c", 10, 10)
        }
        let result = stackLayout(view)
        #expect(result.frames["t"]?.minY == 16)
        #expect(result.frames["c"]?.minY == 41)
        // A child with a generic 0 on its cross edges (an empty stack) gives the row a generic 0
        // on top and bottom: a and c meet it at max(0) = 0 instead of 8. Row 10 tall at y = 10;
        // c at 20.
        let generic = stackLayout(VStack {
            fixedBox("a", 10, 10)
            HStack { fixedBox("b", 10, 10); HStack {} }
            fixedBox("c", 10, 10)
        })
        #expect(generic.frames["b"]?.minY == 10)
        #expect(generic.frames["c"]?.minY == 20)
    }

    @Test func majorEdgesComeFromTheFirstAndLastChild() {
        // Row {box, spacer}: leading plain, trailing generic 0. a | 8 | row | 0 | c.
        // The row offered nil: box 10 + spacer 8 = 18 → c at 10 + 8 + 18 = 36.
        let result = stackLayout(HStack { fixedBox("a", 10, 10); HStack(spacing: 0) { fixedBox("b", 10, 10); Spacer() }; fixedBox("c", 10, 10) })
        #expect(result.frames["b"]?.minX == 18)
        #expect(result.frames["c"]?.minX == 36)
    }
}

/// §4.2, §6: ViewSpacing as a custom layout uses it.
@Suite struct StackViewSpacingDistances {
    /// Places subviews at their ideal sizes along `axis`, separated by their preferred distances.
    struct PreferredLine: Layout {
        let axis: Axis
        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
            let frames = layout(subviews)
            return CGSize(width: frames.map(\.maxX).max() ?? 0, height: frames.map(\.maxY).max() ?? 0)
        }
        func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
            for (subview, frame) in zip(subviews, layout(subviews)) {
                subview.place(at: CGPoint(x: bounds.minX + frame.minX, y: bounds.minY + frame.minY), proposal: .unspecified)
            }
        }
        func layout(_ subviews: Subviews) -> [CGRect] {
            var frames: [CGRect] = [], cursor: CGFloat = 0
            for index in subviews.indices {
                if index > subviews.startIndex {
                    cursor += subviews[index - 1].spacing.distance(to: subviews[index].spacing, along: axis)
                }
                let size = subviews[index].sizeThatFits(.unspecified)
                frames.append(axis == .horizontal ? CGRect(x: cursor, y: 0, width: size.width, height: size.height)
                                                  : CGRect(x: 0, y: cursor, width: size.width, height: size.height))
                cursor += size[axis]
            }
            return frames
        }
    }

    @Test func horizontalDistancesFromACustomLayout() {
        // a 0 | 8 | b 18 | 0 | spacer (no stack axis: 8 × 8) 28 | 0 | c 36 | 8 | text 54.
        let result = stackLayout(PreferredLine(axis: .horizontal) {
            fixedBox("a", 10, 10); fixedBox("b", 10, 10); Spacer().id("s"); fixedBox("c", 10, 10); Text("t").id("t")
        })
        #expect(result.frames["b"]?.minX == 18)
        #expect(result.frames["s"] == CGRect(x: 28, y: 0, width: 8, height: 8))
        #expect(result.frames["c"]?.minX == 36)
        #expect(result.frames["t"]?.minX == 54)
    }

    @Test func verticalDistancesFromACustomLayout() {
        // a 0 | 6 (text below a plain view) | text 16 | 9 (plain view below text) | c 16 + 16 + 9 = 41.
        let result = stackLayout(PreferredLine(axis: .vertical) { fixedBox("a", 10, 10); Text("t").id("t"); fixedBox("c", 10, 10) })
        #expect(result.frames["t"]?.minY == 16)
        #expect(result.frames["c"]?.minY == 41)
    }

    @Test func theThreeRulesOfDistance() {
        func generic(_ value: CGFloat, on edges: [Edge]) -> ViewSpacing {
            var spacing = ViewSpacing()
            for edge in edges { spacing.edges[edge] = [.generic: value] }
            return spacing
        }
        // Rule 2: generic values meet at the larger one (Apple's example: 2 and 8 → 8), not the sum.
        #expect(generic(2, on: [.trailing]).distance(to: generic(8, on: [.leading]), along: .horizontal) == 8)
        #expect(generic(5, on: [.bottom]).distance(to: ViewSpacing(), along: .vertical) == 5)
        // Rule 3: nothing on either side → 8; plain views share no category → 8.
        #expect(ViewSpacing().distance(to: ViewSpacing(), along: .horizontal) == 8)
        #expect(ViewSpacing.plain.distance(to: ViewSpacing.plain, along: .vertical) == 8)
        #expect(ViewSpacing.zero.distance(to: ViewSpacing.zero, along: .vertical) == 0)
        // Rule 1: a shared category wins over generic values: plain bottom 0 + text top 6 = 6,
        // even with a generic 20 on the same edge.
        var above = ViewSpacing.plain
        above.edges[.bottom]?[.generic] = 20
        var below = ViewSpacing()
        below.edges[.top] = [.plain(.bottom): 6]
        #expect(above.distance(to: below, along: .vertical) == 6)
        // Only the facing edges count: the same values on the wrong edges → 8.
        #expect(generic(0, on: [.leading]).distance(to: generic(0, on: [.trailing]), along: .horizontal) == 8)
    }

    @Test func unionKeepsTheLargerValuePerCategoryAndEdge() {
        var a = ViewSpacing()
        a.edges[.top] = [.generic: 2]
        var b = ViewSpacing()
        b.edges[.top] = [.generic: 5]
        b.edges[.leading] = [.generic: 7]
        #expect(a.union(b, edges: .top).edges == [.top: [.generic: 5]])
        #expect(a.union(b).edges == [.top: [.generic: 5], .leading: [.generic: 7]])
    }
}
