import Foundation

/// Canvas checks every backend makes before drawing anything.
public enum RenderLimits {
    /// Cairo's image surfaces stop at 32,767 pixels a side.
    public static let maxPixelSide = 32_767

    /// Refuses a canvas that is not finite, is empty, or (with a `limit`) is wider or taller than
    /// `limit` pixels at `scale`.
    public static func check(_ size: CGSize, scale: CGFloat, limit: Int?) throws {
        guard size.width.isFinite, size.height.isFinite, scale.isFinite, scale > 0 else {
            throw RenderError.unboundedCanvas(size)
        }
        guard size.width > 0, size.height > 0 else { throw RenderError.emptyCanvas(size) }
        if let limit {
            let w = (size.width * scale).rounded(.up), h = (size.height * scale).rounded(.up)
            if w > CGFloat(limit) || h > CGFloat(limit) {
                throw RenderError.canvasTooLarge(width: Int(w), height: Int(h), limit: limit)
            }
        }
    }
}

/// Why a display list could not be drawn.
public enum RenderError: Error, CustomStringConvertible, Equatable {
    case unboundedCanvas(CGSize)
    case emptyCanvas(CGSize)
    case canvasTooLarge(width: Int, height: Int, limit: Int)
    case backend(String)

    public var description: String {
        switch self {
        case .unboundedCanvas(let size):
            "the canvas is \(size.width) × \(size.height) points: give the root a finite size (a frame, or a finite canvas)"
        case .emptyCanvas(let size):
            "the canvas is \(size.width) × \(size.height) points: nothing to draw"
        case let .canvasTooLarge(width, height, limit):
            "the canvas would be \(width) × \(height) pixels, over the limit of \(limit) pixels a side"
        case .backend(let message):
            "drawing failed: \(message)"
        }
    }
}
