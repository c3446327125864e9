import Foundation

/// The animated change between two states of a view tree, sampled at any time (docs/layout-rules.md §8).
///
/// Containers whose layout declares animatable data (a `WheelLayout`'s rotation and radius, or
/// any custom layout's) are laid out again at every time with their data interpolated, so their
/// children follow the layout's own geometry, such as an arc. Every other view moves on a straight
/// line from its start frame to its end frame, and what it draws mixes: colours, gradients, line
/// widths and dashes, trims, corner radii, shadows, font sizes and glyph positions. A drawing with
/// nothing between its two states (other words, another image) crossfades. Views only in the end
/// state fade in; views only in the start state fade out. At progress 0 and 1 the picture is
/// exactly the start and the end state's.
///
/// Display-list items hold their contents relative to their frames (a text's lines from the
/// frame's corner), so interpolating frames moves everything inside with them.
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
    /// The animated containers' paths with a trailing dot: the prefix of everything inside them.
    private let animatedPaths: [String]
    /// Both states' items by view and kind, made once rather than for every frame.
    private let startItems: [ItemKey: DisplayItem]
    private let endItems: [ItemKey: DisplayItem]
    private let proposal: ProposedViewSize
    private let scale: CGFloat
    private let fonts: any TextMeasurer

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
        /// How far the timing curve has got: 0 at the start, 1 at the end (a spring overshoots).
        public var progress: Double
        /// What is drawn at that moment.
        public var displayList: DisplayList
        /// Frames of the views tagged with `.id(_:)` at that moment, not rounded.
        public var frames: TaggedFrames

        /// A moment with these contents.
        public init(progress: Double, displayList: DisplayList, frames: TaggedFrames) {
            self.progress = progress
            self.displayList = displayList
            self.frames = frames
        }
    }

    /// Prepares the transition from `from` to `to`, both laid out for `proposal`. The end state
    /// keeps the start state's views where the structure matches (as `ViewGraph.update` does).
    /// Text is measured with `fonts`.
    public init<From: View, To: View>(from: From, to: To, in proposal: ProposedViewSize = .unspecified,
                                      scale: CGFloat = 1, fonts: any TextMeasurer = FontLibrary.system,
                                      animation: Animation = .easeInOut) {
        let graph = ViewGraph(from, displayScale: scale)
        let startTree = graph.tree
        start = graph.layout(in: proposal, scale: scale, fonts: fonts)
        graph.update(to)
        end = graph.layout(in: proposal, scale: scale, fonts: fonts)
        self.graph = graph
        self.animation = animation
        self.proposal = proposal
        self.scale = scale
        self.fonts = fonts
        var found: [AnimatedContainer] = []
        let endTree = graph.tree
        Self.match(startTree, startTree.root, endTree, endTree.root, paths: endTree.paths(), pass: LayoutPass(tree: endTree), into: &found)
        animated = found
        animatedPaths = found.map { $0.path + "." }
        startItems = Self.index(start.displayList.items)
        endItems = Self.index(end.displayList.items)
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
        frame(progress: animation.progress(at: time))
    }

    /// The picture when the timing curve has got to `progress` (0 the start, 1 the end; a spring
    /// passes beyond 1 and back).
    public func frame(progress: Double) -> Frame {
        // The states themselves, not mixes that equal them up to rounding.
        if progress == 0 { return Frame(progress: 0, displayList: start.displayList, frames: start.frames) }
        if progress == 1 { return Frame(progress: 1, displayList: end.displayList, frames: end.frames) }
        let middle = animated.isEmpty ? nil : solve(at: progress)
        func isAnimated(_ path: String) -> Bool { animatedPaths.contains { path.hasPrefix($0) } }

        let middleItems = middle.map { Self.index($0.displayList.items) } ?? [:]
        /// The end list's items moved back towards their start, with the start list's items that
        /// have no end fading out where they stood in it.
        func blend(_ items: [DisplayItem], _ startList: [DisplayItem]) -> [DisplayItem] {
            var result = items.map { item in
                let key = ItemKey(item)
                var blended: DisplayItem
                if isAnimated(item.identity.path), let solved = middleItems[key] {
                    blended = solved
                } else if let begin = startItems[key] {
                    blended = Self.interpolate(begin, item, progress)
                } else {
                    blended = Self.faded(item, progress)
                }
                if case .group(var group) = blended.content, case .group(let endGroup) = item.content {
                    var startGroupItems: [DisplayItem] = []
                    if case .group(let startGroup)? = startItems[key]?.content { startGroupItems = startGroup.items }
                    group.items = blend(endGroup.items, startGroupItems)
                    blended.content = .group(group)
                }
                return blended
            }
            for (index, item) in startList.enumerated().reversed() where endItems[ItemKey(item)] == nil {
                result.insert(Self.faded(item, 1 - progress), at: min(index, result.count))
            }
            return result
        }
        let list = DisplayList(size: end.displayList.size, scale: end.displayList.scale,
                               items: blend(end.displayList.items, start.displayList.items))

        var frames = TaggedFrames()
        for (id, finish) in end.frames {
            if let path = end.taggedPaths[id], isAnimated(path), let solved = middle?.frames[id] {
                frames[id] = solved
            } else {
                frames[id] = Self.interpolate(start.frames[id] ?? finish, finish, progress)
            }
        }
        return Frame(progress: progress, displayList: list, frames: frames)
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
        return LayoutResult(tree: tree, proposal: proposal, scale: scale, fonts: fonts)
    }

    /// What matches an item with its counterpart in the other state: the view that drew it and
    /// the kind of item, since one view may draw a group and the shape inside it.
    private struct ItemKey: Hashable {
        let path: String
        let kind: DisplayItem.Content.Kind

        init(_ item: DisplayItem) {
            path = item.identity.path
            kind = item.content.kind
        }
    }

    /// Items by view and kind, groups' contents included.
    private static func index(_ items: [DisplayItem]) -> [ItemKey: DisplayItem] {
        var result: [ItemKey: DisplayItem] = [:]
        var pending = items
        while let item = pending.popLast() {
            result[ItemKey(item)] = item
            if case .group(let group) = item.content { pending.append(contentsOf: group.items) }
        }
        return result
    }
}
