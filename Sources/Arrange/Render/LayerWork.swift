import Foundation

extension DisplayList {
    /// How many pixels drawing this list at `scale` pushes through offscreen layers: the cost a
    /// scene controls beyond its canvas, which `Limits.layerPixels` bounds before anything is
    /// drawn.
    ///
    /// A group with an opacity under 1, a blend mode, filters, a mask or isolation is drawn aside on a layer as large as
    /// what can show of it (its clip, else everything its enclosing clips leave of the canvas),
    /// then composited; a shadow is drawn aside over the group's frame widened by its blur, and
    /// blurred in six passes, so it counts `shadowPasses` times. Each is clipped to the canvas
    /// (and, for shadows, its blur's reach). An estimate from frames, not an exact count: a
    /// hundred full-canvas opacity groups cost about a hundred canvases, whatever they hold.
    public func layerPixels(scale: CGFloat) -> Double {
        let s = Double(scale.isFinite && scale > 0 ? scale : 1)
        let canvas = CGRect(origin: .zero, size: size)
        var total = 0.0
        func area(_ rect: CGRect) -> Double {
            let r = rect.standardized
            guard !r.isNull, r.width.isFinite, r.height.isFinite else { return 0 }
            return Double(r.width) * Double(r.height) * s * s
        }
        func visit(_ items: [DisplayItem], offset: CGSize, visible: CGRect) {
            for item in items {
                guard case .group(let group) = item.content else { continue }
                let frame = item.frame.offsetBy(dx: offset.width, dy: offset.height)
                let shown = group.clip != nil || group.clipPath != nil ? visible.intersection(frame) : visible
                if group.opacity < 1 || group.blendMode != .normal { total += area(shown) }
                if let shadow = group.shadow, shadow.radius.isFinite {
                    // The blur reaches about three deviations (librsvg's kernels stop at 500 pixels).
                    let reach = CGFloat(min(3 * Double(max(shadow.radius, 0)) * s, 760) / s)
                    let widened = frame.insetBy(dx: -reach, dy: -reach)
                    total += Self.shadowPasses * area(widened.intersection(visible.insetBy(dx: -reach, dy: -reach)))
                }
                if group.hasDrawingEffects {
                    // An isolated layer, a mask's two layers, a filtered layer, and a blur's passes
                    // as a shadow's.
                    var layers = (group.isolated ? 1.0 : 0) + (group.mask != nil ? 2 : 0) + (group.filters.isEmpty ? 0 : 1)
                    for case .blur in group.filters { layers += Self.shadowPasses }
                    total += layers * area(shown)
                }
                guard !shown.isNull, !shown.isEmpty else { continue }
                if !group.transform.isIdentity {
                    // Where a transform moves the items is not followed: they count over what shows.
                    visit(group.items, offset: .zero, visible: canvas)
                    continue
                }
                let inner = CGSize(width: offset.width + group.translation.width, height: offset.height + group.translation.height)
                visit(group.items, offset: inner, visible: shown)
            }
        }
        visit(items, offset: .zero, visible: canvas)
        return total
    }

    /// How many times a shadow's area counts: a capture, three box blurs each way and a composite,
    /// each redone for every band of a tall PNG that the blur reaches (measured: a shadow costs
    /// about twenty composited layers of its area).
    static let shadowPasses = 20.0
}
