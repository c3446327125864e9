import Foundation
@testable import Arrange
import Testing

/// Work done on two cores at once gives what the same work gives on one.
@Suite struct TwoCoreTests {
    struct Refused: Error, Equatable {}

    @Test func bothRunsTwoPartsAndKeepsTheirResults() throws {
        let (first, second) = LargeStack.both({ (1...100).reduce(0, +) }, { (1...10).map { $0 * $0 }.reduce(0, +) })
        #expect(first == 5050)
        #expect(try second.get() == 385)
        let (_, failed) = LargeStack.both({ 0 }, { () throws -> Int in throw Refused() })
        #expect(throws: Refused.self) { try failed.get() }
    }

    @Test func theSecondPartRunsOnAThreadWithALargeStack() throws {
        // A recursion as deep as the deepest scene the limits allow needs the large stack.
        func depth(_ n: Int) -> Int { n == 0 ? 0 : 1 + depth(n - 1) }
        let (_, deep) = LargeStack.both({ 0 }, { depth(200_000) })
        #expect(try deep.get() == 200_000)
    }

    /// 300 texts, more than `LayoutPass.textsLaidOutAhead`: their paragraphs are shaped on a second
    /// core while the layout runs; the frames and drawn lines are those of a layout without it.
    @Test func textsShapedAheadLayOutAsTextsShapedInPlace() throws {
        // Words of 3 to 13 letters; every fifth with Arabic and digits (bidirectional levels),
        // every seventh of two paragraphs.
        var words: [String] = []
        for index in 0..<300 {
            var word = ""
            for letter in 0..<(3 + index % 11) {
                word.append(Character(Unicode.Scalar(UInt8(97 + (index * 7 + letter * 3) % 26))))
            }
            if index % 5 == 0 { word += " ﺎﺑ 12" }
            if index % 7 == 0 { word += "\nsecond line" }
            words.append(word)
        }
        let view = FlowLayout(spacing: 8) {
            ForEach(words.indices, id: \.self) { (index: Int) in
                Text(words[index]).padding(6).id(index)
            }
        }
        #expect(words.count >= LayoutPass.textsLaidOutAhead)
        let tree = ViewGraph.resolveRoot(view.frame(width: 600))
        // Fresh libraries, so that neither layout finds the other's shapes.
        let aheadFonts = try FontLibrary(fonts: []), inPlaceFonts = try FontLibrary(fonts: [])
        let ahead = LayoutPass(tree: tree, measurer: aheadFonts, scale: 2)
        let inPlace = LayoutPass(tree: tree, measurer: inPlaceFonts, scale: 2)
        let a = ahead.layOutRootWithTextsAhead(for: ProposedViewSize(width: 600, height: nil))
        let b = inPlace.layOutRoot(for: ProposedViewSize(width: 600, height: nil))
        #expect(a.size == b.size)
        #expect(a.frame == b.frame)
        #expect(a.canvas == b.canvas)
        for node in 0 ..< tree.count { #expect(ahead.frame(of: node) == inPlace.frame(of: node)) }
        #expect(ahead.taggedFrames() == inPlace.taggedFrames())
    }

    /// Texts asked first with a width (a stack of paragraphs 300 wide), and a flow whose long
    /// texts are asked again with the row's width: what is laid out ahead for nothing proposed
    /// is taken only for that proposal, and the frames are those of a layout on one core.
    @Test func textsAskedWithAWidthLayOutAsOnOneCore() throws {
        let paragraphs = VStack(alignment: .leading, spacing: 4) {
            ForEach(0..<120, id: \.self) { (index: Int) in
                Text(String(repeating: "word\(index % 10) ", count: 3 + index % 17)).id(index)
            }
        }
        .frame(width: 300)
        let flow = FlowLayout(spacing: 4) {
            ForEach(0..<120, id: \.self) { (index: Int) in
                Text(String(repeating: "long\(index % 10) ", count: index % 9 == 0 ? 60 : 2)).id(index)
            }
        }
        .frame(width: 400)
        for tree in [ViewGraph.resolveRoot(paragraphs), ViewGraph.resolveRoot(flow)] {
            #expect(tree.texts.count >= LayoutPass.textsLaidOutAhead)
            let ahead = LayoutPass(tree: tree, measurer: try FontLibrary(fonts: []), scale: 1)
            let inPlace = LayoutPass(tree: tree, measurer: try FontLibrary(fonts: []), scale: 1)
            let a = ahead.layOutRootWithTextsAhead(for: .unspecified)
            let b = inPlace.layOutRoot(for: .unspecified)
            #expect(a.size == b.size)
            for node in 0 ..< tree.count { #expect(ahead.frame(of: node) == inPlace.frame(of: node)) }
            ahead.layOutPlacedTexts()
            inPlace.layOutPlacedTexts()
            for node in 0 ..< tree.count {
                guard case .text(let index) = tree.records[node].content else { continue }
                let leaf = tree.texts[Int(index)]
                let drawnAhead = ahead.textLayout(node, leaf, ahead.placementProposal(of: node))
                let drawnInPlace = inPlace.textLayout(node, leaf, inPlace.placementProposal(of: node))
                #expect(drawnAhead.lines.map(\.text) == drawnInPlace.lines.map(\.text))
                #expect(drawnAhead.size == drawnInPlace.size)
            }
        }
    }

    /// A tree of more than `LayoutTree.concurrentSnapshotNodes` views is snapshotted while its
    /// display list is drawn; both equal what one core makes, one after the other.
    @Test func aLargeTreeSnapshottedBesideItsDrawingEqualsOneMadeAfterIt() throws {
        let view = FlowLayout(spacing: 4) {
            ForEach(0..<400, id: \.self) { (index: Int) in
                Text(index % 3 == 0 ? "word \(index)\nsecond line" : "w\(index)")
                    .padding(3)
                    .background(Color.gray)
                    .id(index)
            }
        }
        .frame(width: 500)
        let fonts = try FontLibrary(fonts: [])
        let both = LayoutTree(of: view, scale: 2, fonts: fonts)
        let tree = ViewGraph.resolveRoot(view, displayScale: 2)
        #expect(tree.count >= LayoutTree.concurrentSnapshotNodes)
        #expect(!tree.hasDeferredContent)
        let (result, pass, layers) = LayoutResult.withPass(tree: tree, proposal: .unspecified, scale: 2, fonts: fonts)
        let alone = LayoutNodeInfo(tree.root, in: pass, paths: tree.paths(), translation: .zero, layers: layers)
        #expect(both.root == alone)
        #expect(both.result.displayList == result.displayList)
        #expect(both.result.frames == result.frames)
        #expect(both.root.allNodes.count == tree.count)
    }
}
