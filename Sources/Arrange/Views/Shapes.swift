import Foundation

/// The outline kinds Arrange draws. Shapes are proposed a size, take it, and draw this outline in
/// the frame they get.
public enum ShapeKind: Hashable, Sendable {
    case rectangle
    /// A rectangle with rounded corners: quarter circles for `.circular` (an SVG `<rect rx>`),
    /// Apple's smoother curve for `.continuous` (a path; docs/layout-rules.md §2.7).
    case roundedRectangle(cornerRadius: CGFloat, style: RoundedCornerStyle = .circular)
    /// A circle of diameter `min(width, height)`, centred in its frame.
    case circle
    /// A rounded rectangle whose corner radius is half its shorter side.
    case capsule
    case ellipse
}

/// A view with an outline, as SwiftUI's `Shape`: it takes the size it is offered and draws
/// `path(in:)` in its frame. Without a `fill` it paints with the foreground style (black by
/// default).
///
/// Rectangles, rounded rectangles, circles, capsules and ellipses are drawn natively (an SVG
/// `<rect>`, `<circle>`…); any other shape, and any shape stroked or painted with a gradient, is
/// drawn as its path.
public protocol Shape: View, Sendable {
    /// The outline in `rect`, in the coordinates of the shape's frame.
    func path(in rect: CGRect) -> Path
    /// The built-in outline this shape draws, or nil for a custom one. Arrange's own.
    var _shapeKind: ShapeKind? { get }
}

/// A shape that can be inset, as `strokeBorder` needs: SwiftUI's `InsettableShape`.
public protocol InsettableShape: Shape {
    associatedtype InsetShape: InsettableShape
    /// The shape with its outline moved inwards by `amount`.
    func inset(by amount: CGFloat) -> InsetShape
}

extension Shape {
    public var _shapeKind: ShapeKind? { nil }

    /// The outline moved inwards by `amount`: the shape's own inset when it is insettable, else
    /// its path in the smaller rectangle.
    func _insetPath(in rect: CGRect, by amount: CGFloat) -> Path {
        if let insettable = self as? any InsettableShape { return insettable.insetPath(in: rect, by: amount) }
        return path(in: rect.insetBy(dx: amount, dy: amount))
    }
}

extension InsettableShape {
    fileprivate func insetPath(in rect: CGRect, by amount: CGFloat) -> Path { inset(by: amount).path(in: rect) }
}

/// The style of rounded corners, as SwiftUI's `RoundedCornerStyle`.
public enum RoundedCornerStyle: Hashable, Sendable {
    /// Quarter circles meeting the straight edges.
    case circular
    /// Apple's continuous corner (iOS 7 and later): it leaves each edge about 1.528 radii from
    /// the corner and bends gradually, with no kink where the edge meets the curve
    /// (`Path.continuousCorner`). SwiftUI's default.
    case continuous
}

/// A rectangle filling its frame.
public struct Rectangle: InsettableShape, PrimitiveView, Sendable {
    var insetAmount: CGFloat = 0
    /// The shape of the enclosing container: here, the view's bounds.
    public init() {}
    public var _shapeKind: ShapeKind? { insetAmount == 0 ? .rectangle : nil }
    public func path(in rect: CGRect) -> Path { Path(rect.insetBy(dx: insetAmount, dy: insetAmount)) }
    public func inset(by amount: CGFloat) -> Rectangle { var shape = self; shape.insetAmount += amount; return shape }
}

/// A rectangle with rounded corners.
public struct RoundedRectangle: InsettableShape, PrimitiveView, Sendable {
    public var cornerSize: CGSize
    public var style: RoundedCornerStyle
    var insetAmount: CGFloat = 0
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        self.init(cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.cornerSize = cornerSize
        self.style = style
    }
    /// A negative or NaN radius draws square corners.
    public var _shapeKind: ShapeKind? {
        guard insetAmount == 0 else { return nil }
        let r = min(cornerSize.width, cornerSize.height)
        return .roundedRectangle(cornerRadius: r.isNaN ? 0 : max(r, 0), style: style)
    }
    public func path(in rect: CGRect) -> Path {
        let r = min(cornerSize.width, cornerSize.height)
        let radius = max((r.isNaN ? 0 : max(r, 0)) - insetAmount, 0)
        return Path(roundedRect: rect.insetBy(dx: insetAmount, dy: insetAmount), cornerRadius: radius, style: style)
    }
    public func inset(by amount: CGFloat) -> RoundedRectangle { var shape = self; shape.insetAmount += amount; return shape }
}

/// The radii of a rectangle's four corners, as SwiftUI's `RectangleCornerRadii`.
public struct RectangleCornerRadii: Hashable, Sendable {
    /// The radius of the top leading corner, in points.
    public var topLeading: CGFloat
    /// The radius of the bottom leading corner, in points.
    public var bottomLeading: CGFloat
    /// The radius of the bottom trailing corner, in points.
    public var bottomTrailing: CGFloat
    /// The radius of the top trailing corner, in points.
    public var topTrailing: CGFloat

    /// Four radii; those not given are 0, a square corner.
    public init(topLeading: CGFloat = 0, bottomLeading: CGFloat = 0, bottomTrailing: CGFloat = 0, topTrailing: CGFloat = 0) {
        self.topLeading = topLeading
        self.bottomLeading = bottomLeading
        self.bottomTrailing = bottomTrailing
        self.topTrailing = topTrailing
    }
}

/// A rectangle whose corners each have their own radius, as SwiftUI's
/// `UnevenRoundedRectangle`: a tab rounded on top only, a bubble with one sharp corner. Each
/// radius is held to half the shorter side. Drawn as its path.
public struct UnevenRoundedRectangle: InsettableShape, PrimitiveView, Sendable {
    /// The radius of each corner.
    public var cornerRadii: RectangleCornerRadii
    /// Circular or continuous corners.
    public var style: RoundedCornerStyle
    var insetAmount: CGFloat = 0

    /// Radii given corner by corner; those not given are square.
    public init(topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0,
                topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous) {
        self.init(cornerRadii: RectangleCornerRadii(topLeading: topLeadingRadius, bottomLeading: bottomLeadingRadius,
                                                    bottomTrailing: bottomTrailingRadius, topTrailing: topTrailingRadius), style: style)
    }

    /// The radii of `cornerRadii`.
    public init(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) {
        self.cornerRadii = cornerRadii
        self.style = style
    }

    /// The outline in `rect`, each radius reduced by the inset.
    public func path(in rect: CGRect) -> Path {
        let a = insetAmount
        let radii = RectangleCornerRadii(topLeading: max(cornerRadii.topLeading - a, 0), bottomLeading: max(cornerRadii.bottomLeading - a, 0),
                                         bottomTrailing: max(cornerRadii.bottomTrailing - a, 0), topTrailing: max(cornerRadii.topTrailing - a, 0))
        var path = Path()
        path.addRoundedRect(in: rect.insetBy(dx: a, dy: a), radii: radii, style: style)
        return path
    }

    /// The shape with its outline moved inwards by `amount`.
    public func inset(by amount: CGFloat) -> UnevenRoundedRectangle { var shape = self; shape.insetAmount += amount; return shape }
}

/// The shape of the container a view is in, inset by how far the view lies inside it: SwiftUI's
/// `ContainerRelativeShape`, for widgets and other containers that declare a shape. A picture
/// has no such container, and SwiftUI then falls back to the view's bounds: a rectangle.
public struct ContainerRelativeShape: InsettableShape, PrimitiveView, Sendable {
    var insetAmount: CGFloat = 0
    /// The shape of the enclosing container: here, the view's bounds.
    public init() {}
    public var _shapeKind: ShapeKind? { insetAmount == 0 ? .rectangle : nil }
    /// The frame, inset.
    public func path(in rect: CGRect) -> Path { Path(rect.insetBy(dx: insetAmount, dy: insetAmount)) }
    /// The shape with its outline moved inwards by `amount`.
    public func inset(by amount: CGFloat) -> ContainerRelativeShape { var shape = self; shape.insetAmount += amount; return shape }
}

/// A shape moved by `offset` within its frame: SwiftUI's `OffsetShape`, made by `Shape.offset`.
public struct OffsetShape<Content: Shape>: Shape, PrimitiveView {
    /// The shape moved.
    public var shape: Content
    /// How far it moves, in points (positive: right and down).
    public var offset: CGSize
    /// `shape` moved by `offset`.
    public init(shape: Content, offset: CGSize) {
        self.shape = shape
        self.offset = offset
    }
    /// The shape's outline in `rect`, moved.
    public func path(in rect: CGRect) -> Path { shape.path(in: rect).offsetBy(dx: offset.width, dy: offset.height) }
}

/// A shape turned by `angle` about `anchor`, a point of its frame: SwiftUI's `RotatedShape`,
/// made by `Shape.rotation(_:anchor:)`. Positive angles turn clockwise on screen.
public struct RotatedShape<Content: Shape>: Shape, PrimitiveView {
    /// The shape turned.
    public var shape: Content
    /// How far it turns.
    public var angle: Angle
    /// The point of the frame it turns about.
    public var anchor: UnitPoint
    /// `shape` turned by `angle` about `anchor`.
    public init(shape: Content, angle: Angle, anchor: UnitPoint = .center) {
        self.shape = shape
        self.angle = angle
        self.anchor = anchor
    }
    /// The shape's outline in `rect`, turned.
    public func path(in rect: CGRect) -> Path {
        let t = ResolvedTree.TransformEffect.rotation(angle, anchor: anchor).matrix(for: rect.size)
        return shape.path(in: rect).transformed(by: t, about: rect.origin)
    }
}

/// A shape scaled by `scale` about `anchor`, a point of its frame: SwiftUI's `ScaledShape`,
/// made by `Shape.scale`.
public struct ScaledShape<Content: Shape>: Shape, PrimitiveView {
    /// The shape scaled.
    public var shape: Content
    /// The horizontal and vertical factors.
    public var scale: CGSize
    /// The point of the frame that stays in place.
    public var anchor: UnitPoint
    /// `shape` scaled by `scale` about `anchor`.
    public init(shape: Content, scale: CGSize, anchor: UnitPoint = .center) {
        self.shape = shape
        self.scale = scale
        self.anchor = anchor
    }
    /// The shape's outline in `rect`, scaled.
    public func path(in rect: CGRect) -> Path {
        let t = ResolvedTree.TransformEffect.scale(scale, anchor: anchor).matrix(for: rect.size)
        return shape.path(in: rect).transformed(by: t, about: rect.origin)
    }
}

extension Path {
    /// The path with `t` applied in coordinates whose origin is `origin`.
    func transformed(by t: CGAffineTransform, about origin: CGPoint) -> Path {
        map { p in
            let x = p.x - origin.x, y = p.y - origin.y
            return CGPoint(x: origin.x + t.a * x + t.c * y + t.tx, y: origin.y + t.b * x + t.d * y + t.ty)
        }
    }
}

extension Shape {
    /// The shape moved by `offset` inside its frame, as SwiftUI's `Shape.offset(_:)`: the frame
    /// and the layout stay; the outline moves.
    public func offset(_ offset: CGSize) -> OffsetShape<Self> { OffsetShape(shape: self, offset: offset) }

    /// The shape moved by `offset` inside its frame.
    public func offset(_ offset: CGPoint) -> OffsetShape<Self> { OffsetShape(shape: self, offset: CGSize(width: offset.x, height: offset.y)) }

    /// The shape moved by (`x`, `y`) inside its frame.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> OffsetShape<Self> { OffsetShape(shape: self, offset: CGSize(width: x, height: y)) }

    /// The shape turned by `angle` about `anchor`, as SwiftUI's `Shape.rotation(_:anchor:)`.
    public func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> RotatedShape<Self> {
        RotatedShape(shape: self, angle: angle, anchor: anchor)
    }

    /// The shape scaled by `x` and `y` about `anchor`, as SwiftUI's `Shape.scale(x:y:anchor:)`.
    public func scale(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> ScaledShape<Self> {
        ScaledShape(shape: self, scale: CGSize(width: x, height: y), anchor: anchor)
    }

    /// The shape scaled by `scale` both ways about `anchor`, as SwiftUI's `Shape.scale(_:anchor:)`.
    public func scale(_ scale: CGFloat, anchor: UnitPoint = .center) -> ScaledShape<Self> {
        ScaledShape(shape: self, scale: CGSize(width: scale, height: scale), anchor: anchor)
    }
}

/// A circle: square, with the side `min(width, height)` of the proposal (docs/layout-rules.md §2.1).
public struct Circle: InsettableShape, PrimitiveView, Sendable {
    var insetAmount: CGFloat = 0
    /// The shape of the enclosing container: here, the view's bounds.
    public init() {}
    public var _shapeKind: ShapeKind? { insetAmount == 0 ? .circle : nil }
    public func path(in rect: CGRect) -> Path {
        let side = max(min(rect.width, rect.height) - 2 * insetAmount, 0)
        return Path(ellipseIn: CGRect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side))
    }
    public func inset(by amount: CGFloat) -> Circle { var shape = self; shape.insetAmount += amount; return shape }
}

/// A rectangle whose short sides are half circles.
public struct Capsule: InsettableShape, PrimitiveView, Sendable {
    public var style: RoundedCornerStyle
    var insetAmount: CGFloat = 0
    public init(style: RoundedCornerStyle = .circular) { self.style = style }
    public var _shapeKind: ShapeKind? { insetAmount == 0 ? .capsule : nil }
    public func path(in rect: CGRect) -> Path {
        let inner = rect.insetBy(dx: insetAmount, dy: insetAmount)
        return Path(roundedRect: inner, cornerRadius: min(inner.width, inner.height) / 2, style: style)
    }
    public func inset(by amount: CGFloat) -> Capsule { var shape = self; shape.insetAmount += amount; return shape }
}

/// An ellipse filling its frame.
public struct Ellipse: InsettableShape, PrimitiveView, Sendable {
    var insetAmount: CGFloat = 0
    /// The shape of the enclosing container: here, the view's bounds.
    public init() {}
    public var _shapeKind: ShapeKind? { insetAmount == 0 ? .ellipse : nil }
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect.insetBy(dx: insetAmount, dy: insetAmount)) }
    public func inset(by amount: CGFloat) -> Ellipse { var shape = self; shape.insetAmount += amount; return shape }
}

/// A part of another shape's outline, from `from` to `to` of its length (`Shape.trim`).
public struct _TrimmedShape<Base: Shape>: Shape, PrimitiveView {
    let base: Base
    let from: CGFloat
    let to: CGFloat
    public func path(in rect: CGRect) -> Path { base.path(in: rect).trimmedPath(from: from, to: to) }
}

/// A shape cut from another's outline, which a drawing keeps beside the cut (`PathDrawing.trim`).
protocol TrimmedShape {
    /// The whole outline in `rect` and where it is cut.
    func trim(in rect: CGRect) -> PathTrim
}

extension _TrimmedShape: TrimmedShape {
    func trim(in rect: CGRect) -> PathTrim { PathTrim(outline: base.path(in: rect), from: from, to: to) }
}

/// A custom shape made of a path, in the coordinates of its frame: SwiftUI's `Path` as a view.
extension Path: Shape, PrimitiveView {
    public func path(in rect: CGRect) -> Path { self }
}

extension Shape {
    public var body: Never { primitiveBody(Self.self) }

    /// Arrange resolves this view itself.
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.makeNodes(in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        let color = environment.foreground ?? .primary
        if let kind = _shapeKind {
            builder.pushShape(kind, paint: .fill(color), in: environment.colorScheme, kind: Self.kindName)
        } else {
            builder.pushLeaf(.shape(self, ShapePaint(style: environment.foregroundStyle ?? color, mode: .fill(evenOdd: false), scheme: environment.colorScheme)), kind: Self.kindName)
        }
    }

    /// The shape filled with `content`: a colour or a gradient.
    @inlinable
    public func fill<S: ShapeStyle>(_ content: S, style: FillStyle = FillStyle()) -> some View {
        ShapeView(shape: self, style: content, mode: .fill(evenOdd: style.isEOFilled))
    }

    /// The shape filled with the foreground style.
    @inlinable
    public func fill(style: FillStyle = FillStyle()) -> some View {
        PaintedShape(shape: self, style: nil, mode: .fill(evenOdd: style.isEOFilled))
    }

    /// The outline stroked with `content`, centred on it, `lineWidth` wide.
    @inlinable
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> some View {
        stroke(content, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// The outline stroked with `content` in `style`.
    @inlinable
    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> some View {
        PaintedShape(shape: self, style: content, mode: .stroke(style.sanitized))
    }

    /// The outline stroked with the foreground style, `lineWidth` wide.
    @inlinable
    public func stroke(lineWidth: CGFloat = 1) -> some View {
        stroke(style: StrokeStyle(lineWidth: lineWidth))
    }

    /// The outline stroked with the foreground style in `style`.
    @inlinable
    public func stroke(style: StrokeStyle) -> some View {
        PaintedShape(shape: self, style: nil, mode: .stroke(style.sanitized))
    }

    /// The shape's outline drawn inside its frame: a band `lineWidth` wide along the inner edge.
    @inlinable
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> some View {
        ShapeView(shape: self, style: content, mode: .strokeBorder(StrokeStyle(lineWidth: Self.clampedWidth(lineWidth))))
    }

    /// The outline drawn inside the frame with `content` in `style`.
    @inlinable
    public func strokeBorder<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> some View {
        PaintedShape(shape: self, style: content, mode: .strokeBorder(style.sanitized))
    }

    /// The outline drawn inside the frame with the foreground style in `style`.
    @inlinable
    public func strokeBorder(style: StrokeStyle) -> some View {
        PaintedShape(shape: self, style: nil, mode: .strokeBorder(style.sanitized))
    }

    /// The part of the outline from `from` to `to` of its length (0...1).
    public func trim(from: CGFloat = 0, to: CGFloat = 1) -> _TrimmedShape<Self> {
        _TrimmedShape(base: self, from: from, to: to)
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
        case ObjectIdentifier(UnevenRoundedRectangle.self): "UnevenRoundedRectangle"
        case ObjectIdentifier(ContainerRelativeShape.self): "ContainerRelativeShape"
        case ObjectIdentifier(Path.self): "Path"
        default: "\(Self.self)"
        }
    }

    /// A NaN, negative or infinite width draws nothing rather than a broken path.
    @usableFromInline
    static func clampedWidth(_ width: CGFloat) -> CGFloat { width.isFinite ? max(width, 0) : 0 }
}

/// A shape with any paint: drawn as its path. Its makers are inlinable, and so is it: code in
/// another module then knows their result's type. An opaque result type it does not know is
/// looked up at run time wherever it is used in specialized code, on every element of a
/// `ForEach` (about 1,000 instructions each).
@usableFromInline
struct PaintedShape: View, PrimitiveView {
    let shape: any Shape
    /// nil paints with the foreground style.
    let style: (any ShapeStyle)?
    let mode: ShapePaint.Mode
    /// The node kind (`Shape.kindName`), read where the shape's type is known, as `ShapeView`'s.
    let kindName: String

    @inlinable
    init<Outline: Shape>(shape: Outline, style: (any ShapeStyle)?, mode: ShapePaint.Mode) {
        self.init(shape: shape, style: style, mode: mode, kindName: Outline.kindName)
    }

    @usableFromInline
    init(shape: any Shape, style: (any ShapeStyle)?, mode: ShapePaint.Mode, kindName: String) {
        self.shape = shape
        self.style = style
        self.mode = mode
        self.kindName = kindName
    }

    @usableFromInline
    var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself.
    @usableFromInline
    static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.makeNodes(in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        let style = style ?? environment.foregroundStyle ?? environment.foreground ?? .primary
        if case .strokeBorder(let stroke) = mode, stroke.lineWidth <= 0 { return builder.pushLeaf(.shape(shape, ShapePaint(style: Color.clear, mode: .fill(evenOdd: false), scheme: environment.colorScheme)), kind: kindName) }
        builder.pushLeaf(.shape(shape, ShapePaint(style: style, mode: mode, scheme: environment.colorScheme)), kind: kindName)
    }
}

/// A shape with its paint chosen: drawn natively when it is a built-in outline painted with one
/// colour and a plain line, else as its path. Inlinable with its makers, as `PaintedShape` is.
@usableFromInline
struct ShapeView: View, PrimitiveView {
    /// The paint: one colour, kept out of an existential (a `Color` is too large for one's
    /// inline room, so each would be a heap box), or any other style.
    @usableFromInline
    enum Paint {
        case color(Color)
        case style(any ShapeStyle)
    }

    let shape: any Shape
    let paint: Paint
    let mode: ShapePaint.Mode
    /// The node kind (`Shape.kindName`) and the built-in outline (`_shapeKind`), read where the
    /// shape's type is known rather than through the existential at every resolve.
    let kindName: String
    let shapeKind: ShapeKind?

    /// Specialized where it is called, the cast below is decided at compile time.
    @inlinable
    init<Outline: Shape, S: ShapeStyle>(shape: Outline, style: S, mode: ShapePaint.Mode) {
        self.init(shape: shape, paint: (style as? Color).map(Paint.color) ?? .style(style), mode: mode,
                  kindName: Outline.kindName, shapeKind: shape._shapeKind)
    }

    @usableFromInline
    init(shape: any Shape, paint: Paint, mode: ShapePaint.Mode, kindName: String, shapeKind: ShapeKind?) {
        self.shape = shape
        self.paint = paint
        self.mode = mode
        self.kindName = kindName
        self.shapeKind = shapeKind
    }

    @usableFromInline
    var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself.
    @usableFromInline
    static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.makeNodes(in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        let style: any ShapeStyle
        switch paint {
        case .color(let color):
            if let kind = shapeKind {
                switch mode {
                case .fill(evenOdd: false):
                    return builder.pushShape(kind, paint: .fill(color), in: environment.colorScheme, kind: kindName)
                case .strokeBorder(let stroke) where stroke.dash.isEmpty && stroke.lineJoin == .miter && stroke.lineCap == .butt:
                    return builder.pushShape(kind, paint: .strokeBorder(color, lineWidth: stroke.lineWidth), in: environment.colorScheme, kind: kindName)
                default:
                    break
                }
            }
            style = color
        case .style(let other):
            style = other
        }
        builder.pushLeaf(.shape(shape, ShapePaint(style: style, mode: mode, scheme: environment.colorScheme)), kind: kindName)
    }
}

extension Color: View, PrimitiveView {
    public var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself.
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.makeNodes(in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        builder.pushShape(.rectangle, paint: .fill(self), in: environment.colorScheme, kind: "Color")
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
