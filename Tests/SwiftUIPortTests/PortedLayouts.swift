// Layouts written as one writes them for SwiftUI. Only the import differs: with
// `import SwiftUI` instead, this file compiles unchanged on Apple platforms.
import Arrange

/// Children side by side, each as wide as the widest child's ideal width.
struct EqualWidthHStack: Layout {
    var spacing: CGFloat = 10

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        guard !subviews.isEmpty else { return .zero }
        let maxSize = maxSize(subviews: subviews)
        return CGSize(width: maxSize.width * CGFloat(subviews.count) + spacing * CGFloat(subviews.count - 1), height: maxSize.height)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let maxSize = maxSize(subviews: subviews)
        let placementProposal = ProposedViewSize(width: maxSize.width, height: maxSize.height)
        var x = bounds.minX + maxSize.width / 2
        for index in subviews.indices {
            subviews[index].place(at: CGPoint(x: x, y: bounds.midY), anchor: .center, proposal: placementProposal)
            x += maxSize.width + spacing
        }
    }

    private func maxSize(subviews: Subviews) -> CGSize {
        subviews.map { $0.sizeThatFits(.unspecified) }.reduce(.zero) { CGSize(width: max($0.width, $1.width), height: max($0.height, $1.height)) }
    }
}

/// A column that measures its children once per change of subviews and keeps the sizes.
struct CachedColumn: Layout {
    struct CacheData {
        var sizes: [CGSize]
        var width: CGFloat
    }

    func makeCache(subviews: Subviews) -> CacheData {
        let sizes = subviews.map { $0.sizeThatFits(.unspecified) }
        return CacheData(sizes: sizes, width: sizes.map(\.width).max() ?? 0)
    }

    func updateCache(_ cache: inout CacheData, subviews: Subviews) {
        cache = makeCache(subviews: subviews)
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout CacheData) -> CGSize {
        CGSize(width: cache.width, height: cache.sizes.reduce(0) { $0 + $1.height })
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout CacheData) {
        var y = bounds.minY
        for (subview, size) in zip(subviews, cache.sizes) {
            subview.place(at: CGPoint(x: bounds.maxX, y: y), anchor: .topTrailing, proposal: ProposedViewSize(size))
            y += size.height
        }
    }
}

/// A row that puts its leading guide 10 points in, like seed 003's SimpleHStack1.
struct IndentedRow: Layout {
    var spacing: CGFloat = 5

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let sizes = subviews.map { $0.sizeThatFits(.unspecified) }
        let width = sizes.reduce(0) { $0 + $1.width } + spacing * CGFloat(max(subviews.count - 1, 0))
        return CGSize(width: width, height: sizes.map(\.height).max() ?? 0)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        var point = bounds.origin
        for subview in subviews {
            subview.place(at: point, proposal: .unspecified)
            point.x += subview.sizeThatFits(.unspecified).width + spacing
        }
    }

    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGFloat? {
        guide == .leading ? bounds.minX + 10 : nil
    }
}

/// Children ordered by a rank each child sets with `.layoutValue(key:value:)`.
struct Rank: LayoutValueKey {
    static let defaultValue: Int = 0
}

struct RankedRow: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let sizes = subviews.map { $0.sizeThatFits(.unspecified) }
        return CGSize(width: sizes.reduce(0) { $0 + $1.width }, height: sizes.map(\.height).max() ?? 0)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        var x = bounds.minX
        for subview in subviews.sorted(by: { $0[Rank.self] > $1[Rank.self] }) {
            subview.place(at: CGPoint(x: x, y: bounds.minY), proposal: .unspecified)
            x += subview.sizeThatFits(.unspecified).width
        }
    }
}

extension View {
    func rank(_ value: Int) -> some View { layoutValue(key: Rank.self, value: value) }
}

/// Apple's WWDC22 radial layout, rewritten: each child is placed on a circle by rotating a point
/// above the centre with `CGAffineTransform(rotationAngle:)` and `CGPoint.applying`, the
/// CoreGraphics API that `import SwiftUI` brings along.
struct RotatingRadialLayout: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let radius = min(bounds.size.width, bounds.size.height) / 3.0
        let angle = Angle.degrees(360.0 / Double(subviews.count)).radians
        for (index, subview) in subviews.enumerated() {
            var point = CGPoint(x: 0, y: -radius).applying(CGAffineTransform(rotationAngle: angle * Double(index)))
            point.x += bounds.midX
            point.y += bounds.midY
            subview.place(at: point, anchor: .center, proposal: .unspecified)
        }
    }
}

/// A view that is also its own layout, as flow-layout packages write it: the view takes its
/// content with `@ViewBuilder`, and with `Content == Never` it is the layout, whose initialiser
/// calls the view's with content that is never built. `WrappingStack(spacing:) { … }` must pick
/// the view initialiser (SwiftUI's `callAsFunction` is disfavoured), and the layout's
/// initialiser must not call itself.
struct WrappingStack<Content: View>: View {
    let spacing: CGFloat
    let content: () -> Content

    init(spacing: CGFloat = 8, @ViewBuilder content: @escaping () -> Content) {
        self.spacing = spacing
        self.content = content
    }

    var body: some View {
        WrappingStack<Never>(spacing: spacing) { content() }
    }
}

extension WrappingStack: Animatable where Content == Never {}

extension WrappingStack: Layout where Content == Never {
    init(spacing: CGFloat = 8) {
        self.init(spacing: spacing) { fatalError("a layout's content is never built") }
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        FlowRows(subviews, width: proposal.width ?? .infinity, spacing: spacing).size
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        FlowRows(subviews, width: bounds.width, spacing: spacing).place(subviews, in: bounds)
    }
}

/// Children left to right at their ideal sizes, a new row when the next one would pass `width`.
struct FlowRows {
    var rows: [(indices: [Int], width: CGFloat, y: CGFloat, height: CGFloat)] = []
    let spacing: CGFloat

    init(_ subviews: LayoutSubviews, width: CGFloat, spacing: CGFloat) {
        self.spacing = spacing
        var y: CGFloat = 0
        for (index, subview) in subviews.enumerated() {
            let size = subview.sizeThatFits(.unspecified)
            if var row = rows.last, row.width + spacing + size.width <= width {
                row.indices.append(index)
                row.width += spacing + size.width
                row.height = max(row.height, size.height)
                rows[rows.count - 1] = row
            } else {
                if let last = rows.last { y = last.y + last.height + spacing }
                rows.append(([index], size.width, y, size.height))
            }
        }
    }

    var size: CGSize { CGSize(width: rows.map(\.width).max() ?? 0, height: rows.last.map { $0.y + $0.height } ?? 0) }

    func place(_ subviews: LayoutSubviews, in bounds: CGRect) {
        for row in rows {
            var x = bounds.minX
            for index in row.indices {
                subviews[index].place(at: CGPoint(x: x, y: bounds.minY + row.y), proposal: .unspecified)
                x += subviews[index].sizeThatFits(.unspecified).width + spacing
            }
        }
    }
}

/// A spacing of the flow's own in the environment, as flow packages (3.x) declare theirs.
struct FlowSpacingKey: EnvironmentKey {
    static let defaultValue: CGFloat = 8
}

extension EnvironmentValues {
    var flowSpacing: CGFloat {
        get { self[FlowSpacingKey.self] }
        set { self[FlowSpacingKey.self] = newValue }
    }
}

/// A flow layout that reads its spacing with `@Environment` in its layout methods.
struct EnvironmentSpacedFlow: Layout {
    @Environment(\.flowSpacing) var spacing

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        FlowRows(subviews, width: proposal.width ?? .infinity, spacing: spacing).size
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        FlowRows(subviews, width: bounds.width, spacing: spacing).place(subviews, in: bounds)
    }
}

// SwiftUI's `Axis.Set` is not `Hashable`, so packages that keep axis sets in a `Set` add the
// conformance themselves; that must compile against Arrange as it does against SwiftUI.
extension Axis.Set: Hashable {}
