import Arrange
import Foundation

/// How two images differ, pixel by pixel.
public struct ImageDifference: Sendable {
    /// Pixels whose colour differs by more than the tolerance in some channel.
    public var differingPixels: Int
    /// All pixels compared.
    public var totalPixels: Int
    /// The largest difference in any channel of any pixel, 0...255, colours composited on white.
    public var maxChannelDifference: Int
    /// The reference faded to a pale grey, with differing pixels in red: where to look.
    public var diffImage: Bitmap

    /// The share of differing pixels, 0...1.
    public var fraction: Double { totalPixels == 0 ? 0 : Double(differingPixels) / Double(totalPixels) }
}

extension Bitmap {
    /// Compares this image (the reference) with `other`, counting pixels that differ by more
    /// than `tolerance` (0...255) in a channel. Pixels are composited on white first, so two
    /// fully transparent pixels match whatever colour they carry.
    ///
    /// - Throws: `SnapshotError.sizeMismatch` when the sizes differ.
    public func difference(from other: Bitmap, tolerance: Int = 0) throws -> ImageDifference {
        guard width == other.width, height == other.height else {
            throw SnapshotError.sizeMismatch(expected: (width, height), actual: (other.width, other.height))
        }
        var diff = Bitmap(width: width, height: height, red: 255, green: 255, blue: 255, alpha: 255)
        var differing = 0, largest = 0
        for i in stride(from: 0, to: pixels.count, by: 4) {
            var pixelMax = 0
            for channel in 0..<3 {
                let a = Self.onWhite(pixels[i + channel], alpha: pixels[i + 3])
                let b = Self.onWhite(other.pixels[i + channel], alpha: other.pixels[i + 3])
                pixelMax = max(pixelMax, abs(a - b))
            }
            pixelMax = max(pixelMax, abs(Int(pixels[i + 3]) - Int(other.pixels[i + 3])))
            largest = max(largest, pixelMax)
            if pixelMax > tolerance {
                differing += 1
                diff.pixels[i] = 255
                diff.pixels[i + 1] = 0
                diff.pixels[i + 2] = 0
            } else {
                // A faint grey copy of the reference, so the red stands out in context.
                let grey = (Self.onWhite(pixels[i], alpha: pixels[i + 3]) + Self.onWhite(pixels[i + 1], alpha: pixels[i + 3])
                            + Self.onWhite(pixels[i + 2], alpha: pixels[i + 3])) / 3
                let faded = UInt8(255 - (255 - grey) / 4)
                diff.pixels[i] = faded
                diff.pixels[i + 1] = faded
                diff.pixels[i + 2] = faded
            }
        }
        return ImageDifference(differingPixels: differing, totalPixels: width * height, maxChannelDifference: largest, diffImage: diff)
    }

    private static func onWhite(_ channel: UInt8, alpha: UInt8) -> Int {
        (Int(channel) * Int(alpha) + 255 * (255 - Int(alpha)) + 127) / 255
    }
}

/// What can go wrong reading, writing or comparing snapshots.
public enum SnapshotError: Error, CustomStringConvertible, Equatable, Sendable {
    case unreadableImage(String)
    case unwritableImage(String)
    case sizeMismatch(expected: (Int, Int), actual: (Int, Int))
    /// A PNG whose header declares more pixels than may be decoded (`Limits.imagePixels`
    /// unless raised), refused before anything is allocated.
    case tooManyPixels(width: Int, height: Int, limit: Int)

    public var description: String {
        switch self {
        case .unreadableImage(let why): "cannot read the image: \(why)"
        case .unwritableImage(let why): "cannot write the image: \(why)"
        case let .sizeMismatch(expected, actual):
            "the images differ in size: expected \(expected.0)×\(expected.1) px, got \(actual.0)×\(actual.1) px"
        case let .tooManyPixels(width, height, limit):
            "the PNG is \(width) × \(height) pixels, more than the \(limit) pixels an image compared may have; if you mean it, raise the limit with --limit image-pixels=N"
        }
    }

    public static func == (lhs: SnapshotError, rhs: SnapshotError) -> Bool { lhs.description == rhs.description }
}

extension Bitmap {
    /// The colours that mark where an image of a side-by-side picture has no pixels: magenta
    /// stripes on pale magenta, 45°, 4 px wide (`sideBySideMark(x:y:)`).
    public static let missingStripe: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) = (255, 0, 255, 255)
    /// The paler of the two colours that mark missing pixels.
    public static let missingGround: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) = (255, 192, 255, 255)

    /// The mark at (x, y) of the side-by-side picture where an image has no pixel: stripes, so
    /// that the area never reads as a picture that happens to be magenta.
    public static func sideBySideMark(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        ((x + y) / 4) % 2 == 0 ? missingStripe : missingGround
    }

    /// The diff image for two images of different sizes, which cannot be compared pixel by
    /// pixel: the reference on the left, the actual image on the right, each at the top left of a
    /// cell as wide as the wider image and as tall as the taller one, and each cell's area where
    /// its image has no pixels marked with magenta stripes (`sideBySideMark(x:y:)`, in the
    /// picture's coordinates). So a 4 × 4 reference against an 8 × 8 image gives a 16 × 8 picture
    /// whose left cell is striped but for its top left 4 × 4 pixels.
    ///
    /// - Returns: nil when the picture would have more than `maximumPixels` pixels.
    public static func sideBySide(_ reference: Bitmap, _ actual: Bitmap, maximumPixels: Int = Limits.imagePixels) -> Bitmap? {
        let cellWidth = max(reference.width, actual.width), height = max(reference.height, actual.height)
        let (doubled, overflow) = cellWidth.multipliedReportingOverflow(by: 2)
        let (area, overflow2) = doubled.multipliedReportingOverflow(by: height)
        guard !overflow, !overflow2, area <= maximumPixels else { return nil }
        var pixels = [UInt8](repeating: 0, count: area * 4)
        for (cell, image) in [reference, actual].enumerated() {
            for y in 0..<height {
                for x in 0..<cellWidth {
                    let i = (y * doubled + cell * cellWidth + x) * 4
                    let pixel = x < image.width && y < image.height ? image[x, y] : sideBySideMark(x: cell * cellWidth + x, y: y)
                    pixels[i] = pixel.red
                    pixels[i + 1] = pixel.green
                    pixels[i + 2] = pixel.blue
                    pixels[i + 3] = pixel.alpha
                }
            }
        }
        return Bitmap(width: doubled, height: height, pixels: pixels)
    }
}
