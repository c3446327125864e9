import ArrangeSnapshot
import Foundation
import FuzzDriver

/// libFuzzer target: bytes as a PNG reference must decode or be refused with an error; a picture
/// that decodes compares with itself and encodes again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes = pointer else { return 0 }
    guard let bitmap = try? Bitmap(png: Data(bytes: bytes, count: count)) else { return 0 }
    guard bitmap.width * bitmap.height <= 4_000_000 else { return 0 }
    if let result = try? ImageComparison.checkDefault.compare(bitmap, bitmap), result.differingPixels != 0 { abort() }
    _ = try? bitmap.pngData()
    return 0
}

@main
enum Main {
    static func main() {
        exit(runFuzzer { fuzzPNG($0, $1) })
    }
}
