import Foundation
import Testing
@testable import Arrange

private enum Mark: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 } }
private extension HorizontalAlignment { static let mark = HorizontalAlignment(Mark.self) }
private enum Line: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height / 2 } }
private extension VerticalAlignment { static let line = VerticalAlignment(Line.self) }

/// docs/layout-rules.md §4.3 – §4.4: sizing and placement of HStack and VStack.
@Suite struct StackSizingRules {
    @Test func nilMajorProposalUsesIdealLengths() {
        // Color ideal 10 + gap 8 + 20 = 38; heights take the minor offer 50.
        #expect(size(of: HStack { Color.red; Color.blue.frame(width: 20) }, nil, 50) == CGSize(width: 38, height: 50))
    }

    @Test func zeroMajorProposalGivesMinimums() {
        // Color 0 + spacer minLength 5 + 20, no gaps next to the spacer.
        #expect(size(of: HStack { Color.red; Spacer(minLength: 5); Color.blue.frame(width: 20) }, 0, 10).width == 25)
    }

    @Test func finiteProposalIsSharedLeastFlexibleFirst() {
        // R = 100 − 16; the fixed 20 first → 64 left; two colours get 32 each: x = 0, 40, 68.
        let view = HStack { Color.red.id("a"); box("b", 20, 10); Color.blue.id("c") }
        #expect(frame("a", in: view, 100, 10) == CGRect(x: 0, y: 0, width: 32, height: 10))
        #expect(frame("b", in: view, 100, 10)?.minX == 40)
        #expect(frame("c", in: view, 100, 10) == CGRect(x: 68, y: 0, width: 32, height: 10))
    }

    @Test func maxFramesGoFirstAndLeaveTheRest() {
        // flex 30 < ∞: a first, share 50 → 30; b gets the remaining 70.
        let view = HStack(spacing: 0) { Color.red.frame(maxWidth: 30).id("a"); Color.blue.id("b") }
        #expect(frame("a", in: view, 100, 10)?.width == 30)
        #expect(frame("b", in: view, 100, 10)?.width == 70)
    }

    @Test func infiniteProposalMakesFlexibleStacksInfinite() {
        let node = ViewGraph.resolveRoot(HStack { Color.red; box("b", 20, 10) })
        #expect(RootProbe().size(node, ProposedViewSize(width: .infinity, height: 10)).width == .infinity)
    }

    @Test func stacksOverflowTheirProposal() {
        #expect(size(of: HStack { box("a", 60, 10); box("b", 60, 10) }, 100, 10).width == 128)
        #expect(size(of: VStack { box("a", 10, 60); box("b", 10, 60) }, 10, 100).height == 128)
    }

    @Test func twoPriorityGroups() {
        // c (priority 1) first: R = 200 − (min a 0 + min b 40) = 160. Then R = 0 + 40: among a and b
        // (both flex ∞) the larger minimum, b, goes first: offered 20 → 40; a gets 0.
        let view = HStack(spacing: 0) {
            Color.red.id("a")
            Color.green.frame(minWidth: 40).id("b")
            Color.blue.layoutPriority(1).id("c")
        }
        #expect(frame("a", in: view, 200, 10)?.width == 0)
        #expect(frame("b", in: view, 200, 10)?.width == 40)
        #expect(frame("c", in: view, 200, 10) == CGRect(x: 40, y: 0, width: 160, height: 10))
    }

    @Test func threePriorityGroups() {
        // R = 150 − (20 + 30) = 100 → a; then + 20 → b 20; then + 30 → c 30.
        let view = HStack(spacing: 0) {
            Color.red.frame(minWidth: 10).layoutPriority(2).id("a")
            Color.green.frame(minWidth: 20).layoutPriority(1).id("b")
            Color.blue.frame(minWidth: 30).id("c")
        }
        #expect(frame("a", in: view, 150, 10)?.width == 100)
        #expect(frame("b", in: view, 150, 10)?.width == 20)
        #expect(frame("c", in: view, 150, 10) == CGRect(x: 120, y: 0, width: 30, height: 10))
    }

    @Test func spacersShareWhatIsLeft() {
        // No gaps next to spacers. Boxes first: R = 200 − 16 (spacer minimums reserved) − 30 = 154;
        // spacers: 154 + 16 = 170 → 85 each.
        let view = HStack { box("a", 10, 10); Spacer().id("s1"); box("b", 10, 10); Spacer().id("s2"); box("c", 10, 10) }
        #expect(frame("s1", in: view, 200, 10) == CGRect(x: 10, y: 5, width: 85, height: 0))
        #expect(frame("s2", in: view, 200, 10)?.minX == 105)
        // Explicit spacing applies next to spacers too: R = 100 − 8 − 8 − 20 = 64 → spacer 72 at x 14.
        let spaced = HStack(spacing: 4) { box("a", 10, 10); Spacer().id("s"); box("b", 10, 10) }
        #expect(frame("s", in: spaced, 100, 10)?.minX == 14)
        #expect(frame("s", in: spaced, 100, 10)?.width == 72)
    }

    @Test func fixedSizeVerticallyGivesEqualHeights() {
        // Sized with a nil height: blue is 10 tall, red 40 → the stack is 40; placement re-runs with
        // height 40, so blue stretches to 40.
        let view = HStack { Color.red.frame(width: 20, height: 40); Color.blue.frame(width: 20).id("b") }
            .fixedSize(horizontal: false, vertical: true)
        #expect(frame("b", in: view, 100, 300)?.height == 40)
    }

    @Test func oneChildStackIsTheChild() {
        #expect(ViewGraph.resolveRoot(HStack { Color.red.layoutPriority(3) }).priority == 3)
        #expect(size(of: VStack { Circle() }, 80, 30) == CGSize(width: 30, height: 30))
    }

    @Test func emptyStacksAndEmptyViews() {
        // An empty stack is 0 × 0 with a generic 0 spacing: no gap on either side.
        #expect(frame("b", in: HStack { box("a", 10, 10); HStack {}; box("b", 10, 10) })?.minX == 10)
        #expect(ViewGraph.resolveRoot(HStack {}).priority == -.infinity)
        // EmptyView and a false `if` are not children: one gap of 8.
        let show = false
        let view = HStack {
            box("a", 10, 10)
            EmptyView()
            if show { box("x", 10, 10) }
            box("b", 10, 10)
        }
        #expect(frame("b", in: view)?.minX == 18)
    }

    @Test func verticalStacksMirrorHorizontalOnes() {
        let view = VStack { Color.red.id("a"); box("b", 10, 20); Color.blue.id("c") }
        // 100 − 16 − 20 = 64 → 32 each: y = 0, 40, 68.
        #expect(frame("a", in: view, 10, 100)?.height == 32)
        #expect(frame("c", in: view, 10, 100)?.minY == 68)
    }
}

/// §4.5 – §4.6 and §5: alignment, and the ZStack.
@Suite struct StackAlignmentRules {
    @Test func hstackAlignments() {
        func y(_ alignment: VerticalAlignment) -> CGFloat? {
            frame("a", in: HStack(alignment: alignment) { box("a", 10, 10); box("b", 10, 30) })?.minY
        }
        #expect(y(.top) == 0)
        #expect(y(.center) == 10)
        #expect(y(.bottom) == 20)
        // Views without text have their baselines at the bottom.
        #expect(y(.firstTextBaseline) == 20)
        #expect(y(.lastTextBaseline) == 20)
    }

    @Test func vstackAlignments() {
        func x(_ alignment: HorizontalAlignment) -> CGFloat? {
            frame("a", in: VStack(alignment: alignment) { box("a", 10, 10); box("b", 30, 10) })?.minX
        }
        #expect(x(.leading) == 0)
        #expect(x(.center) == 10)
        #expect(x(.trailing) == 20)
    }

    @Test func customGuidesAndOverrides() {
        // Line's default is the centre: 5 and 15 → a moves down 10. An override of 0 on b instead
        // puts b's top on a's centre.
        #expect(frame("a", in: HStack(alignment: .line) { box("a", 10, 10); box("b", 10, 30) })?.minY == 10)
        let overridden = HStack(alignment: .line) { box("a", 10, 10); box("b", 10, 30).alignmentGuide(.line) { _ in 0 } }
        #expect(frame("b", in: overridden)?.minY == 5)
        #expect(frame("a", in: overridden)?.minY == 0)
    }

    @Test func customGuidesAreAveragedUpward() {
        // The inner HStack's Mark is the mean of its children's explicit values: (0 + 4 + 10 + 6) / 2 = 10.
        // c has no explicit value: its default is 0. So c sits 10 to the right of the HStack.
        let view = VStack(alignment: .mark, spacing: 0) {
            HStack(spacing: 0) {
                box("a", 10, 10).alignmentGuide(.mark) { _ in 4 }
                box("b", 10, 10).alignmentGuide(.mark) { _ in 6 }
            }
            box("c", 30, 10)
        }
        #expect(frame("a", in: view)?.minX == 0)
        #expect(frame("c", in: view)?.minX == 10)
    }

    @Test func frameGuidesDoNotPropagate() {
        // a's leading override stays inside its HStack: in the leading VStack both rows start at 0.
        let view = VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 0) { box("a", 10, 10).alignmentGuide(.leading) { _ in 5 }; box("b", 10, 10) }
            box("c", 30, 10)
        }
        #expect(frame("a", in: view)?.minX == 0)
        #expect(frame("c", in: view)?.minX == 0)
    }

    @Test func baselinesCombineTopMostFirstBottomMostLast() {
        // A VStack of two body texts: its last baseline is the second text's (top + ascent 15.78), its
        // first the first text's; a box aligned on either has its bottom there.
        let ascent = 1901.0 / 2048 * 17
        let view = HStack(alignment: .lastTextBaseline) {
            VStack(spacing: 0) { Text("one").id("t1"); Text("two").id("t2") }
            box("box", 10, 10)
        }
        let result = LayoutResult(of: view)
        let second = result.frames["t2"]
        #expect(second != nil)
        #expect(abs((result.frames["box"]?.maxY ?? 0) - ((second?.minY ?? 0) + ascent)) < 1e-9)
        #expect((second?.minY ?? 0) > 0)
        let first = HStack(alignment: .firstTextBaseline) {
            VStack(spacing: 0) { Text("one").id("t1"); Text("two") }
            box("box", 10, 10)
        }
        let firstResult = LayoutResult(of: first)
        #expect(abs((firstResult.frames["box"]?.maxY ?? 0) - ((firstResult.frames["t1"]?.minY ?? 0) + ascent)) < 1e-9)
    }

    @Test func zstackIsSizedByItsTopPriority() {
        // Only "small" (priority 1) sizes the ZStack: 50 × 50; "big" is proposed 50 × 50 at placement
        // but is fixed 300 × 300, centred: (25 − 150, 25 − 150).
        let view = ZStack {
            Color.red.frame(width: 300, height: 300).id("big")
            Color.blue.frame(width: 50, height: 50).layoutPriority(1).id("small")
        }
        let result = LayoutResult(of: view)
        #expect(result.rootSize == CGSize(width: 50, height: 50))
        #expect(result.frames["big"]?.origin == CGPoint(x: -125, y: -125))
    }

    @Test func zstackAlignments() {
        let view = ZStack(alignment: .bottomTrailing) { box("a", 40, 20); box("b", 10, 30) }
        #expect(size(of: view, nil, nil) == CGSize(width: 40, height: 30))
        #expect(frame("a", in: view)?.origin == CGPoint(x: 0, y: 10))
        #expect(frame("b", in: view)?.origin == CGPoint(x: 30, y: 0))
        let topLeading = ZStack(alignment: .topLeading) { box("a", 40, 20); box("b", 10, 30) }
        #expect(frame("b", in: topLeading)?.origin == .zero)
    }

    @Test func zstackWithCustomGuidesIsTheUnionOfAlignedFrames() {
        // a's guide 5 (centre), b's 0: height = max(5, 0) + max(10 − 5, 10 − 0) = 15; b's top at 5.
        let view = ZStack(alignment: Alignment(horizontal: .leading, vertical: .line)) {
            box("a", 10, 10)
            box("b", 10, 10).alignmentGuide(.line) { _ in 0 }
        }
        #expect(size(of: view, nil, nil).height == 15)
        #expect(frame("a", in: view)?.minY == 0)
        #expect(frame("b", in: view)?.minY == 5)
    }
}

/// §4.1 – §4.2: spacing.
@Suite struct StackSpacingRules {
    @Test func plainViewsMeetAt8AndSpacersAt0() {
        #expect(frame("b", in: HStack { box("a", 10, 10); box("b", 10, 10) })?.minX == 18)
        #expect(frame("b", in: VStack { box("a", 10, 10); box("b", 10, 10) })?.minY == 18)
        #expect(frame("b", in: HStack(spacing: 3) { box("a", 10, 10); box("b", 10, 10) })?.minX == 13)
    }

    @Test func framesKeepASpacersSpacingButPaddingMakesEdgesPlain() {
        // Spacer().frame(width: 20) still has no gaps: b at 20.
        #expect(frame("b", in: HStack { Spacer().frame(width: 20); box("b", 10, 10) })?.minX == 20)
        // Padding makes the spacer's edges plain: 8 between it and b.
        let padded = LayoutResult(of: HStack { Spacer(minLength: 4).padding(.horizontal, 1).id("s"); box("b", 10, 10) })
        #expect((padded.frames["b"]?.minX ?? 0) - (padded.frames["s"]?.maxX ?? 0) == 8)
    }

    @Test func aStacksOuterEdgesAreTheUnionOfItsChildren() {
        let engine = RootProbe()
        let stack = ViewGraph.resolveRoot(HStack { Spacer(); Color.red })
        let plain = ViewGraph.resolveRoot(Color.red)
        // Leading edge from the first child (a spacer's generic 0), trailing from the last (plain).
        #expect(engine.spacing(plain).distance(to: engine.spacing(stack), along: .horizontal) == 0)
        #expect(engine.spacing(stack).distance(to: engine.spacing(plain), along: .horizontal) == 8)
        // Cross edges from every child: the spacer adds nothing vertical, so plain meets plain at 8.
        #expect(engine.spacing(stack).distance(to: engine.spacing(plain), along: .vertical) == 8)
    }

    @Test func customLayoutsReadPreferredDistances() {
        // A row using subviews' preferred distances: plain → spacer-like frame(0) → plain.
        struct PreferredRow: Layout {
            func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
                var width: CGFloat = 0
                for index in subviews.indices {
                    width += subviews[index].sizeThatFits(.unspecified).width
                    if index > subviews.startIndex { width += subviews[index - 1].spacing.distance(to: subviews[index].spacing, along: .horizontal) }
                }
                return CGSize(width: width, height: 10)
            }
            func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
        }
        // 10 + 8 + 10 + 0 (next to the spacer) + 8 (spacer's minimum) + 0 + 10 = 46
        #expect(size(of: PreferredRow { box("a", 10, 10); box("b", 10, 10); Spacer(); box("c", 10, 10) }, nil, nil).width == 46)
    }
}

/// §6: AnyLayout keeps identities and caches.
@Suite struct AnyLayoutRules {
    final class Counter: @unchecked Sendable {
        var makes = 0, updates = 0
    }

    struct CountingRow: Layout {
        let counter: Counter
        func makeCache(subviews: Subviews) -> Int {
            counter.makes += 1
            return subviews.count
        }
        func updateCache(_ cache: inout Int, subviews: Subviews) {
            counter.updates += 1
            cache = subviews.count
        }
        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Int) -> CGSize { CGSize(width: 10 * CGFloat(cache), height: 10) }
        func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Int) {}
    }

    struct CountingColumn: Layout {
        let counter: Counter
        func makeCache(subviews: Subviews) -> Int {
            counter.makes += 1
            return 0
        }
        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Int) -> CGSize { .zero }
        func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Int) {}
    }

    @Test func switchingStacksKeepsChildIdentities() {
        func content(_ layout: AnyLayout) -> some View { layout { box("a", 10, 10); box("b", 20, 10) } }
        let graph = ViewGraph(content(AnyLayout(HStackLayout())))
        let before = graph.layout()
        graph.update(content(AnyLayout(VStackLayout())))
        let after = graph.layout()
        #expect(before.displayList.items.map(\.identity.path) == after.displayList.items.map(\.identity.path))
        // Horizontal then vertical: b at (18, 0) then centred under a at (0, 18); the column is 20 wide, a centred at x 5.
        #expect(before.frames["b"]?.origin == CGPoint(x: 18, y: 0))
        #expect(after.frames["b"]?.origin == CGPoint(x: 0, y: 18))
        #expect(after.frames["a"]?.origin == CGPoint(x: 5, y: 0))
        graph.update(content(AnyLayout(ZStackLayout())))
        #expect(graph.layout().frames["a"]?.origin == CGPoint(x: 5, y: 0))
    }

    @Test func theSameLayoutTypeUpdatesItsCacheAnotherMakesOne() {
        let counter = Counter()
        let graph = ViewGraph(AnyLayout(CountingRow(counter: counter)) { Color.red; Color.blue })
        #expect(graph.layout().rootSize.width == 20)
        #expect(counter.makes == 1 && counter.updates == 0)
        graph.update(AnyLayout(CountingRow(counter: counter)) { Color.red; Color.blue; Color.green })
        #expect(counter.makes == 1 && counter.updates == 1)
        #expect(graph.layout().rootSize.width == 30)
        graph.update(AnyLayout(CountingColumn(counter: counter)) { Color.red; Color.blue; Color.green })
        _ = graph.layout()
        #expect(counter.makes == 2 && counter.updates == 1)
    }

    @Test func anyLayoutGivesSpacersItsWrappedAxis() {
        // In an AnyLayout(VStackLayout()) a spacer grows vertically: 0 wide.
        let view = AnyLayout(VStackLayout()) { box("a", 10, 10); Spacer().id("s") }
        #expect(frame("s", in: view, 50, 100)?.width == 0)
    }
}
