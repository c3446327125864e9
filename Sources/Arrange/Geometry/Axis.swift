import Foundation

/// The horizontal or vertical dimension.
public enum Axis: Int8, CaseIterable, Hashable, Sendable {
    case horizontal
    case vertical

    /// The other axis.
    var other: Axis { self == .horizontal ? .vertical : .horizontal }

    /// A set of axes. An option set, and (as in SwiftUI) not `Hashable`: code that adds that
    /// conformance itself, as some SwiftUI packages do, compiles unchanged.
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

/// One of the four edges of a rectangle.
public enum Edge: Int8, CaseIterable, Hashable, Sendable {
    case top, leading, bottom, trailing

    /// A set of edges.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public init(_ edge: Edge) { self.init(rawValue: 1 << edge.rawValue) }

        public static let top = Set(.top)
        public static let leading = Set(.leading)
        public static let bottom = Set(.bottom)
        public static let trailing = Set(.trailing)
        public static let all: Set = [.top, .leading, .bottom, .trailing]
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
    }

    /// The two edges that bound `axis`: leading/trailing for horizontal, top/bottom for vertical.
    static func edges(of axis: Axis) -> (start: Edge, end: Edge) {
        axis == .horizontal ? (.leading, .trailing) : (.top, .bottom)
    }
}

extension CGSize {
    /// The length along `axis`.
    subscript(axis: Axis) -> CGFloat {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    init(major: CGFloat, minor: CGFloat, axis: Axis) {
        self = axis == .horizontal ? CGSize(width: major, height: minor) : CGSize(width: minor, height: major)
    }
}

extension CGPoint {
    init(major: CGFloat, minor: CGFloat, axis: Axis) {
        self = axis == .horizontal ? CGPoint(x: major, y: minor) : CGPoint(x: minor, y: major)
    }
}
