import Foundation

/// Builds views from closures, as SwiftUI's `@ViewBuilder` does: several children, `if`/`else`,
/// optionals and `ForEach`.
@resultBuilder
public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }

    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        var children: [any View] = []
        for child in repeat each content { children.append(child) }
        return TupleView(value: (repeat each content), children: children)
    }

    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }

    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }

    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> ConditionalContent<TrueContent, FalseContent> {
        ConditionalContent(storage: .trueContent(first))
    }

    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> ConditionalContent<TrueContent, FalseContent> {
        ConditionalContent(storage: .falseContent(second))
    }

    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// Several views side by side, made by `@ViewBuilder`. Each is a separate child of the container.
public struct TupleView<T>: View, PrimitiveView {
    /// The views, as a tuple.
    public var value: T
    let children: [any View]

    init(value: T, children: [any View]) {
        self.value = value
        self.children = children
    }

    public var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself.
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.makeNodes(in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        for child in children { child.resolve(in: environment, into: &builder) }
    }
}

/// One of two views, chosen by an `if`/`else` in a `@ViewBuilder`.
public struct ConditionalContent<TrueContent: View, FalseContent: View>: View, PrimitiveView {
    @usableFromInline
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
    @usableFromInline let storage: Storage

    public var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself; inlinable, so the chosen content resolves specialized.
    @inlinable
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        switch view.storage {
        case .trueContent(let content): content.resolve(in: environment, into: &builder)
        case .falseContent(let content): content.resolve(in: environment, into: &builder)
        }
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        switch storage {
        case .trueContent(let view): view.resolve(in: environment, into: &builder)
        case .falseContent(let view): view.resolve(in: environment, into: &builder)
        }
    }
}

/// SwiftUI's name for `ConditionalContent`.
public typealias _ConditionalContent = ConditionalContent

extension Optional: View where Wrapped: View {
    public var body: Never { primitiveBody(Self.self) }
}

extension Optional: PrimitiveView where Wrapped: View {
    /// Arrange resolves this view itself; inlinable, so the content resolves specialized.
    @inlinable
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view?.resolve(in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        self?.resolve(in: environment, into: &builder)
    }
}

/// A view that contributes nothing: not a child, not a gap.
public struct EmptyView: View, PrimitiveView {
    public init() {}
    public var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself.
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.makeNodes(in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {}
}

/// A type-erased view.
public struct AnyView: View, PrimitiveView {
    let view: any View
    public init<V: View>(_ view: V) { self.view = view }
    public var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself.
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.makeNodes(in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        view.resolve(in: environment, into: &builder)
    }
}

/// Groups views without laying them out: each is a child of the enclosing container, and a
/// modifier on the group applies to each of them, as in SwiftUI.
public struct Group<Content: View>: View, PrimitiveView {
    @usableFromInline let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself; inlinable, so the content resolves specialized.
    @inlinable
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.content.resolve(in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        content.resolve(in: environment, into: &builder)
    }
}

/// Views made from a collection, one per element.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, PrimitiveView {
    /// The collection.
    public var data: Data
    /// Makes the view of one element.
    public var content: (Data.Element) -> Content
    let identify: (Data.Element) -> ID

    /// Views for `data`, identified by the key path `id`.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
        self.identify = { $0[keyPath: id] }
    }

    public var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself; inlinable, so each element's view resolves specialized.
    @inlinable
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.makeNodes(in: environment, into: &builder)
    }

    @inlinable
    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        // Reached through `View`, this code is generic over `Data`: stepping a generic collection
        // looks up type metadata at run time on every element. An integer range (the common
        // `ForEach(items.indices)`) is stepped as plain integers instead.
        if let range = data as? Range<Int>, let content = content as? (Int) -> Content {
            let mark = builder.mark
            for index in range {
                content(index).resolve(in: environment, into: &builder)
                // The first element shows what each costs: room for the rest, once.
                if index == range.lowerBound { builder.reserve(repeating: mark, times: range.count - 1) }
            }
            return
        }
        var first = true
        for element in data {
            guard first else {
                content(element).resolve(in: environment, into: &builder)
                continue
            }
            // The first element shows what each costs: room for the rest, once.
            first = false
            let mark = builder.mark
            content(element).resolve(in: environment, into: &builder)
            builder.reserve(repeating: mark, times: data.count - 1)
        }
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// Views for a constant range of integers.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// Views for identifiable elements.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}
