import Foundation
import Testing
@testable import Arrange

// Issue 3: ZStack (docs/layout-rules.md §5). Helpers (stackLayout, stackMeasure, fixedBox) are in
// StackTests.swift.

/// A horizontal guide whose default is the leading edge.
private enum ZMarkID: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 } }
/// A vertical guide whose default is the centre.
private enum ZLineID: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height / 2 } }
private extension HorizontalAlignment { static let zMark = HorizontalAlignment(ZMarkID.self) }
private extension VerticalAlignment { static let zLine = VerticalAlignment(ZLineID.self) }

@Suite struct ZStackSizing {
    @Test func theProposalGoesToEveryChildUnchanged() {
        // Offered 100 × 50: the colour takes it, the box is 30 × 20 → 100 × 50, box centred at (35, 15).
        let offered = stackLayout(ZStack { Color.red.id("c"); fixedBox("b", 30, 20) }, 100, 50)
        #expect(offered.rootSize == CGSize(width: 100, height: 50))
        #expect(offered.frames["b"] == CGRect(x: 35, y: 15, width: 30, height: 20))
        // nil: colour 10 × 10, box 30 × 20 → 30 × 20. Placement proposes the ZStack's own size,
        // so the colour fills 30 × 20.
        let ideal = stackLayout(ZStack { Color.red.id("c"); fixedBox("b", 30, 20) })
        #expect(ideal.rootSize == CGSize(width: 30, height: 20))
        #expect(ideal.frames["c"] == CGRect(x: 0, y: 0, width: 30, height: 20))
        // 0: colour 0 × 0 → the box decides. ∞ on one axis: the colour is ∞ wide.
        #expect(stackMeasure(ZStack { Color.red; fixedBox("b", 30, 20) }, 0, 0) == CGSize(width: 30, height: 20))
        #expect(stackMeasure(ZStack { Color.red; fixedBox("b", 30, 20) }, .infinity, 10) == CGSize(width: CGFloat.infinity, height: 20))
    }

    @Test func onlyTheTopPriorityChildrenSizeTheZStack() {
        // The colour (priority 0) would take 200 × 100; only the box (priority 1) counts: 50 × 40,
        // centred: (75, 30). The colour is then offered 50 × 40 and covers the box.
        let result = stackLayout(ZStack { Color.red.id("back"); fixedBox("front", 50, 40).layoutPriority(1) }, 200, 100)
        #expect(result.rootSize == CGSize(width: 50, height: 40))
        #expect(result.frames["front"] == CGRect(x: 75, y: 30, width: 50, height: 40))
        #expect(result.frames["back"] == CGRect(x: 75, y: 30, width: 50, height: 40))
        // Several children share the top priority: 30 × 10 and 10 × 30 → 30 × 30; the 100 × 100
        // box below them does not count.
        let several = stackLayout(ZStack {
            fixedBox("a", 30, 10).layoutPriority(1)
            fixedBox("b", 10, 30).layoutPriority(1)
            fixedBox("c", 100, 100)
        })
        #expect(several.rootSize == CGSize(width: 30, height: 30))
    }

    @Test func lowerPriorityChildrenOverflow() {
        // 50 × 40 from the priority-1 box; the 300 × 200 box is aligned on the same point.
        // Centre: (25 − 150, 20 − 100) = (−125, −80). Top leading: (0, 0).
        func stack(_ alignment: Alignment) -> LayoutResult {
            stackLayout(ZStack(alignment: alignment) { fixedBox("big", 300, 200); fixedBox("small", 50, 40).layoutPriority(1) })
        }
        #expect(stack(.center).rootSize == CGSize(width: 50, height: 40))
        #expect(stack(.center).frames["big"] == CGRect(x: -125, y: -80, width: 300, height: 200))
        #expect(stack(.topLeading).frames["big"] == CGRect(x: 0, y: 0, width: 300, height: 200))
        #expect(stack(.bottomTrailing).frames["big"]?.origin == CGPoint(x: -250, y: -160))
    }

    @Test func anEmptyZStackIsZeroByZero() {
        #expect(stackLayout(ZStack {}, 100, 100).rootSize == .zero)
        #expect(stackLayout(ZStack { EmptyView() }, 100, 100).rootSize == .zero)
    }

    @Test func aSpacerInAZStackGrowsBothWays() {
        // No stack axis: nil → minLength on both axes; otherwise the proposal (§2.4).
        #expect(stackLayout(ZStack { Spacer(minLength: 12) }).rootSize == CGSize(width: 12, height: 12))
        #expect(stackLayout(ZStack { Spacer(minLength: 12) }, 50, 40).rootSize == CGSize(width: 50, height: 40))
    }

    @Test func theFirstChildIsDrawnAtTheBack() {
        let items = stackLayout(ZStack { Color.red; Color.blue }, 20, 20).displayList.items
        #expect(items.map(\.content) == [.fill(.rectangle, .red), .fill(.rectangle, .blue)])
    }
}

@Suite struct ZStackAlignment {
    @Test func theNineAlignments() {
        // a 40 × 20 and b 10 × 30 → 30 tall, 40 wide for every standard alignment.
        // x of b: leading 0, centre 20 − 5 = 15, trailing 40 − 10 = 30 (a is always at x 0).
        // y of a: top 0, centre 15 − 10 = 5, bottom 30 − 20 = 10 (b is always at y 0).
        let cases: [(Alignment, CGFloat, CGFloat)] = [
            (.topLeading, 0, 0), (.top, 15, 0), (.topTrailing, 30, 0),
            (.leading, 0, 5), (.center, 15, 5), (.trailing, 30, 5),
            (.bottomLeading, 0, 10), (.bottom, 15, 10), (.bottomTrailing, 30, 10),
        ]
        for (alignment, bx, ay) in cases {
            let result = stackLayout(ZStack(alignment: alignment) { fixedBox("a", 40, 20); fixedBox("b", 10, 30) })
            #expect(result.rootSize == CGSize(width: 40, height: 30))
            #expect(result.frames["a"] == CGRect(x: 0, y: ay, width: 40, height: 20))
            #expect(result.frames["b"] == CGRect(x: bx, y: 0, width: 10, height: 30))
        }
    }

    @Test func customGuidesGiveTheUnionOfTheAlignedFrames() {
        // a 20 × 10: mark 0 (default), line 5 (default centre). b 10 × 20: mark 10, line 0.
        // Width = max(0, 10) + max(20 − 0, 10 − 10) = 30; height = max(5, 0) + max(10 − 5, 20 − 0)
        // = 25 (plain max width/height would give 20 × 20). Alignment point (10, 5):
        // a at (10 − 0, 5 − 5) = (10, 0), b at (10 − 10, 5 − 0) = (0, 5).
        let result = stackLayout(ZStack(alignment: Alignment(horizontal: .zMark, vertical: .zLine)) {
            fixedBox("a", 20, 10)
            fixedBox("b", 10, 20).alignmentGuide(.zMark) { d in d.width }.alignmentGuide(.zLine) { _ in 0 }
        })
        #expect(result.rootSize == CGSize(width: 30, height: 25))
        #expect(result.frames["a"] == CGRect(x: 10, y: 0, width: 20, height: 10))
        #expect(result.frames["b"] == CGRect(x: 0, y: 5, width: 10, height: 20))
    }

    @Test func overridesOfStandardGuidesTakePart() {
        // b's leading moved to its centre (5): width = max(0, 5) + max(20, 5) = 25;
        // a at x 5, b at x 0.
        let result = stackLayout(ZStack(alignment: .topLeading) {
            fixedBox("a", 20, 10)
            fixedBox("b", 10, 10).alignmentGuide(.leading) { d in d.width / 2 }
        })
        #expect(result.rootSize == CGSize(width: 25, height: 10))
        #expect(result.frames["a"]?.minX == 5)
        #expect(result.frames["b"]?.minX == 0)
    }

    @Test func aZStackIsAlignedByItsDefaultFrameGuides() {
        // Inside a VStack(.leading) the ZStack's own leading is its edge (children's leading
        // overrides stay inside, §4.6): both rows start at x 0.
        let result = stackLayout(VStack(alignment: .leading, spacing: 0) {
            ZStack { fixedBox("a", 10, 10).alignmentGuide(.leading) { _ in 5 }; fixedBox("b", 10, 10) }
            fixedBox("c", 30, 10)
        })
        #expect(result.frames["c"]?.minX == 0)
    }
}

@Suite struct ZStackSpacing {
    @Test func aZStackPrefersTheUnionOfItsChildrensSpacing() {
        // ZStack { Spacer, box }: the spacer (no stack axis) has a generic 0 on every edge, so the
        // ZStack has one on every edge: no gaps on either side. Offered nil, the spacer is 0 × 0
        // and the ZStack 10 × 10: a 0, b 10, c 20.
        let result = stackLayout(HStack { fixedBox("a", 10, 10); ZStack { Spacer(minLength: 0); fixedBox("b", 10, 10) }; fixedBox("c", 10, 10) })
        #expect(result.frames["b"]?.minX == 10)
        #expect(result.frames["c"]?.minX == 20)
        // Plain children only: 8 on both sides → b at 18, c at 36.
        let plain = stackLayout(HStack { fixedBox("a", 10, 10); ZStack { fixedBox("b", 10, 10) }; fixedBox("c", 10, 10) })
        #expect(plain.frames["b"]?.minX == 18)
        #expect(plain.frames["c"]?.minX == 36)
    }
}

@Suite struct ZStackGuidesOutsideTheFrame {
    @Test func theUnionIsOfTheAlignedFramesOnly() {
        // §5 step 3 with guides outside the children's frames. a 10 × 10 with leading −5,
        // b 10 × 10 with leading −2: width = max(−5, −2) + max(10 + 5, 10 + 2) = −2 + 15 = 13.
        // Alignment x = −2: a at −2 + 5 = 3 ([3, 13]), b at 0 ([0, 10]); their union is 13 wide.
        // (Seeding the maxima with 0 would give 0 + 15 = 15.)
        let row = stackLayout(ZStack(alignment: .topLeading) {
            fixedBox("a", 10, 10).alignmentGuide(.leading) { _ in -5 }
            fixedBox("b", 10, 10).alignmentGuide(.leading) { _ in -2 }
        })
        #expect(row.rootSize == CGSize(width: 13, height: 10))
        #expect(row.frames["a"] == CGRect(x: 3, y: 0, width: 10, height: 10))
        #expect(row.frames["b"] == CGRect(x: 0, y: 0, width: 10, height: 10))
        // One child whose top guide (15) lies below its bottom: height = 15 + (10 − 15) = 10,
        // the child at 15 − 15 = 0. The ZStack is exactly the child.
        let single = stackLayout(ZStack(alignment: .topLeading) { fixedBox("c", 10, 10).alignmentGuide(.top) { _ in 15 } })
        #expect(single.rootSize == CGSize(width: 10, height: 10))
        #expect(single.frames["c"] == CGRect(x: 0, y: 0, width: 10, height: 10))
    }
}
