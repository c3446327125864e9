import Foundation

/// Rounding of rendered frames to the pixel grid (docs/layout-rules.md §7.4).
enum PixelRounding {
    /// Nearest multiple of `pixel`, ties up: `floor(v / pixel + 0.5) × pixel`.
    static func round(_ value: CGFloat, pixel: CGFloat) -> CGFloat {
        guard value.isFinite else { return value }
        return (value / pixel + 0.5).rounded(.down) * pixel
    }

    /// A frame with both corners rounded independently, so that neighbours never overlap or gap.
    static func round(_ rect: CGRect, scale: CGFloat) -> CGRect {
        let pixel = 1 / scale
        let x0 = round(rect.minX, pixel: pixel), y0 = round(rect.minY, pixel: pixel)
        let x1 = round(rect.maxX, pixel: pixel), y1 = round(rect.maxY, pixel: pixel)
        // Snap the size too, to remove float noise such as 26.999999999999996.
        let w = ((x1 - x0) * scale).rounded() / scale, h = ((y1 - y0) * scale).rounded() / scale
        return CGRect(x: x0, y: y0, width: w.isFinite ? w : x1 - x0, height: h.isFinite ? h : y1 - y0)
    }
}
