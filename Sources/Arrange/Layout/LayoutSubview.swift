import Foundation

/// A proxy for one subview of a custom layout: measure it, read its guides, priority and spacing,
/// and place it.
public struct LayoutSubview: Equatable {
    let pass: LayoutPass
    /// The subview's node in the pass's tree.
    let node: Int
    /// Its position among its container's children.
    let index: Int
    /// Collects `place` calls while the parent's `placeSubviews` runs; nil while it measures.
    let recording: PlacementRecorder?

    /// The subview's size for `proposal`. Answers are remembered per proposal during a pass.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        pass.size(node, proposal)
    }

    /// The subview's size and alignment guides for `proposal`.
    public func dimensions(in proposal: ProposedViewSize) -> ViewDimensions {
        pass.dimensions(node, proposal)
    }

    /// The subview's layout priority: 0 by default, −∞ for a `Spacer` (docs/layout-rules.md §3.8, §2.4).
    public var priority: Double { pass.tree.priority(of: node) }

    /// The subview's preferred spacing to its neighbours (docs/layout-rules.md §4.2).
    public var spacing: ViewSpacing { pass.spacing(node) }

    /// The value the subview set for `key` with `layoutValue(key:value:)`, else its default.
    public subscript<K: LayoutValueKey>(key: K.Type) -> K.Value {
        (pass.tree.attributes(of: node)?.layoutValues[ObjectIdentifier(key)] as? K.Value) ?? K.defaultValue
    }

    /// Places the subview: its `anchor` point goes to `position` (root coordinates), and it gets
    /// the size it chooses for `proposal`. The last call wins.
    public func place(at position: CGPoint, anchor: UnitPoint = .topLeading, proposal: ProposedViewSize) {
        guard let recording else { return }
        pass.record(PlacementRecorder.Entry(position: position, anchor: anchor, proposal: proposal), recording, position: index)
    }

    /// The subview's explicit value of a guide, overrides included.
    func explicitValue(_ key: AlignmentKey, proposal: ProposedViewSize) -> CGFloat? {
        pass.explicitValue(node, key, proposal)
    }

    var isSpacer: Bool { pass.tree.isSpacer(node) }

    public static func == (lhs: LayoutSubview, rhs: LayoutSubview) -> Bool { lhs.node == rhs.node && lhs.pass === rhs.pass }
}

/// The subviews of a custom layout, in declaration order.
///
/// A window onto the container's children in the pass's tree: proxies are made when read, so
/// handing a layout its subviews allocates nothing.
public struct LayoutSubviews: Equatable, RandomAccessCollection {
    public typealias SubSequence = LayoutSubviews
    public typealias Index = Int

    let pass: LayoutPass
    /// The container whose children these are.
    let parent: Int
    /// Positions among the container's children.
    let range: Range<Int>
    /// Where `place` calls go, when the container is being placed.
    var recording: PlacementRecorder?

    public var startIndex: Int { range.lowerBound }
    public var endIndex: Int { range.upperBound }
    public subscript(index: Int) -> LayoutSubview {
        precondition(range.contains(index), "LayoutSubviews index \(index) is out of bounds \(range)")
        return LayoutSubview(pass: pass, node: pass.tree.child(parent, index), index: index, recording: recording)
    }
    public subscript(bounds: Range<Int>) -> LayoutSubviews {
        precondition(bounds.clamped(to: range) == bounds, "LayoutSubviews range \(bounds) is out of bounds \(range)")
        return LayoutSubviews(pass: pass, parent: parent, range: bounds, recording: recording)
    }

    /// The layout direction of the container, as in SwiftUI. A layout rarely needs it: in
    /// right-to-left, the engine mirrors every placement within the container's bounds
    /// (docs/layout-rules.md §6c), so `bounds.minX` is already the leading edge.
    public var layoutDirection: LayoutDirection { pass.tree.records[parent].mirrored ? .rightToLeft : .leftToRight }

    public static func == (lhs: LayoutSubviews, rhs: LayoutSubviews) -> Bool {
        lhs.pass === rhs.pass && lhs.parent == rhs.parent && lhs.range == rhs.range
    }

    /// Runs `body` with these subviews recording their `place` calls, for a trial placement, and
    /// hands it where each subview went (docs/layout-rules.md §6).
    func withTrialPlacement<R>(in bounds: CGRect, proposal: ProposedViewSize,
                               _ body: (LayoutSubviews) -> Void,
                               then read: ([(subview: LayoutSubview, frame: CGRect, proposal: ProposedViewSize)]) -> R) -> R {
        let window = pass.beginRecording(self)
        defer { pass.endRecording() }
        body(window)
        let placements = range.map { position in
            let placed = pass.placement(of: window, position: position, in: bounds, proposal: proposal)
            return (subview: window[position], frame: placed.frame, proposal: placed.proposal)
        }
        return read(placements)
    }
}

/// Names the recording that collects one container's `place` calls in a `LayoutPass`.
struct PlacementRecorder {
    /// One `place` call.
    struct Entry {
        let position: CGPoint
        let anchor: UnitPoint
        let proposal: ProposedViewSize
    }
    /// The nesting depth of the recording in the pass.
    let depth: Int32
    /// Which use of that depth's array it is (64 bits: uses never wrap around).
    let use: UInt64
}
