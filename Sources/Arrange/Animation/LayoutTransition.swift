import Foundation

/// The animated change between two states of a view tree, sampled at any time (docs/layout-rules.md §8).
///
/// Containers whose layout declares animatable data (a `WheelLayout`'s rotation and radius, or
/// any custom layout's) are laid out again at every time with their data interpolated, so their
/// children follow the layout's own geometry, such as an arc. Every other view moves on a straight
/// line from its start frame to its end frame, and colours blend. Views only in the end state fade
/// in; views only in the start state are gone from the first frame on.
///
/// ```swift
/// let turn = LayoutTransition(from: WheelLayout(radius: 130) { … },
///                             to: WheelLayout(radius: 130, rotation: .degrees(90)) { … },
///                             animation: .easeInOut)
/// let frames = (0...30).map { turn.frame(at: Double($0) / 30).displayList }
/// ```
public struct LayoutTransition {
    /// The layout of the start state.
    public let start: LayoutResult
    /// The layout of the end state.
    public let end: LayoutResult
    /// The timing curve.
    public let animation: Animation

    private let graph: ViewGraph
    private let animated: [AnimatedContainer]
    private let proposal: ProposedViewSize
    private let scale: CGFloat

    /// A container of the end tree whose layout data is interpolated.
    private struct AnimatedContainer {
        let node: Int
        /// Its tree path.
        let path: String
        let startBox: any LayoutBox
        let endBox: any LayoutBox
    }

    /// One sampled moment.
    public struct Frame: Sendable {
        /// What is drawn at that moment.
        public var displayList: DisplayList
        /// Frames of the views tagged with `.id(_:)` at that moment, not rounded.
        public var frames: TaggedFrames
    }

    /// Prepares the transition from `from` to `to`, both laid out for `proposal`. The end state
    /// keeps the start state's views where the structure matches (as `ViewGraph.update` does).
    public init<From: View, To: View>(from: From, to: To, in proposal: ProposedViewSize = .unspecified,
                                      scale: CGFloat = 1, animation: Animation = .easeInOut) {
        let graph = ViewGraph(from)
        let startTree = graph.tree
        start = graph.layout(in: proposal, scale: scale)
        graph.update(to)
        end = graph.layout(in: proposal, scale: scale)
        self.graph = graph
        self.animation = animation
        self.proposal = proposal
        self.scale = scale
        var found: [AnimatedContainer] = []
        let endTree = graph.tree
        Self.match(startTree, startTree.root, endTree, endTree.root, paths: endTree.paths(), pass: LayoutPass(tree: endTree), into: &found)
        animated = found
    }

    /// Containers at the same place in both trees whose layouts interpolate.
    private static func match(_ old: ResolvedTree, _ oldNode: Int, _ new: ResolvedTree, _ newNode: Int, paths: [String],
                              pass: LayoutPass, into found: inout [AnimatedContainer]) {
        if let startBox = old.box(of: oldNode), let endBox = new.box(of: newNode),
           endBox.interpolated(from: startBox, amount: 0, subviews: pass.subviews(of: newNode)) != nil {
            found.append(AnimatedContainer(node: newNode, path: paths[newNode], startBox: startBox, endBox: endBox))
        }
        for (oldChild, newChild) in zip(old.children(oldNode), new.children(newNode)) {
            match(old, oldChild, new, newChild, paths: paths, pass: pass, into: &found)
        }
    }

    /// The picture at `time` (0...1 of the duration, shaped by the timing curve).
    public func frame(at time: Double) -> Frame {
        let progress = animation.progress(at: time)
        let middle = animated.isEmpty ? nil : solve(at: progress)
        let animatedPaths = animated.map { $0.path + "." }
        func isAnimated(_ path: String) -> Bool { animatedPaths.contains { path.hasPrefix($0) } }

        let startItems = Self.index(start.displayList.items)
        let middleItems = middle.map { Self.index($0.displayList.items) } ?? [:]
        func blend(_ items: [DisplayItem]) -> [DisplayItem] {
            items.map { item in
                var result: DisplayItem
                if isAnimated(item.identity.path), let solved = middleItems[item.identity.path] {
                    result = solved
                } else if let begin = startItems[item.identity.path] {
                    result = Self.interpolate(begin, item, progress)
                } else {
                    result = Self.fadedIn(item, progress)
                }
                if case .group(var group) = result.content, case .group(let endGroup) = item.content {
                    group.items = blend(endGroup.items)
                    result.content = .group(group)
                }
                return result
            }
        }
        let list = DisplayList(size: end.displayList.size, scale: end.displayList.scale, items: blend(end.displayList.items))

        var frames = TaggedFrames()
        for (id, finish) in end.frames {
            if let path = end.taggedPaths[id], isAnimated(path), let solved = middle?.frames[id] {
                frames[id] = solved
            } else {
                frames[id] = Self.interpolate(start.frames[id] ?? finish, finish, progress)
            }
        }
        return Frame(displayList: list, frames: frames)
    }

    /// Lays the end tree out with each animated container's data a fraction `amount` of the way.
    private func solve(at amount: Double) -> LayoutResult {
        var tree = graph.tree
        let pass = LayoutPass(tree: tree)
        for container in animated {
            if let box = container.endBox.interpolated(from: container.startBox, amount: amount, subviews: pass.subviews(of: container.node)) {
                tree.replaceBox(of: container.node, with: box)
            }
        }
        return LayoutResult(tree: tree, proposal: proposal, scale: scale, fonts: FontLibrary.system)
    }

    /// Items by tree path, groups' contents included.
    private static func index(_ items: [DisplayItem]) -> [String: DisplayItem] {
        var result: [String: DisplayItem] = [:]
        var pending = items
        while let item = pending.popLast() {
            result[item.identity.path] = item
            if case .group(let group) = item.content { pending.append(contentsOf: group.items) }
        }
        return result
    }

    static func interpolate(_ a: CGRect, _ b: CGRect, _ t: Double) -> CGRect {
        func mix(_ x: CGFloat, _ y: CGFloat) -> CGFloat { x + (y - x) * CGFloat(t) }
        return CGRect(x: mix(a.minX, b.minX), y: mix(a.minY, b.minY), width: mix(a.width, b.width), height: mix(a.height, b.height))
    }

    static func interpolate(_ a: Color, _ b: Color, _ t: Double) -> Color {
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        return Color(red: mix(a.red, b.red), green: mix(a.green, b.green), blue: mix(a.blue, b.blue), opacity: mix(a.alpha, b.alpha))
    }

    /// The end item moved back towards the start item: frame, colour, line width and opacity.
    private static func interpolate(_ begin: DisplayItem, _ finish: DisplayItem, _ t: Double) -> DisplayItem {
        var item = finish
        item.frame = interpolate(begin.frame, finish.frame, t)
        switch (begin.content, finish.content) {
        case let (.fill(_, c0), .fill(shape, c1)):
            item.content = .fill(shape, interpolate(c0, c1, t))
        case let (.strokeBorder(_, c0, w0), .strokeBorder(shape, c1, w1)):
            item.content = .strokeBorder(shape, interpolate(c0, c1, t), lineWidth: w0 + (w1 - w0) * CGFloat(t))
        case let (.group(g0), .group(g1)):
            var group = g1
            group.opacity = g0.opacity + (g1.opacity - g0.opacity) * t
            item.content = .group(group)
        default:
            break
        }
        return item
    }

    /// An item that only the end state has, at opacity `t`.
    private static func fadedIn(_ item: DisplayItem, _ t: Double) -> DisplayItem {
        var faded = item
        switch item.content {
        case let .fill(shape, color): faded.content = .fill(shape, color.opacity(t))
        case let .strokeBorder(shape, color, width): faded.content = .strokeBorder(shape, color.opacity(t), lineWidth: width)
        case .group(var group):
            group.opacity *= t
            faded.content = .group(group)
        case .text(var run):
            run.color = run.color.opacity(t)
            faded.content = .text(run)
        }
        return faded
    }
}
