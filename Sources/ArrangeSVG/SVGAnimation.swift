import Arrange
import Foundation

extension SVGRenderer {
    /// One self-contained animated SVG of `frames`, the pictures at `times` seconds (increasing,
    /// the first 0) of an animation `duration` seconds long, looping.
    ///
    /// Each frame is a group of its own, shown by a SMIL `<animate>` of its `display` while its
    /// time is the nearest frame time: the motion is exactly the frames', arcs included, and
    /// browsers play it also where scripts cannot run (an `<img>`, a code host's Markdown). A
    /// viewer without SMIL shows the first frame. Glyph outlines are written once for all frames;
    /// views' ids are not written, since every frame would repeat them.
    public func animation(_ frames: [DisplayList], times: [Double], duration: Double,
                          options: RenderOptions = RenderOptions()) throws -> String {
        guard let first = frames.first, frames.count == times.count, duration > 0, duration.isFinite else {
            throw RenderError.backend("an animated SVG needs as many times as frames, at least one, and a duration > 0")
        }
        let size = frames.reduce(CGSize.zero) { CGSize(width: max($0.width, $1.size.width), height: max($0.height, $1.size.height)) }
        let scale = options.resolvedScale(for: first)
        try Limits.checkCanvas(size, scale: scale, pixelLimit: false)
        var writer = SVGWriter(textMode: textMode, fonts: fonts, scale: scale, expectedItems: frames.reduce(0) { $0 + $1.items.count })
        writer.background(options.background, size: size)
        for (index, frame) in frames.enumerated() {
            // Shown from half way after the frame before to half way before the frame after.
            let start = index == 0 ? 0 : (times[index - 1] + times[index]) / 2 / duration
            let end = index == frames.count - 1 ? 1 : (times[index] + times[index + 1]) / 2 / duration
            writer.body.write(index == 0 ? "<g>\n" : "<g display=\"none\">\n")
            if frames.count > 1 {
                writer.body.write("<animate attributeName=\"display\" calcMode=\"discrete\" repeatCount=\"indefinite\" dur=\"")
                writer.body.write(number: duration, decimals: 6)
                writer.body.write("s\" values=\"")
                // Discrete key times hold each value until the next: the first is at 0.
                var values: [(String, Double)] = []
                if start > 0 { values.append(("none", 0)) }
                values.append(("inline", start))
                if end < 1 { values.append(("none", end)) }
                writer.body.write(text: values.map(\.0).joined(separator: ";"))
                writer.body.write("\" keyTimes=\"")
                for (position, value) in values.enumerated() {
                    if position > 0 { writer.body.write(byte: UInt8(ascii: ";")) }
                    writer.body.write(number: value.1, decimals: 6)
                }
                writer.body.write("\"/>\n")
            }
            writer.walk(frame.withoutIDs().items)
            writer.finish()
            writer.body.write("</g>\n")
        }
        if let error = writer.error { throw error }
        return writer.document(size: size)
    }
}
