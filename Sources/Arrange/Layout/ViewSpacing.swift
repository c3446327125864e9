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
    }

    var edges: [Edge: [Category: CGFloat]] = [:]

    /// No preferences at all: neighbours meet at the default distance.
    public init() {}

    /// A generic 0 on every edge: neighbours touch it (the spacing of an empty container).
    public static let zero: ViewSpacing = {
        var spacing = ViewSpacing()
        for edge in Edge.allCases { spacing.edges[edge] = [.generic: 0] }
        return spacing
    }()

    /// The system's default distance between views, on both axes.
    static let defaultDistance: CGFloat = 8

    /// The preferences of a plain view: a zero-valued marker, different on each edge.
    static let plain: ViewSpacing = {
        var spacing = ViewSpacing()
        for edge in Edge.allCases { spacing.edges[edge] = [.plain(edge): 0] }
        return spacing
    }()

    /// A spacer's preferences: a generic 0 on the edges that bound `axis`, or on all edges.
    static func spacer(axis: Axis?) -> ViewSpacing {
        var spacing = ViewSpacing()
        let edges: [Edge] = axis.map { [Edge.edges(of: $0).start, Edge.edges(of: $0).end] } ?? Edge.allCases
        for edge in edges { spacing.edges[edge] = [.generic: 0] }
        return spacing
    }

    /// Merges `other` into this value on `edges`, keeping the larger value per category.
    public mutating func formUnion(_ other: ViewSpacing, edges: Edge.Set = .all) {
        for edge in Edge.allCases where edges.contains(Edge.Set(edge)) {
            guard let values = other.edges[edge] else { continue }
            self.edges[edge, default: [:]].merge(values) { max($0, $1) }
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
        let mine = edges[end] ?? [:], theirs = next.edges[start] ?? [:]
        var paired: CGFloat?
        for (category, value) in mine where category != .generic {
            if let other = theirs[category] { paired = max(paired ?? -.infinity, value + other) }
        }
        if let paired { return paired }
        let generic = [mine[.generic], theirs[.generic]].compactMap { $0 }
        if let largest = generic.max() { return largest }
        return Self.defaultDistance
    }

    /// This value with `edges` replaced by the plain view's preferences: what frames and padding do
    /// to the edges they touch.
    func replacingWithPlain(_ edges: Edge.Set) -> ViewSpacing {
        var result = self
        for edge in Edge.allCases where edges.contains(Edge.Set(edge)) {
            result.edges[edge] = [.plain(edge): 0]
        }
        return result
    }
}
