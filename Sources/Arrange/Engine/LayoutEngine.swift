import Foundation

/// Measures and places a node tree: the compute functions behind every `LayoutSubview` call.
///
/// Every answer is remembered per node and proposal for the pass, so a parent that probes a child
/// with the same proposal again, or a grandparent that asks again through a child, costs nothing:
/// nested containers stay linear in the number of views.
final class LayoutEngine {
    /// Size computations (cache misses) over all nodes, for tests and benchmarks.
    private(set) var sizeComputations = 0
    /// Measures text.
    let measurer: any TextMeasurer
    /// Pixels per point: text sizes are rounded up to whole pixels (docs/layout-rules.md §7.4).
    let scale: CGFloat

    init(measurer: any TextMeasurer = FontLibrary.system, scale: CGFloat = 1) {
        self.measurer = measurer
        self.scale = scale
    }

    // MARK: Measuring

    /// The node's size for `proposal`.
    func size(_ node: Node, _ proposal: ProposedViewSize) -> CGSize {
        let proposal = proposal.sanitized
        if let known = node.sizeCache[proposal] { return known }
        node.sizeComputations += 1
        sizeComputations += 1
        let size: CGSize
        switch node.content {
        case .leaf(.text(let text)):
            size = textLayout(node, text, proposal).size
        case .leaf(let leaf):
            size = leafSize(leaf, proposal)
        case .container(let box):
            size = Self.sanitized(box.sizeThatFits(proposal, subviews: subviews(of: node, recorder: nil)))
        }
        node.sizeCache[proposal] = size
        return size
    }

    /// Sizes of leaves (docs/layout-rules.md §2.1, §2.4).
    func leafSize(_ leaf: Leaf, _ p: ProposedViewSize) -> CGSize {
        switch leaf {
        case .text(let text):
            return text.layout(p, measurer: measurer, scale: scale).size
        case .shape(.circle, _):
            let s = p.replacingUnspecifiedDimensions()
            let side = min(s.width, s.height)
            return CGSize(width: side, height: side)
        case .shape:
            return p.replacingUnspecifiedDimensions()
        case .spacer(let minLength, let axis):
            func length(_ offer: CGFloat?) -> CGFloat { max(offer ?? -.infinity, minLength) }
            switch axis {
            case .horizontal: return CGSize(width: length(p.width), height: 0)
            case .vertical: return CGSize(width: 0, height: length(p.height))
            case nil: return CGSize(width: length(p.width), height: length(p.height))
            }
        }
    }

    /// A size a layout returned, made safe: NaN and negative lengths become 0.
    static func sanitized(_ size: CGSize) -> CGSize {
        func fix(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : max(v, 0) }
        return CGSize(width: fix(size.width), height: fix(size.height))
    }

    /// The node's size and guides for `proposal`.
    func dimensions(_ node: Node, _ proposal: ProposedViewSize, includeOverrides: Bool = true) -> ViewDimensions {
        let proposal = proposal.sanitized
        let size = size(node, proposal)
        // Shapes and spacers have no guides of their own; only overrides can give them one.
        let hasExplicit: Bool
        switch node.content {
        case .leaf(.shape), .leaf(.spacer): hasExplicit = includeOverrides && !node.guideOverrides.isEmpty
        case .leaf(.text), .container: hasExplicit = true
        }
        guard hasExplicit else { return ViewDimensions(size: size) }
        return ViewDimensions(size: size, explicit: ExplicitGuides { key in
            self.explicitValue(node, key, proposal, includeOverrides: includeOverrides)
        })
    }

    /// The node's explicit value of a guide for `proposal`, or nil when it has none.
    ///
    /// An `alignmentGuide` override wins; its closure sees the node's dimensions without
    /// overrides (docs/layout-rules.md §3.11). Otherwise a container asks its layout.
    func explicitValue(_ node: Node, _ key: AlignmentKey, _ proposal: ProposedViewSize, includeOverrides: Bool = true) -> CGFloat? {
        let proposal = proposal.sanitized
        let query = GuideQuery(key: key, proposal: proposal, includeOverrides: includeOverrides)
        if let known = node.guideCache[query] { return known }
        let value: CGFloat?
        if includeOverrides, let override = node.guideOverrides[key] {
            value = override(dimensions(node, proposal, includeOverrides: false))
        } else if case .leaf(.text(let text)) = node.content {
            value = textGuide(node, text, key, proposal)
        } else if case .container(let box) = node.content {
            let bounds = CGRect(origin: .zero, size: size(node, proposal))
            value = box.explicitAlignment(key, in: bounds, proposal: proposal, subviews: subviews(of: node, recorder: nil))
        } else {
            value = nil
        }
        node.guideCache[query] = value
        return value
    }

    /// A text's lines for `proposal`, laid out once per pass and node.
    func textLayout(_ node: Node, _ text: TextLeaf, _ proposal: ProposedViewSize) -> TextLayout {
        if let known = node.textLayouts[proposal] { return known }
        let layout = text.layout(proposal, measurer: measurer, scale: scale)
        node.textLayouts[proposal] = layout
        return layout
    }

    /// Text's baselines (docs/layout-rules.md §2.2); its other guides are the defaults.
    private func textGuide(_ node: Node, _ text: TextLeaf, _ key: AlignmentKey, _ proposal: ProposedViewSize) -> CGFloat? {
        switch key.kind {
        case .firstTextBaseline: textLayout(node, text, proposal).firstBaseline
        case .lastTextBaseline: textLayout(node, text, proposal).lastBaseline
        case .leading, .horizontalCenter, .trailing, .top, .verticalCenter, .bottom, .custom: nil
        }
    }

    /// The node's preferred spacing (docs/layout-rules.md §4.2).
    func spacing(_ node: Node) -> ViewSpacing {
        if let known = node.spacingCache { return known }
        let spacing: ViewSpacing
        switch node.content {
        case .leaf(.spacer(_, let axis)): spacing = .spacer(axis: axis)
        case .leaf(.text(let text)): spacing = text.spacing(measurer: measurer, scale: scale)
        case .leaf: spacing = .plain
        case .container(let box): spacing = box.spacing(subviews: subviews(of: node, recorder: nil))
        }
        node.spacingCache = spacing
        return spacing
    }

    func subviews(of node: Node, recorder: PlacementRecorder?) -> LayoutSubviews {
        LayoutSubviews(storage: ArraySlice(node.children.enumerated().map {
            LayoutSubview(node: $1, engine: self, recorder: recorder, index: $0)
        }))
    }

    // MARK: Placing

    /// Gives `node` its frame (root coordinates) and places its children inside it.
    func place(_ node: Node, in frame: CGRect, proposal: ProposedViewSize) {
        node.frame = frame
        node.placementProposal = proposal.sanitized
        guard case .container(let box) = node.content else { return }
        let proposal = proposal.sanitized
        let subviews = subviews(of: node, recorder: PlacementRecorder())
        box.placeSubviews(in: frame, proposal: proposal, subviews: subviews)
        for placement in subviews.placements(in: frame, proposal: proposal) {
            place(placement.subview.node, in: placement.frame, proposal: placement.proposal)
        }
    }
}
