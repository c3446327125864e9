import Arrange
import Foundation

/// Image items: each image is one `<image>` in the `<defs>`, its pixel size, holding its data
/// (`ImageSource.embeddableData`, never the file's other bytes) as a base64 data URI, or, with
/// `SVGRenderer.imageLinks`, naming the file; every item showing it is a nested `<svg>` viewport
/// over the item's frame whose `viewBox` is the image's pixel size, holding a `<use>` of it. An
/// image drawn many times (a repeat, every frame of an animation) is written once. The frame is
/// written as it is rather than as a scale, which rounded to the output's precision would move
/// the image's far edge; and a viewport, not a `<symbol>`: Inkscape 1.2 drew symbols of the same
/// size with one another's pictures. Nearest-pixel sampling is `image-rendering="optimizeSpeed"`,
/// SVG 1.1's value, which browsers and newer librsvg draw hard-edged (librsvg 2.54 still smooths it).
extension SVGWriter {
    mutating func image(_ drawing: ImageDrawing, in frame: CGRect, identity: ViewIdentity) {
        flushPendingFill()
        let source = drawing.source
        // SVG refuses an image of no or negative size.
        guard DrawnBounds.isDrawable(frame), frame.width > 0, frame.height > 0, source.pixelWidth > 0, source.pixelHeight > 0 else { return }
        let number = imageNumber(source)
        body.indent(depth)
        body.write("<svg")
        body.write(frame: frame)
        body.write(text: " viewBox=\"0 0 \(source.pixelWidth) \(source.pixelHeight)\" preserveAspectRatio=\"none\"")
        if drawing.interpolation == .none { body.write(" image-rendering=\"optimizeSpeed\"") }
        body.write(id: identity.id)
        body.write("><use xlink:href=\"#image")
        body.write(integer: number)
        body.write("\"/></svg>\n")
    }

    /// The number of `source`'s `<image>` definition, written on its first use.
    private mutating func imageNumber(_ source: ImageSource) -> Int {
        let key = ObjectIdentifier(source)
        if let known = imageNumbers[key] { return known.number }
        let content = SVGBuffer()
        let width = source.pixelWidth, height = source.pixelHeight
        content.write(text: " width=\"\(width)\" height=\"\(height)\" xlink:href=\"")
        if imageLinks {
            content.write(escaping: XMLEscaping.linkReference(source.name))
        } else {
            content.write("data:")
            content.write(text: source.format.mimeType)
            content.write(";base64,")
            content.write(text: source.embeddableData.base64EncodedString())
        }
        content.write("\"/>")
        let number = define("image", prefix: "image", content: content)
        imageNumbers[key] = (source, number)
        return number
    }
}
