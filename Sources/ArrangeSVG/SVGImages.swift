import Arrange
import Foundation

/// Image items: an `<image>` stretched over the item's frame (`preserveAspectRatio="none"`),
/// holding the file's own bytes as a base64 data URI, or, with `SVGRenderer.imageLinks`, naming
/// the file. Nearest-pixel sampling is `image-rendering="optimizeSpeed"`, SVG 1.1's value, which
/// browsers and newer librsvg draw hard-edged (librsvg 2.54 still smooths it).
extension SVGWriter {
    mutating func image(_ drawing: ImageDrawing, in frame: CGRect, identity: ViewIdentity) {
        flushPendingFill()
        // SVG refuses an image of no or negative size.
        guard Self.isDrawable(frame), frame.width > 0, frame.height > 0 else { return }
        body.indent(depth)
        body.write("<image x=\"")
        body.write(number: frame.minX)
        body.write("\" y=\"")
        body.write(number: frame.minY)
        body.write("\" width=\"")
        body.write(number: frame.width)
        body.write("\" height=\"")
        body.write(number: frame.height)
        body.write("\" preserveAspectRatio=\"none\"")
        if drawing.interpolation == .none { body.write(" image-rendering=\"optimizeSpeed\"") }
        body.write(" href=\"")
        if imageLinks {
            body.write(escaping: Self.linkReference(drawing.source.name))
        } else {
            body.write("data:")
            body.write(text: drawing.source.format.mimeType)
            body.write(";base64,")
            body.write(text: drawing.source.data.base64EncodedString())
        }
        body.write(byte: UInt8(ascii: "\""))
        body.write(id: identity.id)
        body.write("/>\n")
    }

    /// `name`, a file path, as a relative URL reference to that file: bytes a URL path cannot hold
    /// as they are (spaces, `%`, `#`, `?`, quotes, angle brackets, non-ASCII…) percent-encoded,
    /// and `./` in front of a name that would otherwise read as a scheme (`c:`, `javascript:`), `.`
    /// in front of one that would name a host (`//host/…`). The result is still XML-escaped where
    /// it is written.
    static func linkReference(_ name: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in name.utf8 {
            if Self.isPathByte(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            }
        }
        var reference = String(decoding: bytes, as: UTF8.self)
        if reference.hasPrefix("//") {
            reference = "." + reference
        } else if reference.prefix(while: { $0 != "/" }).contains(":") {
            reference = "./" + reference
        }
        return reference
    }

    /// RFC 3986's `pchar` without `%` (which is always encoded), and `/`.
    private static func isPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~!$&'()*+,;=:@/".utf8.contains(byte)
        }
    }
}
