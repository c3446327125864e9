import Foundation

/// Why a display list could not be drawn.
public enum RenderError: Error, CustomStringConvertible, Equatable, Sendable {
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
