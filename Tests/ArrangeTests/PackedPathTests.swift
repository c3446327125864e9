import Foundation
import Testing
@testable import Arrange

/// Display-list items keep their tree path packed (`PackedPath`); reading it gives the string back.
@Suite struct PackedPathTests {
    @Test(arguments: ["0", "0.12.3", "0.0.0.0.99999.0.0", "0.1.2.3.4.5.6.7.8.9.10.1", "0.1.2.3.4.5.6.7.8.9.10.11", "", "root", "0.a"])
    func aPathReadsBackAsWritten(_ path: String) {
        #expect(ViewIdentity(path: path, kind: "Color").path == path)
    }

    @Test func equalPathsMakeEqualIdentities() {
        var changed = ViewIdentity(path: "0.1", kind: "Color")
        let same = ViewIdentity(path: "0.1", kind: "Color")
        #expect(changed == same)
        #expect(changed.hashValue == same.hashValue)
        changed.path = "0.2"
        #expect(changed != same)
        #expect(changed.path == "0.2")
    }

    @Test func itemsCarryTheirTreePaths() {
        let result = LayoutResult(of: HStack { Color.red; Color.blue }, in: ProposedViewSize(width: 100, height: 50))
        #expect(result.displayList.items.map(\.identity.path) == ["0.0", "0.1"])
        // Made by the walk or by hand, the same path is the same identity.
        #expect(result.displayList.items[1].identity == ViewIdentity(path: "0.1", kind: "Color"))
    }

    @Test func aPathTooLongToPackIsKeptWhole() {
        // Thirteen paddings: 14 levels, 27 characters, more than the 24 that pack.
        var view: AnyView = AnyView(Color.red)
        for _ in 0 ..< 13 { view = AnyView(view.padding(1)) }
        let result = LayoutResult(of: view, in: ProposedViewSize(width: 100, height: 50))
        let expected = "0" + String(repeating: ".0", count: 13)
        #expect(result.displayList.items.map(\.identity.path) == [expected])
        #expect(result.displayList.items[0].identity == ViewIdentity(path: expected, kind: "Color"))
    }

    /// Steps of two digits, at and past the 24 characters that pack: the walk packs a step's
    /// dot and digits at once, and makes the text of a longer path from its steps.
    @Test(arguments: [10, 11])
    func multiDigitStepsReadBackAtAnyDepth(paddings: Int) {
        var view = AnyView(HStack(spacing: 0) { ForEach(0 ..< 12) { Color.red.id("c\($0)") } })
        for _ in 0 ..< paddings { view = AnyView(view.padding(1)) }
        let result = LayoutResult(of: view, in: ProposedViewSize(width: 200, height: 50))
        // Each padding is a level above the stack: the stack is "0.0.0…", 21 characters under
        // ten paddings (its children's paths 23 and 24, packed), 23 under eleven (25 and 26).
        let stack = "0" + String(repeating: ".0", count: paddings)
        let paths = (0 ..< 12).map { "\(stack).\($0)" }
        #expect(result.displayList.items.map(\.identity) == paths.enumerated().map { ViewIdentity(path: $1, kind: "Color", id: "c\($0)") })
        #expect(result.displayList.items.map(\.identity.path) == paths)
        #expect(result.taggedPaths["c11"] == paths[11])
        #expect(result.taggedPaths["c3"] == paths[3])
    }

    /// Long and short paths in turn: the walk keeps a path's text only while it is too long to
    /// pack, and drops it on the way back up.
    @Test func shortAndLongPathsTakeTurns() {
        func deep(_ id: String) -> AnyView {
            var view = AnyView(Color.red.id(id))
            for _ in 0 ..< 13 { view = AnyView(view.padding(1)) }
            return view
        }
        let result = LayoutResult(of: HStack(spacing: 0) { deep("first"); Color.blue.id("short"); deep("second") },
                                  in: ProposedViewSize(width: 200, height: 50))
        // Under the stack's child: thirteen paddings, ".0" each, 29 characters in all.
        let below = String(repeating: ".0", count: 13)
        let paths = ["0.0" + below, "0.1", "0.2" + below]
        #expect(result.displayList.items.map(\.identity.path) == paths)
        #expect(result.taggedPaths["first"] == paths[0])
        #expect(result.taggedPaths["short"] == paths[1])
        #expect(result.taggedPaths["second"] == paths[2])
    }

    /// A geometry reader's content is laid out on its own, its paths going on from the reader's.
    @Test func aGeometryReadersContentGoesOnFromItsPath() throws {
        let result = LayoutResult(of: HStack { Color.blue; GeometryReader { _ in Color.red.id("inside") } },
                                  in: ProposedViewSize(width: 100, height: 50))
        #expect(result.displayList.items.map(\.identity.path) == ["0.0", "0.1"])
        guard case .group(let group) = try #require(result.displayList.items.last).content else {
            Issue.record("the reader's content is not a group")
            return
        }
        // The content shares the reader's frame in a ZStack, the root of its own tree: "0.1.0".
        #expect(group.items.map(\.identity.path) == ["0.1.0.0"])
        #expect(result.taggedPaths["inside"] == "0.1.0.0")
    }
}

/// `ViewGraph.layoutFrames(in:scale:fonts:)` lays out without a display list and gives the same
/// tagged frames as a full layout.
@Suite struct LayoutFramesTests {
    @Test func framesOnlyMatchTheFullLayout() {
        let view = VStack {
            HStack { Color.red.id("a"); Color.blue.offset(x: 3, y: 4).id(7) }
                .offset(x: -2)
                .id("row")
            Text("hi").padding(5).id("a")
            Color.green.frame(width: 20, height: 10).clipped().opacity(0.5).id("b")
        }
        let graph = ViewGraph(view)
        let proposal = ProposedViewSize(width: 200, height: 120)
        let full = graph.layout(in: proposal, scale: 2)
        let framesOnly = graph.layoutFrames(in: proposal, scale: 2)
        #expect(framesOnly == full.frames)
        #expect(framesOnly.count == 4)
        #expect(ViewGraph(Color.red).layoutFrames().count == 0)
    }
}

/// Ids are filed by their text; the common ones (String, Int) skip `String(describing:)` but
/// must spell exactly as it does.
@Suite struct TaggedFrameKeyTests {
    struct Custom: Hashable, CustomStringConvertible {
        var description: String { "custom-7" }
    }

    @Test func anIdIsFiledUnderItsDescription() {
        #expect(TaggedFrames.key("title") == "title")
        #expect(TaggedFrames.key(42) == "42")
        #expect(TaggedFrames.key(-3) == "-3")
        #expect(TaggedFrames.key(AnyHashable("row")) == "row")
        #expect(TaggedFrames.key(AnyHashable(9)) == "9")
        #expect(TaggedFrames.key(Substring("ab")) == "ab")
        #expect(TaggedFrames.key(2.5) == "2.5")
        #expect(TaggedFrames.key(Int8(5)) == "5")
        #expect(TaggedFrames.key(Custom()) == "custom-7")
    }

    @Test func anIntAndItsTextNameTheSameFrame() {
        let result = LayoutResult(of: VStack(spacing: 0) { Color.red.frame(height: 10).id(3); Color.blue.frame(height: 20).id("x") },
                                  in: ProposedViewSize(width: 50, height: 30))
        #expect(result.frames[3] == CGRect(x: 0, y: 0, width: 50, height: 10))
        #expect(result.frames["3"] == CGRect(x: 0, y: 0, width: 50, height: 10))
        #expect(result.frames["x"] == CGRect(x: 0, y: 10, width: 50, height: 20))
        #expect(result.displayList.items.map(\.identity.id) == ["3", "x"])
    }
}
