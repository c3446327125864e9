import Foundation

/// Walks a placed node tree and emits its display list: one function per node part, offsets
/// folded into positions, frames rounded to pixels (docs/layout-rules.md §7.4).
struct DisplayListBuilder {
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

    init(scale: CGFloat, measurer: any TextMeasurer) {
        self.scale = scale
        self.measurer = measurer
    }

    mutating func items(for node: Node, translation: CGSize = .zero, taggedAncestor: String? = nil) -> [DisplayItem] {
        items(for: node, effect: node.effects.count - 1, translation: translation,
              tag: node.id.map { TaggedFrames.key($0) } ?? taggedAncestor)
    }

    /// Applies the node's effects from the outermost in, then draws the node.
    private mutating func items(for node: Node, effect index: Int, translation: CGSize, tag: String?) -> [DisplayItem] {
        guard index >= 0 else { return content(of: node, translation: translation, tag: tag) }
        switch node.effects[index] {
        case .offset(let delta):
            let moved = CGSize(width: translation.width + delta.width, height: translation.height + delta.height)
            return items(for: node, effect: index - 1, translation: moved, tag: tag)
        case .clip(let shape):
            let inner = items(for: node, effect: index - 1, translation: translation, tag: tag)
            return [DisplayItem(frame: rounded(node.frame, translation), identity: identity(node, tag),
                                content: .group(DisplayGroup(clip: shape, items: inner)))]
        case .opacity(let opacity):
            let inner = items(for: node, effect: index - 1, translation: translation, tag: tag)
            return [DisplayItem(frame: rounded(node.frame, translation), identity: identity(node, tag),
                                content: .group(DisplayGroup(opacity: opacity, items: inner)))]
        }
    }

    private mutating func content(of node: Node, translation: CGSize, tag: String?) -> [DisplayItem] {
        if let id = node.id {
            taggedFrames[id] = node.frame.offsetBy(dx: translation.width, dy: translation.height)
            taggedPaths[TaggedFrames.key(id)] = node.path
        }
        switch node.content {
        case .leaf(.shape(let shape, let paint)):
            let frame = rounded(node.frame, translation)
            switch paint {
            case .fill(let color):
                return [DisplayItem(frame: frame, identity: identity(node, tag), content: .fill(shape, color))]
            case .strokeBorder(let color, let lineWidth):
                guard lineWidth > 0 else { return [] }
                return [DisplayItem(frame: frame, identity: identity(node, tag), content: .strokeBorder(shape, color, lineWidth: lineWidth))]
            }
        case .leaf(.spacer):
            return []
        case .leaf(.text(let text)):
            return [DisplayItem(frame: rounded(node.frame, translation), identity: identity(node, tag),
                                content: .text(run(text, node: node, translation: translation)))]
        case .container:
            return node.children.flatMap { items(for: $0, translation: translation, taggedAncestor: tag) }
        }
    }

    /// The lines of a text as it was laid out for its placement proposal, each aligned inside the
    /// text's frame by the multiline alignment; positions are relative to the frame.
    private mutating func run(_ text: TextLeaf, node: Node, translation: CGSize) -> TextRun {
        let layout = node.textLayouts[node.placementProposal] ?? text.layout(node.placementProposal, measurer: measurer, scale: scale)
        for problem in measurer.problems(for: text.font) where !fontProblems.contains(problem) { fontProblems.append(problem) }
        for character in layout.missing where !missingCharacters.contains(character) { missingCharacters.append(character) }
        // Lines start from the rounded frame, so text sits on the same pixel grid as its view.
        let frame = rounded(node.frame, translation)
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

    private func identity(_ node: Node, _ tag: String?) -> ViewIdentity {
        ViewIdentity(path: node.path, kind: node.kind, id: tag)
    }
}
