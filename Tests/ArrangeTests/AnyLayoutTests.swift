import Foundation
import Testing
@testable import Arrange

// Issue 3: AnyLayout and the stack layouts (docs/layout-rules.md §6): switching keeps identities, the
// cache of the same layout type is updated, a different type gets a fresh one.
// Helpers (stackLayout, fixedBox) are in StackTests.swift.

/// Counts cache calls. A class captured by the layouts (not a global), so parallel tests do not
/// share it; each test makes its own.
private final class CacheLog {
    var makes = 0
    var updates = 0
    /// The cache object each `sizeThatFits` saw, in order.
    var seen: [ObjectIdentifier] = []
}

/// A layout's cache: a reference, so a test can tell an updated cache from a rebuilt one.
private final class CacheToken {
    var subviewCount: Int
    init(_ count: Int) { subviewCount = count }
}

/// A row of subviews at their ideal sizes, `gap` apart, that logs its cache calls.
private struct LoggingRow: Layout {
    let log: CacheLog
    var gap: CGFloat = 0

    func makeCache(subviews: Subviews) -> CacheToken {
        log.makes += 1
        return CacheToken(subviews.count)
    }

    func updateCache(_ cache: inout CacheToken, subviews: Subviews) {
        log.updates += 1
        cache.subviewCount = subviews.count
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout CacheToken) -> CGSize {
        log.seen.append(ObjectIdentifier(cache))
        let sizes = subviews.map { $0.sizeThatFits(.unspecified) }
        return CGSize(width: sizes.reduce(0) { $0 + $1.width } + gap * CGFloat(max(cache.subviewCount - 1, 0)),
                      height: sizes.map(\.height).max() ?? 0)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout CacheToken) {
        var x = bounds.minX
        for subview in subviews {
            subview.place(at: CGPoint(x: x, y: bounds.minY), proposal: .unspecified)
            x += subview.sizeThatFits(.unspecified).width + gap
        }
    }
}

/// Another layout type with a cache, to switch to.
private struct LoggingColumn: Layout {
    let log: CacheLog

    func makeCache(subviews: Subviews) -> CacheToken {
        log.makes += 1
        return CacheToken(subviews.count)
    }

    func updateCache(_ cache: inout CacheToken, subviews: Subviews) {
        log.updates += 1
        cache.subviewCount = subviews.count
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout CacheToken) -> CGSize {
        log.seen.append(ObjectIdentifier(cache))
        return CGSize(width: 10, height: 10 * CGFloat(cache.subviewCount))
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout CacheToken) {
        for (index, subview) in subviews.enumerated() {
            subview.place(at: CGPoint(x: bounds.minX, y: bounds.minY + 10 * CGFloat(index)), proposal: ProposedViewSize(width: 10, height: 10))
        }
    }
}

@Suite struct AnyLayoutSwitching {
    func content(_ layout: AnyLayout) -> some View {
        layout { fixedBox("a", 10, 10); fixedBox("b", 20, 30); fixedBox("c", 30, 20) }
    }

    @Test func switchingBetweenStackLayoutsKeepsEveryChildsIdentity() {
        let graph = ViewGraph(content(AnyLayout(HStackLayout())))
        let row = graph.layout()
        graph.update(content(AnyLayout(VStackLayout())))
        let column = graph.layout()
        graph.update(content(AnyLayout(ZStackLayout())))
        let stack = graph.layout()
        graph.update(content(AnyLayout(HStackLayout())))
        let rowAgain = graph.layout()

        // The same items with the same identities, only moved.
        let identities = row.displayList.items.map(\.identity)
        #expect(identities.count == 3)
        #expect(Set(identities.map(\.path)).count == 3)
        for result in [column, stack, rowAgain] {
            #expect(result.displayList.items.map(\.identity.path) == identities.map(\.path))
            #expect(result.displayList.items.map(\.identity) == identities)
            #expect(result.taggedPaths == row.taggedPaths)
        }

        // Row: 10 + 8 + 20 + 8 + 30 = 76 wide, 30 tall, centred: a y 10, b y 0, c y 5.
        #expect(row.rootSize == CGSize(width: 76, height: 30))
        #expect(row.frames["a"] == CGRect(x: 0, y: 10, width: 10, height: 10))
        #expect(row.frames["b"] == CGRect(x: 18, y: 0, width: 20, height: 30))
        #expect(row.frames["c"] == CGRect(x: 46, y: 5, width: 30, height: 20))
        // Column: 10 + 8 + 30 + 8 + 20 = 76 tall, 30 wide: a x 10, b x 5, c x 0.
        #expect(column.rootSize == CGSize(width: 30, height: 76))
        #expect(column.frames["a"] == CGRect(x: 10, y: 0, width: 10, height: 10))
        #expect(column.frames["b"] == CGRect(x: 5, y: 18, width: 20, height: 30))
        #expect(column.frames["c"] == CGRect(x: 0, y: 56, width: 30, height: 20))
        // ZStack: 30 × 30, all centred.
        #expect(stack.rootSize == CGSize(width: 30, height: 30))
        #expect(stack.frames["a"] == CGRect(x: 10, y: 10, width: 10, height: 10))
        #expect(stack.frames["b"] == CGRect(x: 5, y: 0, width: 20, height: 30))
        #expect(stack.frames["c"] == CGRect(x: 0, y: 5, width: 30, height: 20))
        // And back.
        #expect(rowAgain.frames == row.frames)
    }

    @Test func spacersFollowTheWrappedLayoutsAxis() {
        // In a row offered 50 × 100 the spacer is 50 − 10 = 40 wide and 0 tall; after switching
        // to a column it is 0 wide and 100 − 10 = 90 tall. No gaps next to it either way.
        func content(_ layout: AnyLayout) -> some View { layout { fixedBox("a", 10, 10); Spacer().id("s") } }
        let graph = ViewGraph(content(AnyLayout(HStackLayout())))
        #expect(graph.layout(in: .init(width: 50, height: 100)).frames["s"] == CGRect(x: 10, y: 50, width: 40, height: 0))
        graph.update(content(AnyLayout(VStackLayout())))
        #expect(graph.layout(in: .init(width: 50, height: 100)).frames["s"] == CGRect(x: 25, y: 10, width: 0, height: 90))
    }
}

@Suite struct AnyLayoutCaches {
    @Test func theSameLayoutTypeUpdatesItsCache() {
        let log = CacheLog()
        let graph = ViewGraph(AnyLayout(LoggingRow(log: log, gap: 1)) { fixedBox("a", 10, 10); fixedBox("b", 10, 10) })
        // 10 + 1 + 10 = 21.
        #expect(graph.layout().rootSize.width == 21)
        #expect(log.makes == 1 && log.updates == 0)
        let first = log.seen.last

        // Same type, new parameters and a third child: updateCache on the same cache object.
        graph.update(AnyLayout(LoggingRow(log: log, gap: 2)) { fixedBox("a", 10, 10); fixedBox("b", 10, 10); fixedBox("c", 10, 10) })
        #expect(log.makes == 1 && log.updates == 1)
        // 30 + 2 × 2 = 34: the updated cache counts three subviews.
        #expect(graph.layout().rootSize.width == 34)
        #expect(log.seen.last == first)
        #expect(log.makes == 1)
    }

    @Test func aDifferentLayoutTypeGetsAFreshCache() {
        let log = CacheLog()
        func children() -> some View { Group { fixedBox("a", 10, 10); fixedBox("b", 10, 10) } }
        let graph = ViewGraph(AnyLayout(LoggingRow(log: log)) { children() })
        _ = graph.layout()
        let rowCache = log.seen.last
        #expect(log.makes == 1 && log.updates == 0)

        // Row → column: a new cache from makeCache, no update.
        graph.update(AnyLayout(LoggingColumn(log: log)) { children() })
        #expect(log.makes == 2 && log.updates == 0)
        #expect(graph.layout().rootSize == CGSize(width: 10, height: 20))
        let columnCache = log.seen.last
        #expect(columnCache != rowCache)

        // Column → row: different again, fresh again.
        graph.update(AnyLayout(LoggingRow(log: log)) { children() })
        #expect(log.makes == 3 && log.updates == 0)
        _ = graph.layout()

        // Row → HStackLayout → row: the stack has its own (empty) cache; coming back makes a new one.
        graph.update(AnyLayout(HStackLayout()) { children() })
        #expect(graph.layout().rootSize.width == 28)  // 10 + 8 + 10
        graph.update(AnyLayout(LoggingRow(log: log)) { children() })
        #expect(log.makes == 4 && log.updates == 0)

        // Row → row: update.
        graph.update(AnyLayout(LoggingRow(log: log)) { children() })
        #expect(log.makes == 4 && log.updates == 1)
    }

    @Test func aLayoutUsedDirectlyKeepsItsCacheToo() {
        // Without AnyLayout: the same container type in the same place is updated.
        let log = CacheLog()
        let graph = ViewGraph(LoggingRow(log: log) { fixedBox("a", 10, 10) })
        _ = graph.layout()
        graph.update(LoggingRow(log: log, gap: 3) { fixedBox("a", 10, 10); fixedBox("b", 10, 10) })
        #expect(log.makes == 1 && log.updates == 1)
        // 10 + 3 + 10.
        #expect(graph.layout().rootSize.width == 23)
    }
}

@Suite struct StackLayoutsBehaveAsStacks {
    @Test func hstackLayoutIsAnHStack() {
        // §6: HStackLayout behaves exactly like HStack. With a spacer, a priority and a flexible
        // frame, at nil, 0, finite and mixed proposals, the view form, AnyLayout and the layout
        // used directly give the same frames (the next test checks one case by hand).
        func content() -> some View {
            Group {
                fixedBox("b", 20, 10)
                Color.red.layoutPriority(1).id("c")
                Spacer().id("s")
                Rectangle().frame(maxWidth: 15).id("r")
            }
        }
        for proposal in [ProposedViewSize(width: nil, height: nil), .init(width: 0, height: 10), .init(width: 100, height: 10),
                         .init(width: 300, height: 40), .init(width: 100, height: nil)] {
            let view = stackLayout(HStack(alignment: .bottom) { content() }, proposal.width, proposal.height)
            let layout = stackLayout(AnyLayout(HStackLayout(alignment: .bottom)) { content() }, proposal.width, proposal.height)
            let direct = stackLayout(HStackLayout(alignment: .bottom) { content() }, proposal.width, proposal.height)
            #expect(view.frames == layout.frames)
            #expect(view.frames == direct.frames)
        }
    }

    @Test func hstackLayoutByHand() {
        // Offered 100 × 10, spacing nil: gaps b|c 8, c|s 0, s|r 0 → 8.
        // Priority 1 = {c}: R = 100 − 8 − (b 20 + s 8 + r 0) = 64 → c 64.
        // Group 0 = {b, r}: R = 0 + 20 + 0 = 20; b (flex 0) offered 10 → 20, R = 0; r offered 0 → 0.
        // Group −∞ = {s}: R = 0 + 8 → 8. x: b 0, c 28, s 92, r 100.
        let result = stackLayout(AnyLayout(HStackLayout()) {
            fixedBox("b", 20, 10)
            Color.red.layoutPriority(1).id("c")
            Spacer().id("s")
            Rectangle().frame(maxWidth: 15).id("r")
        }, 100, 10)
        #expect(result.frames["b"]?.minX == 0)
        #expect(result.frames["c"] == CGRect(x: 28, y: 0, width: 64, height: 10))
        #expect(result.frames["s"]?.minX == 92)
        #expect(result.frames["s"]?.width == 8)
        #expect(result.frames["r"] == CGRect(x: 100, y: 0, width: 0, height: 10))
    }

    @Test func vstackAndZStackLayoutsAreTheirStacks() {
        func content() -> some View { Group { fixedBox("a", 10, 10); Color.red.id("c"); Spacer().id("s") } }
        for proposal in [ProposedViewSize(width: nil, height: nil), .init(width: 40, height: 100), .init(width: nil, height: 50)] {
            #expect(stackLayout(VStack(alignment: .trailing) { content() }, proposal.width, proposal.height).frames
                == stackLayout(AnyLayout(VStackLayout(alignment: .trailing)) { content() }, proposal.width, proposal.height).frames)
            #expect(stackLayout(ZStack(alignment: .bottomLeading) { content() }, proposal.width, proposal.height).frames
                == stackLayout(AnyLayout(ZStackLayout(alignment: .bottomLeading)) { content() }, proposal.width, proposal.height).frames)
        }
    }
}
