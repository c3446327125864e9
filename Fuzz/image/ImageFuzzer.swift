import Arrange
import Foundation
import FuzzDriver
import FuzzImageDrawing

/// libFuzzer target: bytes named as an image in a scene (PNG, JPEG or SVG) must decode or be
/// refused with an `ImageError`. A decoded image holds width × height premultiplied pixels (no colour above its
/// alpha), and both backends draw it, scaled, without trouble.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImage(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes = pointer else { return 0 }
    // A megapixel at most: the 64 MP limit is checked from the header alike, and a smaller one
    // keeps each run fast under AddressSanitizer.
    guard let source = try? ImageSource(data: Data(bytes: bytes, count: count), pixelLimit: 1 << 20) else { return 0 }
    // An SVG keeps no pixels: librsvg draws it as vectors.
    // The pixels in place (`pixels` is a copy, made at every use).
    let pixels = source.pixelBytes
    guard pixels.count == (source.format == .svg ? 0 : source.pixelWidth * source.pixelHeight * 4) else { abort() }
    for offset in stride(from: 0, to: pixels.count, by: 4) {
        // Native-endian ARGB32 on a little-endian machine: blue, green, red, alpha.
        let alpha = pixels[offset + 3]
        if pixels[offset] > alpha || pixels[offset + 1] > alpha || pixels[offset + 2] > alpha { abort() }
    }
    drawInBothBackends(source)
    return 0
}

@main
enum Main {
    static func main() {
        exit(runFuzzer { fuzzImage($0, $1) })
    }
}
