import Foundation

/// Turns a display list into an output (an SVG string, PNG or PDF data), one function per item
/// kind.
///
/// A renderer walks the list with `DisplayList.walk(_:)` and a `DisplayListVisitor` of its own,
/// which receives the items in drawing order and keeps the output state between those calls.
public protocol Renderer {
    associatedtype Output
    /// Renders `list` with `options`.
    func render(_ list: DisplayList, options: RenderOptions) throws -> Output
}

/// Options shared by every backend.
public struct RenderOptions: Hashable, Sendable {
    /// Pixels per point: 1, 2 or 3 for 1×, 2×, 3× pictures. nil uses the list's own scale.
    public var scale: CGFloat?
    /// The colour under everything; nil leaves the canvas transparent.
    public var background: Color?

    public init(scale: CGFloat? = nil, background: Color? = nil) {
        self.scale = scale
        self.background = background
    }

    /// The scale to draw at for `list`.
    public func resolvedScale(for list: DisplayList) -> CGFloat { scale ?? list.scale }
}

/// The receiver of a display-list walk: one function per item kind.
public protocol DisplayListVisitor {
    mutating func fill(_ shape: ShapeKind, color: Color, in frame: CGRect, identity: ViewIdentity)
    mutating func strokeBorder(_ shape: ShapeKind, color: Color, lineWidth: CGFloat, in frame: CGRect, identity: ViewIdentity)
    mutating func text(_ run: TextRun, in frame: CGRect, identity: ViewIdentity)
    /// A path filled or stroked; its points are relative to `frame`'s top-left corner.
    mutating func path(_ drawing: PathDrawing, in frame: CGRect, identity: ViewIdentity)
    /// An image stretched over `frame`.
    mutating func image(_ drawing: ImageDrawing, in frame: CGRect, identity: ViewIdentity)
    /// Starts a group; every item until the matching `endGroup` belongs to it.
    mutating func beginGroup(_ group: DisplayGroup, frame: CGRect, identity: ViewIdentity)
    mutating func endGroup()
}

extension DisplayList {
    /// Walks the items back to front, calling `visitor` once per item.
    public func walk<V: DisplayListVisitor>(_ visitor: inout V) {
        Self.walk(items, &visitor)
    }

    private static func walk<V: DisplayListVisitor>(_ items: [DisplayItem], _ visitor: inout V) {
        for item in items {
            switch item.content {
            case .fill(let shape, let color):
                visitor.fill(shape, color: color, in: item.frame, identity: item.identity)
            case .strokeBorder(let shape, let color, let lineWidth):
                visitor.strokeBorder(shape, color: color, lineWidth: lineWidth, in: item.frame, identity: item.identity)
            case .text(let run):
                visitor.text(run, in: item.frame, identity: item.identity)
            case .path(let drawing):
                visitor.path(drawing, in: item.frame, identity: item.identity)
            case .image(let drawing):
                visitor.image(drawing, in: item.frame, identity: item.identity)
            case .group(let group):
                visitor.beginGroup(group, frame: item.frame, identity: item.identity)
                walk(group.items, &visitor)
                visitor.endGroup()
            }
        }
    }
}
