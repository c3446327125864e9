import Foundation

/// One layout pass over a `ResolvedTree`: the compute functions behind every `LayoutSubview`
/// call, and all the memory of the pass, in arrays indexed by node number.
///
/// Every size is remembered per node and proposal in a small bounded cache (one slot per node,
/// then up to eight more from a shared pool, as Taffy's nine-slot cache; a node asked about more
/// proposals than that recomputes, with the same answer), so a parent that probes a child with
/// the same proposal again, or a grandparent that asks again through a child, costs nothing:
/// nested containers stay linear in the number of views.
///
/// A class, not a struct: the `LayoutSubview` proxies a layout receives must reach the same memory
/// while the layout runs, and a layout may call back into the pass at any depth. The hot per-node
/// arrays are raw buffers the pass owns, so reading them needs no exclusivity check.
@usableFromInline
final class LayoutPass {
    let tree: ResolvedTree
    /// Measures text.
    let measurer: any TextMeasurer
    /// Pixels per point: text sizes are rounded up to whole pixels (docs/layout-rules.md §7.4). A
    /// scale that is not a positive finite number counts as 1.
    let scale: CGFloat
    /// Size computations (cache misses) over all nodes, for tests and benchmarks.
    @exclusivity(unchecked) private(set) var sizeComputations = 0

    /// A remembered size: the proposal (NaN for an unspecified axis; sanitized proposals hold
    /// no NaN) and the answer.
    struct SizeSlot {
        var width: CGFloat
        var height: CGFloat
        var size: CGSize

        @inline(__always)
        func matches(_ width: CGFloat, _ height: CGFloat) -> Bool {
            // == so that 0 and −0 meet, as they did as dictionary keys.
            (self.width == width || (self.width.isNaN && width.isNaN)) && (self.height == height || (self.height.isNaN && height.isNaN))
        }
    }

    /// Slots in each overflow chunk: with the inline slot, nine per node.
    static let overflowSlots = 8
    /// The bits of a node's `slotCounts` entry that count its slots, and the one that says it
    /// was placed.
    private static let slotCountMask: UInt8 = 0x7F, placedFlag: UInt8 = 0x80

    private let count: Int
    /// Holds the five per-node arrays below.
    private let memory: PassMemory
    /// Per node: how many slots hold sizes (0...9, `slotCountMask`), and `placedFlag` once the
    /// node has a frame.
    private let slotCounts: UnsafeMutablePointer<UInt8>
    /// Per node: the first remembered size.
    private let firstSlots: UnsafeMutablePointer<SizeSlot>
    /// Per node with more than one size: where its chunk of `overflow` starts.
    private let overflowStarts: UnsafeMutablePointer<Int32>
    @exclusivity(unchecked) private var overflow: [SizeSlot] = []
    /// Per node: size computations, for `LayoutStatistics`.
    private let computations: UnsafeMutablePointer<Int32>
    /// Per node: the placed frame in root coordinates, offsets excluded.
    private let frames: UnsafeMutablePointer<CGRect>
    /// Per node: its preferred spacing, once asked (`ViewSpacing.unknown` until then). Made on the
    /// first question: many passes never ask any node for its spacing.
    @exclusivity(unchecked) private var spacings: UnsafeMutablePointer<ViewSpacing>?

    // The pass runs on one thread and never holds a reference into these across a call that
    // could reach them again, so the dynamic exclusivity checks are left out (`@exclusivity`).

    /// Rare memory, by key: guides of nodes that may have any, text lines, text placements.
    @exclusivity(unchecked) private var guides: [GuideQuery: CGFloat?] = [:]
    @exclusivity(unchecked) private var textLayouts: [TextQuery: TextLayout] = [:]
    /// Texts laid out ahead on another core while this pass runs (`layOutRootWithTextsAhead`).
    @exclusivity(unchecked) var textsAhead: TextsAhead?
    @exclusivity(unchecked) private var textPlacements: [Int: ProposedViewSize] = [:]
    /// Nodes a container placed but chose not to show (the children `ViewThatFits` passed over):
    /// never drawn, never reported.
    @exclusivity(unchecked) private var unshown: Set<Int> = []

    /// The `place` calls of the containers being placed, as a stack: each open recording owns
    /// one run of slots, one per child of its container. A slot holds a call only when its stamp
    /// is its recording's use, so a new run needs no clearing: uses only grow.
    @exclusivity(unchecked) private var entries: RecordedPlacements
    /// The open recordings, innermost last: where each one's entries start, how many, and which
    /// use it is, so that a proxy kept past its container's placement cannot write into a later one.
    @exclusivity(unchecked) private var openRecordings: [(base: Int, count: Int, use: UInt64)] = []
    @exclusivity(unchecked) private var nextUse: UInt64 = 0

    init(tree: ResolvedTree, measurer: any TextMeasurer = FontLibrary.system, scale: CGFloat = 1) {
        self.tree = tree
        self.measurer = measurer
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        count = tree.count
        // One block for the per-node arrays. Only the counts start at zero (no computations, no
        // sizes, not placed); a frame or slot is written before it is read.
        var plan = PassMemory.Plan()
        let computationsAt = plan.reserveZeroed(Int32.self, count: count)
        let slotCountsAt = plan.reserveZeroed(UInt8.self, count: count)
        let framesAt = plan.reserve(CGRect.self, count: count)
        let firstSlotsAt = plan.reserve(SizeSlot.self, count: count)
        let overflowStartsAt = plan.reserve(Int32.self, count: count)
        memory = PassMemory(plan)
        frames = memory.array(CGRect.self, at: framesAt, count: count)
        firstSlots = memory.array(SizeSlot.self, at: firstSlotsAt, count: count)
        overflowStarts = memory.array(Int32.self, at: overflowStartsAt, count: count)
        computations = memory.array(Int32.self, at: computationsAt, count: count)
        slotCounts = memory.array(UInt8.self, at: slotCountsAt, count: count)
        entries = RecordedPlacements()
    }

    deinit {
        memory.deallocate()
        entries.deallocate()
        if let spacings {
            spacings.deinitialize(count: count)
            spacings.deallocate()
        }
    }

    /// The placed frame of `node`, in root coordinates, offsets excluded (.zero if never placed).
    func frame(of node: Int) -> CGRect { slotCounts[node] & Self.placedFlag != 0 ? frames[node] : .zero }

    /// The proposal a text node was placed with: it draws the lines it was laid out in.
    func placementProposal(of node: Int) -> ProposedViewSize { textPlacements[node] ?? .unspecified }

    /// Whether `node` is shown: false for a child its container passed over (`ViewThatFits`).
    func isShown(_ node: Int) -> Bool { unshown.isEmpty || !unshown.contains(node) }

    /// Shows or hides `node`; its container's last placement decides.
    func setShown(_ node: Int, _ shown: Bool) {
        if shown { unshown.remove(node) } else { unshown.insert(node) }
    }

    /// How many sizes `node` computed.
    func sizeComputations(of node: Int) -> Int { Int(computations[node]) }

    // MARK: Measuring

    /// The node's size for `proposal`.
    func size(_ node: Int, _ proposal: ProposedViewSize) -> CGSize {
        if let constant = tree.constantSize(of: node) { return constant }
        let proposal = proposal.sanitized
        let width = proposal.width ?? .nan, height = proposal.height ?? .nan
        let known = Int(slotCounts[node] & Self.slotCountMask)
        if known > 0 {
            if firstSlots[node].matches(width, height) { return firstSlots[node].size }
            if known > 1 {
                let start = Int(overflowStarts[node])
                for slot in start ..< start + known - 1 where overflow[slot].matches(width, height) { return overflow[slot].size }
            }
        }
        computations[node] += 1
        sizeComputations += 1
        let size: CGSize
        switch tree.records[node].content {
        case .text(let index):
            size = textLayout(node, tree.texts[Int(index)], proposal).size
        case .shape(let shape, _):
            if case .circle = shape {
                let s = proposal.replacingUnspecifiedDimensions()
                let side = min(s.width, s.height)
                size = CGSize(width: side, height: side)
            } else {
                size = proposal.replacingUnspecifiedDimensions()
            }
        case .spacer(let minLength, let axis):
            size = Self.spacerSize(minLength: minLength, axis: axis, proposal)
        case .leaf(let index):
            size = tree.leaves[Int(index)].size(for: proposal)
        case .container(let index):
            size = Self.sanitized(tree.boxes[Int(index)].sizeThatFits(proposal, subviews: subviews(of: node)))
        }
        // The slot count is read again: computing the size may have filled slots of this node
        // (a layout that measures itself is odd, but must not corrupt the memory).
        remember(node, SizeSlot(width: width, height: height, size: size))
        return size
    }

    /// Keeps a computed size. Most nodes are asked one proposal: its slot is filled in place,
    /// without a call; the others go to the overflow pool.
    @inline(__always)
    private func remember(_ node: Int, _ slot: SizeSlot) {
        if slotCounts[node] & Self.slotCountMask == 0 {
            firstSlots[node] = slot
            slotCounts[node] += 1
        } else {
            rememberInOverflow(node, slot)
        }
    }

    /// Keeps a size of a node that has one already, in its chunk of `overflow`.
    private func rememberInOverflow(_ node: Int, _ slot: SizeSlot) {
        let known = Int(slotCounts[node] & Self.slotCountMask)
        if known == 1 {
            overflowStarts[node] = Int32(overflow.count)
            overflow.append(slot)
            overflow.append(contentsOf: repeatElement(slot, count: Self.overflowSlots - 1))
        } else if known <= Self.overflowSlots {
            overflow[Int(overflowStarts[node]) + known - 1] = slot
        } else {
            // Full: the size is computed again when asked again.
            return
        }
        slotCounts[node] += 1
    }

    /// A spacer's size (docs/layout-rules.md §2.4).
    static func spacerSize(minLength: CGFloat, axis: Axis?, _ p: ProposedViewSize) -> CGSize {
        func length(_ offer: CGFloat?) -> CGFloat { max(offer ?? -.infinity, minLength) }
        switch axis {
        case .horizontal: return CGSize(width: length(p.width), height: 0)
        case .vertical: return CGSize(width: 0, height: length(p.height))
        case nil: return CGSize(width: length(p.width), height: length(p.height))
        }
    }

    /// A size a layout returned, made safe: NaN and negative lengths become 0.
    static func sanitized(_ size: CGSize) -> CGSize {
        func fix(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : max(v, 0) }
        return CGSize(width: fix(size.width), height: fix(size.height))
    }

    /// The node's size and guides for `proposal`.
    func dimensions(_ node: Int, _ proposal: ProposedViewSize, includeOverrides: Bool = true) -> ViewDimensions {
        let proposal = proposal.sanitized
        let size = size(node, proposal)
        // A node with no explicit guide anywhere below it answers every guide by its default.
        guard tree.mayHaveExplicitGuides(node, includeOverrides: includeOverrides) else { return ViewDimensions(size: size) }
        return ViewDimensions(size: size, explicit: ExplicitGuides { key in
            self.explicitValue(node, key, proposal, includeOverrides: includeOverrides)
        })
    }

    /// The node's explicit value of a guide for `proposal`, or nil when it has none.
    ///
    /// An `alignmentGuide` override wins; its closure sees the node's dimensions without
    /// overrides (docs/layout-rules.md §3.11). Otherwise a container asks its layout.
    func explicitValue(_ node: Int, _ key: AlignmentKey, _ proposal: ProposedViewSize, includeOverrides: Bool = true) -> CGFloat? {
        guard tree.mayHaveExplicitGuide(key.kind, of: node, includeOverrides: includeOverrides) else { return nil }
        let proposal = proposal.sanitized
        let query = GuideQuery(node: node, key: key, proposal: proposal, includeOverrides: includeOverrides)
        if let known = guides[query] { return known }
        let value: CGFloat?
        let record = tree.records[node]
        if includeOverrides, let override = tree.attributes(of: node)?.guideOverrides[key] {
            value = override(dimensions(node, proposal, includeOverrides: false))
        } else if case .text(let index) = record.content {
            value = textGuide(node, tree.texts[Int(index)], key, proposal)
        } else if case .container(let index) = record.content {
            let bounds = CGRect(origin: .zero, size: size(node, proposal))
            value = tree.boxes[Int(index)].explicitAlignment(key, in: bounds, proposal: proposal, subviews: subviews(of: node))
        } else {
            value = nil
        }
        // Asked once, guides are usually asked of many nodes (every text's baseline through its
        // containers): room for one a node, not growth by doubling.
        if guides.isEmpty { guides.reserveCapacity(min(tree.count, 1 << 16)) }
        guides[query] = value
        return value
    }

    /// A text's lines for `proposal`, laid out once per pass and node.
    func textLayout(_ node: Int, _ text: TextLeaf, _ proposal: ProposedViewSize) -> TextLayout {
        let query = TextQuery(node: node, proposal: proposal)
        if let known = textLayouts[query] { return known }
        var ahead: TextLayout?
        if let textsAhead, case .text(let index) = tree.records[node].content { ahead = textsAhead.take(Int(index), for: proposal) }
        let layout = ahead ?? text.layout(proposal, measurer: measurer, scale: scale)
        textLayouts[query] = layout
        return layout
    }

    /// Text's baselines (docs/layout-rules.md §2.2); its other guides are the defaults.
    private func textGuide(_ node: Int, _ text: TextLeaf, _ key: AlignmentKey, _ proposal: ProposedViewSize) -> CGFloat? {
        switch key.kind {
        case .firstTextBaseline: textLayout(node, text, proposal).firstBaseline
        case .lastTextBaseline: textLayout(node, text, proposal).lastBaseline
        case .leading, .horizontalCenter, .trailing, .top, .verticalCenter, .bottom, .custom: nil
        }
    }

    /// The node's preferred spacing (docs/layout-rules.md §4.2).
    func spacing(_ node: Int) -> ViewSpacing {
        let spacings = self.spacings ?? makeSpacings()
        if !spacings[node].isUnknown { return spacings[node] }
        let spacing: ViewSpacing
        switch tree.records[node].content {
        case .spacer(_, let axis): spacing = .spacer(axis: axis)
        case .text(let index): spacing = tree.texts[Int(index)].spacing(measurer: measurer, scale: scale)
        case .shape, .leaf: spacing = .plain
        case .container(let index): spacing = tree.boxes[Int(index)].spacing(subviews: subviews(of: node))
        }
        spacings[node] = spacing
        return spacing
    }

    private func makeSpacings() -> UnsafeMutablePointer<ViewSpacing> {
        let made = UnsafeMutablePointer<ViewSpacing>.allocate(capacity: max(count, 1))
        made.initialize(repeating: .unknown, count: count)
        spacings = made
        return made
    }

    /// Proxies for the children of `node`, made on demand: no array per call.
    @inline(__always)
    func subviews(of node: Int) -> LayoutSubviews {
        LayoutSubviews(pass: self, parent: node, range: 0 ..< Int(tree.records[node].childCount), recording: nil)
    }

    // MARK: Recording placements

    /// Starts collecting the `place` calls of `subviews`' container.
    func beginRecording(_ subviews: LayoutSubviews) -> LayoutSubviews {
        nextUse += 1
        let count = Int(tree.records[subviews.parent].childCount)
        openRecordings.append((base: entries.top, count: count, use: nextUse))
        entries.push(count)
        var recording = subviews
        recording.recording = PlacementRecorder(depth: Int32(openRecordings.count - 1), use: nextUse)
        return recording
    }

    /// Ends the innermost recording.
    func endRecording() {
        let closed = openRecordings.removeLast()
        entries.pop(to: closed.base)
    }

    /// Records a `place` call, unless its recording is over.
    func record(_ entry: PlacementRecorder.Entry, _ recorder: PlacementRecorder, position: Int) {
        let depth = Int(recorder.depth)
        guard depth < openRecordings.count, openRecordings[depth].use == recorder.use, position < openRecordings[depth].count else { return }
        entries.store(entry, at: openRecordings[depth].base + position, use: recorder.use)
    }

    /// Where the child at `position` went: its `place` call, or centred in `bounds` with the
    /// container's own proposal when it was not placed (docs/layout-rules.md §6).
    func placement(of subviews: LayoutSubviews, position: Int, in bounds: CGRect, proposal: ProposedViewSize) -> (frame: CGRect, proposal: ProposedViewSize) {
        let child = tree.child(subviews.parent, position)
        if let recorder = subviews.recording, let entry = entries.entry(at: openRecordings[Int(recorder.depth)].base + position, use: recorder.use) {
            let size = size(child, entry.proposal)
            // 0 × ∞ is NaN; an anchor of 0 means no shift at all.
            let dx = entry.anchor.x == 0 ? 0 : entry.anchor.x * size.width
            let dy = entry.anchor.y == 0 ? 0 : entry.anchor.y * size.height
            return (CGRect(origin: CGPoint(x: entry.position.x - dx, y: entry.position.y - dy), size: size), entry.proposal)
        }
        let size = size(child, proposal)
        let origin = CGPoint(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2)
        return (CGRect(origin: origin, size: size), proposal)
    }

    // MARK: Placing

    /// Gives `node` its frame (root coordinates) and places its children inside it.
    func place(_ node: Int, in frame: CGRect, proposal: ProposedViewSize) {
        frames[node] = frame
        slotCounts[node] |= Self.placedFlag
        let record = tree.records[node]
        switch record.content {
        case .text:
            textPlacements[node] = proposal.sanitized
        case .container(let index):
            let proposal = proposal.sanitized
            let box = tree.boxes[Int(index)]
            if !record.mirrored, box.placeDirectly(node, in: frame, proposal: proposal, pass: self) { return }
            let subviews = beginRecording(subviews(of: node))
            defer { endRecording() }
            box.placeSubviews(in: frame, proposal: proposal, subviews: subviews)
            for position in 0 ..< Int(record.childCount) {
                var (childFrame, childProposal) = placement(of: subviews, position: position, in: frame, proposal: proposal)
                // Right-to-left: the one place layout is mirrored. The layout placed its children
                // as for left-to-right; each x is flipped within the container's bounds, as
                // SwiftUI flips each view's x position within its parent (§6c).
                if record.mirrored { childFrame.origin.x = frame.minX + frame.maxX - childFrame.maxX }
                place(tree.child(node, position), in: childFrame, proposal: childProposal)
            }
        case .shape, .spacer, .leaf:
            break
        }
    }
}

/// The slots of `LayoutPass`'s open recordings, as a stack in one block (`PassMemory`) that grows
/// by doubling. A container of 100,000 children takes 100,000 slots; as a Swift array of optionals
/// they were cleared child by child, and faulted in fresh at every pass.
struct RecordedPlacements {
    /// The first slot past the open runs.
    private(set) var top = 0
    private var capacity = 0
    private var memory: PassMemory?
    private var values: UnsafeMutablePointer<PlacementRecorder.Entry>?
    /// Per slot: the use of the recording that stored its value; 0 (no use) for none.
    private var stamps: UnsafeMutablePointer<UInt64>?

    /// Opens a run of `count` slots above the open ones.
    mutating func push(_ count: Int) {
        if top + count > capacity { grow(to: top + count) }
        top += count
    }

    /// Closes the runs from `base` up.
    mutating func pop(to base: Int) { top = base }

    /// Keeps `entry` at `slot` for the recording `use`; nothing past the open runs is kept.
    func store(_ entry: PlacementRecorder.Entry, at slot: Int, use: UInt64) {
        guard let values, let stamps, slot < top else { return }
        values[slot] = entry
        stamps[slot] = use
    }

    /// The entry at `slot`, if the recording `use` stored one there.
    func entry(at slot: Int, use: UInt64) -> PlacementRecorder.Entry? {
        guard let values, let stamps, slot < top, stamps[slot] == use else { return nil }
        return values[slot]
    }

    private mutating func grow(to needed: Int) {
        let grown = max(needed, capacity * 2, 64)
        var plan = PassMemory.Plan()
        let stampsAt = plan.reserveZeroed(UInt64.self, count: grown)
        let valuesAt = plan.reserve(PlacementRecorder.Entry.self, count: grown)
        let block = PassMemory(plan)
        let newValues = block.array(PlacementRecorder.Entry.self, at: valuesAt, count: grown)
        let newStamps = block.array(UInt64.self, at: stampsAt, count: grown)
        if let values, let stamps {
            // Entries are plain values (points and sizes): copied byte for byte.
            newValues.initialize(from: values, count: top)
            newStamps.initialize(from: stamps, count: top)
        }
        memory?.deallocate()
        memory = block
        values = newValues
        stamps = newStamps
        capacity = grown
    }

    /// Frees the block; `LayoutPass.deinit` calls this.
    func deallocate() { memory?.deallocate() }
}

/// A key of the per-pass guide memory.
struct GuideQuery: Hashable {
    let node: Int
    let key: AlignmentKey
    let proposal: ProposedViewSize
    let includeOverrides: Bool
}

/// A key of the per-pass text memory.
struct TextQuery: Hashable {
    let node: Int
    let proposal: ProposedViewSize
}
