@testable import Arrange
import Foundation
import FuzzDriver

/// libFuzzer target: bytes as a font file must load as a face or be refused with a `FontError`;
/// shaping, metrics, outlines and colour images of a face that loads never crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFont(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes = pointer else { return 0 }
    let data = Data(bytes: bytes, count: count)
    guard let face = try? LoadedFace(data: data, id: FontFaceID(path: "fuzz")) else { return 0 }
    let descriptor = face.descriptor
    let library = FontLibrary(faces: [face], descriptors: [descriptor])
    let font = Font.custom(descriptor.families.first ?? "", size: 17)
    _ = library.metrics(of: font)
    let shaped = library.shape("Hello AVATAR fi ﬂ مرحبا 世界 😀", in: font)
    for glyph in shaped.glyphs.prefix(64) {
        _ = face.outlinePath(glyph.id)
        _ = face.colorImage(glyph.id)
    }
    _ = TextLayout("Hello, fuzzed world of fonts", font: font, measurer: library, width: 60, height: nil, lineLimit: 2, scale: 2)
    return 0
}

@main
enum Main {
    static func main() {
        exit(runFuzzer { fuzzFont($0, $1) })
    }
}
