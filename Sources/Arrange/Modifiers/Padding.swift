import Foundation

/// Insets around a child (docs/layout-rules.md §3.3).
@usableFromInline
struct PaddingLayout: SingleChildLayout {
    let insets: EdgeInsets

    @usableFromInline
    init(insets: EdgeInsets) { self.insets = insets }

    /// The default padding on every edge (docs/layout-rules.md §3.3).
    @usableFromInline static let defaultLength: CGFloat = 16

    @usableFromInline
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        size(around: subviews.first?.sizeThatFits(inset(proposal)) ?? .zero)
    }

    /// The padded size of a child of `child`'s size.
    func size(around child: CGSize) -> CGSize {
        CGSize(width: max(child.width + insets.total(.horizontal), 0),
               height: max(child.height + insets.total(.vertical), 0))
    }

    @usableFromInline
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews.first?.place(at: CGPoint(x: bounds.minX + insets.leading, y: bounds.minY + insets.top),
                              proposal: inset(proposal))
    }

    /// The proposal less the insets, each concrete axis at least 0; nil and ∞ pass through.
    func inset(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: proposal.width.map { max($0 - insets.total(.horizontal), 0) },
                         height: proposal.height.map { max($0 - insets.total(.vertical), 0) })
    }

    /// Padded edges become plain, so a padded view meets its neighbours at the default 8.
    @usableFromInline
    func spacing(subviews: Subviews, cache: inout ()) -> ViewSpacing {
        guard let child = subviews.first else { return .zero }
        let padded = Edge.allCases.filter { insets[$0] != 0 }.reduce(into: Edge.Set()) { $0.insert(Edge.Set($1)) }
        return child.spacing.replacingWithPlain(padded)
    }
}

extension View {
    /// Padding of `length` on every edge.
    @inlinable
    public func padding(_ length: CGFloat) -> some View {
        padding(.all, length)
    }

    /// Padding on `edges`: `length`, or the default 16 when nil. NaN and infinite lengths count
    /// as 0.
    @inlinable
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        padding(EdgeInsets(edges, length ?? PaddingLayout.defaultLength))
    }

    /// Padding with separate insets per edge. Negative insets pull the edges in, as in SwiftUI.
    @inlinable
    public func padding(_ insets: EdgeInsets) -> some View {
        let safe = EdgeInsets(top: Length.inset(insets.top), leading: Length.inset(insets.leading),
                              bottom: Length.inset(insets.bottom), trailing: Length.inset(insets.trailing))
        return wrapped(in: PaddingLayout(insets: safe))
    }
}
