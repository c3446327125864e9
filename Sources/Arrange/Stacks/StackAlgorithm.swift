import Foundation

/// The sizing and placement HStack and VStack share, with the axes swapped (docs/layout-rules.md §4).
struct StackAlgorithm {
    /// The stack's axis: horizontal for HStack.
    let axis: Axis
    /// The cross-axis guide children are lined up on.
    let alignment: AlignmentKey
    /// The gap between children; nil uses their preferred spacing (§4.1).
    let spacing: CGFloat?

    /// Where each child goes, relative to the stack's top-leading corner.
    struct Solution {
        var size: CGSize
        var origins: [CGPoint]
        var proposals: [ProposedViewSize]
    }

    func solve(_ proposal: ProposedViewSize, _ subviews: LayoutSubviews) -> Solution {
        let children = Array(subviews)
        let minorOffer = proposal[axis.other]
        let gaps = gaps(children)
        var proposals = [ProposedViewSize](repeating: ProposedViewSize(major: nil, minor: minorOffer, axis: axis), count: children.count)
        var sizes = [CGSize](repeating: .zero, count: children.count)

        if let majorOffer = proposal[axis] {
            // Case B: a concrete major offer is shared out in fitting order (§4.3).
            for (index, share) in shares(children, majorOffer: majorOffer, minorOffer: minorOffer, gapTotal: gaps.reduce(0, +)) {
                proposals[index] = ProposedViewSize(major: share, minor: minorOffer, axis: axis)
            }
        }
        for (index, child) in children.enumerated() { sizes[index] = child.sizeThatFits(proposals[index]) }

        // Major positions in declaration order; minor positions from the aligned union.
        var majors: [CGFloat] = [], cursor: CGFloat = 0
        for index in children.indices {
            if index > 0 { cursor += gaps[index - 1] }
            majors.append(cursor)
            cursor += sizes[index][axis]
        }
        let guides = children.indices.map { children[$0].dimensions(in: proposals[$0]).value(alignment) }
        var lower: CGFloat = 0, upper: CGFloat = 0
        for index in children.indices {
            lower = min(lower, -guides[index])
            upper = max(upper, -guides[index] + sizes[index][axis.other])
        }
        let origins = children.indices.map { CGPoint(major: majors[$0], minor: -guides[$0] - lower, axis: axis) }
        return Solution(size: CGSize(major: children.isEmpty ? 0 : cursor, minor: upper - lower, axis: axis),
                        origins: origins, proposals: proposals)
    }

    /// The gap before each child after the first (§4.1, §4.2).
    func gaps(_ children: [LayoutSubview]) -> [CGFloat] {
        guard children.count > 1 else { return [] }
        return (1..<children.count).map { index in
            spacing ?? children[index - 1].spacing.distance(to: children[index].spacing, along: axis)
        }
    }

    /// The major length offered to each child: priority groups from the highest, each child in a
    /// group offered an equal share of what is left, least flexible first (§4.3 steps 1-6).
    func shares(_ children: [LayoutSubview], majorOffer: CGFloat, minorOffer: CGFloat?, gapTotal: CGFloat) -> [(Int, CGFloat)] {
        let n = children.count
        guard n > 0 else { return [] }
        let priorities = children.map(\.priority)
        var minimums = [CGFloat?](repeating: nil, count: n), maximums = [CGFloat?](repeating: nil, count: n)
        func minimum(_ i: Int) -> CGFloat {
            if let known = minimums[i] { return known }
            let value = children[i].sizeThatFits(ProposedViewSize(major: 0, minor: minorOffer, axis: axis))[axis]
            minimums[i] = value
            return value
        }
        func maximum(_ i: Int) -> CGFloat {
            if let known = maximums[i] { return known }
            let value = children[i].sizeThatFits(ProposedViewSize(major: .infinity, minor: minorOffer, axis: axis))[axis]
            maximums[i] = value
            return value
        }
        func flexibility(_ i: Int) -> CGFloat {
            let flex = maximum(i) - minimum(i)
            return flex.isNaN ? .infinity : flex
        }

        // Children by priority, in declaration order, built once: filtering all children per level
        // would be quadratic when many children have distinct priorities.
        var members: [Double: [Int]] = [:]
        for i in 0..<n { members[priorities[i], default: []].append(i) }
        let levels = members.keys.sorted(by: >)
        var remaining = majorOffer - gapTotal
        // Reserve the minimums of every child below the top priority.
        for i in 0..<n where priorities[i] != levels[0] { remaining -= minimum(i) }

        var result: [(Int, CGFloat)] = []
        for (level, priority) in levels.enumerated() {
            var group = members[priority] ?? []
            if level > 0 { for i in group { remaining += minimum(i) } }
            group.sort { a, b in
                let fa = flexibility(a), fb = flexibility(b)
                if fa != fb { return fa < fb }
                if fa == .infinity, minimum(a) != minimum(b) { return minimum(a) > minimum(b) }
                return a < b
            }
            var unsized = group.count
            for i in group {
                let share = max(remaining / CGFloat(unsized), 0)
                let taken = children[i].sizeThatFits(ProposedViewSize(major: share, minor: minorOffer, axis: axis))[axis]
                let next = remaining - taken
                if !next.isNaN { remaining = next }
                unsized -= 1
                result.append((i, share))
            }
        }
        return result
    }
}
