import Foundation

/// What the open groups of a walk do to the items inside them, kept the same way by every
/// backend that needs it: the sum of their translations, the canvas rectangle their clips leave,
/// and the product of their opacities. A visitor pushes in `beginGroup` and pops in `endGroup`.
///
/// Clips are in the group's frame before its translation (`DisplayGroup` applies the clip
/// outermost), so a group's clip does not move with the group's own translation.
public struct GroupStack: Sendable {
    /// The sum of the open groups' translations: where an item's coordinates land on the canvas.
    public private(set) var translation = CGSize.zero
    /// The canvas rectangle the open groups' clips leave (their bounding boxes); infinite when
    /// nothing clips.
    public private(set) var clip = CGRect.infinite
    /// The product of the open groups' opacities.
    public private(set) var opacity = 1.0
    private var saved: [(translation: CGSize, clip: CGRect, opacity: Double)] = []

    /// An empty stack: no group open.
    public init() {}

    /// How many groups are open.
    public var depth: Int { saved.count }

    /// Opens `group`, drawn in `frame`.
    public mutating func push(_ group: DisplayGroup, frame: CGRect) {
        saved.append((translation, clip, opacity))
        if DrawnBounds.isDrawable(frame) {
            if group.clip != nil { clip = clip.intersection(canvasRect(frame)) }
            if let clipPath = group.clipPath, clipPath.isFinite {
                let box = clipPath.boundingRect
                clip = box.isNull ? .null : clip.intersection(canvasRect(box.offsetBy(dx: frame.minX, dy: frame.minY)))
            }
        }
        if group.translation.width.isFinite, group.translation.height.isFinite {
            translation.width += group.translation.width
            translation.height += group.translation.height
        }
        opacity *= min(max(group.opacity.isFinite ? group.opacity : 1, 0), 1)
    }

    /// Closes the innermost open group; nothing when none is open.
    public mutating func pop() {
        guard let last = saved.popLast() else { return }
        (translation, clip, opacity) = last
    }

    /// Where `rect`, in the coordinates of the items inside the open groups, lands on the canvas,
    /// before the clips.
    public func canvasRect(_ rect: CGRect) -> CGRect {
        rect.isNull ? rect : rect.offsetBy(dx: translation.width, dy: translation.height)
    }

    /// What of `rect` shows on the canvas: moved by the translations and cut by the clips;
    /// `.null` when nothing shows.
    public func visibleRect(_ rect: CGRect) -> CGRect {
        let moved = canvasRect(rect)
        return moved.isNull || clip.isInfinite ? moved : moved.intersection(clip)
    }
}
