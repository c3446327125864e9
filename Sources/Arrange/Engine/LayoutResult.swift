import Foundation

/// A view laid out for a root proposal, without rendering: the entry point for tests and tools.
///
/// ```swift
/// let result = LayoutResult(of: HStack { Color.red.id("a"); Color.blue }, in: .init(width: 100, height: 50))
/// result.frames["a"]   // (0, 0, 46, 50)
/// ```
///
/// The host proposes `proposal` to the root view and centres the size it reports in the canvas
/// (docs/layout-rules.md §7.3). Several root views are stacked in an implicit `VStack`.
public struct LayoutResult: Sendable {
    /// The size the root view chose.
    public var rootSize: CGSize
    /// The root view's frame in the canvas.
    public var rootFrame: CGRect
    /// The canvas: the proposal where it is finite, else the root's size.
    public var canvasSize: CGSize
    /// Frames in root coordinates of every view tagged with `.id(_:)`, offsets included,
    /// not rounded.
    public var frames: TaggedFrames
    /// What the layout draws, rounded to the pixel grid of `scale`.
    public var displayList: DisplayList
    /// Measurement statistics of the pass.
    public var statistics: LayoutStatistics
    /// Fonts that could not be used (an unknown family, an unreadable file), each once. Text in
    /// them was laid out with the default face; renderers' callers should treat these as errors.
    public var fontProblems: [FontError]
    /// Characters no face had, drawn as the missing-glyph box, each once.
    public var missingCharacters: [Character]
    /// The tree path of each tagged view, for matching views between two layouts.
    var taggedPaths: [String: String]

    /// Lays out `view` for `proposal`, rounding rendered frames for a display of `scale` pixels
    /// per point, which is also what `@Environment(\.displayScale)` reads in its bodies and
    /// layouts. NaN proposals count as unspecified and negative ones as 0; a scale that is not
    /// a positive finite number counts as 1.
    @inlinable
    public init<V: View>(of view: V, in proposal: ProposedViewSize = .unspecified, scale: CGFloat = 1,
                         fonts: any TextMeasurer = FontLibrary.system) {
        // The environment's displayScale is the scale the picture is made at.
        self = ViewGraph(view, displayScale: scale).layout(in: proposal, scale: scale, fonts: fonts)
    }

    /// Lays out a resolved tree in a fresh pass.
    init(tree: ResolvedTree, proposal: ProposedViewSize, scale: CGFloat, fonts: any TextMeasurer) {
        self = Self.withPass(tree: tree, proposal: proposal, scale: scale, fonts: fonts).result
    }

    /// Lays out a resolved tree in a fresh pass, and hands back the pass too, with the content
    /// laid out for its geometry readers and preference layers, for tools that read every node's
    /// frame.
    static func withPass(tree: ResolvedTree, proposal: ProposedViewSize, scale: CGFloat,
                         fonts: any TextMeasurer) -> (result: LayoutResult, pass: LayoutPass, layers: [Int: DeferredLayout]) {
        let pass = LayoutPass(tree: tree, measurer: fonts, scale: scale)
        let placed = pass.layOutRootWithTextsAhead(for: proposal)
        var layers: [Int: DeferredLayout] = [:]
        let result = LayoutResult(pass: pass, placed: placed, layers: &layers)
        return (result, pass, layers)
    }

    /// The result of `pass`, laid out as `placed` (`layOutRoot(for:)`): its display list drawn,
    /// with the content of its geometry readers and preference layers, laid out in `layers`.
    init(pass: LayoutPass, placed: (size: CGSize, frame: CGRect, canvas: CGSize), layers: inout [Int: DeferredLayout]) {
        let scale = pass.scale, fonts = pass.measurer
        let (size, frame, canvas) = placed
        var builder = DisplayListBuilder(pass: pass, scale: scale, measurer: fonts)
        let items = builder.items()
        layers = builder.layers
        rootSize = size
        rootFrame = frame
        canvasSize = canvas
        frames = builder.taggedFrames
        taggedPaths = builder.taggedPaths
        displayList = DisplayList(size: canvas, scale: scale, items: items)
        statistics = LayoutStatistics(pass)
        fontProblems = builder.fontProblems
        missingCharacters = builder.missingCharacters
    }
}

extension LayoutPass {
    /// Lays out every text at the proposal it was placed with, as drawing and `LayoutNodeInfo`
    /// ask for it: afterwards both only read the pass, and can run at once.
    func layOutPlacedTexts() {
        for node in 0 ..< tree.count {
            guard case .text(let index) = tree.records[node].content else { continue }
            _ = textLayout(node, tree.texts[Int(index)], placementProposal(of: node))
        }
    }

    /// Proposes `proposal` to the root, centres the size it chooses in the canvas (§7.3) and
    /// places the tree: the root's size and frame, and the canvas size.
    func layOutRoot(for proposal: ProposedViewSize) -> (size: CGSize, frame: CGRect, canvas: CGSize) {
        let proposal = proposal.sanitized
        let size = size(tree.root, proposal)
        func canvasLength(_ offer: CGFloat?, _ chosen: CGFloat) -> CGFloat {
            if let offer, offer.isFinite { return offer }
            return chosen
        }
        let canvas = CGSize(width: canvasLength(proposal.width, size.width), height: canvasLength(proposal.height, size.height))
        // Centre the root; an infinite root stays at the origin instead of going to NaN.
        func centred(_ canvas: CGFloat, _ size: CGFloat) -> CGFloat {
            let offset = (canvas - size) / 2
            return offset.isFinite ? offset : 0
        }
        let frame = CGRect(x: centred(canvas.width, size.width), y: centred(canvas.height, size.height),
                           width: size.width, height: size.height)
        place(tree.root, in: frame, proposal: proposal)
        return (size, frame, canvas)
    }
}

extension LayoutPass {
    /// The frames of tagged views, offsets included, as the display list's walk records them:
    /// depth first in child order, so a later duplicate id wins alike.
    func taggedFrames() -> TaggedFrames {
        var frames = TaggedFrames()
        // Most trees tag nothing: no walk at all.
        guard tree.count > 0, tree.attributes.contains(where: { $0.id != nil }) else { return frames }
        // An explicit stack, not recursion: deep trees would otherwise need the large stack.
        var pending: [(node: Int, translation: CGSize)] = [(tree.root, .zero)]
        while let (node, translation) = pending.popLast() {
            var moved = translation
            if let attributes = tree.attributes(of: node) {
                for case .offset(let delta) in attributes.effects {
                    moved.width += delta.width
                    moved.height += delta.height
                }
                if let id = attributes.id { frames.byID[id] = frame(of: node).offsetBy(dx: moved.width, dy: moved.height) }
            }
            // A child its container does not show (`ViewThatFits`) is not reported, as in the display list.
            for child in tree.childRange(node).reversed() where isShown(Int(tree.childList[child])) {
                pending.append((Int(tree.childList[child]), moved))
            }
        }
        return frames
    }
}

/// How much measuring a layout pass did.
public struct LayoutStatistics: Sendable {
    /// Nodes in the resolved tree.
    public var nodeCount: Int
    /// Size computations over all nodes: answers neither found in the per-pass memory nor known
    /// from the tree (a frame with both lengths, and padding or layers around one, is the same
    /// size for every proposal and is never computed).
    public var sizeComputations: Int
    /// The most size computations any one node needed.
    public var maxSizeComputationsPerNode: Int

    init(_ pass: LayoutPass) {
        nodeCount = pass.tree.count
        sizeComputations = pass.sizeComputations
        maxSizeComputationsPerNode = (0..<pass.tree.count).reduce(0) { max($0, pass.sizeComputations(of: $1)) }
    }
}
