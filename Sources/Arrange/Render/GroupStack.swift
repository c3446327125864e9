import Foundation

/// What the open groups of a walk do to the items inside them, kept the same way by every
/// backend that needs it: the sum of their translations (and, with transforms, the whole
/// affine transform to the canvas), the canvas rectangle their clips and masks leave, and the
/// product of their opacities. A visitor pushes in `beginGroup` and pops in `endGroup`.
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
    /// The open groups' translations and transforms together: where a point of an item lands on
    /// the canvas.
    public private(set) var transform = CGAffineTransform.identity
    /// Whether `transform` only translates: then `translation` says all it does.
    public var translatesOnly: Bool { transform.a == 1 && transform.b == 0 && transform.c == 0 && transform.d == 1 }
    private var saved: [(translation: CGSize, clip: CGRect, opacity: Double, transform: CGAffineTransform)] = []

    /// An empty stack: no group open.
    public init() {}

    /// How many groups are open.
    public var depth: Int { saved.count }

    /// Opens `group`, drawn in `frame`.
    public mutating func push(_ group: DisplayGroup, frame: CGRect) {
        saved.append((translation, clip, opacity, transform))
        if DrawnBounds.isDrawable(frame) {
            if group.clip != nil { clip = clip.intersection(canvasRect(frame)) }
            if let clipPath = group.clipPath, clipPath.isFinite {
                let box = clipPath.boundingRect
                clip = box.isNull ? .null : clip.intersection(canvasRect(box.offsetBy(dx: frame.minX, dy: frame.minY)))
            }
            // What a mask leaves, and an opaque blur's frame, cut as a clip would.
            if group.hasDrawingEffects {
                let content = DrawnBounds.contentBounds(of: group, in: frame) { 3 * max($0.radius, 0) + 4 }
                if group.mask != nil || group.filters.contains(where: { if case .blur(_, true) = $0 { true } else { false } }) {
                    clip = content.isNull ? .null : clip.intersection(canvasRect(content))
                }
            }
        }
        if group.hasDrawingEffects {
            let moved = group.itemTransform(in: DrawnBounds.isDrawable(frame) ? frame : .zero)
            if [moved.a, moved.b, moved.c, moved.d, moved.tx, moved.ty].allSatisfy(\.isFinite) {
                transform = moved.concatenating(transform)
            }
            if group.transform.isIdentity, group.translation.width.isFinite, group.translation.height.isFinite {
                translation.width += group.translation.width
                translation.height += group.translation.height
            }
        } else if group.translation.width.isFinite, group.translation.height.isFinite {
            translation.width += group.translation.width
            translation.height += group.translation.height
            transform = CGAffineTransform(translationX: group.translation.width, y: group.translation.height).concatenating(transform)
        }
        opacity *= min(max(group.opacity.isFinite ? group.opacity : 1, 0), 1)
    }

    /// Closes the innermost open group; nothing when none is open.
    public mutating func pop() {
        guard let last = saved.popLast() else { return }
        (translation, clip, opacity, transform) = last
    }

    /// Where `rect`, in the coordinates of the items inside the open groups, lands on the canvas,
    /// before the clips.
    public func canvasRect(_ rect: CGRect) -> CGRect {
        guard !rect.isNull else { return rect }
        return translatesOnly ? rect.offsetBy(dx: transform.tx, dy: transform.ty) : DrawnBounds.transformed(rect, transform)
    }

    /// What of `rect` shows on the canvas: moved by the translations and cut by the clips;
    /// `.null` when nothing shows.
    public func visibleRect(_ rect: CGRect) -> CGRect {
        let moved = canvasRect(rect)
        return moved.isNull || clip.isInfinite ? moved : moved.intersection(clip)
    }
}
