import Arrange
import Foundation

extension SVGRenderer {
    /// One self-contained animated SVG of `frames`, the pictures at `times` seconds (increasing,
    /// the first 0) of an animation `duration` seconds long, looping. Browsers play it also where
    /// scripts cannot run (an `<img>`, a code host's Markdown); a viewer without SMIL shows the
    /// first frame.
    ///
    /// When every frame has the same items and each item only moves (a wheel turning, a flow
    /// re-wrapping), each is written once and moved by an `<animateTransform>` through its
    /// offsets at the frame times, straight between them: the file stays small and the motion
    /// smooth, and at each frame time the picture is that frame's. Otherwise every frame is a
    /// group of its own, shown by an `<animate>` of its `display` while its time is the nearest:
    /// exactly the frames, whatever changes. Glyph outlines are written once for all frames;
    /// views' ids are not written, since every frame would repeat them.
    public func animation(_ frames: [DisplayList], times: [Double], duration: Double,
                          options: RenderOptions = RenderOptions()) throws -> String {
        guard let first = frames.first, frames.count == times.count, duration > 0, duration.isFinite else {
            throw RenderError.backend("an animated SVG needs as many times as frames, at least one, and a duration > 0")
        }
        let size = frames.reduce(CGSize.zero) { CGSize(width: max($0.width, $1.size.width), height: max($0.height, $1.size.height)) }
        let scale = options.resolvedScale(for: first)
        try Limits.checkCanvas(size, scale: scale, pixelLimit: false)
        var writer = SVGWriter(textMode: textMode, fonts: fonts, scale: scale, expectedItems: frames.reduce(0) { $0 + $1.items.count },
                               imageLinks: imageLinks)
        writer.accessibility = options.accessibility
        writer.background(options.background, size: size)
        if frames.count > 1, let moves = SVGMotion.moves(frames) {
            SVGMotion.write(first.withoutIDs().items, moves: moves, times: times, duration: duration, into: &writer)
        } else {
            SVGMotion.writeFlipbook(frames, times: times, duration: duration, into: &writer)
        }
        if let error = writer.error { throw error }
        return writer.document(size: size)
    }
}

/// The two ways `SVGRenderer.animation` writes frames.
enum SVGMotion {
    /// For each item of the first frame, its offset in every frame, when every frame has the same
    /// items in the same order and each differs from the first only by where it is, everything
    /// inside it moved alike; nil otherwise.
    static func moves(_ frames: [DisplayList]) -> [[CGSize]]? {
        let first = frames[0].items
        var moves = Array(repeating: [CGSize](), count: first.count)
        for frame in frames {
            guard frame.items.count == first.count else { return nil }
            for index in first.indices {
                let a = first[index], b = frame.items[index]
                let delta = CGSize(width: b.frame.minX - a.frame.minX, height: b.frame.minY - a.frame.minY)
                guard a.identity.path == b.identity.path, moved(a, b, by: delta) else { return nil }
                moves[index].append(delta)
            }
        }
        return moves
    }

    /// Whether `b` is `a` moved by `delta`, and nothing else.
    private static func moved(_ a: DisplayItem, _ b: DisplayItem, by delta: CGSize) -> Bool {
        func close(_ x: CGFloat, _ y: CGFloat) -> Bool { abs(x - y) <= 1e-9 * max(1, abs(x)) }
        guard close(a.frame.minX + delta.width, b.frame.minX), close(a.frame.minY + delta.height, b.frame.minY),
              close(a.frame.width, b.frame.width), close(a.frame.height, b.frame.height) else { return false }
        switch (a.content, b.content) {
        case let (.group(g), .group(h)):
            // A clip path is relative to the group's frame, so it moves with it, as paths and
            // images (whose content is equal when they only move) do.
            guard g.clip == h.clip, g.clipPath == h.clipPath, g.opacity == h.opacity, g.translation == h.translation,
                  g.shadow == h.shadow, g.blendMode == h.blendMode, g.items.count == h.items.count else { return false }
            return zip(g.items, h.items).allSatisfy { moved($0, $1, by: delta) }
        default:
            return a.content == b.content
        }
    }

    /// Each item once, those that move inside a `<g>` whose translation runs through their
    /// offsets at the frame times.
    static func write(_ items: [DisplayItem], moves: [[CGSize]], times: [Double], duration: Double, into writer: inout SVGWriter) {
        // Linear key times must run from 0 to 1: the last frame is held to the end if it comes
        // before it.
        var keyTimes = times.map { min(max($0 / duration, 0), 1) }
        let holds = keyTimes.last.map { $0 < 1 } ?? false
        if holds { keyTimes.append(1) }
        for (item, offsets) in zip(items, moves) {
            let still = offsets.allSatisfy { $0 == .zero }
            if !still {
                writer.body.write("<g>\n<animateTransform attributeName=\"transform\" type=\"translate\" calcMode=\"linear\" repeatCount=\"indefinite\" dur=\"")
                writer.body.write(number: duration, decimals: 6)
                writer.body.write("s\" values=\"")
                for (position, offset) in (holds ? offsets + [offsets[offsets.count - 1]] : offsets).enumerated() {
                    if position > 0 { writer.body.write(byte: UInt8(ascii: ";")) }
                    writer.body.write(number: offset.width)
                    writer.body.write(byte: UInt8(ascii: " "))
                    writer.body.write(number: offset.height)
                }
                writeKeyTimes(keyTimes, into: writer.body)
            }
            DisplayList.walk([item], &writer)
            writer.finish()
            if !still { writer.body.write("</g>\n") }
        }
    }

    /// Every frame a group of its own, shown from half way after the frame before to half way
    /// before the frame after.
    static func writeFlipbook(_ frames: [DisplayList], times: [Double], duration: Double, into writer: inout SVGWriter) {
        for (index, frame) in frames.enumerated() {
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
                writeKeyTimes(values.map(\.1), into: writer.body)
            }
            DisplayList.walk(frame.withoutIDs().items, &writer)
            writer.finish()
            writer.body.write("</g>\n")
        }
    }

    /// `" keyTimes="…"/>` and a line break, closing an animation element.
    private static func writeKeyTimes(_ keyTimes: [Double], into body: SVGBuffer) {
        body.write("\" keyTimes=\"")
        for (position, time) in keyTimes.enumerated() {
            if position > 0 { body.write(byte: UInt8(ascii: ";")) }
            body.write(number: time, decimals: 6)
        }
        body.write("\"/>\n")
    }
}
