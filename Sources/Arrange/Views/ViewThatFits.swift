import Foundation

/// Shows the first of its views that fits, as SwiftUI's `ViewThatFits` (docs/layout-rules.md §5d).
///
/// The views are tried in order: a view fits when its ideal size along the constrained axes (the
/// size it chooses when those lengths are not proposed) is no longer than the proposal along
/// them. The first that fits is shown, or the last when none does; the others are neither drawn
/// nor reported.
public struct ViewThatFits<Content: View>: View, PrimitiveView {
    let layout: ViewThatFitsLayout
    let content: Content

    /// - Parameters:
    ///   - axes: the axes a view must fit along; both by default. With none, the first view is shown.
    ///   - content: the views, in order of preference.
    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        layout = ViewThatFitsLayout(axes: axes)
        self.content = content()
    }

    public var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself.
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.makeNodes(in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        LayoutView(layout: layout, kind: "ViewThatFits", content: content).makeNodes(in: environment, into: &builder)
    }
}

/// The layout of `ViewThatFits`: it sizes and places the chosen child alone.
struct ViewThatFitsLayout: Layout, Sendable {
    let axes: Axis.Set

    /// The position of the child shown for `proposal`, nil when there is none.
    func choice(_ proposal: ProposedViewSize, _ subviews: LayoutSubviews) -> Int? {
        guard let last = subviews.indices.last else { return nil }
        guard !axes.isEmpty else { return subviews.startIndex }
        // The ideal size along the constrained axes, the proposal kept along the others.
        let ideal = ProposedViewSize(width: axes.contains(.horizontal) ? nil : proposal.width,
                                     height: axes.contains(.vertical) ? nil : proposal.height)
        for index in subviews.indices {
            let size = subviews[index].sizeThatFits(ideal)
            let fitsWidth = !axes.contains(.horizontal) || size.width <= (proposal.width ?? .infinity)
            let fitsHeight = !axes.contains(.vertical) || size.height <= (proposal.height ?? .infinity)
            if fitsWidth, fitsHeight { return index }
        }
        return last
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        guard let chosen = choice(proposal, subviews) else { return .zero }
        return subviews[chosen].sizeThatFits(proposal)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let chosen = choice(proposal, subviews)
        for index in subviews.indices {
            let subview = subviews[index]
            subview.pass.setShown(subview.node, index == chosen)
            if index == chosen { subview.place(at: bounds.origin, proposal: proposal) }
        }
    }

    func spacing(subviews: Subviews, cache: inout ()) -> ViewSpacing {
        // The spacing of the view most likely shown: the first, the one a roomy proposal picks.
        subviews.first?.spacing ?? .zero
    }
}
