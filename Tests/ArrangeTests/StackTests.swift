import Foundation
import Testing
@testable import Arrange

// Issue 3, "Stacks as SwiftUI lays them out": HStack and VStack sizing and placement
// (docs/layout-rules.md §4, §4.3, §4.4) and the worked examples of §9.
//
// Every expected number is worked out by hand from the rules; the arithmetic is in the comments.
// Frames are in root coordinates: the root's size is centred in the proposal where the proposal
// is finite (§7.3), so an overflowing root starts at a negative x.

// MARK: - Helpers shared by the Stack*, ZStack* and AnyLayout* test files

/// Text metrics with round numbers, so text sizes and baselines can be worked out by hand: every
/// character 5 wide, ascent 12, descent 4 (one line is 16 tall), cap height 9, no leading.
/// Spacing preferences (§4.2): extra = ⌈0.1 × 16⌉ = 2, lineSpacing = 18, so a text wants
/// 18 − 12 = 6 below a plain view and max(18 − 9, 2 + 4) = 9 above one.
struct StackTestMeasurer: TextMeasurer {
    func metrics(of font: Font) -> FontMetrics { FontMetrics(ascent: 12, descent: 4, leading: 0, capHeight: 9) }
    func shape(_ text: String, in font: Font) -> ShapedText {
        var offset = 0
        return ShapedText(glyphs: text.map { character in
            defer { offset += character.utf16.count }
            return ShapedGlyph(face: nil, id: 0, cluster: offset, advance: 5)
        })
    }
}

/// Lays `view` out for a proposal (a nil axis is unspecified), at scale 1, with round text metrics.
func stackLayout<V: View>(_ view: V, _ width: CGFloat? = nil, _ height: CGFloat? = nil) -> LayoutResult {
    LayoutResult(of: view, in: ProposedViewSize(width: width, height: height), fonts: StackTestMeasurer())
}

/// The size the view chooses for a proposal, asked directly (infinite proposals included).
func stackMeasure<V: View>(_ view: V, _ width: CGFloat?, _ height: CGFloat?) -> CGSize {
    RootProbe(measurer: StackTestMeasurer()).size(ViewGraph.resolveRoot(view), ProposedViewSize(width: width, height: height))
}

/// A rectangle of fixed size, tagged `id`.
func fixedBox(_ id: String, _ width: CGFloat, _ height: CGFloat) -> some View {
    Rectangle().frame(width: width, height: height).id(id)
}

// MARK: - §4.3: proposals on the major axis

@Suite struct StackMajorAxisProposals {
    @Test func nilMajorIsTheIdealPass() {
        // Case A: every child is proposed (nil, 50). Color → 10 × 50; box 20 × 30.
        // Width = 10 + 8 + 20 = 38. Centre alignment: extents [−25, 25] and [−15, 15] → height 50,
        // the box at y = 25 − 15 = 10.
        let h = stackLayout(HStack { Color.red.id("c"); fixedBox("b", 20, 30) }, nil, 50)
        #expect(h.rootSize == CGSize(width: 38, height: 50))
        #expect(h.frames["c"] == CGRect(x: 0, y: 0, width: 10, height: 50))
        #expect(h.frames["b"] == CGRect(x: 18, y: 10, width: 20, height: 30))
        // The same with the axes swapped.
        let v = stackLayout(VStack { Color.red.id("c"); fixedBox("b", 30, 20) }, 50, nil)
        #expect(v.rootSize == CGSize(width: 50, height: 38))
        #expect(v.frames["c"] == CGRect(x: 0, y: 0, width: 50, height: 10))
        #expect(v.frames["b"] == CGRect(x: 10, y: 18, width: 30, height: 20))
    }

    @Test func zeroMajorGivesTheSumOfMinimums() {
        // Every child proposed 0 wide: Color 0, Spacer max(0, 5) = 5, box 20, frame(minWidth: 7) 7.
        // Gaps: Color|Spacer 0, Spacer|box 0, box|frame 8 → width 0 + 5 + 20 + 8 + 7 = 40.
        let view = HStack {
            Color.red.id("c")
            Spacer(minLength: 5).id("s")
            fixedBox("b", 20, 10)
            Rectangle().frame(minWidth: 7).id("m")
        }
        let result = stackLayout(view, 0, 10)
        #expect(result.rootSize == CGSize(width: 40, height: 10))
        // Centred in a 0-wide canvas: the stack starts at (0 − 40) / 2 = −20.
        #expect(result.frames["c"] == CGRect(x: -20, y: 0, width: 0, height: 10))
        // The spacer is 0 tall (cross axis), centred: y = 5.
        #expect(result.frames["s"] == CGRect(x: -20, y: 5, width: 5, height: 0))
        #expect(result.frames["b"]?.minX == -15)
        #expect(result.frames["m"] == CGRect(x: 13, y: 0, width: 7, height: 10))
        // VStack: 0 + 5 + 20 (no gaps next to the spacer) = 25.
        #expect(stackMeasure(VStack { Color.red; Spacer(minLength: 5); fixedBox("b", 10, 20) }, 10, 0).height == 25)
    }

    @Test func finiteMajorIsSharedInFittingOrder() {
        // R = 130 − 16 = 114. The box (flex 0) goes first: share 38 → 30, R = 84; then the two
        // colours (flex ∞, min 0, declaration order): 42 and 42. x = 0, 42 + 8 = 50, 50 + 30 + 8 = 88.
        let view = HStack { Color.red.id("a"); fixedBox("b", 30, 10); Color.blue.id("c") }
        let result = stackLayout(view, 130, 10)
        #expect(result.frames["a"] == CGRect(x: 0, y: 0, width: 42, height: 10))
        #expect(result.frames["b"] == CGRect(x: 50, y: 0, width: 30, height: 10))
        #expect(result.frames["c"] == CGRect(x: 88, y: 0, width: 42, height: 10))
        // VStack, same numbers on y.
        let column = stackLayout(VStack { Color.red.id("a"); fixedBox("b", 10, 30); Color.blue.id("c") }, 10, 130)
        #expect(column.frames["c"] == CGRect(x: 0, y: 88, width: 10, height: 42))
    }

    @Test func infiniteMajorGivesTheMaximum() {
        // Every child proposed ∞: a Color answers ∞, so the stack is ∞ wide.
        #expect(stackMeasure(HStack { Color.red; fixedBox("b", 20, 10) }, .infinity, 10).width == .infinity)
        #expect(stackMeasure(VStack { Color.red; fixedBox("b", 10, 20) }, 10, .infinity).height == .infinity)
        // Without unbounded children: box 20 + 8 + frame(maxWidth: 30) (child offered min(∞, 30) = 30) = 58.
        let result = stackLayout(HStack { fixedBox("b", 20, 10); Rectangle().frame(maxWidth: 30).id("m") }, .infinity, 10)
        #expect(result.rootSize == CGSize(width: 58, height: 10))
        // An infinite canvas axis is the root's own length, so the root starts at 0.
        #expect(result.frames["m"] == CGRect(x: 28, y: 0, width: 30, height: 10))
    }
}

// MARK: - §4.3, §4.4: proposals on the minor axis

@Suite struct StackMinorAxisProposals {
    /// A Color in a fixed-width frame (10 × whatever it is offered) and a 20 × 30 box.
    func row() -> some View {
        HStack(spacing: 0) { Color.red.frame(width: 10).id("c"); fixedBox("b", 20, 30) }
    }

    @Test func nilMinorMeasuresIdeallyThenPlacesAtTheFinalHeight() {
        // Sizing with height nil: the colour is 10 tall, the box 30 → the stack is 30 × 30.
        // Placement re-runs with the stack's own height 30 (§4.4): the colour is offered
        // (10, 30) and is 30 tall at y = 0.
        let result = stackLayout(row(), 30, nil)
        #expect(result.rootSize == CGSize(width: 30, height: 30))
        #expect(result.frames["c"] == CGRect(x: 0, y: 0, width: 10, height: 30))
        #expect(result.frames["b"] == CGRect(x: 10, y: 0, width: 20, height: 30))
    }

    @Test func zeroMinorProposesZeroToEveryChild() {
        // Colour 0 tall, box 30 → stack 30 tall. In a 0-tall canvas the root starts at y = −15;
        // the colour is centred: −15 + 15 = 0.
        let result = stackLayout(row(), 30, 0)
        #expect(result.rootSize == CGSize(width: 30, height: 30))
        #expect(result.frames["c"] == CGRect(x: 0, y: 0, width: 10, height: 0))
        #expect(result.frames["b"]?.minY == -15)
    }

    @Test func finiteMinorIsPassedUnchanged() {
        // Colour 50 tall, box 30 centred at y = 10.
        let result = stackLayout(row(), 30, 50)
        #expect(result.rootSize == CGSize(width: 30, height: 50))
        #expect(result.frames["c"] == CGRect(x: 0, y: 0, width: 10, height: 50))
        #expect(result.frames["b"] == CGRect(x: 10, y: 10, width: 20, height: 30))
    }

    @Test func infiniteMinorGivesAnInfiniteCrossLength() {
        // The colour takes the ∞ height: the aligned union is ∞ tall.
        #expect(stackMeasure(row(), 30, .infinity) == CGSize(width: 30, height: CGFloat.infinity))
        // VStack: a colour in a fixed-height frame offered ∞ wide.
        #expect(stackMeasure(VStack(spacing: 0) { Color.red.frame(height: 10); fixedBox("b", 30, 20) }, .infinity, 30)
            == CGSize(width: CGFloat.infinity, height: 30))
    }

    @Test func vstackNilMinorStretchesAtPlacement() {
        // Mirror of the first test: width nil → colour 10 wide while sizing, 30 wide when placed.
        let result = stackLayout(VStack(spacing: 0) { Color.red.frame(height: 10).id("c"); fixedBox("b", 30, 20) }, nil, 30)
        #expect(result.rootSize == CGSize(width: 30, height: 30))
        #expect(result.frames["c"] == CGRect(x: 0, y: 0, width: 30, height: 10))
    }
}

// MARK: - §4.3: overflow and fitting order

@Suite struct StackOverflowAndFittingOrder {
    @Test func fixedChildrenOverflowAndTheParentCentresTheStack() {
        // 60 + 8 + 60 = 128 in a 100 offer; centred: x = (100 − 128) / 2 = −14.
        let result = stackLayout(HStack { fixedBox("a", 60, 10); fixedBox("b", 60, 10) }, 100, 10)
        #expect(result.rootSize == CGSize(width: 128, height: 10))
        #expect(result.frames["a"]?.minX == -14)
        #expect(result.frames["b"]?.minX == 54)
        let column = stackLayout(VStack { fixedBox("a", 10, 60); fixedBox("b", 10, 60) }, 10, 100)
        #expect(column.rootSize == CGSize(width: 10, height: 128))
        #expect(column.frames["b"]?.minY == 54)
    }

    @Test func flexibleChildrenAreOfferedNothingWhenSpaceRunsOut() {
        // The box first: share 50 → 120, R = 100 − 120 = −20 (not clamped); the colour is
        // offered max(−20, 0) = 0 → 0 wide. Stack 120 wide, root at −10.
        let result = stackLayout(HStack(spacing: 0) { fixedBox("b", 120, 10); Color.red.id("c") }, 100, 10)
        #expect(result.rootSize.width == 120)
        #expect(result.frames["c"] == CGRect(x: 110, y: 0, width: 0, height: 10))
    }

    @Test func leastFlexibleChildrenAreSizedFirst() {
        // a = frame(maxWidth: 50): min 0, max 50, flex 50; b = frame(maxWidth: 20): flex 20;
        // c = Color: flex ∞. Order b, a, c. R = 120: b offered 40 → 20, R = 100; a offered 50 → 50,
        // R = 50; c 50. (Declaration order would give 40, 20, 60.)
        let view = HStack(spacing: 0) {
            Color.red.frame(maxWidth: 50).id("a")
            Color.green.frame(maxWidth: 20).id("b")
            Color.blue.id("c")
        }
        let result = stackLayout(view, 120, 10)
        #expect(result.frames["a"] == CGRect(x: 0, y: 0, width: 50, height: 10))
        #expect(result.frames["b"] == CGRect(x: 50, y: 0, width: 20, height: 10))
        #expect(result.frames["c"] == CGRect(x: 70, y: 0, width: 50, height: 10))
    }

    @Test func whenBothFlexibilitiesAreInfiniteTheLargerMinimumGoesFirst() {
        // All three have flex ∞; minimums a 0, b 30, c 10 → order b, c, a. R = 60:
        // b offered 20 → its frame's minimum 30, R = 30; c offered 15 → 15, R = 15; a 15.
        // (Declaration order: 20, 30, 10; smaller minimum first: 20, 30, 20.)
        let view = HStack(spacing: 0) {
            Color.red.id("a")
            Color.green.frame(minWidth: 30).id("b")
            Color.blue.frame(minWidth: 10).id("c")
        }
        let result = stackLayout(view, 60, 10)
        #expect(result.frames["a"]?.width == 15)
        #expect(result.frames["b"] == CGRect(x: 15, y: 0, width: 30, height: 10))
        #expect(result.frames["c"] == CGRect(x: 45, y: 0, width: 15, height: 10))
    }

    @Test func equalFlexibilitiesKeepDeclarationOrder() {
        // x = frame(maxWidth: 30) over a colour: [0, 30], flex 30. y = frame(minWidth: 10,
        // maxWidth: 40): [10, 40], flex 30. Equal finite flex → declaration order. R = 15:
        // x first: offered 7.5 → 7.5, R = 7.5; y offered 7.5 → clamped to 10.
        // y first: offered 7.5 → 10, R = 5; x offered 5 → 5.
        func pair(xFirst: Bool) -> LayoutResult {
            let x = Color.red.frame(maxWidth: 30).id("x"), y = Color.blue.frame(minWidth: 10, maxWidth: 40).id("y")
            return xFirst ? stackLayout(HStack(spacing: 0) { x; y }, 15, 10) : stackLayout(HStack(spacing: 0) { y; x }, 15, 10)
        }
        #expect(pair(xFirst: true).frames["x"]?.width == 7.5)
        #expect(pair(xFirst: true).frames["y"]?.width == 10)
        #expect(pair(xFirst: false).frames["x"]?.width == 5)
        #expect(pair(xFirst: false).frames["y"]?.width == 10)
    }
}

// MARK: - §4.4: placement with the final cross size

@Suite struct StackPlacement {
    @Test func verticallyFixedHStackGivesEqualHeights() {
        // fixedSize(vertical) proposes (100, nil). Probes: box flex 0, frame(maxWidth: 10) flex 10,
        // colour flex ∞ → order box, frame, colour. R = 100: box offered 33.3 → 20, R = 80; frame
        // offered 40 → 10, R = 70; colour 70. Heights (nil): 40, 10, 10 → the stack is 100 × 40,
        // centred in 300: y = 130. Placement re-runs with height 40: colour and frame are 40 tall.
        let view = HStack(spacing: 0) {
            fixedBox("a", 20, 40)
            Color.red.id("c")
            Rectangle().frame(maxWidth: 10).id("r")
        }.fixedSize(horizontal: false, vertical: true)
        let result = stackLayout(view, 100, 300)
        #expect(result.rootSize == CGSize(width: 100, height: 40))
        #expect(result.frames["a"] == CGRect(x: 0, y: 130, width: 20, height: 40))
        #expect(result.frames["c"] == CGRect(x: 20, y: 130, width: 70, height: 40))
        #expect(result.frames["r"] == CGRect(x: 90, y: 130, width: 10, height: 40))
        // Without fixedSize the children take the 300 offered.
        #expect(stackLayout(HStack(spacing: 0) { fixedBox("a", 20, 40); Color.red.id("c") }, 100, 300).frames["c"]?.height == 300)
    }

    @Test func horizontallyFixedVStackGivesEqualWidths() {
        // fixedSize(horizontal) proposes (nil, 100): box 40 × 20, colour offered (nil, 80) → 10 wide.
        // The stack is max(40, 10) = 40 wide; placement re-runs with width 40. Root x = (300 − 40) / 2.
        let view = VStack(spacing: 0) { fixedBox("a", 40, 20); Color.red.id("c") }.fixedSize(horizontal: true, vertical: false)
        let result = stackLayout(view, 300, 100)
        #expect(result.rootSize == CGSize(width: 40, height: 100))
        #expect(result.frames["c"] == CGRect(x: 130, y: 20, width: 40, height: 80))
    }

    @Test func childrenArePlacedFromTheBoundsOrigin() {
        // A stack inside padding starts at the padding's inset: (7, 3).
        let result = stackLayout(HStack { fixedBox("a", 10, 10); fixedBox("b", 10, 10) }.padding(EdgeInsets(top: 3, leading: 7, bottom: 0, trailing: 0)))
        #expect(result.frames["a"]?.origin == CGPoint(x: 7, y: 3))
        #expect(result.frames["b"]?.origin == CGPoint(x: 25, y: 3))
    }
}

// MARK: - §4: which views are children

@Suite struct StackChildren {
    @Test func aStackWithOneChildIsTheChild() {
        // Same size and frame as the circle alone: 30 × 30 centred in 80 × 30 → x = 25.
        let alone = stackLayout(Circle().id("c"), 80, 30)
        let stacked = stackLayout(HStack { Circle().id("c") }, 80, 30)
        #expect(alone.frames["c"] == CGRect(x: 25, y: 0, width: 30, height: 30))
        #expect(stacked.frames["c"] == alone.frames["c"])
        #expect(stacked.statistics.nodeCount == alone.statistics.nodeCount)
    }

    @Test func aOneChildStackPassesOnTheChildsPriority() {
        // The VStack is its child, priority 1: b first with R = 100 → 70; a gets 30.
        // (A real container would have priority 0: b (flex 70) first with 50 → 50, a 50.)
        let view = HStack(spacing: 0) {
            Color.red.id("a")
            VStack { Color.blue.frame(maxWidth: 70).layoutPriority(1).id("b") }
        }
        let result = stackLayout(view, 100, 10)
        #expect(result.frames["a"]?.width == 30)
        #expect(result.frames["b"]?.width == 70)
    }

    @Test func aOneChildStackPassesOnTheChildsGuides() {
        // The HStack is its child, so the child's leading override (5) reaches the VStack:
        // extents [−5, 5] and [0, 30] → a at 0, c at 5. A two-child HStack would not pass it (§4.6).
        let view = VStack(alignment: .leading, spacing: 0) {
            HStack { fixedBox("a", 10, 10).alignmentGuide(.leading) { _ in 5 } }
            fixedBox("c", 30, 10)
        }
        let result = stackLayout(view)
        #expect(result.frames["a"]?.minX == 0)
        #expect(result.frames["c"]?.minX == 5)
        #expect(result.rootSize.width == 35)
    }

    @Test func anEmptyStackIsZeroByZeroWithNoGaps() {
        // Generic 0 spacing on all edges: a | empty 0 | empty | b 0 → b at x = 10.
        // The empty stack is centred on the row: y = 5.
        let row = stackLayout(HStack { fixedBox("a", 10, 10); HStack {}.id("e"); fixedBox("b", 10, 10) })
        #expect(row.frames["e"] == CGRect(x: 10, y: 5, width: 0, height: 0))
        #expect(row.frames["b"]?.minX == 10)
        let column = stackLayout(VStack { fixedBox("a", 10, 10); VStack {}; fixedBox("b", 10, 10) })
        #expect(column.frames["b"]?.minY == 10)
        #expect(stackLayout(VStack {}, 100, 100).rootSize == .zero)
        #expect(stackLayout(HStack {}, .infinity, .infinity).rootSize == .zero)
        // Its priority is −∞ (§4): it is sized last.
        #expect(ViewGraph.resolveRoot(HStack {}).priority == -.infinity)
    }

    @Test func emptyViewsAndFalseConditionsAreNotChildren() {
        // Two children, one gap of 8: b at 18.
        let show = false
        let view = HStack {
            fixedBox("a", 10, 10)
            EmptyView()
            if show { fixedBox("x", 10, 10) }
            fixedBox("b", 10, 10)
        }
        let result = stackLayout(view)
        #expect(result.frames["b"]?.minX == 18)
        // Stack + 2 × (frame + rectangle) = 5 nodes.
        #expect(result.statistics.nodeCount == 5)
        // With only one real child left the stack is that child: frame + rectangle = 2 nodes.
        #expect(stackLayout(HStack { EmptyView(); fixedBox("a", 10, 10) }).statistics.nodeCount == 2)
    }

    struct Pair: View {
        var body: some View {
            fixedBox("p", 10, 10)
            fixedBox("q", 10, 10)
        }
    }

    @Test func aCustomViewWithSeveralViewsGivesSeveralChildren() {
        // a, p, q: x = 0, 18, 36.
        let result = stackLayout(HStack { fixedBox("a", 10, 10); Pair() })
        #expect(result.frames["p"]?.minX == 18)
        #expect(result.frames["q"]?.minX == 36)
        #expect(result.rootSize.width == 46)
    }
}

// MARK: - §9: worked examples

@Suite struct StackWorkedExamples {
    @Test func example1ThreeEqualRectangles() {
        // 300 / 3 = 100 each, spacing 0.
        let view = HStack(spacing: 0) { Rectangle().id("a"); Rectangle().id("b"); Rectangle().id("c") }.frame(width: 300, height: 100)
        let result = stackLayout(view)
        #expect(result.frames["a"] == CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(result.frames["b"] == CGRect(x: 100, y: 0, width: 100, height: 100))
        #expect(result.frames["c"] == CGRect(x: 200, y: 0, width: 100, height: 100))
    }

    @Test func example2OverflowCentredInTheFrame() {
        // a (flex 100) first: offered 75 → 75; b offered 75 → its minimum 100. 175 in 150:
        // centred, x from (150 − 175) / 2 = −12.5 to 162.5.
        let view = HStack(spacing: 0) {
            Rectangle().frame(maxWidth: 100).id("a")
            Rectangle().frame(minWidth: 100).id("b")
        }.frame(width: 150, height: 100)
        let result = stackLayout(view)
        #expect(result.frames["a"] == CGRect(x: -12.5, y: 0, width: 75, height: 100))
        #expect(result.frames["b"] == CGRect(x: 62.5, y: 0, width: 100, height: 100))
    }

    @Test func example3RowsRoundedAtScale1() {
        // (100 − 2 × 10) / 3 = 26.667 each, at y = 0, 36.667, 73.333; rounded corners:
        // [0, 27), [37, 63), [73, 100).
        let result = stackLayout(VStack(spacing: 10) { Rectangle().id("1"); Rectangle().id("2"); Rectangle().id("3") }, 100, 100)
        let third = 80.0 / 3
        #expect(abs((result.frames["2"]?.minY ?? 0) - (third + 10)) < 1e-9)
        #expect(abs((result.frames["3"]?.minY ?? 0) - (2 * third + 20)) < 1e-9)
        #expect(abs((result.frames["1"]?.height ?? 0) - third) < 1e-9)
        #expect(result.frames["1"]?.width == 100)
        #expect(result.displayList.items.map(\.frame.minY) == [0, 37, 73])
        #expect(result.displayList.items.map(\.frame.maxY) == [27, 63, 100])
    }
}
