import Foundation

/// A view value resolved once: flat arrays of node records, indexed by node number, that no
/// layout pass changes.
///
/// A node is a leaf (shape, spacer, text), which sizes and draws itself, or a container, which
/// sizes and places its children with a `Layout`. Attribute modifiers (`layoutPriority`, `id`,
/// `alignmentGuide`, `layoutValue`, `offset`, `clipped`, `opacity`) set attributes of the node
/// they modify; layout modifiers (`frame`, `padding`, `fixedSize`, `background`, …) wrap it in a
/// new container node.
///
/// Nodes are numbered as they are made, children before their parent, so every child's number is
/// smaller than its parent's and one forward sweep can compute anything a parent derives from its
/// children. A node's children sit side by side in `childList`. Everything a layout pass learns
/// (sizes, guides, frames) lives in the pass (`LayoutPass`), not here.
@usableFromInline
struct ResolvedTree {
    /// One node. Kept small and free of references, so reading one costs no reference counting:
    /// its kind is a 4-byte code into `kindNames`, and rare data (tags, guide overrides,
    /// effects) live in side tables.
    struct Record {
        var content: Content
        /// The node's children: `childList[firstChild ..< firstChild + childCount]`.
        var firstChild: Int32
        var childCount: Int32
        /// Index into `attributes`, or −1 when no attribute modifier touched the node.
        var attributes: Int32 = -1
        var priorityRule: PriorityRule
        /// Whether the container places its children mirrored within its bounds: it is in a
        /// right-to-left environment (docs/layout-rules.md §6c). Fits in the record's padding.
        var mirrored = false
        /// What the node is, as an index into `kindNames`: a few kinds name every node, so a
        /// node keeps 4 bytes, in the record's padding, instead of a 16-byte String. Set by
        /// `_NodeBuilder.add(_:kind:)`, through which every record is added.
        var kindCode: Int32 = 0
    }

    /// What a node is. Payloads that are large or rare live in side tables, by index.
    enum Content {
        /// A shape or colour: takes the proposal (10 for nil); a circle is square. `paint` indexes
        /// `paints`.
        case shape(ShapeKind, paint: Int32)
        /// A spacer growing along `axis`, or along both axes when it is in no stack.
        case spacer(minLength: CGFloat, axis: Axis?)
        /// Text, measured by the pass's `TextMeasurer`; indexes `texts`.
        case text(Int32)
        /// Sizes and places its children with the layout in `boxes[index]`.
        case container(Int32)
        /// A leaf that draws something richer than a shape in one colour (a custom path, a stroke,
        /// a gradient, an image) or content made after layout (`GeometryReader`); indexes `leaves`.
        case leaf(Int32)
    }

    /// How a container reports its layout priority (docs/layout-rules.md §3, §2.6).
    @usableFromInline
    enum PriorityRule {
        /// Frames, padding and other position-changing modifiers: 0.
        case zero
        /// Modifiers that reuse a child's layout (`fixedSize`, `background`): that child's priority.
        case child(Int)
        /// Stacks and custom layouts: 0, or −∞ when they have no children.
        case container
    }

    /// A drawing effect, in the order it was applied (innermost first).
    @usableFromInline
    enum Effect {
        case offset(CGSize)
        case clip(ShapeKind)
        /// A custom shape's outline, made for the node's frame.
        case clipPath(any Shape)
        case opacity(Double)
        case shadow(Shadow)
        case blendMode(BlendMode)
        /// Laid out but not drawn (`hidden()`).
        case hidden
        /// A transform of the drawing about a point of the node's frame (`rotationEffect`,
        /// `scaleEffect`, `transformEffect`), made for the frame when it is drawn.
        case transform(TransformEffect)
        /// A blur or colour filter of the drawing.
        case filter(DisplayFilter)
        /// The drawing made as one layer (`compositingGroup`, `drawingGroup`).
        case isolated
        /// The drawing named for screen readers (`accessibilityLabel`).
        case accessibilityLabel(String)
        /// The drawing skipped by screen readers (`accessibilityHidden(true)`).
        case accessibilityHidden
        /// The node is the container `mask(alignment:_:)` made: its first child is drawn, masked by
        /// the alpha of its second.
        case masked
    }

    /// A transform effect as written, before the frame it turns about is known.
    @usableFromInline
    enum TransformEffect {
        case rotation(Angle, anchor: UnitPoint)
        case scale(CGSize, anchor: UnitPoint)
        /// About the frame's top-leading corner, as SwiftUI's `transformEffect`.
        case affine(CGAffineTransform)

        /// The transform in the coordinates of a frame of `size`, whose origin is its top-left
        /// corner: about the anchor's point, (anchor.x × width, anchor.y × height).
        func matrix(for size: CGSize) -> CGAffineTransform {
            switch self {
            case .affine(let t):
                return t
            case .rotation(let angle, let anchor):
                // Exact at multiples of 90°, where sin and cos should be 0 or ±1.
                func snap(_ v: CGFloat) -> CGFloat { abs(v) < 1e-12 ? 0 : v }
                let c = snap(cos(angle.radians)), s = snap(sin(angle.radians))
                return about(CGAffineTransform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0), anchor, size)
            case .scale(let scale, let anchor):
                return about(CGAffineTransform(scaleX: scale.width, y: scale.height), anchor, size)
            }
        }

        /// `t` about the anchor's point: moved there, transformed, moved back.
        private func about(_ t: CGAffineTransform, _ anchor: UnitPoint, _ size: CGSize) -> CGAffineTransform {
            let x = anchor.x * size.width, y = anchor.y * size.height
            return CGAffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: x - (t.a * x + t.c * y), ty: y - (t.b * x + t.d * y))
        }
    }

    /// What attribute modifiers set on one node.
    @usableFromInline
    struct Attributes {
        /// Set by `layoutPriority`; the outermost call wins.
        var explicitPriority: Double?
        /// Set by `.id(_:)`: the id's text, as `TaggedFrames` files it, made once when the
        /// modifier is (each use reads it: the display list, the frames, the dumps).
        var id: String?
        var guideOverrides: [AlignmentKey: (ViewDimensions) -> CGFloat] = [:]
        var layoutValues: [ObjectIdentifier: Any] = [:]
        var effects: [Effect] = []
        /// Set by `layoutSource(_:)`; the innermost call wins.
        var source: String?
        /// Set by `preference`, `anchorPreference` and their transforms, innermost first.
        var preferences: [PreferenceWriter] = []
        /// Set by `coordinateSpace(name:)`; the outermost call wins.
        var coordinateSpace: String?
    }

    fileprivate(set) var records: [Record] = []
    /// The distinct kind names, in order of first use (`Record.kindCode`).
    fileprivate(set) var kindNames: [String] = []

    /// What each node is, for dumps and display-list identities ("HStack", "frame", "Rectangle").
    struct Kinds {
        fileprivate let records: [Record]
        fileprivate let names: [String]
        subscript(node: Int) -> String { names[Int(records[node].kindCode)] }
    }

    /// What each node is, by node: `kinds[node]`.
    var kinds: Kinds { Kinds(records: records, names: kindNames) }
    /// Every node's children, each node's run contiguous.
    fileprivate(set) var childList: [Int32] = []
    fileprivate(set) var attributes: [Attributes] = []
    fileprivate(set) var paints: [Paint] = []
    fileprivate(set) var texts: [TextLeaf] = []
    fileprivate(set) var leaves: [Leaf] = []
    /// The layouts of containers, with the caches they keep between passes (docs/layout-rules.md §6).
    fileprivate(set) var boxes: [any LayoutBox] = []
    /// Derived once the tree is complete; see `finish()`.
    fileprivate(set) var priorities: [Double] = []
    /// Per node: bit 0, it has `alignmentGuide` overrides; bit 1, it may have explicit guide values
    /// of its own (text baselines, a container whose layout may report one); bit 2, it may have
    /// explicit values of guides other than the text baselines (a custom layout's, an override
    /// below it). A node with none has no explicit guide at all, so nobody needs to ask; a text
    /// and the containers that only pass its guides on answer nil for every guide but the
    /// baselines without asking.
    fileprivate(set) var guideFlags: [UInt8] = []
    /// Per node: its size whatever it is offered (`LayoutBox.constantSize`; a fixed frame, the
    /// layers and padding around one), or a negative width for a size that depends on the offer.
    /// Empty until `finish()`, and again once a box is replaced.
    fileprivate(set) var constantSizes: [CGSize] = []
    /// The entry of `constantSizes` for a node without one: stored sizes are sanitized, never
    /// negative.
    private static let noConstantSize = CGSize(width: -1, height: -1)
    /// The root node, once resolved.
    fileprivate(set) var root = 0

    /// Number of nodes.
    var count: Int { records.count }

    /// Whether a leaf makes content once its frame is known (a `GeometryReader`, a preference
    /// layer): drawing lays that content out in passes of its own.
    var hasDeferredContent: Bool {
        leaves.contains { if case .deferred = $0 { true } else { false } }
    }

    // MARK: Reading

    /// The children of `node`, as indices into `childList`.
    @inline(__always)
    func childRange(_ node: Int) -> Range<Int> {
        let record = records[node]
        return Int(record.firstChild) ..< Int(record.firstChild) + Int(record.childCount)
    }

    /// The `position`-th child of `node`.
    @inline(__always)
    func child(_ node: Int, _ position: Int) -> Int { Int(childList[Int(records[node].firstChild) + position]) }

    func children(_ node: Int) -> [Int] { childRange(node).map { Int(childList[$0]) } }

    /// The layout priority a parent sees (docs/layout-rules.md §3.8, §2.4, §2.6).
    @inline(__always)
    func priority(of node: Int) -> Double { priorities[node] }

    /// The node's size for every proposal, if it has one.
    @inline(__always)
    func constantSize(of node: Int) -> CGSize? {
        guard node < constantSizes.count else { return nil }
        return Self.constant(constantSizes[node])
    }

    /// A `constantSizes` entry as a size, nil for `noConstantSize`.
    @inline(__always)
    private static func constant(_ stored: CGSize) -> CGSize? { stored.width < 0 ? nil : stored }

    /// Whether the node is a `Spacer` (whose spacing a frame around it keeps, §4.2).
    func isSpacer(_ node: Int) -> Bool {
        if case .spacer = records[node].content { return true }
        return false
    }

    func attributes(of node: Int) -> Attributes? {
        let index = records[node].attributes
        return index < 0 ? nil : attributes[Int(index)]
    }

    func effects(of node: Int) -> [Effect] { attributes(of: node)?.effects ?? [] }
    func id(of node: Int) -> String? { attributes(of: node)?.id }
    func source(of node: Int) -> String? { attributes(of: node)?.source }

    /// Whether a guide query on `node` can give anything but nil.
    @inline(__always)
    func mayHaveExplicitGuides(_ node: Int, includeOverrides: Bool = true) -> Bool {
        let flags = guideFlags[node]
        return includeOverrides ? flags != 0 : flags & 2 != 0
    }

    /// Whether a query of the guide `kind` on `node` can give anything but nil.
    @inline(__always)
    func mayHaveExplicitGuide(_ kind: GuideKind, of node: Int, includeOverrides: Bool) -> Bool {
        let flags = guideFlags[node]
        if includeOverrides, flags & 1 != 0 { return true }
        switch kind {
        case .firstTextBaseline, .lastTextBaseline: return flags & 2 != 0
        case .leading, .horizontalCenter, .trailing, .top, .verticalCenter, .bottom, .custom: return flags & 4 != 0
        }
    }

    /// The structural path of every node, "0.2.1": child indices from the root. Built only for
    /// tools that need all of them (`LayoutTree`, animation); drawing builds paths as it walks.
    func paths() -> [String] {
        var result = [String](repeating: "", count: count)
        guard count > 0 else { return result }
        var pending = [(root, "0")]
        while let (node, path) = pending.popLast() {
            result[node] = path
            for (index, child) in children(node).enumerated() { pending.append((child, path + "." + String(index))) }
        }
        return result
    }

    /// Lays the container `node` out by `box` instead (animation re-solves a copy of the tree).
    mutating func replaceBox(of node: Int, with box: any LayoutBox) {
        guard case .container(let index) = records[node].content else { return }
        boxes[Int(index)] = box
        // The new layout may size differently, and so may the nodes around it.
        constantSizes = []
    }

    func box(of node: Int) -> (any LayoutBox)? {
        guard case .container(let index) = records[node].content else { return nil }
        return boxes[Int(index)]
    }

    // MARK: Building

    @usableFromInline typealias Builder = _NodeBuilder

    /// Derives priorities, guide flags and constant sizes. Children have smaller numbers than
    /// their parents, so one forward sweep sees every child before its parent.
    fileprivate mutating func finish() {
        // Built in local arrays and stored at the end: writes into the tree's own would check
        // their uniqueness at every node.
        var priorities = [Double](repeating: 0, count: count)
        var guideFlags = [UInt8](repeating: 0, count: count)
        var constantSizes = [CGSize](repeating: Self.noConstantSize, count: count)
        let records = self.records, childList = self.childList, attributes = self.attributes, boxes = self.boxes
        for node in 0..<count {
            let record = records[node]
            let attributeIndex = Int(record.attributes)
            var flags: UInt8 = attributeIndex >= 0 && !attributes[attributeIndex].guideOverrides.isEmpty ? 1 : 0
            var priority: Double
            switch record.content {
            case .spacer: priority = -.infinity
            case .shape, .leaf: priority = 0
            case .text:
                priority = 0
                flags |= 2
            case .container(let index):
                let range = Int(record.firstChild) ..< Int(record.firstChild) + Int(record.childCount)
                func child(_ position: Int) -> Int { Int(childList[range.lowerBound + position]) }
                switch record.priorityRule {
                case .zero: priority = 0
                case .child(let position): priority = position < range.count ? priorities[child(position)] : 0
                case .container: priority = range.isEmpty ? -.infinity : 0
                }
                let own: Bool, other: Bool
                // Overrides below count for every guide; a text's values are its baselines.
                func others(_ child: Int) -> Bool { guideFlags[child] & 5 != 0 }
                let box = boxes[Int(index)]
                switch box.guideSource {
                case .children:
                    own = range.contains { guideFlags[Int(childList[$0])] != 0 }
                    other = range.contains { others(Int(childList[$0])) }
                case .child(let position):
                    own = position < range.count && guideFlags[child(position)] != 0
                    other = position < range.count && others(child(position))
                case .layout:
                    own = true
                    other = true
                }
                if own { flags |= 2 }
                if other { flags |= 4 }
                func childSize(_ position: Int) -> CGSize? {
                    position >= 0 && position < range.count ? Self.constant(constantSizes[child(position)]) : nil
                }
                let constant: CGSize?
                switch box.constantSize {
                case .never: constant = nil
                case .always(let size): constant = size
                case .child(let position): constant = childSize(position)
                case .padded(let layout):
                    // As `PaddingLayout.sizeThatFits`: its child's size padded, .zero's without one.
                    constant = range.count > 1 ? nil : range.isEmpty ? layout.size(around: .zero) : childSize(0).map(layout.size(around:))
                }
                if let constant { constantSizes[node] = LayoutPass.sanitized(constant) }
            }
            if attributeIndex >= 0, let explicit = attributes[attributeIndex].explicitPriority { priority = explicit }
            priorities[node] = priority
            guideFlags[node] = flags
        }
        self.priorities = priorities
        self.guideFlags = guideFlags
        self.constantSizes = constantSizes
    }
}

/// Where a container's explicit guide values can come from: what lets the engine skip asking
/// when no view below has one.
@usableFromInline
enum GuideSource {
    /// Only from its children's explicit values, combined (the `Layout` default, §4.6).
    case children
    /// Only from the child at this position (single-child modifiers, a background's primary).
    case child(Int)
    /// From the layout itself: custom layouts may compute any value.
    case layout
}

/// How a shape is painted.
@usableFromInline
enum Paint {
    case fill(Color)
    case strokeBorder(Color, lineWidth: CGFloat)
}

/// Where views resolve into nodes; Arrange's own, for `View._makeNodes`.
///
/// Resolution appends nodes here. A view's `makeNodes` pushes the numbers of the nodes it made
/// on `pending`; a modifier rewrites its content's entries there, and a container moves them
/// into its child run. No array is made per view.
public struct _NodeBuilder {
    var tree = ResolvedTree()
    @usableFromInline init() {}
    /// Numbers of nodes made but not yet adopted by a parent, in order.
    @usableFromInline var pending: [Int32] = []
    /// Boxes of the layers made so far, by layout. A plain box holds nothing but its layout, so
    /// layers alike (every `.border(.black)`) share one instead of allocating one each.
    private var layerBoxes: [SecondaryLayerBox] = []
    /// `tree.kindNames` by name, for interning once the table outgrows a short scan.
    private var kindIndex: [String: Int32] = [:]
    /// The bits of the first 16 kind names, by code (see `kindCode`). Each name stays alive in
    /// `tree.kindNames`, which only grows (`rollBack` keeps it), so no other string can come to
    /// have the same bits.
    private var kindBits: [(UInt64, UInt64)] = []

    /// The code of `kind` in `tree.kindNames`, added on first use. A handful of names cover most
    /// trees, mostly literals or small strings, whose bits are the same at every use: those are
    /// found by comparing bits (`kindBits`), which is what `==` does first but without the slow
    /// comparison of two different names it falls to on each miss. Other names are compared as
    /// strings.
    private mutating func kindCode(_ kind: String) -> Int32 {
        // Equal bits mean equal strings: the same small string, literal or storage. (A String
        // is two words on every platform Arrange builds for; elsewhere the scan alone serves.)
        let bits: (UInt64, UInt64)? = MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size
            ? unsafeBitCast(kind, to: (UInt64, UInt64).self) : nil
        if let bits {
            for index in kindBits.indices where kindBits[index] == bits { return Int32(index) }
        }
        let names = tree.kindNames
        let scanned = min(names.count, 16)
        for index in 0..<scanned where names[index] == kind { return Int32(index) }
        if names.count > scanned, let code = kindIndex[kind] { return code }
        let code = Int32(names.count)
        tree.kindNames.append(kind)
        if code < 16 {
            if let bits { kindBits.append(bits) }
        } else {
            kindIndex[kind] = code
        }
        return code
    }

    /// Pairs the layer resolved since `mark` with the node at `position` of `pending`, in drawing
    /// order: a `background` (`behind`) or `overlay` aligned by `alignment`. No layer leaves the
    /// node as it is; several are taken back and resolved again by `stacked`, as one `ZStack`.
    @usableFromInline
    mutating func pairLayer(since mark: Mark, with position: Int, alignment: Alignment, behind: Bool, kind: String? = nil,
                            direction: LayoutDirection,
                            stacked: (inout _NodeBuilder) -> Void) {
        switch pending.count - mark.pending {
        case 0: return
        case 1: break
        default:
            rollBack(to: mark)
            stacked(&self)
        }
        // The pending list is now [… primary … | secondary]: pair the two, in drawing order.
        let layout = SecondaryLayerLayout(alignment: alignment, primary: behind ? 1 : 0)
        wrapWithLayer(at: position, behind: behind, box: layerBox(layout), kind: kind ?? (behind ? "background" : "overlay"),
                      priority: .child(behind ? 1 : 0), direction: direction)
    }

    /// A box for a `background` or `overlay` of `layout`, shared with earlier layers alike.
    mutating func layerBox(_ layout: SecondaryLayerLayout) -> SecondaryLayerBox {
        if let box = layerBoxes.first(where: { $0.layout.primary == layout.primary && $0.layout.alignment == layout.alignment }) {
            return box
        }
        let box = SecondaryLayerBox(layout, guides: .child(layout.primary))
        // A few kinds of layer cover almost every tree; beyond that, boxes are not shared.
        if layerBoxes.count < 8 { layerBoxes.append(box) }
        return box
    }

    /// Makes a leaf and pushes it, its colour resolved in `scheme` (docs/layout-rules.md §6b).
    @usableFromInline
    mutating func pushShape(_ shape: ShapeKind, paint: Paint, in scheme: ColorScheme, kind: String) {
        tree.paints.append(paint.resolved(in: scheme))
        push(ResolvedTree.Record(content: .shape(shape, paint: Int32(tree.paints.count - 1)), firstChild: 0, childCount: 0, priorityRule: .container), kind: kind)
    }

    /// Makes a leaf of a kind in `ResolvedTree.Leaf` and pushes it.
    mutating func pushLeaf(_ leaf: ResolvedTree.Leaf, kind: String) {
        tree.leaves.append(leaf)
        push(ResolvedTree.Record(content: .leaf(Int32(tree.leaves.count - 1)), firstChild: 0, childCount: 0, priorityRule: .container), kind: kind)
    }

    mutating func pushImage(_ image: ImageLeaf) {
        pushLeaf(.image(image), kind: "Image")
    }

    mutating func pushSpacer(minLength: CGFloat, axis: Axis?) {
        push(ResolvedTree.Record(content: .spacer(minLength: minLength, axis: axis), firstChild: 0, childCount: 0, priorityRule: .container), kind: "Spacer")
    }

    mutating func pushText(_ text: TextLeaf) {
        tree.texts.append(text)
        push(ResolvedTree.Record(content: .text(Int32(tree.texts.count - 1)), firstChild: 0, childCount: 0, priorityRule: .container), kind: "Text")
    }

    /// Makes a container of the pending nodes from `start` on, which become its children, and
    /// pushes it in their place.
    @usableFromInline
    mutating func pushContainer(_ box: any LayoutBox, kind: String, childrenFrom start: Int, priority: ResolvedTree.PriorityRule,
                                direction: LayoutDirection) {
        let first = tree.childList.count
        tree.childList.append(contentsOf: pending[start...])
        let count = pending.count - start
        pending.removeSubrange(start...)
        tree.boxes.append(box)
        push(ResolvedTree.Record(content: .container(Int32(tree.boxes.count - 1)), firstChild: Int32(first), childCount: Int32(count),
                                 priorityRule: priority, mirrored: direction == .rightToLeft), kind: kind)
    }

    /// Wraps the pending node at `position` in a container of `box`.
    @usableFromInline
    mutating func wrap(at position: Int, in box: any LayoutBox, kind: String, priority: ResolvedTree.PriorityRule,
                       direction: LayoutDirection) {
        let child = pending[position]
        tree.childList.append(child)
        tree.boxes.append(box)
        pending[position] = add(ResolvedTree.Record(content: .container(Int32(tree.boxes.count - 1)), firstChild: Int32(tree.childList.count - 1),
                                                    childCount: 1, priorityRule: priority, mirrored: direction == .rightToLeft), kind: kind)
    }

    /// Pairs the pending node at `position` with the layer just made (the last pending node) in a
    /// two-child container of `box`, the layer first when it is `behind`, and puts the container
    /// at `position`.
    mutating func wrapWithLayer(at position: Int, behind: Bool, box: any LayoutBox, kind: String, priority: ResolvedTree.PriorityRule,
                                direction: LayoutDirection) {
        let layer = pending.removeLast()
        let primary = pending[position]
        let first = tree.childList.count
        tree.childList.append(behind ? layer : primary)
        tree.childList.append(behind ? primary : layer)
        tree.boxes.append(box)
        pending[position] = add(ResolvedTree.Record(content: .container(Int32(tree.boxes.count - 1)), firstChild: Int32(first),
                                                    childCount: 2, priorityRule: priority, mirrored: direction == .rightToLeft), kind: kind)
    }

    private mutating func push(_ record: ResolvedTree.Record, kind: String) {
        pending.append(add(record, kind: kind))
    }

    /// Adds `record` to the tree with the code of `kind`; returns its node number. Every record
    /// is added here, so none goes without its kind.
    @inline(__always)
    private mutating func add(_ record: ResolvedTree.Record, kind: String) -> Int32 {
        var record = record
        record.kindCode = kindCode(kind)
        tree.records.append(record)
        return Int32(tree.records.count - 1)
    }

    /// Changes the attributes of the pending node at `position`.
    mutating func editAttributes(at position: Int, _ change: (inout ResolvedTree.Attributes) -> Void) {
        let node = Int(pending[position])
        var index = Int(tree.records[node].attributes)
        if index < 0 {
            tree.attributes.append(ResolvedTree.Attributes())
            index = tree.attributes.count - 1
            tree.records[node].attributes = Int32(index)
        }
        change(&tree.attributes[index])
    }

    /// Where the builder stands, to take back nodes made only to be counted.
    @usableFromInline
    struct Mark {
        let records, childList, attributes, paints, texts, leaves, boxes, pending: Int
    }

    @usableFromInline
    var mark: Mark {
        Mark(records: tree.records.count, childList: tree.childList.count, attributes: tree.attributes.count,
             paints: tree.paints.count, texts: tree.texts.count, leaves: tree.leaves.count, boxes: tree.boxes.count, pending: pending.count)
    }

    /// Makes room for `times` more of what was made since `mark`: `ForEach` measures its first
    /// element and reserves for the rest, so large trees grow their arrays once instead of by
    /// repeated doubling (each a copy, and at 100,000 views fresh pages to fault in).
    @usableFromInline
    mutating func reserve(repeating mark: Mark, times: Int) {
        // Beyond this many entries per array, growth is left to the arrays themselves.
        let limit = 1 << 24
        // A few more for the containers around the repeated views (the stack or flow holding
        // them, its frame and padding): without it the first of those copies the whole array.
        let slack = 64
        func room<T>(_ array: inout [T], _ since: Int, plus extra: Int = 0) {
            let each = array.count - since + extra
            guard each > 0, times > 0, each <= limit / times else { return }
            array.reserveCapacity(array.count + each * times + slack)
        }
        room(&tree.records, mark.records)
        // Every pending node joins a container's child run later: room for those entries too.
        room(&tree.childList, mark.childList, plus: pending.count - mark.pending)
        room(&tree.attributes, mark.attributes)
        room(&tree.paints, mark.paints)
        room(&tree.texts, mark.texts)
        room(&tree.leaves, mark.leaves)
        room(&tree.boxes, mark.boxes)
        room(&pending, mark.pending)
    }

    /// Forgets everything made since `mark`.
    mutating func rollBack(to mark: Mark) {
        tree.records.removeSubrange(mark.records...)
        tree.childList.removeSubrange(mark.childList...)
        tree.attributes.removeSubrange(mark.attributes...)
        tree.paints.removeSubrange(mark.paints...)
        tree.texts.removeSubrange(mark.texts...)
        tree.leaves.removeSubrange(mark.leaves...)
        tree.boxes.removeSubrange(mark.boxes...)
        pending.removeSubrange(mark.pending...)
    }

    /// The finished tree rooted at `root`.
    @usableFromInline
    func finish(root: Int) -> ResolvedTree {
        var tree = tree
        tree.root = root
        tree.finish()
        return tree
    }
}
