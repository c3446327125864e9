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
    /// What the picture shows, in words, for readers who cannot see it: SVG's `<title>` and
    /// `<desc>`, a PNG's `Description` text; nil writes none.
    public var accessibility: PictureAccessibility?

    public init(scale: CGFloat? = nil, background: Color? = nil, accessibility: PictureAccessibility? = nil) {
        self.scale = scale
        self.background = background
        self.accessibility = accessibility
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
    @inlinable
    public func walk<V: DisplayListVisitor>(_ visitor: inout V) {
        Self.walk(items, &visitor)
    }

    /// Walks `items` back to front, a group's items between its `beginGroup` and `endGroup`.
    /// Inlinable, so a backend's walk is specialized for its visitor and calls it directly.
    @inlinable
    public static func walk<V: DisplayListVisitor>(_ items: [DisplayItem], _ visitor: inout V) {
        // Items are read in place; copying each one would retain and release its strings.
        items.withUnsafeBufferPointer { items in
            guard let first = items.baseAddress else { return }
            for index in items.indices {
                DisplayItem.draw(first + index, into: &visitor) { visitor, group in walk(group.items, &visitor) }
            }
        }
    }
}

extension DisplayItem {
    /// Hands the item to the visitor's function for its kind: the one switch over item kinds
    /// that every backend's drawing goes through, so a new kind cannot be skipped by one of them.
    /// A group's items are drawn by `children` (the whole list, or a band's share of it), between
    /// `beginGroup` and `endGroup`. The item is read where it lies, and the function is inlined
    /// into each walk: copying every item would cost a third more on a list of boxes.
    @inlinable @inline(__always)
    public static func draw<V: DisplayListVisitor>(_ item: UnsafePointer<DisplayItem>, into visitor: inout V,
                                                   children: (inout V, DisplayGroup) -> Void) {
        switch item.pointee.content {
        case .fill(let shape, let color):
            visitor.fill(shape, color: color, in: item.pointee.frame, identity: item.pointee.identity)
        case .strokeBorder(let shape, let color, let lineWidth):
            visitor.strokeBorder(shape, color: color, lineWidth: lineWidth, in: item.pointee.frame, identity: item.pointee.identity)
        case .text(let run):
            visitor.text(run, in: item.pointee.frame, identity: item.pointee.identity)
        case .path(let drawing):
            visitor.path(drawing, in: item.pointee.frame, identity: item.pointee.identity)
        case .image(let drawing):
            visitor.image(drawing, in: item.pointee.frame, identity: item.pointee.identity)
        case .group(let group):
            visitor.beginGroup(group, frame: item.pointee.frame, identity: item.pointee.identity)
            children(&visitor, group)
            visitor.endGroup()
        }
    }
}
