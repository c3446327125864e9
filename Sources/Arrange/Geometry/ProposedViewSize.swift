import Foundation

/// A size offered by a parent to a child: each axis is either a length or `nil`, "use your ideal
/// size" (docs/layout-rules.md §1.2).
///
/// A length of `0` asks for the child's minimum and `.infinity` for its maximum.
public struct ProposedViewSize: Hashable, Sendable {
    /// The proposed width, or `nil` for "ideal".
    public var width: CGFloat?
    /// The proposed height, or `nil` for "ideal".
    public var height: CGFloat?

    /// A proposal with the given lengths.
    public init(width: CGFloat?, height: CGFloat?) {
        self.width = width
        self.height = height
    }

    /// A proposal of a concrete size.
    public init(_ size: CGSize) {
        self.init(width: size.width, height: size.height)
    }

    /// `0 × 0`: asks a view for its minimum size.
    public static let zero = ProposedViewSize(width: 0, height: 0)
    /// `nil × nil`: asks a view for its ideal size.
    public static let unspecified = ProposedViewSize(width: nil, height: nil)
    /// `∞ × ∞`: asks a view for its maximum size.
    public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)

    /// The proposal with each `nil` axis replaced by the matching length of `size`
    /// (10 × 10 by default, as in SwiftUI). Concrete axes, `0` and `∞` included, pass through.
    public func replacingUnspecifiedDimensions(by size: CGSize = CGSize(width: 10, height: 10)) -> CGSize {
        CGSize(width: width ?? size.width, height: height ?? size.height)
    }
}

extension ProposedViewSize {
    /// The length along `axis`.
    subscript(axis: Axis) -> CGFloat? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    init(major: CGFloat?, minor: CGFloat?, axis: Axis) {
        self = axis == .horizontal ? .init(width: major, height: minor) : .init(width: minor, height: major)
    }

    /// The proposal as the engine uses it: NaN means "unspecified" and a negative length means 0,
    /// so that no layout ever sees a proposal SwiftUI's own containers would not make (§1.2).
    @inline(__always)
    var sanitized: ProposedViewSize {
        ProposedViewSize(width: Self.sanitize(width), height: Self.sanitize(height))
    }

    @inline(__always)
    private static func sanitize(_ value: CGFloat?) -> CGFloat? {
        guard let value, !value.isNaN else { return nil }
        return max(value, 0)
    }
}

extension ProposedViewSize: CustomStringConvertible {
    public var description: String {
        func text(_ v: CGFloat?) -> String { v.map { "\($0)" } ?? "nil" }
        return "(\(text(width)), \(text(height)))"
    }
}
