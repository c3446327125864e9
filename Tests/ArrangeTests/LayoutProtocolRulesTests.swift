import Foundation
import Testing
@testable import Arrange

/// A layout that places only the first subview, at a fixed point with a given anchor; the others
/// are left for the engine to centre.
private struct PlaceFirst: Layout {
    var anchor: UnitPoint
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        proposal.replacingUnspecifiedDimensions(by: CGSize(width: 100, height: 100))
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        guard let first = subviews.first else { return }
        // Placed twice: the last call wins.
        first.place(at: CGPoint(x: bounds.minX, y: bounds.minY), proposal: .unspecified)
        first.place(at: CGPoint(x: bounds.minX + 50, y: bounds.minY + 50), anchor: anchor, proposal: ProposedViewSize(width: 20, height: 10))
    }
}

private struct Tag: LayoutValueKey { static let defaultValue = 0 }

/// Lays subviews out in a row ordered by their `Tag` value.
private struct SortedRow: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        CGSize(width: subviews.reduce(0) { $0 + $1.sizeThatFits(.unspecified).width }, height: 10)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        var x = bounds.minX
        for subview in subviews.sorted(by: { $0[Tag.self] < $1[Tag.self] }) {
            subview.place(at: CGPoint(x: x, y: bounds.minY), proposal: .unspecified)
            x += subview.sizeThatFits(.unspecified).width
        }
    }
}

/// Counts cache creation.
private final class Counter: @unchecked Sendable {
    var makes = 0
    var updates = 0
}

private struct CachedLayout: Layout {
    let counter: Counter
    struct Cache { var widths: [CGFloat] }
    func makeCache(subviews: Subviews) -> Cache {
        counter.makes += 1
        return Cache(widths: subviews.map { $0.sizeThatFits(.unspecified).width })
    }
    func updateCache(_ cache: inout Cache, subviews: Subviews) {
        counter.updates += 1
        cache = makeCache(subviews: subviews)
    }
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        CGSize(width: cache.widths.reduce(0, +), height: 10)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        var x = bounds.minX
        for (subview, width) in zip(subviews, cache.widths) {
            subview.place(at: CGPoint(x: x, y: bounds.minY), proposal: .unspecified)
            x += width
        }
    }
}

/// Places children in a column at x = 0 and reports the bounds it was given.
private struct BoundsReporter: Layout {
    let seen: Counter
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { CGSize(width: 30, height: 30) }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        seen.makes = Int(bounds.minX)
        seen.updates = Int(bounds.minY)
    }
}

@Suite struct LayoutProtocolRules {
    @Test func anchorArithmeticAndLastCallWins() {
        // Size for (20, 10) is 20 × 10; anchor (1, 1) puts the bottom-trailing corner at (50, 50).
        let view = PlaceFirst(anchor: .bottomTrailing) { Color.red.id("a") }
        #expect(frame("a", in: view, 100, 100) == CGRect(x: 30, y: 40, width: 20, height: 10))
        let centred = PlaceFirst(anchor: .center) { Color.red.id("a") }
        #expect(frame("a", in: centred, 100, 100) == CGRect(x: 40, y: 45, width: 20, height: 10))
    }

    @Test func anUnplacedSubviewIsCentredWithTheContainersProposal() {
        // The second child is never placed: proposed the container's (60, 40) and centred in its
        // 60 × 40 bounds; a Circle answers 40 × 40 → origin (10, 0).
        let view = PlaceFirst(anchor: .topLeading) { Color.red; Circle().id("b") }
        #expect(frame("b", in: view, 60, 40) == CGRect(x: 10, y: 0, width: 40, height: 40))
    }

    @Test func layoutValueKeysReachTheLayout() {
        let view = SortedRow {
            box("a", 10, 10).layoutValue(key: Tag.self, value: 3)
            box("b", 20, 10).layoutValue(key: Tag.self, value: 1)
            box("c", 30, 10)
        }
        // Order c (0), b (1), a (3): x = 0, 30, 50.
        #expect(frame("c", in: view)?.minX == 0)
        #expect(frame("b", in: view)?.minX == 30)
        #expect(frame("a", in: view)?.minX == 50)
    }

    @Test func theCacheIsMadeOnceAndUpdatedOnChange() {
        let counter = Counter()
        let graph = ViewGraph(CachedLayout(counter: counter) { box("a", 10, 10); box("b", 20, 10) })
        let result = graph.layout()
        #expect(counter.makes == 1 && counter.updates == 0)
        #expect(result.rootSize == CGSize(width: 30, height: 10))
        _ = graph.layout()
        #expect(counter.makes == 1)
        graph.update(CachedLayout(counter: counter) { box("a", 10, 10); box("b", 40, 10) })
        #expect(counter.updates == 1)
        #expect(graph.layout().rootSize == CGSize(width: 50, height: 10))
    }

    @Test func boundsAreInRootCoordinates() {
        let seen = Counter()
        _ = LayoutResult(of: BoundsReporter(seen: seen) { Color.red }.padding(EdgeInsets(top: 7, leading: 5, bottom: 0, trailing: 0)))
        #expect(seen.makes == 5 && seen.updates == 7)
    }

    @Test func defaultSpacingIsTheUnionOfTheSubviews() {
        // A custom layout of a Spacer only carries the spacer's generic 0: neighbours touch it.
        let row = HStack { box("a", 10, 10); SortedRow { Spacer() }.id("s"); box("b", 10, 10) }
        #expect(frame("s", in: row)?.minX == 10)
        // Of plain views: 8.
        let plain = HStack { box("a", 10, 10); SortedRow { Color.red.frame(width: 5) }.id("s") }
        #expect(frame("s", in: plain)?.minX == 18)
        // Empty: ViewSpacing.zero.
        #expect(ViewSpacing.zero.distance(to: ViewSpacing.zero, along: .horizontal) == 0)
    }

    @Test func defaultExplicitAlignmentCombinesTheSubviews() {
        enum Mid: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height / 2 } }
        let mid = VerticalAlignment(Mid.self)
        // Children at x 0, 10 in SortedRow; heights 10. Explicit custom values 2 and 6 → average 4.
        let layout = SortedRow {
            Color.red.frame(width: 10, height: 10).alignmentGuide(mid) { _ in 2 }
            Color.red.frame(width: 10, height: 10).alignmentGuide(mid) { _ in 6 }
            Color.red.frame(width: 10, height: 10)
        }
        let engine = RootProbe()
        let node = ViewGraph.resolveRoot(layout)
        #expect(engine.explicitValue(node, mid.key, .unspecified) == 4)
        // Frame guides never combine; baselines: first → min, last → max.
        #expect(engine.explicitValue(node, VerticalAlignment.top.key, .unspecified) == nil)
        let texts = ViewGraph.resolveRoot(VStack { Text("a").font(.largeTitle); Text("b") })
        let first = engine.explicitValue(texts, VerticalAlignment.firstTextBaseline.key, .unspecified)
        let last = engine.explicitValue(texts, VerticalAlignment.lastTextBaseline.key, .unspecified)
        // largeTitle ascent 1901/2048 × 34 = 31.5596 is the top-most first baseline.
        #expect(first == 1901.0 / 2048 * 34)
        #expect((last ?? 0) > (first ?? 0))
    }
}

/// docs/layout-rules.md §7: guides, the host and pixel rounding.
@Suite struct AlignmentAndRoundingRules {
    @Test func guideDefaults() {
        let d = ViewDimensions(size: CGSize(width: 40, height: 20))
        #expect(d[HorizontalAlignment.leading] == 0 && d[HorizontalAlignment.center] == 20 && d[HorizontalAlignment.trailing] == 40)
        #expect(d[VerticalAlignment.top] == 0 && d[VerticalAlignment.center] == 10 && d[VerticalAlignment.bottom] == 20)
        #expect(d[VerticalAlignment.firstTextBaseline] == 20 && d[VerticalAlignment.lastTextBaseline] == 20)
    }

    /// A text has explicit values only for its baselines, and containers that only pass its
    /// guides on have no others: asking them any other guide answers nil without asking below.
    /// An override below, or a custom layout, may give any guide.
    @Test func onlyBaselinesAreAskedOfTextsAndWhatWrapsThem() {
        let plain = ViewGraph.resolveRoot(Text("a").padding(4).background(Color.gray))
        #expect(plain.mayHaveExplicitGuide(.firstTextBaseline, of: plain.root, includeOverrides: true))
        #expect(!plain.mayHaveExplicitGuide(.leading, of: plain.root, includeOverrides: true))
        #expect(!plain.mayHaveExplicitGuide(.custom, of: plain.root, includeOverrides: true))
        let overridden = ViewGraph.resolveRoot(Text("a").alignmentGuide(.leading) { _ in 3 }.padding(4))
        #expect(overridden.mayHaveExplicitGuide(.leading, of: overridden.root, includeOverrides: true))
        /// A layout of one's own may report any guide.
        struct Stacked: Layout {
            func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
                subviews.first?.sizeThatFits(proposal) ?? .zero
            }
            func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
                for subview in subviews { subview.place(at: bounds.origin, proposal: proposal) }
            }
        }
        let custom = ViewGraph.resolveRoot(Stacked { Text("a") })
        #expect(custom.mayHaveExplicitGuide(.verticalCenter, of: custom.root, includeOverrides: true))
        // The override is seen through the padding: the VStack lines the text's leading guide
        // (3 in from its frame) up with the plain view's leading edge, so the text sits 3 left.
        let result = LayoutResult(of: VStack(alignment: .leading, spacing: 0) {
            Color.red.frame(width: 20, height: 10).id("plain")
            Color.blue.frame(width: 10, height: 10).alignmentGuide(.leading) { _ in 3 }.padding(0).id("moved")
        })
        #expect(result.frames["moved"]?.minX == (result.frames["plain"]?.minX ?? 0) - 3)
    }

    @Test func theRootIsCentredInTheCanvas() {
        let result = LayoutResult(of: Color.red.frame(width: 40, height: 20), in: .init(width: 100, height: 100))
        #expect(result.canvasSize == CGSize(width: 100, height: 100))
        #expect(result.rootFrame == CGRect(x: 30, y: 40, width: 40, height: 20))
        // A nil proposal makes the canvas the root's size.
        #expect(LayoutResult(of: Color.red.frame(width: 40, height: 20)).canvasSize == CGSize(width: 40, height: 20))
    }

    @Test func severalRootViewsFormAVStack() {
        let result = LayoutResult(of: Group { box("a", 10, 10); box("b", 10, 10) })
        #expect(result.frames["b"]?.minY == 18)
    }

    /// §9 example 3: three shapes of 26.667 at y 0, 36.667, 73.333 render as rows [0,27), [37,63), [73,100).
    @Test func cornersRoundIndependently() {
        let result = LayoutResult(of: VStack(spacing: 10) { Rectangle(); Rectangle(); Rectangle() }, in: .init(width: 100, height: 100))
        #expect(result.displayList.items.map(\.frame) == [
            CGRect(x: 0, y: 0, width: 100, height: 27), CGRect(x: 0, y: 37, width: 100, height: 26), CGRect(x: 0, y: 73, width: 100, height: 27),
        ])
        // At 2× the grid is 0.5: 26.667 → 26.5, 36.667 → 36.5, 63.333 → 63.5, 73.333 → 73.5.
        let double = LayoutResult(of: VStack(spacing: 10) { Rectangle(); Rectangle(); Rectangle() }, in: .init(width: 100, height: 100), scale: 2)
        #expect(double.displayList.items.map(\.frame.minY) == [0, 36.5, 73.5])
        #expect(double.displayList.items.map(\.frame.maxY) == [26.5, 63.5, 100])
        // At 3× the grid is 1/3 and every edge already lies on it.
        let triple = LayoutResult(of: VStack(spacing: 10) { Rectangle(); Rectangle(); Rectangle() }, in: .init(width: 100, height: 100), scale: 3)
        #expect(triple.displayList.items.map { ($0.frame.minY * 3).rounded() } == [0, 110, 220])
    }

    @Test func tiesRoundUp() {
        #expect(PixelRounding.round(0.5, pixel: 1) == 1)
        #expect(PixelRounding.round(-0.5, pixel: 1) == 0)
        #expect(PixelRounding.round(0.25, pixel: 0.5) == 0.5)
    }
}
