import Foundation

/// One placed view of a layout, for tools that show or check the whole tree (`arrange layout`):
/// what the view is, its tag, where it sits in the tree and its frame.
///
/// The tree is the engine's: besides the views you wrote, each layout modifier (`frame`,
/// `padding`, `background`, `fixedSize`, …) is a view of its own wrapping the one it modifies,
/// as in SwiftUI. Attribute modifiers (`id`, `offset`, `opacity`, …) set fields of the view they
/// modify and add no level. A stack with a single child is that child.
public struct LayoutNodeInfo: Hashable, Sendable {
    /// The kind of view: "Rectangle", "HStack", "frame", "FlowLayout", …
    public var kind: String
    /// The characters of a `Text`, or nil for any other view.
    public var text: String?
    /// The view's own `.id(_:)`, as text, or nil.
    public var id: String?
    /// The structural position in the tree: child indices from the root, "0.2.1".
    public var path: String
    /// Where the view is written, as `layoutSource(_:)` recorded it, or nil.
    public var source: String?
    /// The frame in root coordinates, offsets included, not rounded to pixels: the same
    /// coordinates as `LayoutResult.frames`.
    public var frame: CGRect
    /// The children in layout order (a background before its primary, an overlay after it).
    public var children: [LayoutNodeInfo]
    /// Whether the view clips its drawing (`clipped`, `clipShape`, `cornerRadius`) to its frame,
    /// so nothing inside it shows outside that frame.
    public var clips: Bool
    /// The view's own offset (`offset(x:y:)`), already in `frame` and in its children's frames:
    /// where layout put it is `frame` moved back by this.
    public var offset: CGSize
    /// How a text's lines fit, for a `Text`; nil for any other view.
    public var textFit: TextFit?
    /// What the view's layout reports about how it came out that its frames do not show: for
    /// the view that draws connectors, each connector drawn without a route around the views in
    /// its way. Empty for most views.
    public var notes: [LayoutNote] = []

    /// How a text's lines fit the space it was placed in. A result only: layout makes it.
    public struct TextFit: Hashable, Sendable {
        /// The lines drawn.
        public var drawnLines: Int
        /// The lines the whole text needs at the width it was given: more than `drawnLines` when
        /// it was cut short with "…".
        public var neededLines: Int
        /// The lines of those its `lineLimit` allows.
        public var allowedLines: Int
        /// The last line drawn, ending in "…" when the text was cut short.
        public var lastLine: String

        /// Whether lines were left out and the last one shown ends in "…".
        public var isTruncated: Bool { drawnLines < neededLines }
        /// Whether the space it was given, not its `lineLimit`, cut it short: fewer lines drawn
        /// than the limit allows. A line limit that cuts a text asks for that.
        public var isCutBySpace: Bool { drawnLines < allowedLines }
    }

    public init(kind: String, id: String? = nil, path: String, source: String? = nil, frame: CGRect, children: [LayoutNodeInfo] = [],
                clips: Bool = false, offset: CGSize = .zero, textFit: TextFit? = nil) {
        self.kind = kind
        self.id = id
        self.path = path
        self.source = source
        self.frame = frame
        self.children = children
        self.clips = clips
        self.offset = offset
        self.textFit = textFit
    }

    /// A snapshot of a placed node and everything under it. An offset moves the node it is on
    /// and everything inside, as the display list draws them. The content of a geometry reader
    /// or preference layer, laid out on its own (`layers`), is listed as the reader's child.
    init(_ node: Int, in pass: LayoutPass, paths: [String], translation: CGSize, layers: [Int: DeferredLayout]) {
        let tree = pass.tree
        var moved = translation
        for case .offset(let delta) in tree.effects(of: node) {
            moved.width += delta.width
            moved.height += delta.height
        }
        offset = CGSize(width: moved.width - translation.width, height: moved.height - translation.height)
        kind = tree.kinds[node]
        if case .text(let index) = tree.records[node].content {
            let leaf = tree.texts[Int(index)]
            text = leaf.string
            // The lines it draws: those laid out for the proposal it was placed with (cached).
            let layout = pass.textLayout(node, leaf, pass.placementProposal(of: node))
            textFit = TextFit(drawnLines: layout.lines.count, neededLines: layout.neededLines, allowedLines: layout.allowedLines, lastLine: layout.lines.last?.text ?? "")
        }
        if case .container(let box) = tree.records[node].content { notes = tree.boxes[Int(box)].notes }
        id = tree.id(of: node)
        path = paths[node]
        source = tree.source(of: node)
        frame = pass.frame(of: node).offsetBy(dx: moved.width, dy: moved.height)
        children = tree.children(node).filter { pass.isShown($0) }.map { LayoutNodeInfo($0, in: pass, paths: paths, translation: moved, layers: layers) }
        if let layer = layers[node], layer.pass.tree.count > 0 {
            // Its paths continue the reader's, as its display items' do.
            let inner = layer.pass.tree.paths().map { "\(paths[node]).\($0)" }
            children.append(LayoutNodeInfo(layer.pass.tree.root, in: layer.pass, paths: inner,
                                           translation: CGSize(width: layer.origin.x, height: layer.origin.y), layers: layer.layers))
        }
        clips = tree.effects(of: node).contains { effect in
            switch effect {
            case .clip, .clipPath: true
            default: false
            }
        }
    }

    /// Every view of the tree, depth first, parents before children.
    public var allNodes: [LayoutNodeInfo] {
        var result: [LayoutNodeInfo] = []
        var stack = [self]
        while let node = stack.popLast() {
            result.append(node)
            stack.append(contentsOf: node.children.reversed())
        }
        return result
    }
}

/// Something a layout reports about how it came out that its frames do not show: a connector
/// drawn without a route around the views in its way, say. A result only: layout makes it, and
/// `ArrangeScene` turns it into a warning at the line of what it is about.
public struct LayoutNote: Hashable, Sendable {
    /// The id of the drawn view the note is about: "connector:FROM→TO" for a connector's line.
    public var subject: String
    /// What happened, to follow the subject's name in a warning: "is drawn directly: …".
    public var message: String
    /// A short mark for `arrange layout` to show on the subject: "no route", "not routed".
    public var mark: String

    /// A note about the drawn view `subject`: `message` for a warning, `mark` for its view.
    public init(subject: String, message: String, mark: String) {
        self.subject = subject
        self.message = message
        self.mark = mark
    }
}

/// A layout together with its whole placed tree.
///
/// `LayoutResult` keeps only what renderers and most tests need (the display list and the frames
/// of tagged views); `LayoutTree` also snapshots every view's kind, id, path and frame, for tools
/// that print or check the full tree. Laying out costs the same; the snapshot is one more walk.
///
/// ```swift
/// let tree = LayoutTree(of: HStack { Color.red.id("a"); Color.blue }, in: .init(width: 100, height: 50))
/// tree.root.kind                 // "HStack"
/// tree.root.children[0].frame    // (0, 0, 46, 50)
/// ```
public struct LayoutTree: Sendable {
    /// The layout, exactly as `LayoutResult(of:in:scale:fonts:)` gives it.
    public var result: LayoutResult
    /// The root view, placed.
    public var root: LayoutNodeInfo

    /// Lays out `view` for `proposal` as `LayoutResult(of:in:scale:fonts:)` does, and
    /// snapshots the placed tree.
    public init<V: View>(of view: V, in proposal: ProposedViewSize = .unspecified, scale: CGFloat = 1,
                         fonts: any TextMeasurer = FontLibrary.system) {
        let tree = ViewGraph.resolveRoot(view, displayScale: scale)
        let pass = LayoutPass(tree: tree, measurer: fonts, scale: scale)
        let placed = pass.layOutRootWithTextsAhead(for: proposal)
        func drawn() -> (result: LayoutResult, layers: [Int: DeferredLayout]) {
            var layers: [Int: DeferredLayout] = [:]
            let result = LayoutResult(pass: pass, placed: placed, layers: &layers)
            return (result, layers)
        }
        func snapshot(_ layers: [Int: DeferredLayout]) -> LayoutNodeInfo {
            LayoutNodeInfo(tree.root, in: pass, paths: tree.paths(), translation: .zero, layers: layers)
        }
        // A large tree is snapshotted on a second core while its display list is drawn: once
        // every text's lines are known, both only read the pass. Not with content made while
        // drawing (geometry readers, preference layers), which the snapshot lists.
        if tree.count >= Self.concurrentSnapshotNodes, !tree.hasDeferredContent, ProcessInfo.processInfo.activeProcessorCount > 1 {
            pass.layOutPlacedTexts()
            let (drawing, snapshotted) = LargeStack.both({ drawn() }, { snapshot([:]) })
            result = drawing.result
            root = (try? snapshotted.get()) ?? snapshot([:])
        } else {
            let drawing = drawn()
            result = drawing.result
            root = snapshot(drawing.layers)
        }
    }

    /// Views enough for snapshotting them on a second core to pay for the thread.
    static let concurrentSnapshotNodes = 1_000
}
