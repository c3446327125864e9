import Foundation
import Testing
import TestSupport
@testable import Arrange

/// Properties that hold for every view tree, checked on random trees (stacks, flows, wheels,
/// frames, paddings, offsets, priorities, fixed sizes, guides, shapes, text) drawn from fixed
/// seeds: 1,000 each in the normal run, `ARRANGE_PROPERTY_COUNT` (100,000 for the long run) when
/// set. A failure is shrunk to a small tree before it is reported.
@Suite struct PropertyTests {
    /// A proposal for tree `index`: mostly finite, sometimes unspecified on an axis.
    static func proposal(_ generator: inout SeededGenerator) -> ProposedViewSize {
        func axis() -> CGFloat? { generator.next() % 5 == 0 ? nil : CGFloat((generator.next(in: 0...600)).rounded()) }
        return ProposedViewSize(width: axis(), height: axis())
    }

    static func finite(_ rect: CGRect) -> Bool {
        rect.minX.isFinite && rect.minY.isFinite && rect.width.isFinite && rect.height.isFinite && rect.width >= 0 && rect.height >= 0
    }

    static func allFinite(_ items: [DisplayItem]) -> Bool {
        items.allSatisfy { item in
            guard finite(item.frame) else { return false }
            switch item.content {
            case .group(let group): return allFinite(group.items)
            case .text(let run): return run.lines.allSatisfy { $0.origin.x.isFinite && $0.origin.y.isFinite && $0.glyphs.allSatisfy { $0.x.isFinite && $0.y.isFinite } }
            default: return true
            }
        }
    }

    /// Runs `holds` on `propertyTestCount` trees; on the first failure records the shrunk tree.
    static func check(seed: UInt64, text: Bool = true, _ holds: (TreeSpec, ProposedViewSize) -> Bool) {
        var generator = SeededGenerator(seed: seed)
        for index in 0..<propertyTestCount {
            let tree = TreeSpec.random(&generator, text: text)
            let proposal = proposal(&generator)
            if !holds(tree, proposal) {
                let small = tree.shrunk { holds($0, proposal) == false }
                Issue.record("tree \(index) of seed \(seed) fails at \(proposal); shrunk: \(small)")
                return
            }
        }
    }

    /// Frames are finite (a view may be offered ∞ but never reports NaN or ∞ in a picture whose
    /// proposal is finite), and measuring stays bounded: no node is measured more than 64 times
    /// in a pass. A node sees a handful of lengths per axis — 0 and ∞ (a stack's probes), nil,
    /// and the lengths its ancestors' own probes pass down — and each proposal is measured once;
    /// nested stacks that share out several different heights add a few more. The most seen in
    /// the 100,000-tree run is printed; MeasurementRules checks that totals grow linearly.
    @Test func framesAreFiniteAndMeasurementIsBounded() {
        var most = 0
        Self.check(seed: 1) { tree, proposal in
            let finiteProposal = ProposedViewSize(width: proposal.width ?? 400, height: proposal.height ?? 300)
            let result = LayoutResult(of: tree.view(), in: finiteProposal, scale: 2)
            most = max(most, result.statistics.maxSizeComputationsPerNode)
            return Self.allFinite(result.displayList.items) && result.frames.allSatisfy { Self.finite($0.value) }
                && result.statistics.maxSizeComputationsPerNode <= 64
        }
        print("random trees: at most \(most) size computations for one node in a pass")
    }

    @Test func layingOutTwiceGivesTheSameResult() {
        Self.check(seed: 2) { tree, proposal in
            let view = tree.view()
            let a = LayoutResult(of: view, in: proposal), b = LayoutResult(of: view, in: proposal)
            return a.displayList == b.displayList && a.frames == b.frames && a.rootSize == b.rootSize
        }
    }

    /// Tagging a view with `.id` changes nothing but the identities items carry.
    @Test func idsNeverChangeAFrame() {
        Self.check(seed: 3) { tree, proposal in
            let tagged = LayoutResult(of: tree.view(ids: true), in: proposal)
            let plain = LayoutResult(of: tree.view(ids: false), in: proposal)
            return tagged.displayList.withoutIDs().items == plain.displayList.withoutIDs().items && tagged.rootSize == plain.rootSize
        }
    }

    /// A flow of fixed-size children is the flex-wrap model of the browser cross-check
    /// (FlowBrowserTests): children keep their size; a row takes children while they fit in the
    /// proposed width (a child wider than it sits alone); rows stack with the spacing between
    /// them, children top-aligned, rows leading-aligned.
    @Test func fixedSizeFlowsFollowTheFlexWrapModel() {
        var generator = SeededGenerator(seed: 4)
        for index in 0..<propertyTestCount {
            let width = CGFloat(generator.next(in: 20...400).rounded())
            let spacing = CGFloat(generator.next(in: 0...12).rounded())
            let sizes = (0..<Int(generator.next() % 12)).map { _ in
                CGSize(width: CGFloat(generator.next(in: 0...150).rounded()), height: CGFloat(generator.next(in: 0...60).rounded()))
            }
            var expected: [CGPoint] = []
            var x: CGFloat = 0, y: CGFloat = 0, rowHeight: CGFloat = 0, rowCount = 0
            for size in sizes {
                if rowCount > 0, x + spacing + size.width > width {
                    y += rowHeight + spacing
                    x = 0
                    rowHeight = 0
                    rowCount = 0
                }
                if rowCount > 0 { x += spacing }
                expected.append(CGPoint(x: x, y: y))
                x += size.width
                rowHeight = max(rowHeight, size.height)
                rowCount += 1
            }
            let view = FlowLayout(spacing: spacing) {
                ForEach(sizes.indices, id: \.self) { i in Color.red.frame(width: sizes[i].width, height: sizes[i].height).id(i) }
            }
            .frame(width: width, alignment: .topLeading)
            let result = LayoutResult(of: view, in: ProposedViewSize(width: width, height: nil))
            let origin = result.rootFrame.origin
            let placed = sizes.indices.map { result.frames[$0].map { CGPoint(x: $0.minX - origin.x, y: $0.minY - origin.y) } }
            if placed != expected.map(Optional.some) {
                Issue.record("flow \(index): width \(width), spacing \(spacing), sizes \(sizes): placed \(placed), expected \(expected)")
                return
            }
        }
    }
}
