import Foundation

/// Walks a placed tree and emits its display list: one function per node part, offsets folded
/// into positions, frames rounded to pixels (docs/layout-rules.md §7.4).
struct DisplayListBuilder {
    let pass: LayoutPass
    let scale: CGFloat
    /// Frames of views tagged with `.id(_:)`, in root coordinates with offsets applied.
    private(set) var taggedFrames = TaggedFrames()
    /// The tree path of each tagged view, by the id's text.
    private(set) var taggedPaths: [String: String] = [:]

    let measurer: any TextMeasurer
    /// Font problems met while drawing text, each once.
    private(set) var fontProblems: [FontError] = []
    /// Characters no face could draw, each once.
    private(set) var missingCharacters: [Character] = []
    /// The path of the node being drawn ("0.2.1"), packed as `PackedPath` holds it, so an item's
    /// identity copies it instead of making a string: the characters so far, four bits each, and
    /// their count. A container saves these three and puts them back after each child.
    private var packedLow: UInt64 = 0
    private var packedHigh: UInt32 = 0
    private var packedCount = 0
    /// The path's text, kept only while it is longer than `PackedPath.capacity` characters (then
    /// exactly `packedCount` bytes): nearly every path packs, and its text is made from the packed
    /// form when asked for (tagged views, geometry readers' content).
    private var longPath: [UInt8] = []

    /// The pass's tree, held once rather than fetched through the pass at every read.
    private let tree: ResolvedTree

    /// Where this layout's root coordinates sit in the canvas: zero, except for the content of
    /// a geometry reader, laid out on its own.
    private let origin: CGPoint
    /// The path the walk starts from: "0", or below the leaf of a geometry reader.
    private let rootPath: [UInt8]
    /// The frames of named coordinate spaces met so far, in the canvas.
    private var namedSpaces: [String: CGRect]
    /// The container whose children are being drawn, with its translation: a preference layer
    /// reads its siblings' values.
    private var parent: (node: Int, translation: CGSize)?
    /// How many geometry readers deep this layout is.
    private let depth: Int
    /// The content laid out for each geometry reader or preference layer drawn so far, by node.
    private(set) var layers: [Int: DeferredLayout] = [:]

    init(pass: LayoutPass, scale: CGFloat, measurer: any TextMeasurer) {
        self.init(pass: pass, scale: scale, measurer: measurer, origin: .zero, rootPath: Array("0".utf8), namedSpaces: [:], depth: 0)
    }

    private init(pass: LayoutPass, scale: CGFloat, measurer: any TextMeasurer, origin: CGPoint, rootPath: [UInt8],
                 namedSpaces: [String: CGRect], depth: Int) {
        self.pass = pass
        self.tree = pass.tree
        self.scale = scale
        self.measurer = measurer
        self.origin = origin
        self.rootPath = rootPath
        self.namedSpaces = namedSpaces
        self.depth = depth
    }

    /// Every item, back to front.
    mutating func items() -> [DisplayItem] {
        var items: [DisplayItem] = []
        guard tree.count > 0 else { return items }
        longPath.removeAll(keepingCapacity: true)
        (packedLow, packedHigh, packedCount) = (0, 0, 0)
        for byte in rootPath { pack(byte) }
        items.reserveCapacity(tree.count / 2)
        append(tree.root, translation: .zero, taggedAncestor: nil, to: &items)
        return items
    }

    private mutating func append(_ node: Int, translation: CGSize, taggedAncestor: String?, to items: inout [DisplayItem]) {
        // Most nodes have no attributes: no copy of an empty record for them.
        guard tree.records[node].attributes >= 0, let attributes = tree.attributes(of: node) else {
            content(of: node, tagged: false, translation: translation, tag: taggedAncestor, to: &items)
            return
        }
        let tag = attributes.id ?? taggedAncestor
        guard !attributes.effects.isEmpty else {
            content(of: node, tagged: attributes.id != nil, translation: translation, tag: tag, to: &items)
            return
        }
        append(node, attributes: attributes, effect: attributes.effects.count - 1, translation: translation, tag: tag, to: &items)
    }

    /// Applies the node's effects from the outermost in, then draws the node.
    private mutating func append(_ node: Int, attributes: ResolvedTree.Attributes, effect index: Int, translation: CGSize, tag: String?,
                                 to items: inout [DisplayItem]) {
        guard index >= 0 else { return content(of: node, tagged: attributes.id != nil, translation: translation, tag: tag, to: &items) }
        switch attributes.effects[index] {
        case .offset(let delta):
            let moved = CGSize(width: translation.width + delta.width, height: translation.height + delta.height)
            append(node, attributes: attributes, effect: index - 1, translation: moved, tag: tag, to: &items)
        case .clip(let shape):
            var inner: [DisplayItem] = []
            append(node, attributes: attributes, effect: index - 1, translation: translation, tag: tag, to: &inner)
            items.append(DisplayItem(frame: rounded(pass.frame(of: node), translation), identity: identity(node, tag),
                                     content: .group(DisplayGroup(clip: shape, items: inner))))
        case .opacity(let opacity):
            group(node, attributes: attributes, effect: index, translation: translation, tag: tag, to: &items) { $0.opacity = opacity }
        case .clipPath(let shape):
            let frame = rounded(pass.frame(of: node), translation)
            let outline = shape.path(in: CGRect(origin: .zero, size: frame.size))
            group(node, attributes: attributes, effect: index, translation: translation, tag: tag, to: &items) { $0.clipPath = outline }
        case .shadow(let shadow):
            group(node, attributes: attributes, effect: index, translation: translation, tag: tag, to: &items) { $0.shadow = shadow }
        case .blendMode(let mode):
            group(node, attributes: attributes, effect: index, translation: translation, tag: tag, to: &items) { $0.blendMode = mode }
        case .hidden:
            // Walked as usual, so the frames of the views inside are still reported, and drawn
            // into nothing.
            var discarded: [DisplayItem] = []
            append(node, attributes: attributes, effect: index - 1, translation: translation, tag: tag, to: &discarded)
        case .transform(let effect):
            let size = rounded(pass.frame(of: node), translation).size
            let matrix = effect.matrix(for: CGSize(width: size.width.isFinite ? size.width : 0, height: size.height.isFinite ? size.height : 0))
            group(node, attributes: attributes, effect: index, translation: translation, tag: tag, to: &items) { $0.transform = matrix }
        case .filter(let filter):
            group(node, attributes: attributes, effect: index, translation: translation, tag: tag, to: &items) { $0.filters = [filter] }
        case .isolated:
            group(node, attributes: attributes, effect: index, translation: translation, tag: tag, to: &items) { $0.isolated = true }
        case .accessibilityLabel(let label):
            group(node, attributes: attributes, effect: index, translation: translation, tag: tag, to: &items) { $0.accessibilityLabel = label }
        case .accessibilityHidden:
            group(node, attributes: attributes, effect: index, translation: translation, tag: tag, to: &items) { $0.accessibilityHidden = true }
        case .masked:
            // The effects inside this one belong to the pair's container, none of which change
            // drawing; the first child is drawn, the second becomes the mask.
            var inner: [DisplayItem] = [], mask: [DisplayItem] = []
            recordFrames(of: node, tagged: attributes.id != nil, translation: translation)
            appendChildren(of: node, translation: translation, tag: tag, to: &inner, rest: &mask)
            // The mask is never shown, so its views' ids are not written as element ids.
            let masking = DisplayList(size: .zero, items: mask).withoutIDs().items
            items.append(DisplayItem(frame: rounded(pass.frame(of: node), translation), identity: identity(node, tag),
                                     content: .group(DisplayGroup(mask: masking, items: inner))))
        }
    }

    /// Draws the node with the effects inside `effect` into a group that `configure` sets up.
    private mutating func group(_ node: Int, attributes: ResolvedTree.Attributes, effect index: Int, translation: CGSize, tag: String?,
                                to items: inout [DisplayItem], configure: (inout DisplayGroup) -> Void) {
        var inner: [DisplayItem] = []
        append(node, attributes: attributes, effect: index - 1, translation: translation, tag: tag, to: &inner)
        var group = DisplayGroup(items: inner)
        configure(&group)
        items.append(DisplayItem(frame: rounded(pass.frame(of: node), translation), identity: identity(node, tag), content: .group(group)))
    }

    /// Draws the node itself. `tagged` says it has an id: the id is read only then, so that the
    /// walk passes no type-erased value around for the untagged majority.
    private mutating func content(of node: Int, tagged: Bool, translation: CGSize, tag: String?, to items: inout [DisplayItem]) {
        let frame = pass.frame(of: node)
        recordFrames(of: node, tagged: tagged, translation: translation)
        switch tree.records[node].content {
        case .shape(let shape, let paint):
            switch tree.paints[Int(paint)] {
            case .fill(let color):
                items.append(DisplayItem(frame: rounded(frame, translation), identity: identity(node, tag), content: .fill(shape, color)))
            case .strokeBorder(let color, let lineWidth):
                guard lineWidth > 0 else { return }
                items.append(DisplayItem(frame: rounded(frame, translation), identity: identity(node, tag),
                                         content: .strokeBorder(shape, color, lineWidth: lineWidth)))
            }
        case .spacer:
            return
        case .leaf(let index):
            let box = rounded(frame, translation)
            switch tree.leaves[Int(index)] {
            case .shape(let shape, let paint):
                guard box.width.isFinite, box.height.isFinite else { return }
                items.append(DisplayItem(frame: box, identity: identity(node, tag), content: .path(paint.drawing(of: shape, size: box.size))))
            case .image(let image):
                items.append(DisplayItem(frame: box, identity: identity(node, tag),
                                         content: .image(ImageDrawing(source: image.source, interpolation: image.interpolation))))
            case .icon(let icon):
                guard let drawing = icon.drawing(size: box.size) else { return }
                items.append(DisplayItem(frame: box, identity: identity(node, tag), content: .path(drawing)))
            case .deferred(let content):
                appendDeferred(content, node: node, frame: box, tag: tag, to: &items)
            }
        case .text(let index):
            let text = tree.texts[Int(index)]
            if text.runs != nil {
                items.append(styled(text, node: node, tag: tag, translation: translation))
                return
            }
            items.append(DisplayItem(frame: rounded(frame, translation), identity: identity(node, tag),
                                     content: .text(run(text, node: node, translation: translation))))
        case .container:
            let packed = (packedLow, packedHigh, packedCount)
            let outer = parent
            parent = (node, translation)
            defer { parent = outer }
            for (position, child) in tree.childRange(node).enumerated() where pass.isShown(Int(tree.childList[child])) {
                step(to: position)
                append(Int(tree.childList[child]), translation: translation, taggedAncestor: tag, to: &items)
                restore(packed)
            }
        }
    }

    /// Records the frame of a tagged node and of a named coordinate space.
    @inline(__always)
    private mutating func recordFrames(of node: Int, tagged: Bool, translation: CGSize) {
        // Most nodes have neither an id nor attributes: nothing to record, and no call.
        guard tagged || tree.records[node].attributes >= 0 else { return }
        recordTagAndSpaceFrames(of: node, tagged: tagged, translation: translation)
    }

    private mutating func recordTagAndSpaceFrames(of node: Int, tagged: Bool, translation: CGSize) {
        let frame = pass.frame(of: node)
        if tagged, let id = tree.id(of: node) {
            taggedFrames.byID[id] = frame.offsetBy(dx: translation.width + origin.x, dy: translation.height + origin.y)
            taggedPaths[id] = pathString()
        }
        if tree.records[node].attributes >= 0, let space = tree.attributes(of: node)?.coordinateSpace {
            namedSpaces[space] = frame.offsetBy(dx: translation.width + origin.x, dy: translation.height + origin.y)
        }
    }

    /// Draws a container's first child into `items` and the others into `rest`, with their
    /// paths, as the container walk does.
    private mutating func appendChildren(of node: Int, translation: CGSize, tag: String?, to items: inout [DisplayItem],
                                         rest: inout [DisplayItem]) {
        guard case .container = tree.records[node].content else { return }
        let packed = (packedLow, packedHigh, packedCount)
        let outer = parent
        parent = (node, translation)
        defer { parent = outer }
        for (position, child) in tree.childRange(node).enumerated() {
            step(to: position)
            if position == 0 {
                append(Int(tree.childList[child]), translation: translation, taggedAncestor: tag, to: &items)
            } else {
                append(Int(tree.childList[child]), translation: translation, taggedAncestor: tag, to: &rest)
            }
            restore(packed)
        }
    }

    /// The most geometry readers inside each other: deeper content is not drawn.
    static let deferredDepthLimit = 32

    /// Makes, lays out and draws the content of a geometry reader or preference layer in `frame`,
    /// its items in a group moved to the frame's corner.
    private mutating func appendDeferred(_ content: DeferredContent, node: Int, frame: CGRect, tag: String?, to items: inout [DisplayItem]) {
        guard depth < Self.deferredDepthLimit, frame.width.isFinite, frame.height.isFinite else { return }
        let global = frame.offsetBy(dx: origin.x, dy: origin.y)
        var input = DeferredInput(proxy: GeometryProxy(size: frame.size, globalFrame: global, namedSpaces: namedSpaces), preference: nil)
        if let preference = content.preference, let parent {
            let reader = PreferenceReader(pass: pass, key: preference.key, reduce: preference.reduce, origin: origin)
            var value: Any?
            for child in tree.children(parent.node) where child != node {
                guard let next = reader.value(of: child, translation: parent.translation) else { continue }
                if var combined = value {
                    preference.reduce(&combined, next)
                    value = combined
                } else {
                    value = next
                }
            }
            input.preference = value ?? preference.defaultValue
        }
        let subtree = content.resolve(input, content.environment)
        let sub = LayoutPass(tree: subtree, measurer: measurer, scale: scale)
        let proposal = ProposedViewSize(width: frame.width, height: frame.height)
        let size = sub.size(subtree.root, proposal)
        let bounds = CGRect(origin: .zero, size: frame.size)
        var placed = content.alignment.place(size, in: bounds)
        // The reader places its content as a container does: mirrored in right-to-left (§6c).
        if content.environment.layoutDirection == .rightToLeft { placed.origin.x = bounds.maxX - placed.maxX }
        sub.place(subtree.root, in: placed, proposal: proposal)
        var builder = DisplayListBuilder(pass: sub, scale: scale, measurer: measurer, origin: global.origin,
                                         rootPath: pathBytes() + Array(".0".utf8), namedSpaces: namedSpaces, depth: depth + 1)
        let inner = builder.items()
        layers[node] = DeferredLayout(pass: sub, origin: global.origin, layers: builder.layers)
        // Frames of the content are already in the canvas: its builder adds `origin`.
        for (id, subFrame) in builder.taggedFrames.byID { taggedFrames.byID[id] = subFrame }
        for (key, value) in builder.taggedPaths { taggedPaths[key] = value }
        for problem in builder.fontProblems where !fontProblems.contains(problem) { fontProblems.append(problem) }
        for character in builder.missingCharacters where !missingCharacters.contains(character) { missingCharacters.append(character) }
        guard !inner.isEmpty else { return }
        items.append(DisplayItem(frame: frame, identity: identity(node, tag),
                                 content: .group(DisplayGroup(translation: CGSize(width: frame.minX, height: frame.minY), items: inner))))
    }

    /// Goes down to the child at `position`: a dot and its digits packed.
    @inline(__always)
    private mutating func step(to position: Int) {
        // Most steps are to one of the first ten children, within the first 16 characters.
        if position >= 0, position < 10, packedCount <= 14 {
            packedLow |= (UInt64(position + 1) << 4 | UInt64(PackedPath.dotCode)) << (4 * packedCount)
            packedCount += 2
            return
        }
        stepAnywhere(to: position)
    }

    private mutating func stepAnywhere(to position: Int) {
        // The characters' codes, the first in the low bits: the digits are taken from the last,
        // each shifting the others up, then the dot goes in front.
        var codes: UInt64 = 0, length = 0, value = max(position, 0)
        repeat {
            codes = codes << 4 | UInt64(PackedPath.code(of: UInt8(ascii: "0") + UInt8(value % 10)))
            value /= 10
            length += 1
        } while value > 0
        codes = codes << 4 | UInt64(PackedPath.dotCode)
        length += 1
        if packedCount + length <= 16 {
            packedLow |= codes << (4 * packedCount)
            packedCount += length
        } else {
            for index in 0 ..< length { pack(code: codes >> (4 * index) & 0xF) }
        }
    }

    /// Adds a character (a digit or the dot) to the packed path, in `PackedPath`'s code.
    private mutating func pack(_ character: UInt8) {
        pack(code: UInt64(PackedPath.code(of: character)))
    }

    /// Adds a character's code (`PackedPath.code(of:)`) to the packed path; past its capacity,
    /// to the path's text.
    @inline(__always)
    private mutating func pack(code: UInt64) {
        if packedCount < 16 {
            packedLow |= code << (4 * packedCount)
        } else if packedCount < PackedPath.capacity {
            packedHigh |= UInt32(code) << (4 * (packedCount - 16))
        } else {
            if packedCount == PackedPath.capacity { longPath = PackedPath.packed(packedLow, packedHigh).bytes }
            longPath.append(PackedPath.byte(of: UInt8(code)))
        }
        packedCount += 1
    }

    /// Goes back up to a path saved before a step down.
    @inline(__always)
    private mutating func restore(_ saved: (UInt64, UInt32, Int)) {
        // The text is cut back to the saved path, or dropped once the path packs again.
        if packedCount > PackedPath.capacity {
            if saved.2 > PackedPath.capacity { longPath.removeLast(packedCount - saved.2) } else { longPath.removeAll(keepingCapacity: true) }
        }
        (packedLow, packedHigh, packedCount) = saved
    }

    /// The lines of a text as it was laid out for its placement proposal, each aligned inside the
    /// text's frame by the multiline alignment; positions are relative to the frame.
    private mutating func run(_ text: TextLeaf, node: Int, translation: CGSize) -> TextRun {
        let layout = pass.textLayout(node, text, pass.placementProposal(of: node))
        for problem in measurer.problems(for: text.font) where !fontProblems.contains(problem) { fontProblems.append(problem) }
        for character in layout.missing where !missingCharacters.contains(character) { missingCharacters.append(character) }
        // Lines start from the rounded frame, so text sits on the same pixel grid as its view.
        let frame = rounded(pass.frame(of: node), translation)
        let lines = layout.lines.enumerated().map { index, line in
            let free = frame.width - line.width
            let x: CGFloat = switch text.options.alignment {
            case .leading: 0
            case .center: free / 2
            case .trailing: free
            }
            let baseline = layout.baseline(ofLine: index)
            return TextRun.Line(text: line.text, origin: CGPoint(x: x, y: baseline), width: line.width, glyphs: line.glyphs, hyphen: line.hyphen)
        }
        // The layout's font: smaller than the text's when it shrank to fit.
        return TextRun(lines: lines, font: layout.font, color: text.color, metrics: layout.metrics)
    }

    /// A text with styled pieces: a group (the text's identity) holding, line by line in reading
    /// order, a text item per piece in its own font and colour, and its underline and
    /// strikethrough as filled rectangles at the font's positions (docs/layout-rules.md §2.2).
    /// Items inside are named by the text's path and their number ("0.1#3"), so an animation
    /// matches each with its counterpart.
    private mutating func styled(_ text: TextLeaf, node: Int, tag: String?, translation: CGSize) -> DisplayItem {
        let layout = pass.textLayout(node, text, pass.placementProposal(of: node))
        for run in text.runs ?? [] {
            for problem in measurer.problems(for: run.font) where !fontProblems.contains(problem) { fontProblems.append(problem) }
        }
        for character in layout.missing where !missingCharacters.contains(character) { missingCharacters.append(character) }
        let frame = rounded(pass.frame(of: node), translation)
        let group = identity(node, tag)
        let path = group.path
        var items: [DisplayItem] = []
        func add(_ content: DisplayItem.Content, _ itemFrame: CGRect) {
            items.append(DisplayItem(frame: itemFrame, identity: ViewIdentity(path: "\(path)#\(items.count)", kind: group.kind), content: content))
        }
        for (index, line) in layout.lines.enumerated() {
            let free = frame.width - line.width
            let x: CGFloat = switch text.options.alignment {
            case .leading: 0
            case .center: free / 2
            case .trailing: free
            }
            let baseline = layout.baseline(ofLine: index)
            for piece in line.pieces {
                let origin = CGPoint(x: x + piece.x, y: baseline - piece.baselineOffset)
                if !piece.text.isEmpty {
                    let pieceLine = TextRun.Line(text: piece.text, origin: origin, width: piece.width, glyphs: piece.glyphs)
                    add(.text(TextRun(lines: [pieceLine], font: piece.font, color: piece.color, metrics: piece.metrics)), frame)
                }
                // Lines from the font: the top of each is its position above the baseline.
                let m = piece.metrics
                for (color, top, thickness) in [(piece.underline, m.underlinePosition, m.underlineThickness),
                                                (piece.strikethrough, m.strikeoutPosition, m.strikeoutThickness)] {
                    guard let color, piece.width > 0, thickness > 0 else { continue }
                    let rect = CGRect(x: frame.minX + origin.x, y: frame.minY + origin.y - top, width: piece.width, height: thickness)
                    guard rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite else { continue }
                    add(.fill(.rectangle, color), rect)
                }
            }
        }
        return DisplayItem(frame: frame, identity: group, content: .group(DisplayGroup(items: items)))
    }

    private func rounded(_ frame: CGRect, _ translation: CGSize) -> CGRect {
        PixelRounding.round(frame.offsetBy(dx: translation.width, dy: translation.height), scale: scale)
    }

    private func identity(_ node: Int, _ tag: String?) -> ViewIdentity {
        // A path too long to pack is kept as text, as `PackedPath` would keep it.
        let storage = packedCount <= PackedPath.capacity ? PackedPath.packed(packedLow, packedHigh) : PackedPath(pathBytes())
        return ViewIdentity(storage: storage, kind: tree.kinds[node], id: tag)
    }

    /// The current path as UTF-8: `rootPath`, then a dot and the position of each step.
    private func pathBytes() -> [UInt8] {
        packedCount > PackedPath.capacity ? longPath : PackedPath.packed(packedLow, packedHigh).bytes
    }

    /// The current path as a string. Made in place: a path of up to 15 ASCII bytes becomes a
    /// small string without the UTF-8 validation `String(decoding:as:)` would run.
    private func pathString() -> String {
        pathBytes().withUnsafeBufferPointer { bytes in
            String(unsafeUninitializedCapacity: bytes.count) { buffer in
                _ = buffer.initialize(from: bytes)
                return bytes.count
            }
        }
    }
}

/// The content of one geometry reader or preference layer, laid out on its own after the main
/// pass: kept so that `LayoutTree` can list it under the reader.
struct DeferredLayout {
    let pass: LayoutPass
    /// Where the content's root coordinates sit in the canvas.
    let origin: CGPoint
    /// The content of the readers and layers inside it, by node of `pass`.
    let layers: [Int: DeferredLayout]
}
