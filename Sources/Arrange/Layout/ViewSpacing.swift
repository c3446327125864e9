import Foundation

/// A view's preferred distances to its neighbours, per edge (docs/layout-rules.md §4.2).
///
/// Each edge holds values by category. Two views meet at the largest sum over the categories their
/// facing edges share; failing that, at the largest generic value either has; failing that, at the
/// default of 8 points. Plain views (shapes, colours, framed or padded views) carry a different
/// zero-valued category on each edge, so two of them share none and meet at 8; a `Spacer` carries a
/// generic 0, so nothing is put next to it.
public struct ViewSpacing: Equatable, Sendable {
    /// The spacing category of a value.
    enum Category: Hashable, Sendable {
        /// Applies against any neighbour.
        case generic
        /// The marker a plain view carries on one edge; it pairs only with text values (issue 6).
        case plain(Edge)

        /// Its place among an edge's five slots.
        var slot: Int {
            switch self {
            case .generic: 0
            case .plain(let edge): 1 + Int(edge.rawValue)
            }
        }

        init(slot: Int) {
            self = slot == 0 ? .generic : .plain(Edge(rawValue: Int8(slot - 1)) ?? .top)
        }
    }

    /// There are only five categories, so an edge's values fit five slots: bit `5 × edge + slot`
    /// says a value is held. No dictionaries: every view has a spacing, and containers merge them.
    private var present: UInt32 = 0
    /// The values by bit; nil while every value held is 0, as for plain views and spacers (all
    /// but text).
    private var values: [CGFloat]?

    private static let slotsPerEdge = 5
    private static let edgeMask: UInt32 = 0b11111

    /// No preferences at all: neighbours meet at the default distance.
    public init() {}

    /// Not yet computed: a marker for the engine's memory, never a real spacing.
    static let unknown: ViewSpacing = {
        var spacing = ViewSpacing()
        spacing.present = .max
        return spacing
    }()

    var isUnknown: Bool { present == .max }

    /// Values by edge and category, as a table (text builds its preferences this way).
    var edges: [Edge: [Category: CGFloat]] {
        get {
            var result: [Edge: [Category: CGFloat]] = [:]
            for edge in Edge.allCases {
                let bits = bits(edge)
                guard bits != 0 else { continue }
                var values: [Category: CGFloat] = [:]
                for slot in 0..<Self.slotsPerEdge where bits & (1 << slot) != 0 {
                    values[Category(slot: slot)] = value(Self.bit(edge, slot))
                }
                result[edge] = values
            }
            return result
        }
        set {
            present = 0
            values = nil
            for (edge, entries) in newValue {
                for (category, value) in entries { set(Self.bit(edge, category.slot), value) }
            }
        }
    }

    @inline(__always)
    private static func bit(_ edge: Edge, _ slot: Int) -> Int { Int(edge.rawValue) * slotsPerEdge + slot }

    /// The slots held on `edge`, as five bits.
    @inline(__always)
    private func bits(_ edge: Edge) -> UInt32 { (present >> UInt32(Int(edge.rawValue) * Self.slotsPerEdge)) & Self.edgeMask }

    @inline(__always)
    private func value(_ bit: Int) -> CGFloat { values?[bit] ?? 0 }

    private mutating func set(_ bit: Int, _ value: CGFloat) {
        present |= 1 << UInt32(bit)
        if values == nil {
            // A zero (of either sign) needs no table while every other value is zero too.
            guard value.bitPattern != 0 else { return }
            values = [CGFloat](repeating: 0, count: 4 * Self.slotsPerEdge)
        }
        values?[bit] = value
    }

    private mutating func clear(_ edge: Edge) {
        present &= ~(Self.edgeMask << UInt32(Int(edge.rawValue) * Self.slotsPerEdge))
        if values != nil { for slot in 0..<Self.slotsPerEdge { values?[Self.bit(edge, slot)] = 0 } }
    }

    public static func == (lhs: ViewSpacing, rhs: ViewSpacing) -> Bool {
        guard lhs.present == rhs.present else { return false }
        if lhs.values == nil, rhs.values == nil { return true }
        for bit in 0..<(4 * slotsPerEdge) where lhs.present & (1 << UInt32(bit)) != 0 {
            if lhs.value(bit) != rhs.value(bit) { return false }
        }
        return true
    }

    /// A generic 0 on every edge: neighbours touch it (the spacing of an empty container).
    public static let zero: ViewSpacing = {
        var spacing = ViewSpacing()
        for edge in Edge.allCases { spacing.set(bit(edge, Category.generic.slot), 0) }
        return spacing
    }()

    /// The system's default distance between views, on both axes.
    static let defaultDistance: CGFloat = 8

    /// The preferences of a plain view: a zero-valued marker, different on each edge.
    static let plain: ViewSpacing = {
        var spacing = ViewSpacing()
        for edge in Edge.allCases { spacing.set(bit(edge, Category.plain(edge).slot), 0) }
        return spacing
    }()

    /// A spacer's preferences: a generic 0 on the edges that bound `axis`, or on all edges.
    static func spacer(axis: Axis?) -> ViewSpacing {
        var spacing = ViewSpacing()
        let edges: [Edge] = axis.map { [Edge.edges(of: $0).start, Edge.edges(of: $0).end] } ?? Edge.allCases
        for edge in edges { spacing.set(bit(edge, Category.generic.slot), 0) }
        return spacing
    }

    /// Merges `other` into this value on `edges`, keeping the larger value per category.
    public mutating func formUnion(_ other: ViewSpacing, edges: Edge.Set = .all) {
        var mask: UInt32 = 0
        for edge in Edge.allCases where edges.contains(Edge.Set(edge)) {
            mask |= Self.edgeMask << UInt32(Int(edge.rawValue) * Self.slotsPerEdge)
        }
        let incoming = other.present & mask
        guard incoming != 0 else { return }
        if values == nil, other.values == nil {
            // Every value is 0 on both sides: the union is the union of the slots.
            present |= incoming
            return
        }
        for bit in 0..<(4 * Self.slotsPerEdge) where incoming & (1 << UInt32(bit)) != 0 {
            let theirs = other.value(bit)
            set(bit, present & (1 << UInt32(bit)) != 0 ? max(value(bit), theirs) : theirs)
        }
    }

    /// This value merged with `other` on `edges`.
    public func union(_ other: ViewSpacing, edges: Edge.Set = .all) -> ViewSpacing {
        var result = self
        result.formUnion(other, edges: edges)
        return result
    }

    /// The distance from this view to `next`, which follows it along `axis` (to its right, or
    /// below it).
    public func distance(to next: ViewSpacing, along axis: Axis) -> CGFloat {
        let (start, end) = Edge.edges(of: axis)
        let mine = bits(end), theirs = next.bits(start)
        let generic: UInt32 = 1 << UInt32(Category.generic.slot)
        let shared = mine & theirs & ~generic
        if shared != 0 {
            var paired = -CGFloat.infinity
            for slot in 1..<Self.slotsPerEdge where shared & (1 << UInt32(slot)) != 0 {
                paired = max(paired, value(Self.bit(end, slot)) + next.value(Self.bit(start, slot)))
            }
            return paired
        }
        switch (mine & generic != 0, theirs & generic != 0) {
        case (true, true): return max(value(Self.bit(end, 0)), next.value(Self.bit(start, 0)))
        case (true, false): return value(Self.bit(end, 0))
        case (false, true): return next.value(Self.bit(start, 0))
        case (false, false): return Self.defaultDistance
        }
    }

    /// This value with `edges` replaced by the plain view's preferences: what frames and padding do
    /// to the edges they touch.
    func replacingWithPlain(_ edges: Edge.Set) -> ViewSpacing {
        var result = self
        for edge in Edge.allCases where edges.contains(Edge.Set(edge)) {
            result.clear(edge)
            result.set(Self.bit(edge, Category.plain(edge).slot), 0)
        }
        return result
    }
}
