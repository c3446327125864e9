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
    /// The path of the node being drawn, "0.2.1", as UTF-8: extended and cut back as the walk
    /// goes down and up. Tagged views' paths are made from it.
    private var path: [UInt8] = []
    /// The same path packed as `PackedPath` holds it, kept alongside, so an item's identity
    /// copies it instead of making a string: the characters so far, four bits each, and their
    /// count (past `PackedPath.capacity` the path is made from `path` instead).
    private var packedLow: UInt64 = 0
    private var packedHigh: UInt32 = 0
    private var packedCount = 0

    /// The pass's tree, held once rather than fetched through the pass at every read.
    private let tree: ResolvedTree

    init(pass: LayoutPass, scale: CGFloat, measurer: any TextMeasurer) {
        self.pass = pass
        self.tree = pass.tree
        self.scale = scale
        self.measurer = measurer
    }

    /// Every item, back to front.
    mutating func items() -> [DisplayItem] {
        var items: [DisplayItem] = []
        guard tree.count > 0 else { return items }
        path = Array("0".utf8)
        (packedLow, packedHigh, packedCount) = (0, 0, 0)
        pack(UInt8(ascii: "0"))
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
        let tag = attributes.id.map { TaggedFrames.key($0) } ?? taggedAncestor
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
            var inner: [DisplayItem] = []
            append(node, attributes: attributes, effect: index - 1, translation: translation, tag: tag, to: &inner)
            items.append(DisplayItem(frame: rounded(pass.frame(of: node), translation), identity: identity(node, tag),
                                     content: .group(DisplayGroup(opacity: opacity, items: inner))))
        }
    }

    /// Draws the node itself. `tagged` says it has an id: the id is read only then, so that the
    /// walk passes no type-erased value around for the untagged majority.
    private mutating func content(of node: Int, tagged: Bool, translation: CGSize, tag: String?, to items: inout [DisplayItem]) {
        let frame = pass.frame(of: node)
        if tagged, let id = tree.id(of: node) {
            taggedFrames[id] = frame.offsetBy(dx: translation.width, dy: translation.height)
            taggedPaths[TaggedFrames.key(id)] = pathString()
        }
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
        case .text(let index):
            let text = tree.texts[Int(index)]
            items.append(DisplayItem(frame: rounded(frame, translation), identity: identity(node, tag),
                                     content: .text(run(text, node: node, translation: translation))))
        case .container:
            let length = path.count
            let packed = (packedLow, packedHigh, packedCount)
            for (position, child) in tree.childRange(node).enumerated() {
                path.append(UInt8(ascii: "."))
                pack(UInt8(ascii: "."))
                appendDigits(position)
                append(Int(tree.childList[child]), translation: translation, taggedAncestor: tag, to: &items)
                // Cut back one byte at a time: cheaper than a range removal for a few digits.
                while path.count > length { path.removeLast() }
                (packedLow, packedHigh, packedCount) = packed
            }
        }
    }

    private mutating func appendDigits(_ value: Int) {
        // Most nodes are among a container's first ten children: one digit, no recursion.
        if value >= 10 { appendDigits(value / 10) }
        let digit = UInt8(ascii: "0") + UInt8(value % 10)
        path.append(digit)
        pack(digit)
    }

    /// Adds a character (a digit or the dot) to the packed path, in `PackedPath`'s code.
    private mutating func pack(_ character: UInt8) {
        let code = character == UInt8(ascii: ".") ? 11 : character - UInt8(ascii: "0") + 1
        if packedCount < 16 {
            packedLow |= UInt64(code) << (4 * packedCount)
        } else if packedCount < PackedPath.capacity {
            packedHigh |= UInt32(code) << (4 * (packedCount - 16))
        }
        packedCount += 1
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
            let x: CGFloat = switch text.alignment {
            case .leading: 0
            case .center: free / 2
            case .trailing: free
            }
            let baseline = CGFloat(index) * layout.metrics.lineHeight + layout.metrics.ascent
            return TextRun.Line(text: line.text, origin: CGPoint(x: x, y: baseline), width: line.width, glyphs: line.glyphs)
        }
        return TextRun(lines: lines, font: text.font, color: text.color, metrics: layout.metrics)
    }

    private func rounded(_ frame: CGRect, _ translation: CGSize) -> CGRect {
        PixelRounding.round(frame.offsetBy(dx: translation.width, dy: translation.height), scale: scale)
    }

    private func identity(_ node: Int, _ tag: String?) -> ViewIdentity {
        // A path too long to pack is kept as text, as `PackedPath` would keep it.
        let storage = packedCount <= PackedPath.capacity ? PackedPath.packed(packedLow, packedHigh) : PackedPath(path)
        return ViewIdentity(storage: storage, kind: tree.kinds[node], id: tag)
    }

    /// The current path as a string. Made in place: a path of up to 15 ASCII bytes becomes a
    /// small string without the UTF-8 validation `String(decoding:as:)` would run.
    private func pathString() -> String {
        path.withUnsafeBufferPointer { bytes in
            String(unsafeUninitializedCapacity: bytes.count) { buffer in
                _ = buffer.initialize(from: bytes)
                return bytes.count
            }
        }
    }
}
