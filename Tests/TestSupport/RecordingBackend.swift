import Arrange
import ArrangeBackends
import Foundation

/// A backend that draws nothing and records every item it is handed, with where it draws on
/// the canvas: its drawn bounds (`DrawnBounds`) moved by the open groups' translations and cut
/// by their clips (`GroupStack`). It goes through the same walk as every backend, so tests can
/// hold SVG's and Cairo's pictures against it: ink outside every recorded bound, or a recorded
/// item with no ink, is a backend drawing something other than the list.
///
/// Registered beside the shipped backends in `BackendRegistry.testing`: it writes the format
/// "recording", JSON of `RecordingBackend.Item`s in drawing order.
public struct RecordingBackend: Backend {
    public init() {}

    /// The format it writes.
    public static let format = OutputFormat(rawValue: "recording")

    public var name: String { "recording" }
    public var formats: [OutputFormat] { [Self.format] }
    public var options: [BackendOption] { [] }

    /// One drawn item.
    public struct Item: Codable, Equatable, Sendable {
        /// "fill", "strokeBorder", "text", "path", "image" or "group".
        public var kind: String
        /// The view's tree path.
        public var path: String
        /// How many groups it is inside.
        public var depth: Int
        /// Where it can draw on the canvas, in points, as [x, y, width, height]; nil when nothing
        /// of it shows (clipped away, or a frame that is not finite).
        public var bounds: [Double]?
        /// The product of the open groups' opacities and its own paint's (1 for gradients and
        /// images), rounded to 1/255: 0 means it draws no ink.
        public var opacity: Double
        /// Whether it draws ink of its own when visible: false for text of spaces only, and for
        /// a group without a shadow (its items draw, not it).
        public var hasInk: Bool

        /// The bounds as a rectangle; `.null` when nothing shows.
        public var rect: CGRect {
            guard let bounds, bounds.count == 4 else { return .null }
            return CGRect(x: bounds[0], y: bounds[1], width: bounds[2], height: bounds[3])
        }
    }

    public func draw(_ list: DisplayList, as format: OutputFormat, settings: BackendSettings) throws -> Data {
        guard format == Self.format else { throw RenderError.backend("the recording backend writes 'recording', not \(format.rawValue)") }
        var recorder = Recorder()
        list.walk(&recorder)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(recorder.items)
    }

    /// The items of a recording.
    public static func items(in data: Data) throws -> [Item] {
        try JSONDecoder().decode([Item].self, from: data)
    }

    /// The visitor: one record per item.
    private struct Recorder: DisplayListVisitor {
        var items: [Item] = []
        var groups = GroupStack()

        /// Three deviations of blur, and four points for the rasterisers' kernels (Cairo's three
        /// box passes reach 3σ and up to four pixels more).
        static func shadowReach(_ shadow: Shadow) -> CGFloat { 3 * max(shadow.radius, 0) + 4 }

        mutating func record(_ content: DisplayItem.Content, _ frame: CGRect, _ identity: ViewIdentity,
                             alpha: Double = 1, hasInk: Bool = true) {
            let drawn = DrawnBounds.of(DisplayItem(frame: frame, identity: identity, content: content), shadowReach: Self.shadowReach)
            let shown = drawn.isNull ? drawn : groups.visibleRect(drawn)
            let bounds = shown.isNull ? nil : [Double(shown.minX), Double(shown.minY), Double(shown.width), Double(shown.height)]
            items.append(Item(kind: content.kind.rawValue, path: identity.path, depth: groups.depth, bounds: bounds,
                              opacity: (groups.opacity * alpha * 255).rounded() / 255, hasInk: hasInk))
        }

        mutating func fill(_ shape: ShapeKind, color: Color, in frame: CGRect, identity: ViewIdentity) {
            record(.fill(shape, color), frame, identity, alpha: color.alpha)
        }

        mutating func strokeBorder(_ shape: ShapeKind, color: Color, lineWidth: CGFloat, in frame: CGRect, identity: ViewIdentity) {
            record(.strokeBorder(shape, color, lineWidth: lineWidth), frame, identity, alpha: lineWidth > 0 ? color.alpha : 0)
        }

        mutating func text(_ run: TextRun, in frame: CGRect, identity: ViewIdentity) {
            let ink = run.lines.contains { !$0.glyphs.isEmpty && $0.text.contains { !$0.isWhitespace } }
            record(.text(run), frame, identity, alpha: run.color.alpha, hasInk: ink)
        }

        mutating func path(_ drawing: PathDrawing, in frame: CGRect, identity: ViewIdentity) {
            var alpha = 1.0
            if case .color(let color) = drawing.paint { alpha = color.alpha }
            record(.path(drawing), frame, identity, alpha: alpha)
        }

        mutating func image(_ drawing: ImageDrawing, in frame: CGRect, identity: ViewIdentity) {
            record(.image(drawing), frame, identity)
        }

        mutating func beginGroup(_ group: DisplayGroup, frame: CGRect, identity: ViewIdentity) {
            record(.group(group), frame, identity, alpha: group.shadow?.color.alpha ?? 1, hasInk: group.shadow != nil)
            groups.push(group, frame: frame)
        }

        mutating func endGroup() {
            groups.pop()
        }
    }
}

extension BackendRegistry {
    /// The shipped backends and the recording one: the registry tests draw with.
    public static let testing = BackendRegistry.standard.adding(RecordingBackend())
}
