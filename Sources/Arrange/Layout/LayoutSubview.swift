import Foundation

/// A proxy for one subview of a custom layout: measure it, read its guides, priority and spacing,
/// and place it.
public struct LayoutSubview: Equatable {
    let node: Node
    let engine: LayoutEngine
    /// Collects `place` calls while the parent's `placeSubviews` runs; nil while it measures.
    let recorder: PlacementRecorder?
    let index: Int

    /// The subview's size for `proposal`. Answers are remembered per proposal during a pass.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        engine.size(node, proposal)
    }

    /// The subview's size and alignment guides for `proposal`.
    public func dimensions(in proposal: ProposedViewSize) -> ViewDimensions {
        engine.dimensions(node, proposal)
    }

    /// The subview's layout priority: 0 by default, −∞ for a `Spacer` (docs/layout-rules.md §3.8, §2.4).
    public var priority: Double { node.priority }

    /// The subview's preferred spacing to its neighbours (docs/layout-rules.md §4.2).
    public var spacing: ViewSpacing { engine.spacing(node) }

    /// The value the subview set for `key` with `layoutValue(key:value:)`, else its default.
    public subscript<K: LayoutValueKey>(key: K.Type) -> K.Value {
        (node.layoutValues[ObjectIdentifier(key)] as? K.Value) ?? K.defaultValue
    }

    /// Places the subview: its `anchor` point goes to `position` (root coordinates), and it gets
    /// the size it chooses for `proposal`. The last call wins.
    public func place(at position: CGPoint, anchor: UnitPoint = .topLeading, proposal: ProposedViewSize) {
        recorder?.entries[index] = PlacementRecorder.Entry(position: position, anchor: anchor, proposal: proposal)
    }

    /// The subview's explicit value of a guide, overrides included.
    func explicitValue(_ key: AlignmentKey, proposal: ProposedViewSize) -> CGFloat? {
        engine.explicitValue(node, key, proposal)
    }

    var isSpacer: Bool { node.isSpacer }

    public static func == (lhs: LayoutSubview, rhs: LayoutSubview) -> Bool { lhs.node === rhs.node }
}

/// The subviews of a custom layout, in declaration order.
public struct LayoutSubviews: Equatable, RandomAccessCollection {
    public typealias SubSequence = LayoutSubviews
    public typealias Index = Int

    let storage: ArraySlice<LayoutSubview>

    public var startIndex: Int { storage.startIndex }
    public var endIndex: Int { storage.endIndex }
    public subscript(index: Int) -> LayoutSubview { storage[index] }
    public subscript(bounds: Range<Int>) -> LayoutSubviews { LayoutSubviews(storage: storage[bounds]) }

    /// Arrange lays out left to right.
    public var layoutDirection: LayoutDirection { .leftToRight }

    /// The same subviews, with their `place` calls collected by a fresh recorder.
    func recording() -> LayoutSubviews {
        let recorder = PlacementRecorder()
        return LayoutSubviews(storage: ArraySlice(storage.map {
            LayoutSubview(node: $0.node, engine: $0.engine, recorder: recorder, index: $0.index)
        }))
    }

    /// Where each subview went after `placeSubviews` ran on these (recording) subviews. Subviews
    /// that were not placed are centred in `bounds` with the container's own proposal (§6).
    func placements(in bounds: CGRect, proposal: ProposedViewSize) -> [Placement] {
        let entries = storage.first?.recorder?.entries ?? [:]
        return storage.map { subview in
            if let entry = entries[subview.index] {
                let size = subview.sizeThatFits(entry.proposal)
                // 0 × ∞ is NaN; an anchor of 0 means no shift at all.
                let dx = entry.anchor.x == 0 ? 0 : entry.anchor.x * size.width
                let dy = entry.anchor.y == 0 ? 0 : entry.anchor.y * size.height
                let origin = CGPoint(x: entry.position.x - dx, y: entry.position.y - dy)
                return Placement(subview: subview, frame: CGRect(origin: origin, size: size), proposal: entry.proposal)
            }
            let size = subview.sizeThatFits(proposal)
            let origin = CGPoint(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2)
            return Placement(subview: subview, frame: CGRect(origin: origin, size: size), proposal: proposal)
        }
    }
}

/// The direction of text and horizontal layout.
public enum LayoutDirection: Hashable, Sendable {
    case leftToRight
    case rightToLeft
}

/// Where a subview was put.
struct Placement {
    let subview: LayoutSubview
    let frame: CGRect
    let proposal: ProposedViewSize
}

/// Collects `LayoutSubview.place` calls made during one `placeSubviews`.
final class PlacementRecorder {
    struct Entry {
        let position: CGPoint
        let anchor: UnitPoint
        let proposal: ProposedViewSize
    }
    var entries: [Int: Entry] = [:]
}
