import Arrange
import Foundation
import FuzzDriver
import FuzzImageDrawing

/// libFuzzer target: markup named as an SVG image in a scene must be sanitised and checked, or be
/// refused with an `ImageError`. What is accepted holds no script or foreign object, sanitises to
/// itself again, and librsvg opens and draws it through both backends without trouble.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVGImage(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes = pointer else { return 0 }
    guard let source = try? ImageSource(data: Data(bytes: bytes, count: count)), source.format == .svg else { return 0 }
    let clean = String(decoding: source.embeddableData, as: UTF8.self).lowercased()
    if clean.contains("<script") || clean.contains("<foreignobject") { abort() }
    // Sanitising is idempotent: the clean markup is accepted as it is.
    guard let again = try? ImageSource(data: source.embeddableData), again.embeddableData == source.embeddableData else { abort() }
    drawInBothBackends(source)
    return 0
}

@main
enum Main {
    static func main() {
        exit(runFuzzer { fuzzSVGImage($0, $1) })
    }
}
