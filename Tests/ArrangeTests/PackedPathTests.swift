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
