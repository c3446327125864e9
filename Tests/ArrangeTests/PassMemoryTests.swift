import Foundation
import Testing
@testable import Arrange

/// The memory a layout pass keeps its per-node arrays in (`PassMemory`), its recorded placements
/// (`RecordedPlacements`) and the sizes a tree knows without a proposal (`constantSize`).
@Suite struct PassMemoryTests {
    /// A display list of 100,000 boxes holds 200,000 items: at most 160 bytes each keeps the list
    /// below the 32 MB up to which `ProcessMemory.keepFreedMemory()` has glibc reuse freed memory
    /// (32 MiB ÷ 200,000 = 167 bytes). With a group's effects inline an item took 328 bytes.
    @Test func aDisplayItemStaysSmall() {
        #expect(MemoryLayout<DisplayItem>.stride <= 160)
        #expect(MemoryLayout<ResolvedTree.Record>.stride <= 48)
    }

    /// Offsets follow each element type's alignment, zeroed arrays first.
    @Test func aPlanAlignsEachArray() {
        var plan = PassMemory.Plan()
        #expect(plan.reserveZeroed(UInt8.self, count: 3) == 0)
        // 3 bytes used; an Int32 starts at the next multiple of 4.
        #expect(plan.reserveZeroed(Int32.self, count: 2) == 4)
        #expect(plan.zeroedByteCount == 12)
        // A CGRect (four doubles) starts at the next multiple of 8: 16.
        #expect(plan.reserve(CGRect.self, count: 1) == 16)
        #expect(plan.byteCount == 48)
        #expect(plan.zeroedByteCount == 12)
    }

    /// A block's zeroed arrays are zero whether it is fresh or was left full of another pass's
    /// bytes: big blocks are handed from one pass to the next.
    @Test(arguments: [64, 4 << 20])
    func zeroedArraysStartAtZeroEvenInAReusedBlock(_ bytes: Int) {
        var plan = PassMemory.Plan()
        let countsAt = plan.reserveZeroed(UInt8.self, count: bytes / 2)
        _ = plan.reserve(UInt8.self, count: bytes / 2)
        for _ in 0 ..< 3 {
            let block = PassMemory(plan)
            let counts = block.array(UInt8.self, at: countsAt, count: bytes / 2)
            #expect((0 ..< bytes / 2).allSatisfy { counts[$0] == 0 })
            // Leave the whole block dirty for whichever pass takes it next.
            block.base.initializeMemory(as: UInt8.self, repeating: 0xA5, count: plan.byteCount)
            block.deallocate()
        }
    }

    @Test func recordedPlacementsKeepEachRunApart() {
        var placements = RecordedPlacements()
        defer { placements.deallocate() }
        let entry = { (x: CGFloat) in PlacementRecorder.Entry(position: CGPoint(x: x, y: 0), anchor: .topLeading, proposal: .unspecified) }
        placements.push(3)
        placements.store(entry(1), at: 1, use: 1)
        #expect(placements.entry(at: 1, use: 1)?.position.x == 1)
        // Unstored slots and other uses' entries are not there.
        #expect(placements.entry(at: 0, use: 1) == nil)
        #expect(placements.entry(at: 1, use: 2) == nil)
        // A nested run far past the first capacity (64 slots) grows the block, keeping the entry.
        placements.push(1000)
        placements.store(entry(2), at: 1002, use: 2)
        #expect(placements.entry(at: 1, use: 1)?.position.x == 1)
        #expect(placements.entry(at: 1002, use: 2)?.position.x == 2)
        // Closed runs are gone; a new run on the same slots starts empty.
        placements.pop(to: 3)
        #expect(placements.entry(at: 1002, use: 2) == nil)
        placements.push(1000)
        #expect(placements.entry(at: 1002, use: 3) == nil)
        // Past the open runs nothing is stored.
        placements.store(entry(4), at: 5000, use: 3)
        #expect(placements.entry(at: 5000, use: 3) == nil)
    }

    /// A frame with both lengths, the padding and layers around it, are sized without a
    /// proposal; a frame with one length, or padding around text, is not.
    @Test func fixedFramesAndWhatWrapsThemHaveConstantSizes() {
        let tree = ViewGraph(
            HStack {
                Rectangle().frame(width: 30, height: 20).padding(5).border(Color.black).id("padded")
                Rectangle().frame(width: 30).id("wide")
                Text("a").padding(2).id("text")
                Rectangle().frame(width: -4, height: 7).id("negative")
            }
        ).tree
        func constant(_ id: String) -> CGSize? {
            let node = (0 ..< tree.count).first { tree.id(of: $0) == id }
            return node.flatMap { tree.constantSize(of: $0) }
        }
        // 30 + 2·5 by 20 + 2·5; the border is an overlay the size of what it covers.
        #expect(constant("padded") == CGSize(width: 40, height: 30))
        #expect(constant("wide") == nil)
        #expect(constant("text") == nil)
        // A negative length counts as none (`frame(width:height:)`): the width is the child's.
        #expect(constant("negative") == nil)
        // A container whose layout is replaced (animation) no longer trusts the old sizes.
        var replaced = tree
        replaced.replaceBox(of: replaced.root, with: TypedLayoutBox(HStackLayout()))
        #expect(replaced.constantSize(of: 0) == nil)
        #expect(replaced.constantSizes.isEmpty)
    }

    /// Frames of fixed-size views come out as they did when every size was asked. By hand: the
    /// HStack (spacing 0) inside a 100 × 100 top-leading frame gets the padded box, 40 × 30
    /// whatever it is offered, and the rectangle 10 wide, which takes the full height 100; the
    /// stack is 50 wide, the box at x 0 centred vertically (y 35), its rectangle 5 in at (5, 40),
    /// the bar at x 40.
    @Test func fixedSizesPlaceAsBefore() {
        let result = LayoutResult(of: HStack(spacing: 0) {
            Rectangle().frame(width: 30, height: 20).id("inner").padding(5).background(Color.gray).id("box")
            Rectangle().frame(width: 10).id("bar")
        }.frame(width: 100, height: 100, alignment: .topLeading), in: ProposedViewSize(width: 100, height: 100))
        #expect(result.frames["box"] == CGRect(x: 0, y: 35, width: 40, height: 30))
        #expect(result.frames["inner"] == CGRect(x: 5, y: 40, width: 30, height: 20))
        #expect(result.frames["bar"] == CGRect(x: 40, y: 0, width: 10, height: 100))
    }

    /// A flow remembers its rows for the last width it was asked; a parent that sizes it at
    /// other widths in between must still see it placed at its own. Three 40-wide boxes: at
    /// width 100 the third wraps (40 + 40 + 40 > 100); at 50 or 60 each has a row of its own.
    @Test func aFlowPlacesItsRowsForThePlacementWidth() {
        let result = LayoutResult(of: ProbingLayout(sizingProbe: 50, placingProbe: 60) {
            FlowLayout(spacing: 0) {
                Rectangle().frame(width: 40, height: 10).id("a")
                Rectangle().frame(width: 40, height: 10).id("b")
                Rectangle().frame(width: 40, height: 10).id("c")
            }
        }.frame(width: 100, height: 100, alignment: .topLeading), in: ProposedViewSize(width: 100, height: 100))
        #expect(result.frames["a"] == CGRect(x: 0, y: 0, width: 40, height: 10))
        #expect(result.frames["b"] == CGRect(x: 40, y: 0, width: 40, height: 10))
        #expect(result.frames["c"] == CGRect(x: 0, y: 10, width: 40, height: 10))
    }
}

/// Sizes its one child at another width before every answer, and at a third before placing
/// it: at the top-leading corner, with the proposal the layout was given.
private struct ProbingLayout: Layout {
    let sizingProbe: CGFloat
    let placingProbe: CGFloat

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        _ = subviews[0].sizeThatFits(ProposedViewSize(width: sizingProbe, height: nil))
        return subviews[0].sizeThatFits(proposal)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        _ = subviews[0].sizeThatFits(ProposedViewSize(width: placingProbe, height: nil))
        subviews[0].place(at: bounds.origin, proposal: proposal)
    }
}
