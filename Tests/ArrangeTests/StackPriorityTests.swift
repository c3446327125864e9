import Foundation
import Testing
@testable import Arrange

// Issue 3: priority groups in stacks (docs/layout-rules.md §4.3 steps 1, 5, 6; §3.8 layoutPriority;
// §2.4 Spacer). Helpers (stackLayout, fixedBox) are in StackTests.swift.

@Suite struct StackPriorityGroups {
    @Test func twoGroupsReserveTheLowerMinimums() {
        // Group 1 = {a}; group 0 = {b (min 50, flex ∞), c (fixed 30, flex 0)}.
        // R = 200 − (50 + 30) = 120 → a takes 120, R = 0. Release group 0: R = 0 + 80 = 80;
        // c first (flex 0): offered 40 → 30, R = 50; b offered 50 → 50.
        // Widths 120, 50, 30 at x = 0, 120, 170. (Without the reservation a would take all 200.)
        let view = HStack(spacing: 0) {
            Color.red.layoutPriority(1).id("a")
            Color.green.frame(minWidth: 50).id("b")
            fixedBox("c", 30, 10)
        }
        let result = stackLayout(view, 200, 10)
        #expect(result.frames["a"] == CGRect(x: 0, y: 0, width: 120, height: 10))
        #expect(result.frames["b"] == CGRect(x: 120, y: 0, width: 50, height: 10))
        #expect(result.frames["c"] == CGRect(x: 170, y: 0, width: 30, height: 10))
    }

    @Test func threeGroupsReleaseTheirReservationOneGroupAtATime() {
        // Gaps 2 × 10 = 20. R = 300 − 20 − (min b 20 + min c 40) = 220 → a (priority 2) 220, R = 0.
        // Group 1 releases only b's 20: b (range 20…60) offered 20 → 20, R = 0.
        // Group 0 releases c's 40: c offered 40 → 40.
        // (Releasing everything at group 1 would have offered b 60.)
        let view = HStack(spacing: 10) {
            Color.red.layoutPriority(2).id("a")
            Color.green.frame(minWidth: 20, maxWidth: 60).layoutPriority(1).id("b")
            Color.blue.frame(minWidth: 40).id("c")
        }
        let result = stackLayout(view, 300, 10)
        #expect(result.frames["a"] == CGRect(x: 0, y: 0, width: 220, height: 10))
        #expect(result.frames["b"] == CGRect(x: 230, y: 0, width: 20, height: 10))
        #expect(result.frames["c"] == CGRect(x: 260, y: 0, width: 40, height: 10))
        #expect(result.rootSize.width == 300)
    }

    @Test func lowerGroupsShareWhatTheHigherOnesLeave() {
        // a (priority 1, at most 50) offered 200 − 0 → 50; R = 150 (+ 0 released) → b 75, c 75.
        let view = HStack(spacing: 0) {
            Color.red.frame(maxWidth: 50).layoutPriority(1).id("a")
            Color.green.id("b")
            Color.blue.id("c")
        }
        let result = stackLayout(view, 200, 10)
        #expect(result.frames["a"]?.width == 50)
        #expect(result.frames["b"] == CGRect(x: 50, y: 0, width: 75, height: 10))
        #expect(result.frames["c"] == CGRect(x: 125, y: 0, width: 75, height: 10))
    }

    @Test func anOverflowingHighPriorityChildLeavesTheOthersTheirMinimums() {
        // R = 200 − (10 + 0) = 190 → a is fixed at 250, R = −60. Group 0: R = −60 + 10 = −50;
        // b (min 10) before c (min 0), both flex ∞: b offered max(−25, 0) = 0 → 10, R = −60;
        // c offered 0 → 0. Total 260, centred in 200: x = −30.
        let view = HStack(spacing: 0) {
            fixedBox("a", 250, 10).layoutPriority(1)
            Color.green.frame(minWidth: 10).id("b")
            Color.blue.id("c")
        }
        let result = stackLayout(view, 200, 10)
        #expect(result.rootSize.width == 260)
        #expect(result.frames["a"]?.minX == -30)
        #expect(result.frames["b"] == CGRect(x: 220, y: 0, width: 10, height: 10))
        #expect(result.frames["c"] == CGRect(x: 230, y: 0, width: 0, height: 10))
    }

    @Test func negativePrioritiesComeAfterTheDefault() {
        // b (priority 0, at most 30) first with R = 100 − min a 0 → 30; then a (priority −1) gets 70.
        let view = HStack(spacing: 0) { Color.red.layoutPriority(-1).id("a"); Color.blue.frame(maxWidth: 30).id("b") }
        let result = stackLayout(view, 100, 10)
        #expect(result.frames["a"]?.width == 70)
        #expect(result.frames["b"]?.width == 30)
    }

    @Test func priorityGroupsInAVStack() {
        // Same as the two-group row, on y: a 120, b 50, c 30.
        let view = VStack(spacing: 0) {
            Color.red.layoutPriority(1).id("a")
            Color.green.frame(minHeight: 50).id("b")
            fixedBox("c", 10, 30)
        }
        let result = stackLayout(view, 10, 200)
        #expect(result.frames["a"]?.height == 120)
        #expect(result.frames["b"] == CGRect(x: 0, y: 120, width: 10, height: 50))
        #expect(result.frames["c"]?.minY == 170)
    }

    @Test func onlyTheOutermostLayoutModifierReportsPriority() {
        // §3: a frame reports priority 0, so the inner layoutPriority(1) is lost: both are in
        // group 0, a (flex 80) first with 50 → 50, b 50. fixedSize passes its child's priority on:
        // a in group 1 with R = 100 → 80, then b 20.
        let framed = HStack(spacing: 0) { Color.red.layoutPriority(1).frame(maxWidth: 80).id("a"); Color.blue.id("b") }
        #expect(stackLayout(framed, 100, 10).frames["a"]?.width == 50)
        let fixed = HStack(spacing: 0) {
            Color.red.frame(maxWidth: 80).layoutPriority(1).fixedSize(horizontal: false, vertical: true).id("a")
            Color.blue.id("b")
        }
        #expect(stackLayout(fixed, 100, 10).frames["a"]?.width == 80)
        #expect(stackLayout(fixed, 100, 10).frames["b"]?.width == 20)
    }
}

/// Spacers: priority −∞, so they are the last group of every stack (§2.4, §4.3).
@Suite struct StackSpacerSizing {
    @Test func aFlexibleViewBeatsASpacer() {
        // Spacer in the −∞ group: R = 100 − 8 (its minimum) = 92 → the colour 92; then R = 0 + 8 →
        // the spacer 8. No gap next to a spacer.
        let result = stackLayout(HStack { Spacer().id("s"); Color.red.id("c") }, 100, 10)
        #expect(result.frames["s"] == CGRect(x: 0, y: 5, width: 8, height: 0))
        #expect(result.frames["c"] == CGRect(x: 8, y: 0, width: 92, height: 10))
    }

    @Test func spacersShareTheRestEqually() {
        // R = 100 − (8 + 8) = 84 → box 20, R = 64 + 16 = 80 → 40 and 40: the box is centred.
        let result = stackLayout(HStack { Spacer().id("s1"); fixedBox("b", 20, 10); Spacer().id("s2") }, 100, 10)
        #expect(result.frames["s1"]?.width == 40)
        #expect(result.frames["b"]?.minX == 40)
        #expect(result.frames["s2"] == CGRect(x: 60, y: 5, width: 40, height: 0))
    }

    @Test func theSpacerWithTheLargerMinimumGoesFirst() {
        // R = 100 − (8 + 50) = 42 → box 10, R = 32 + 58 = 90. Both spacers flex ∞; s2 (min 50)
        // first: offered 45 → max(45, 50) = 50, R = 40; s1 offered 40 → 40.
        // (In declaration order s1 would get 45 and s2 50, overflowing to 105.)
        let result = stackLayout(HStack { Spacer().id("s1"); fixedBox("b", 10, 10); Spacer(minLength: 50).id("s2") }, 100, 10)
        #expect(result.frames["s1"]?.width == 40)
        #expect(result.frames["b"]?.minX == 40)
        #expect(result.frames["s2"] == CGRect(x: 50, y: 5, width: 50, height: 0))
        #expect(result.rootSize.width == 100)
    }

    @Test func verticalSpacersTakeTheRestOfAColumn() {
        // 100 − 10 − 10 = 80 for the spacer, no gaps: b at y = 90. The spacer is 0 wide.
        let result = stackLayout(VStack { fixedBox("a", 10, 10); Spacer().id("s"); fixedBox("b", 10, 10) }, 10, 100)
        #expect(result.frames["s"] == CGRect(x: 5, y: 10, width: 0, height: 80))
        #expect(result.frames["b"]?.minY == 90)
    }

    @Test func spacersReportPriorityMinusInfinityToCustomLayouts() {
        // §2.4 (UNCONFIRMED in SwiftUI, true in OpenSwiftUI) and §2.6: a Spacer and an empty
        // custom layout report −∞; a plain view 0, a layoutPriority(2) view 2.
        final class Seen { var priorities: [Double] = [] }
        struct Recorder: Layout {
            let seen: Seen
            func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
                seen.priorities = subviews.map(\.priority)
                return .zero
            }
            func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
        }
        struct Nothing: Layout {
            func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { .zero }
            func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
        }
        let seen = Seen()
        _ = stackLayout(Recorder(seen: seen) { Color.red; Spacer(); Color.blue.layoutPriority(2); Nothing {} })
        #expect(seen.priorities == [0, -.infinity, 2, -.infinity])
    }
}
