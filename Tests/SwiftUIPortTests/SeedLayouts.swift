// The seed articles' layouts, written again against the SwiftUI API. Only the import differs from
// SwiftUI code.
import Arrange

/// Seed 000: rows of children at their ideal sizes, 10 apart both ways, wrapping at the offered
/// width.
struct SeedFlow: Layout {
    var spacing = CGSize(width: 10, height: 10)

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let frames = arrange(subviews.map { $0.sizeThatFits(.unspecified) }, width: proposal.replacingUnspecifiedDimensions().width)
        return frames.reduce(CGRect.zero) { $0.union($1) }.size
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let frames = arrange(subviews.map { $0.sizeThatFits(.unspecified) }, width: proposal.replacingUnspecifiedDimensions().width)
        for (frame, subview) in zip(frames, subviews) {
            subview.place(at: CGPoint(x: bounds.minX + frame.minX, y: bounds.minY + frame.minY), proposal: .unspecified)
        }
    }

    private func arrange(_ sizes: [CGSize], width: CGFloat) -> [CGRect] {
        var frames: [CGRect] = []
        var cursor = CGPoint.zero
        var rowBottom: CGFloat = 0
        for size in sizes {
            if cursor.x > 0, cursor.x + size.width > width {
                cursor = CGPoint(x: 0, y: rowBottom + spacing.height)
            }
            frames.append(CGRect(origin: cursor, size: size))
            rowBottom = max(rowBottom, cursor.y + size.height)
            cursor.x += size.width + spacing.width
        }
        return frames
    }
}

/// Seed 001: a flow with separate spacings and a row alignment.
struct AlignedFlow: Layout {
    var horizontalSpacing: CGFloat = 8
    var verticalSpacing: CGFloat = 8
    var alignment: HorizontalAlignment = .leading

    private struct Row {
        var indices: [Int] = []
        var width: CGFloat = 0
        var height: CGFloat = 0
    }

    private func rows(_ subviews: Subviews, width: CGFloat) -> [Row] {
        var rows = [Row()]
        for index in subviews.indices {
            let size = subviews[index].sizeThatFits(.unspecified)
            let needed = rows[rows.count - 1].indices.isEmpty ? size.width : rows[rows.count - 1].width + horizontalSpacing + size.width
            if needed > width, !rows[rows.count - 1].indices.isEmpty {
                rows.append(Row())
            }
            var row = rows[rows.count - 1]
            row.width = row.indices.isEmpty ? size.width : row.width + horizontalSpacing + size.width
            row.height = max(row.height, size.height)
            row.indices.append(index)
            rows[rows.count - 1] = row
        }
        return rows.filter { !$0.indices.isEmpty }
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let rows = rows(subviews, width: proposal.width ?? .infinity)
        let height = rows.reduce(0) { $0 + $1.height } + verticalSpacing * CGFloat(max(rows.count - 1, 0))
        return CGSize(width: rows.map(\.width).max() ?? 0, height: height)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        var y = bounds.minY
        for row in rows(subviews, width: proposal.width ?? .infinity) {
            var x: CGFloat
            switch alignment {
            case .center: x = bounds.minX + (bounds.width - row.width) / 2
            case .trailing: x = bounds.maxX - row.width
            default: x = bounds.minX
            }
            for index in row.indices {
                let size = subviews[index].sizeThatFits(.unspecified)
                subviews[index].place(at: CGPoint(x: x, y: y), proposal: ProposedViewSize(size))
                x += size.width + horizontalSpacing
            }
            y += row.height + verticalSpacing
        }
    }
}

/// Seed 004: a flow that measures once per change of subviews and uses their preferred spacing.
struct CachedFlow: Layout {
    var spacing: CGFloat? = nil

    struct Cache {
        var sizes: [CGSize] = []
        var spacing: [CGFloat] = []
    }

    func makeCache(subviews: Subviews) -> Cache {
        let sizes = subviews.map { $0.sizeThatFits(.unspecified) }
        let spacing: [CGFloat] = subviews.indices.map { index in
            index == subviews.count - 1 ? 0 : subviews[index].spacing.distance(to: subviews[index + 1].spacing, along: .horizontal)
        }
        return Cache(sizes: sizes, spacing: spacing)
    }

    func updateCache(_ cache: inout Cache, subviews: Subviews) {
        cache = makeCache(subviews: subviews)
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        var total = CGSize.zero
        var line = CGSize.zero
        for index in subviews.indices {
            let size = cache.sizes[index]
            if line.width > 0, line.width + size.width > (proposal.width ?? .infinity) {
                total.height += line.height
                line = .zero
            }
            line.width += size.width + (spacing ?? cache.spacing[index])
            line.height = max(line.height, size.height)
            total.width = max(total.width, line.width - (spacing ?? cache.spacing[index]))
        }
        total.height += line.height
        return total
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        var x = bounds.minX, y = bounds.minY, lineHeight: CGFloat = 0
        for index in subviews.indices {
            let size = cache.sizes[index]
            if x > bounds.minX, x + size.width > bounds.minX + (proposal.width ?? .infinity) {
                y += lineHeight
                lineHeight = 0
                x = bounds.minX
            }
            subviews[index].place(at: CGPoint(x: x + size.width / 2, y: y + size.height / 2), anchor: .center, proposal: ProposedViewSize(size))
            lineHeight = max(lineHeight, size.height)
            x += size.width + (spacing ?? cache.spacing[index])
        }
    }
}

/// Seed 003's CustomLayout1: children at their ideal sizes, left to right, tops aligned.
struct CustomLayout1: Layout {
    let spacing: CGFloat

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let sizes = subviews.map { $0.sizeThatFits(.unspecified) }
        let width = sizes.reduce(0) { $0 + $1.width } + spacing * CGFloat(max(subviews.count - 1, 0))
        return CGSize(width: width, height: sizes.map(\.height).max() ?? 0)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        var point = bounds.origin
        for subview in subviews {
            subview.place(at: point, anchor: .topLeading, proposal: .unspecified)
            point.x += subview.sizeThatFits(.unspecified).width + spacing
        }
    }
}

/// Seed 003's wheel: children around a circle of `radius`, the first at the top, turned by
/// `rotation`; animating the rotation moves them along the circle.
struct SeedWheel: Layout {
    var radius: CGFloat
    var rotation: Angle

    var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(CGFloat(rotation.radians), radius) }
        set {
            rotation = Angle.radians(Double(newValue.first))
            radius = newValue.second
        }
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let largest = subviews.map { $0.sizeThatFits(.unspecified) }.reduce(CGSize.zero) {
            CGSize(width: max($0.width, $1.width), height: max($0.height, $1.height))
        }
        return CGSize(width: largest.width + 2 * radius, height: largest.height + 2 * radius)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let step = Angle.degrees(360).radians / Double(max(subviews.count, 1))
        for (index, subview) in subviews.enumerated() {
            let angle = rotation.radians + step * Double(index)
            let point = CGPoint(x: bounds.midX + radius * CGFloat(sin(angle)), y: bounds.midY - radius * CGFloat(cos(angle)))
            subview.place(at: point, anchor: .center, proposal: .unspecified)
        }
    }
}
