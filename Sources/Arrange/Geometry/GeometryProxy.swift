import Foundation

/// A space frames can be read in: the canvas (`global`), the view's own (`local`), or that of an
/// ancestor marked with `coordinateSpace(name:)` (`named`).
public enum CoordinateSpace: Hashable, Sendable {
    case global
    case local
    /// The space of the view given this name (the name's text: the Int 3 and the String "3" are
    /// one name, as for `.id`).
    case named(String)
}

/// What a `GeometryReader`'s content knows of it: its size, and where it is.
///
/// Arrange knows a reader's geometry once layout is done, and makes its content then: the content
/// is laid out in the reader's size and drawn at its top-leading corner
/// (docs/layout-rules.md §2.5).
public struct GeometryProxy: Sendable {
    /// The reader's size: what it was offered, missing axes as 0.
    public let size: CGSize
    /// The reader's frame in the canvas.
    let globalFrame: CGRect
    /// The frames of the named coordinate spaces met so far, in the canvas.
    let namedSpaces: [String: CGRect]

    init(size: CGSize, globalFrame: CGRect, namedSpaces: [String: CGRect]) {
        self.size = size
        self.globalFrame = globalFrame
        self.namedSpaces = namedSpaces
    }

    /// Arrange draws no system bars: always zero.
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }

    /// The reader's frame in `space`. A name no ancestor gave reads as `global`, as in SwiftUI.
    public func frame(in space: CoordinateSpace) -> CGRect {
        switch space {
        case .global:
            return globalFrame
        case .local:
            return CGRect(origin: .zero, size: size)
        case .named(let name):
            guard let origin = namedSpaces[name]?.origin else { return globalFrame }
            return globalFrame.offsetBy(dx: -origin.x, dy: -origin.y)
        }
    }

    /// The anchor's value in the reader's own coordinates.
    public subscript<T>(anchor: Anchor<T>) -> T {
        anchor.value.shifted(by: CGSize(width: -globalFrame.minX, height: -globalFrame.minY))
    }
}

/// A geometric value of a view (its bounds, a corner, a point) that can be read in another
/// view's coordinates: `anchorPreference` makes one, `GeometryProxy[anchor]` reads it.
public struct Anchor<Value: AnchorValue>: Sendable {
    /// The value in the canvas.
    let value: Value

    /// What an anchor is made from, read in the view's frame.
    public struct Source: Sendable {
        let resolve: @Sendable (CGRect) -> Value
        init(_ resolve: @escaping @Sendable (CGRect) -> Value) { self.resolve = resolve }
    }
}

/// The kinds of value an anchor holds: `CGRect` and `CGPoint`.
public protocol AnchorValue: Sendable {
    /// The value moved by `delta`.
    func shifted(by delta: CGSize) -> Self
}

extension CGRect: AnchorValue {
    public func shifted(by delta: CGSize) -> CGRect { offsetBy(dx: delta.width, dy: delta.height) }
}

extension CGPoint: AnchorValue {
    public func shifted(by delta: CGSize) -> CGPoint { CGPoint(x: x + delta.width, y: y + delta.height) }
}

extension Anchor.Source where Value == CGRect {
    /// The view's bounds.
    public static var bounds: Anchor<CGRect>.Source { Anchor<CGRect>.Source { $0 } }
    /// A rectangle in the view's own coordinates.
    public static func rect(_ rect: CGRect) -> Anchor<CGRect>.Source {
        Anchor<CGRect>.Source { rect.offsetBy(dx: $0.minX, dy: $0.minY) }
    }
}

extension Anchor.Source where Value == CGPoint {
    /// A point in the view's own coordinates.
    public static func point(_ point: CGPoint) -> Anchor<CGPoint>.Source {
        Anchor<CGPoint>.Source { CGPoint(x: $0.minX + point.x, y: $0.minY + point.y) }
    }
    /// A unit point of the view's bounds.
    public static func unitPoint(_ point: UnitPoint) -> Anchor<CGPoint>.Source {
        Anchor<CGPoint>.Source { CGPoint(x: $0.minX + point.x * $0.width, y: $0.minY + point.y * $0.height) }
    }
    /// The top-leading corner of the view's bounds.
    public static var topLeading: Anchor<CGPoint>.Source { unitPoint(.topLeading) }
    /// The middle of the top edge.
    public static var top: Anchor<CGPoint>.Source { unitPoint(.top) }
    /// The top-trailing corner.
    public static var topTrailing: Anchor<CGPoint>.Source { unitPoint(.topTrailing) }
    /// The middle of the leading edge.
    public static var leading: Anchor<CGPoint>.Source { unitPoint(.leading) }
    /// The centre.
    public static var center: Anchor<CGPoint>.Source { unitPoint(.center) }
    /// The middle of the trailing edge.
    public static var trailing: Anchor<CGPoint>.Source { unitPoint(.trailing) }
    /// The bottom-leading corner.
    public static var bottomLeading: Anchor<CGPoint>.Source { unitPoint(.bottomLeading) }
    /// The middle of the bottom edge.
    public static var bottom: Anchor<CGPoint>.Source { unitPoint(.bottom) }
    /// The bottom-trailing corner.
    public static var bottomTrailing: Anchor<CGPoint>.Source { unitPoint(.bottomTrailing) }
}
