import Foundation

/// A title with an icon, as SwiftUI's `Label`, drawn by the `labelStyle` in its environment:
/// the icon before the title in an `HStack` by default (docs/layout-rules.md §5e).
///
/// Arrange has `Label(title:icon:)` only: SwiftUI's `Label(_:systemImage:)` draws an SF Symbol
/// and `Label(_:image:)` an asset from the app's catalog, neither of which Arrange can draw
/// truthfully. Use `Image(icon:)` (Material Icons by name), an `Image` of a file, a shape or a
/// `Text` as the icon.
public struct Label<Title: View, Icon: View>: View, PrimitiveView {
    let title: Title
    let icon: Icon

    /// A label from a title view and an icon view.
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }

    public var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself.
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.makeNodes(in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        let configuration = LabelStyleConfiguration(title: .init(view: AnyView(title)), icon: .init(view: AnyView(icon)))
        let style = environment.custom[ObjectIdentifier(LabelStyleKey.self)] as? any LabelStyle ?? DefaultLabelStyle()
        func body<S: LabelStyle>(_ style: S) -> AnyView { AnyView(style.makeBody(configuration: configuration)) }
        body(style).resolve(in: environment, into: &builder)
    }
}

extension Label where Title == Text, Icon == Image {
    /// A label of `title` and the icon called `name` in the standard icon set (Material Icons), as
    /// SwiftUI's `Label(_:systemImage:)` shows an SF Symbol: `Label("Orders", icon: "database")`.
    public init(_ title: String, icon name: String) {
        self.init(title: { Text(title) }, icon: { Image(icon: name) })
    }
}

/// The parts of a label a `LabelStyle` arranges, as SwiftUI's `LabelStyleConfiguration`.
public struct LabelStyleConfiguration {
    /// The label's title.
    public struct Title: View {
        let view: AnyView
        public var body: some View { view }
    }

    /// The label's icon.
    public struct Icon: View {
        let view: AnyView
        public var body: some View { view }
    }

    /// The label's title.
    public let title: Title
    /// The label's icon.
    public let icon: Icon
}

/// How labels draw their title and icon, as SwiftUI's `LabelStyle`: set with
/// `labelStyle(_:)` for every label inside a view.
public protocol LabelStyle {
    /// The view a label becomes.
    associatedtype Body: View
    /// The parts of the label.
    typealias Configuration = LabelStyleConfiguration
    /// Makes the view of a label from its parts.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// The environment entry of `labelStyle(_:)`.
enum LabelStyleKey {}

/// The icon alone, as SwiftUI's `IconOnlyLabelStyle`.
public struct IconOnlyLabelStyle: LabelStyle {
    /// The style; also `.iconOnly`.
    public init() {}
    /// The label's icon.
    public func makeBody(configuration: Configuration) -> some View { configuration.icon }
}

/// The title alone, as SwiftUI's `TitleOnlyLabelStyle`.
public struct TitleOnlyLabelStyle: LabelStyle {
    /// The style; also `.titleOnly`.
    public init() {}
    /// The label's title.
    public func makeBody(configuration: Configuration) -> some View { configuration.title }
}

/// The icon, then the title, in an `HStack` with the default gap (8) between them and centred
/// vertically, as SwiftUI's `TitleAndIconLabelStyle` lays them out.
public struct TitleAndIconLabelStyle: LabelStyle {
    /// The style; also `.titleAndIcon`.
    public init() {}
    /// The icon before the title.
    public func makeBody(configuration: Configuration) -> some View {
        HStack { configuration.icon; configuration.title }
    }
}

/// The style labels have unless one is set: title and icon, as SwiftUI's `DefaultLabelStyle`
/// outside lists and toolbars.
public struct DefaultLabelStyle: LabelStyle {
    /// The style; also `.automatic`.
    public init() {}
    /// The icon before the title.
    public func makeBody(configuration: Configuration) -> some View {
        TitleAndIconLabelStyle().makeBody(configuration: configuration)
    }
}

extension LabelStyle where Self == IconOnlyLabelStyle {
    /// The icon alone.
    public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() }
}

extension LabelStyle where Self == TitleOnlyLabelStyle {
    /// The title alone.
    public static var titleOnly: TitleOnlyLabelStyle { TitleOnlyLabelStyle() }
}

extension LabelStyle where Self == TitleAndIconLabelStyle {
    /// The icon, then the title.
    public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() }
}

extension LabelStyle where Self == DefaultLabelStyle {
    /// The default style: the icon, then the title.
    public static var automatic: DefaultLabelStyle { DefaultLabelStyle() }
}

extension View {
    /// Sets how the labels inside the view draw, as SwiftUI's `labelStyle(_:)`.
    public func labelStyle<S: LabelStyle>(_ style: S) -> some View {
        transformingEnvironment { $0.custom[ObjectIdentifier(LabelStyleKey.self)] = style }
    }
}
