import Foundation

/// A piece of user interface, as in SwiftUI: either a composition (`body`) or one of Arrange's
/// primitive views, which the engine lays out and draws itself.
public protocol View {
    /// The type of the view's content.
    associatedtype Body: View
    /// The view's content, built from other views.
    @ViewBuilder var body: Body { get }

    /// Resolves `view` into Arrange's layout nodes. Arrange implements it for its own views;
    /// yours use the default, which resolves the `body`. Not for you to call or implement.
    static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder)
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { self }
}

/// A view the engine turns into nodes directly instead of asking for a body.
protocol PrimitiveView {
    /// Makes the view's nodes, resolved in `environment`, and pushes their numbers on
    /// `builder.pending`. Most views give one node; groups, `ForEach` and tuples give one per
    /// child, and `EmptyView` none.
    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder)
}

extension View {
    /// Resolves the view into layout nodes, once, before any layout happens: their numbers are
    /// pushed on `builder.pending`. Inlinable, so a client's view types resolve specialized.
    @inlinable
    func resolve(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        Self._makeNodes(self, in: environment, into: &builder)
    }

    /// A composition resolves its body. Arrange's primitive views implement the requirement
    /// themselves, which spares a dynamic cast per view; the cast stays as a safety net.
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        if let primitive = view as? any PrimitiveView {
            primitive.makeNodes(in: environment, into: &builder)
        } else {
            // `@Environment` properties read the environment the body is built in.
            let body = EnvironmentScope.with(EnvironmentValues(environment)) { view.body }
            Body._makeNodes(body, in: environment, into: &builder)
        }
    }
}

/// The body of a primitive view. Arrange never asks for it; calling it yourself is a programming
/// error, as in SwiftUI.
@usableFromInline
func primitiveBody<V>(_ type: V.Type) -> Never {
    preconditionFailure("\(V.self) is laid out by Arrange itself and has no body")
}

/// Values that flow down the view tree while it is resolved (Arrange's own, for
/// `View._makeNodes`).
public struct ViewEnvironment {
    /// The colour of shapes that were not given a fill (`foregroundStyle`).
    var foreground: Color?
    /// A gradient set with `foregroundStyle`, which shapes without a fill paint with.
    var foregroundStyle: (any ShapeStyle)?
    /// The axis of the nearest enclosing stack (or layout with a `stackOrientation`), which tells
    /// a `Spacer` which way to grow. Unary modifiers keep it; other containers set or clear it.
    @usableFromInline var stackAxis: Axis?
    /// The font of text (`.font`), body by default.
    var font: Font = .body
    /// How text is set: line limit, alignment, tracking, line spacing, truncation, shrinking.
    var text = TextOptions()
    /// The geometry of the nearest enclosing `GeometryReader`, inside its content.
    var geometry: GeometryProxy?
    /// Values of `EnvironmentKey`s of the user's, by key type.
    var custom: [ObjectIdentifier: Any] = [:]
    /// Whether containers place their children mirrored (docs/layout-rules.md §6c).
    @usableFromInline var layoutDirection: LayoutDirection = .leftToRight
    /// The scheme semantic colours resolve in.
    var colorScheme: ColorScheme = .light
    /// Pixels per point of the picture being made.
    var displayScale: CGFloat = 1
    /// The size text styles take.
    var dynamicTypeSize: DynamicTypeSize = .large

    @usableFromInline init() {}

    /// The root environment of a picture made at `displayScale` pixels per point.
    @usableFromInline init(displayScale: CGFloat) {
        self.displayScale = displayScale.isFinite && displayScale > 0 ? displayScale : 1
    }

    /// The environment of a `background` or `overlay`: not inside a stack's axis.
    @usableFromInline var withoutStackAxis: ViewEnvironment {
        var environment = self
        environment.stackAxis = nil
        return environment
    }
}
