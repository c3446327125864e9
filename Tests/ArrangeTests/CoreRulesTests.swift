import Foundation
import Testing
@testable import Arrange

/// docs/layout-rules.md §1 (proposals) and §2 (leaf views).
@Suite struct ProposalAndLeafRules {
    @Test func proposalConstants() {
        #expect(ProposedViewSize.zero == ProposedViewSize(width: 0, height: 0))
        #expect(ProposedViewSize.unspecified == ProposedViewSize(width: nil, height: nil))
        #expect(ProposedViewSize.infinity == ProposedViewSize(width: .infinity, height: .infinity))
    }

    @Test func replacingUnspecifiedDimensions() {
        // nil → 10 by default; concrete axes, 0 and ∞ pass through.
        #expect(ProposedViewSize(width: nil, height: 30).replacingUnspecifiedDimensions() == CGSize(width: 10, height: 30))
        #expect(ProposedViewSize(width: CGFloat.infinity, height: nil).replacingUnspecifiedDimensions() == CGSize(width: CGFloat.infinity, height: 10))
        #expect(ProposedViewSize(width: 0, height: nil).replacingUnspecifiedDimensions(by: CGSize(width: 3, height: 4)) == CGSize(width: 0, height: 4))
    }

    @Test(arguments: [(nil, nil, 10, 10), (0, 0, 0, 0), (50, 20, 50, 20), (nil, 30, 10, 30)] as [(CGFloat?, CGFloat?, CGFloat, CGFloat)])
    func shapesAndColorsTakeTheProposal(w: CGFloat?, h: CGFloat?, ew: CGFloat, eh: CGFloat) {
        let expected = CGSize(width: ew, height: eh)
        #expect(size(of: Rectangle(), w, h) == expected)
        #expect(size(of: RoundedRectangle(cornerRadius: 5), w, h) == expected)
        #expect(size(of: Capsule(), w, h) == expected)
        #expect(size(of: Ellipse(), w, h) == expected)
        #expect(size(of: Color.red, w, h) == expected)
    }

    @Test func shapesAreInfinitelyFlexible() {
        let engine = RootProbe()
        let node = ViewGraph.resolveRoot(Rectangle())
        #expect(engine.size(node, .infinity) == CGSize(width: CGFloat.infinity, height: .infinity))
    }

    @Test func circleIsASquareOfTheShorterSide() {
        #expect(size(of: Circle(), 80, 30) == CGSize(width: 30, height: 30))
        // nil → 10 first, then min(10, 50)
        #expect(size(of: Circle(), nil, 50) == CGSize(width: 10, height: 10))
    }

    @Test func spacerOutsideAStackUsesBothAxes() {
        // nil → minLength (8 by default) on both axes; otherwise max(proposal, minLength).
        #expect(size(of: Spacer(), nil, nil) == CGSize(width: 8, height: 8))
        #expect(size(of: Spacer(minLength: 20), 5, 50) == CGSize(width: 20, height: 50))
        #expect(size(of: ZStack { Spacer().id("s") }, 40, 30) == CGSize(width: 40, height: 30))
    }

    @Test func spacerInAStackGrowsAlongItsAxisOnly() {
        // HStack 100 wide: 10 + spacer + 10, no gaps next to the spacer → spacer 80 wide, 0 tall.
        let row = HStack { box("a", 10, 10); Spacer().id("s"); box("b", 10, 10) }
        #expect(frame("s", in: row, 100, 50)?.size == CGSize(width: 80, height: 0))
        let column = VStack { box("a", 10, 10); Spacer().id("s"); box("b", 10, 10) }
        #expect(frame("s", in: column, 50, 100)?.size == CGSize(width: 0, height: 80))
        // The axis is inherited through modifiers: still vertical inside a frame and a background.
        let framed = VStack { box("a", 10, 10); Spacer().background(Color.red).fixedSize().id("s"); box("b", 10, 10) }
        #expect(frame("s", in: framed, 50, 100)?.size == CGSize(width: 0, height: 8))
    }
}

/// docs/layout-rules.md §3.1 and §3.2: frames.
@Suite struct FrameRules {
    @Test func fixedFrameOnBothAxesIgnoresTheChild() {
        #expect(size(of: Color.red.frame(width: 40, height: 30), 500, 500) == CGSize(width: 40, height: 30))
    }

    @Test func fixedFrameOnOneAxisTakesTheChildsOther() {
        // Child proposed (40, 70) → Color takes it → frame (40, 70).
        #expect(size(of: Color.red.frame(width: 40), 100, 70) == CGSize(width: 40, height: 70))
        // Circle proposed (40, 70) is 40 × 40 → frame 40 × 40.
        #expect(size(of: Circle().frame(width: 40), 100, 70) == CGSize(width: 40, height: 40))
    }

    @Test func fixedFrameCentresAndOverflowsItsChild() {
        // A 100-wide child in a 60-wide frame is centred: x = 30 − 50 = −20.
        let view = Color.red.frame(width: 100, height: 10).id("c").frame(width: 60, height: 10)
        #expect(frame("c", in: view)?.minX == -20)
        let leading = Color.red.frame(width: 20, height: 10).id("c").frame(width: 60, height: 40, alignment: .bottomTrailing)
        #expect(frame("c", in: leading)?.origin == CGPoint(x: 40, y: 30))
    }

    @Test func flexibleFrameNormalisation() {
        // §9 example 4: min −10 → 0; ideal 10 raised to min 20; max 20 raised to ideal 30.
        let a = FlexibleFrameLayout.Bounds(min: -10, ideal: nil, max: nil)
        #expect(a.min == 0)
        let b = FlexibleFrameLayout.Bounds(min: 20, ideal: 10, max: nil)
        #expect(b.ideal == 20)
        let c = FlexibleFrameLayout.Bounds(min: nil, ideal: 30, max: 20)
        #expect(c.max == 30)
        // max is not raised to min without an ideal: contradictory stays contradictory.
        let d = FlexibleFrameLayout.Bounds(min: 100, ideal: nil, max: 50)
        #expect(d.min == 100 && d.max == 50)
    }

    @Test func maxWidthInfinity() {
        // finite p: max(p, child) = 300; ∞ → ∞; nil → child's ideal (10 for a Color).
        let view = Color.red.frame(maxWidth: .infinity)
        #expect(size(of: view, 300, 20).width == 300)
        #expect(RootProbe().size(ViewGraph.resolveRoot(view), ProposedViewSize(width: .infinity, height: 20)).width == .infinity)
        #expect(size(of: view, nil, 20).width == 10)
        // A child wider than the offer wins: max(100, 150).
        #expect(size(of: Color.red.frame(width: 150).frame(maxWidth: .infinity), 100, 20).width == 150)
    }

    @Test func minWidthOnly() {
        // width = max(min(p, c), m), child proposed max(p, m): p = 30, m = 50 → child 50 → 50.
        #expect(size(of: Color.red.frame(minWidth: 50), 30, 10).width == 50)
        // A fixed 20-wide child offered 100: max(min(100, 20), 50) = 50.
        #expect(size(of: Color.red.frame(width: 20).frame(minWidth: 50), 100, 10).width == 50)
        // p = 100 → max(min(100, 100), 50) = 100.
        #expect(size(of: Color.red.frame(minWidth: 50), 100, 10).width == 100)
    }

    @Test func closedRangeTakesTheClampedProposal() {
        // min 0, max ∞: exactly the proposal, the child ignored.
        #expect(size(of: Color.red.frame(width: 20).frame(minWidth: 0, maxWidth: .infinity), 77, 10).width == 77)
        // clamp(300, 50, 200) = 200
        #expect(size(of: Color.red.frame(minWidth: 50, maxWidth: 200), 300, 10).width == 200)
    }

    @Test func contradictoryBoundsTakeTheChild() {
        // min 100 > max 50: the child's size (proposed clamp(80, 100, 50) = 50).
        #expect(size(of: Color.red.frame(minWidth: 100, maxWidth: 50), 80, 10).width == 50)
    }

    @Test func idealWidthMattersOnlyForNilProposals() {
        let view = Color.red.frame(idealWidth: 120, maxWidth: 300)
        #expect(size(of: view.fixedSize(), 50, 50).width == 120)
        #expect(size(of: view, 200, 50).width == 200)
    }

    @Test func placementProposalIsNilWhenNothingPinsTheLength() {
        // A flexible frame proposed nil, no ideal, final length strictly inside (min, max): the child is
        // proposed nil at placement (iOS 17). Text proposed nil keeps its one-line width.
        let layout = FlexibleFrameLayout.Bounds(min: 0, ideal: nil, max: 500)
        #expect(layout.placementProposal(final: 44, proposed: nil) == nil)
        #expect(layout.placementProposal(final: 44, proposed: 100) == 44)
        #expect(FlexibleFrameLayout.Bounds(min: 0, ideal: 44, max: 500).placementProposal(final: 44, proposed: nil) == 44)
        #expect(layout.placementProposal(final: 500, proposed: nil) == 500)
    }
}

/// docs/layout-rules.md §3.3 – §3.11: padding, fixedSize, border, background/overlay, offset, priority,
/// alignmentGuide, id.
@Suite struct ModifierRules {
    @Test func paddingForms() {
        // default 16 each side
        #expect(size(of: Color.red.frame(width: 10, height: 10).padding(), nil, nil) == CGSize(width: 42, height: 42))
        #expect(size(of: Color.red.frame(width: 10, height: 10).padding(5), nil, nil) == CGSize(width: 20, height: 20))
        #expect(size(of: Color.red.frame(width: 10, height: 10).padding(.horizontal, 3), nil, nil) == CGSize(width: 16, height: 10))
        #expect(size(of: Color.red.frame(width: 10, height: 10).padding(EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)), nil, nil)
                == CGSize(width: 16, height: 14))
        #expect(frame("c", in: Color.red.frame(width: 10, height: 10).id("c").padding(EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)))?.origin
                == CGPoint(x: 2, y: 1))
    }

    @Test func paddingClampsTheInsetProposalAndOverflows() {
        // .padding(60) on a Color proposed 100: child proposed max(100 − 120, 0) = 0 → size 120.
        #expect(size(of: Color.red.padding(60), 100, 100) == CGSize(width: 120, height: 120))
        // nil stays nil: the child's ideal 10 + 2 × 16
        #expect(size(of: Color.red.padding(), nil, nil) == CGSize(width: 42, height: 42))
    }

    @Test func fixedSizeProposesNil() {
        #expect(size(of: Color.red.fixedSize(), 100, 100) == CGSize(width: 10, height: 10))
        #expect(size(of: Color.red.fixedSize(horizontal: true, vertical: false), 100, 100) == CGSize(width: 10, height: 100))
        // Text keeps its ideal width under fixedSize even when offered less: "Hello" 43.09 → 44.
        #expect(size(of: Text("Hello").fixedSize(), 20, 100).width == 44)
    }

    @Test func borderIsAnInnerBandThatNeverChangesLayout() {
        let result = LayoutResult(of: Color.red.frame(width: 100, height: 50).border(.black, width: 2))
        #expect(result.rootSize == CGSize(width: 100, height: 50))
        guard case .strokeBorder(.rectangle, .black, let width) = result.displayList.items.last?.content else {
            Issue.record("no border item")
            return
        }
        #expect(width == 2)
        #expect(result.displayList.items.last?.frame == CGRect(x: 0, y: 0, width: 100, height: 50))
    }

    @Test func backgroundTakesThePrimarysSizeAndOrderMatters() {
        // Background then frame: the red covers the child only (10 × 10, centred in 200 × 100).
        let first = LayoutResult(of: Color.blue.frame(width: 10, height: 10).background(Color.red.id("bg")).frame(width: 200, height: 100))
        #expect(first.frames["bg"] == CGRect(x: 95, y: 45, width: 10, height: 10))
        // Frame then background: the red is 200 × 100.
        let second = LayoutResult(of: Color.blue.frame(width: 10, height: 10).frame(width: 200, height: 100).background(Color.red.id("bg")))
        #expect(second.frames["bg"] == CGRect(x: 0, y: 0, width: 200, height: 100))
        // The background is drawn first.
        guard case .fill(_, .red) = second.displayList.items.first?.content else {
            Issue.record("background not drawn first")
            return
        }
    }

    @Test func secondaryViewsAreAlignedAndMayOverflow() {
        // A 30 × 30 overlay on a 20 × 10 view aligned bottom-trailing: origin (20 − 30, 10 − 30).
        let view = Color.blue.frame(width: 20, height: 10).overlay(alignment: .bottomTrailing) { Color.red.frame(width: 30, height: 30).id("o") }
        #expect(frame("o", in: view) == CGRect(x: -10, y: -20, width: 30, height: 30))
        #expect(size(of: view, nil, nil) == CGSize(width: 20, height: 10))
    }

    @Test func severalSecondaryViewsFormAZStack() {
        // Two layers, 30 × 5 and 10 × 20, in an implicit ZStack (30 × 20) aligned .leading on a 40 × 40 view.
        let view = Color.blue.frame(width: 40, height: 40).background(alignment: .leading) {
            Color.red.frame(width: 30, height: 5).id("a")
            Color.green.frame(width: 10, height: 20).id("b")
        }
        #expect(frame("a", in: view) == CGRect(x: 0, y: 17.5, width: 30, height: 5))
        #expect(frame("b", in: view) == CGRect(x: 0, y: 10, width: 10, height: 20))
    }

    @Test func offsetMovesDrawingNotLayout() {
        let view = HStack(spacing: 0) { box("a", 10, 10).offset(x: 5, y: 3); box("b", 10, 10) }
        #expect(frame("a", in: view)?.origin == CGPoint(x: 5, y: 3))
        #expect(frame("b", in: view)?.minX == 10)
        // Rounding after the offset: 0.4 + 0.3 = 0.7 rounds to 1 at 1×.
        let rounded = LayoutResult(of: Color.red.frame(width: 10, height: 10).offset(x: 0.3).padding(.leading, 0.4))
        #expect(rounded.displayList.items.first?.frame.minX == 1)
    }

    @Test func layoutPriorityPropagation() {
        func priority<V: View>(_ view: V) -> Double { ViewGraph.resolveRoot(view).priority }
        #expect(priority(Color.red.layoutPriority(2)) == 2)
        #expect(priority(Color.red.layoutPriority(2).frame(width: 5)) == 0)
        #expect(priority(Color.red.layoutPriority(2).padding()) == 0)
        #expect(priority(Color.red.layoutPriority(2).fixedSize()) == 2)
        #expect(priority(Color.red.layoutPriority(2).background(Color.blue)) == 2)
        #expect(priority(Spacer()) == -.infinity)
        #expect(priority(Color.red.layoutPriority(.nan)) == 0)
    }

    @Test func alignmentGuideClosureSeesUnoverriddenDimensions() {
        // The override reads d[.leading] = 0 (its own default, not itself) and d.width = 40.
        let view = VStack(alignment: .leading) {
            box("a", 40, 10).alignmentGuide(.leading) { d in d[.leading] + d.width / 4 }
            box("b", 20, 10)
        }
        // a's guide at 10; b's at 0 → a at x 0, b at x 10.
        #expect(frame("a", in: view)?.minX == 0)
        #expect(frame("b", in: view)?.minX == 10)
    }

    @Test func idChangesNothingInLayout() {
        let plain = LayoutResult(of: HStack { Color.red.frame(width: 10); Spacer(); Text("x").layoutPriority(1) }, in: .init(width: 100, height: 20))
        let tagged = LayoutResult(of: HStack { Color.red.frame(width: 10).id(1); Spacer().id(2); Text("x").layoutPriority(1).id(3) },
                                  in: .init(width: 100, height: 20))
        #expect(plain.displayList.items.map(\.frame) == tagged.displayList.items.map(\.frame))
    }
}
