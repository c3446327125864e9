import Foundation

/// A container that sizes and places its subviews, declared as in SwiftUI, so that a SwiftUI
/// `Layout` compiles against Arrange with only the import changed.
///
/// The engine asks `sizeThatFits` (possibly several times, with probes: `.zero` for the minimum,
/// `.infinity` for the maximum, `.unspecified` for the ideal size), then `placeSubviews` once
/// with bounds of a size it returned. `bounds` is in root coordinates and rarely starts at zero:
/// place subviews at `bounds.minX + …`. A subview you do not place is centred in the bounds and
/// proposed the container's own proposal (docs/layout-rules.md §6).
public protocol Layout: Animatable {
    /// Properties of the container, such as the axis its `Spacer`s grow along.
    static var layoutProperties: LayoutProperties { get }

    /// Data shared between calls, made from the subviews: measurements, for instance.
    associatedtype Cache = Void
    typealias Subviews = LayoutSubviews

    /// Makes the cache when the container is first laid out.
    func makeCache(subviews: Subviews) -> Cache
    /// Refreshes the cache when the layout or its subviews change. The default makes it anew.
    func updateCache(_ cache: inout Cache, subviews: Subviews)
    /// The container's preferred spacing to its neighbours. The default is the union of its
    /// subviews' preferences on every edge.
    func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing
    /// The container's size for `proposal`.
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize
    /// Places each subview with `LayoutSubview.place(at:anchor:proposal:)`.
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache)
    /// The container's own value of a horizontal guide, or nil for the default. The default
    /// combines the subviews' explicit values (docs/layout-rules.md §4.6).
    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGFloat?
    /// The container's own value of a vertical guide, or nil for the default.
    func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGFloat?
}

/// Properties of a layout container.
public struct LayoutProperties: Sendable {
    /// The axis along which enclosed `Spacer`s grow; nil lets them grow in both directions.
    public var stackOrientation: Axis?
    public init() {}
}

extension Layout {
    public static var layoutProperties: LayoutProperties { LayoutProperties() }

    public func updateCache(_ cache: inout Cache, subviews: Subviews) {
        cache = makeCache(subviews: subviews)
    }

    public func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing {
        guard !subviews.isEmpty else { return .zero }
        var spacing = ViewSpacing()
        for subview in subviews { spacing.formUnion(subview.spacing) }
        return spacing
    }

    public func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGFloat? {
        combinedExplicitAlignment(guide.key, in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }

    public func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGFloat? {
        combinedExplicitAlignment(guide.key, in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }

    /// Lays the subviews out in `bounds` without keeping the result, and combines their explicit
    /// values of `key` (min for first baselines, max for last, mean for custom guides; frame
    /// guides never combine).
    func combinedExplicitAlignment(_ key: AlignmentKey, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGFloat? {
        let combination = key.combination
        guard combination != .none, !subviews.isEmpty else { return nil }
        var values: [CGFloat] = []
        subviews.withTrialPlacement(in: bounds, proposal: proposal, { trial in
            placeSubviews(in: bounds, proposal: proposal, subviews: trial, cache: &cache)
        }, then: { placements in
            for placement in placements {
                guard let value = placement.subview.explicitValue(key, proposal: placement.proposal) else { continue }
                let origin = key.axis == .horizontal ? placement.frame.minX : placement.frame.minY
                values.append(origin + value - (key.axis == .horizontal ? bounds.minX : bounds.minY))
            }
        })
        guard !values.isEmpty else { return nil }
        switch combination {
        case .none: return nil
        case .minimum: return values.min()
        case .maximum: return values.max()
        case .average: return values.reduce(0, +) / CGFloat(values.count)
        }
    }
}

extension Layout {
    /// Where the built-in layouts that keep the `Layout` default for guides get their explicit
    /// values: only from their children. Any other layout may compute its own.
    static var builtInGuideSource: GuideSource {
        switch ObjectIdentifier(Self.self) {
        case ObjectIdentifier(HStackLayout.self), ObjectIdentifier(VStackLayout.self), ObjectIdentifier(ZStackLayout.self),
             ObjectIdentifier(FlowLayout.self), ObjectIdentifier(WheelLayout.self):
            .children
        default:
            .layout
        }
    }
}

extension Layout where Cache == () {
    public func makeCache(subviews: Subviews) -> Cache { () }
}

extension Layout {
    /// The layout as a container view of `content`: `MyLayout { A(); B() }`. Inlinable, so that
    /// the content's type stays visible to the caller and resolves specialized. Disfavoured, as
    /// in SwiftUI: a type that is both a view taking `@ViewBuilder content` and a layout (flow
    /// packages do this) gets its view initialiser for `Type(…) { … }`, not the layout's
    /// initialiser followed by this call (which made such an initialiser call itself).
    @inlinable @_disfavoredOverload
    public func callAsFunction<V: View>(@ViewBuilder _ content: () -> V) -> some View {
        LayoutView(layout: self, content: content())
    }
}

/// A container view laid out by a `Layout`.
@usableFromInline
struct LayoutView<L: Layout, Content: View>: View, PrimitiveView {
    let layout: L
    let kind: String
    @usableFromInline let content: Content
    /// Stacks with exactly one child are that child (docs/layout-rules.md §4).
    var collapsesSingleChild = false
    /// Where the layout's explicit guides come from: `.children` for the built-in layouts that
    /// keep the `Layout` default.
    var guides: GuideSource = .layout
    /// Makes the container's box: a specialized one for the built-in stacks.
    var makeBox: (L, GuideSource) -> any LayoutBox

    /// The container of a custom or built-in layout, its node named after the layout's type.
    @usableFromInline
    init(layout: L, content: Content) {
        self.init(layout: layout, kind: "\(L.self)", content: content, guides: L.builtInGuideSource)
    }

    init(layout: L, kind: String, content: Content, collapsesSingleChild: Bool = false, guides: GuideSource = .layout,
         makeBox: @escaping (L, GuideSource) -> any LayoutBox = { TypedLayoutBox($0, guides: $1) }) {
        self.layout = layout
        self.kind = kind
        self.content = content
        self.collapsesSingleChild = collapsesSingleChild
        self.guides = guides
        self.makeBox = makeBox
    }

    @usableFromInline
    var body: Never { primitiveBody(Self.self) }

    /// Arrange resolves this view itself; inlinable, so the content resolves specialized.
    @inlinable
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        let start = builder.pending.count
        view.content.resolve(in: view.contentEnvironment(environment), into: &builder)
        view.finish(childrenFrom: start, environment: environment, into: &builder)
    }

    @usableFromInline
    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        Self._makeNodes(self, in: environment, into: &builder)
    }

    /// The environment of the content: the layout's stack axis, for its spacers.
    @usableFromInline
    func contentEnvironment(_ environment: ViewEnvironment) -> ViewEnvironment {
        var inner = environment
        // AnyLayout knows its wrapped layout's axis only at run time.
        inner.stackAxis = (layout as? AnyLayout)?.stackOrientation ?? L.layoutProperties.stackOrientation
        return inner
    }

    /// Makes the container of the content's nodes, from `start` on. A layout with
    /// `@Environment` properties is given the environment its container is in.
    @usableFromInline
    func finish(childrenFrom start: Int, environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        if collapsesSingleChild, builder.pending.count - start == 1 { return }
        let box = makeBox(layout, guides)
        if let typed = box as? TypedLayoutBox<L>, EnvironmentScope.reads(layout) { typed.environment = EnvironmentValues(environment) }
        builder.pushContainer(box, kind: kind, childrenFrom: start, priority: .container, direction: environment.layoutDirection)
    }
}

/// A key for values that views pass to their container's layout, read with
/// `subview[MyKey.self]`.
public protocol LayoutValueKey {
    associatedtype Value
    /// The value of subviews that set none.
    static var defaultValue: Value { get }
}

extension View {
    /// Sets a value that the enclosing custom layout reads with `subview[K.self]`.
    public func layoutValue<K: LayoutValueKey>(key: K.Type, value: K.Value) -> some View {
        modifyingNodes { attributes in attributes.layoutValues[ObjectIdentifier(key)] = value }
    }
}
