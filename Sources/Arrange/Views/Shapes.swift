import Foundation

/// The outline kinds Arrange draws. Shapes are proposed a size, take it, and draw this outline in
/// the frame they get.
public enum ShapeKind: Hashable, Sendable {
    case rectangle
    /// A rectangle with rounded corners; `continuous` corners are drawn as circular arcs.
    case roundedRectangle(cornerRadius: CGFloat)
    /// A circle of diameter `min(width, height)`, centred in its frame.
    case circle
    /// A rounded rectangle whose corner radius is half its shorter side.
    case capsule
    case ellipse
}

/// A view with an outline: rectangle, rounded rectangle, circle, capsule or ellipse. Without a
/// `fill` it paints with the foreground style (black by default), as in SwiftUI.
///
/// Arrange's shapes are its built-in kinds; there is no `Path`, so a custom `Shape` conformance
/// cannot draw anything new.
public protocol Shape: View, Sendable {
    /// The outline this shape draws.
    var shapeKind: ShapeKind { get }
}

/// The style of rounded corners. Both are drawn as circular arcs.
public enum RoundedCornerStyle: Hashable, Sendable {
    case circular
    case continuous
}

/// A rectangle filling its frame.
public struct Rectangle: Shape, PrimitiveView, Sendable {
    public init() {}
    public var shapeKind: ShapeKind { .rectangle }
}

/// A rectangle with rounded corners.
public struct RoundedRectangle: Shape, PrimitiveView, Sendable {
    public var cornerSize: CGSize
    public var style: RoundedCornerStyle
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        self.init(cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.cornerSize = cornerSize
        self.style = style
    }
    /// A negative or NaN radius draws square corners.
    public var shapeKind: ShapeKind {
        let r = min(cornerSize.width, cornerSize.height)
        return .roundedRectangle(cornerRadius: r.isNaN ? 0 : max(r, 0))
    }
}

/// A circle: square, with the side `min(width, height)` of the proposal (docs/layout-rules.md §2.1).
public struct Circle: Shape, PrimitiveView, Sendable {
    public init() {}
    public var shapeKind: ShapeKind { .circle }
}

/// A rectangle whose short sides are half circles.
public struct Capsule: Shape, PrimitiveView, Sendable {
    public var style: RoundedCornerStyle
    public init(style: RoundedCornerStyle = .circular) { self.style = style }
    public var shapeKind: ShapeKind { .capsule }
}

/// An ellipse filling its frame.
public struct Ellipse: Shape, PrimitiveView, Sendable {
    public init() {}
    public var shapeKind: ShapeKind { .ellipse }
}

extension Shape {
    public var body: Never { primitiveBody(Self.self) }

    /// Arrange resolves this view itself.
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.makeNodes(in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        builder.pushShape(shapeKind, paint: .fill(environment.foreground ?? .primary), kind: Self.kindName)
    }

    /// The shape filled with `content`.
    @inlinable
    public func fill<S: ShapeStyle>(_ content: S) -> some View {
        ShapeView(shape: shapeKind, paint: .fill(content.resolvedColor), type: Self.self)
    }

    /// The shape's outline drawn inside its frame: a band `lineWidth` wide along the inner edge.
    @inlinable
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> some View {
        ShapeView(shape: shapeKind, paint: .strokeBorder(content.resolvedColor, lineWidth: Self.clampedWidth(lineWidth)), type: Self.self)
    }

    /// The type's name, the node kind: spelled out for the built-in shapes, because formatting a
    /// type name costs more than the rest of making the node.
    @usableFromInline
    static var kindName: String {
        switch ObjectIdentifier(Self.self) {
        case ObjectIdentifier(Rectangle.self): "Rectangle"
        case ObjectIdentifier(RoundedRectangle.self): "RoundedRectangle"
        case ObjectIdentifier(Circle.self): "Circle"
        case ObjectIdentifier(Capsule.self): "Capsule"
        case ObjectIdentifier(Ellipse.self): "Ellipse"
        default: "\(Self.self)"
        }
    }

    /// A NaN, negative or infinite width draws nothing rather than a broken path.
    @usableFromInline
    static func clampedWidth(_ width: CGFloat) -> CGFloat { width.isFinite ? max(width, 0) : 0 }
}

/// A shape with its paint chosen.
@usableFromInline
struct ShapeView: View, PrimitiveView {
    let shape: ShapeKind
    let paint: Paint
    /// The shape's type, which names the node. A metatype rather than the name, so that the view
    /// holds no reference and copies as plain bytes: views are copied as modifiers wrap them.
    let type: any Shape.Type

    @usableFromInline
    init(shape: ShapeKind, paint: Paint, type: any Shape.Type) {
        self.shape = shape
        self.paint = paint
        self.type = type
    }

    @usableFromInline
    var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself.
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.makeNodes(in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        builder.pushShape(shape, paint: paint, kind: type.kindName)
    }
}

extension Color: View, PrimitiveView {
    public var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself.
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.makeNodes(in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        builder.pushShape(.rectangle, paint: .fill(self), kind: "Color")
    }
}

/// Flexible space that grows along the axis of its stack, and takes no space across it
/// (docs/layout-rules.md §2.4). Next to a spacer a stack puts no default gap.
public struct Spacer: View, PrimitiveView, Sendable {
    /// The smallest length; nil means the default spacing, 8.
    public var minLength: CGFloat?
    public init(minLength: CGFloat? = nil) { self.minLength = minLength }

    public var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself.
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.makeNodes(in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        // NaN means the default; a negative minimum means none.
        let length = minLength.flatMap { $0.isNaN ? nil : max($0, 0) } ?? ViewSpacing.defaultDistance
        builder.pushSpacer(minLength: length, axis: environment.stackAxis)
    }
}
