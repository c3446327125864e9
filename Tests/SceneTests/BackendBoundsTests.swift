import Arrange
import ArrangeBackends
import ArrangeScene
import ArrangeSnapshot
import Foundation
import Testing
import TestSupport

/// The registry's seam held against pictures (issue 25): for every fixture, the recording
/// backend's bounds (what the shared walk says each item draws) against Cairo's PNG and
/// librsvg's rendering of the SVG, both on a transparent canvas. Every pixel with any ink lies
/// inside some recorded item's bounds, grown by a pixel for anti-aliasing; and every recorded
/// item that draws ink of its own (visible, not fully transparent, at least a pixel each way)
/// has ink inside its bounds.
@Suite struct BackendBoundsTests {
    /// One fixture's pictures and its recording.
    struct Drawn {
        var name: String
        var scale: CGFloat
        var items: [RecordingBackend.Item]
        var cairo: Bitmap
        var svg: Bitmap
    }

    static func drawEachFixture(_ check: (Drawn) throws -> Void) throws {
        let rsvg = try ExternalTool.locate("rsvg-convert", package: "librsvg2-bin")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let renderer = SceneRenderer(backends: .testing)
        for path in try validFixtures() + animationFixtures() {
            var rendered = try renderer.layout(Scene.load(contentsOf: path))
            rendered.options.background = nil
            let scale = rendered.options.resolvedScale(for: rendered.displayList)
            let items = try RecordingBackend.items(in: rendered.data(as: RecordingBackend.format))
            let svgFile = folder.appendingPathComponent("scene.svg"), raster = folder.appendingPathComponent("scene.png")
            try rendered.data(as: .svg).write(to: svgFile)
            #expect(try ExternalTool.run(rsvg, ["--zoom", "\(scale)", "-o", raster.path, svgFile.path]).status == 0)
            try check(Drawn(name: URL(fileURLWithPath: path).lastPathComponent, scale: scale, items: items,
                            cairo: Bitmap(png: rendered.data(as: .png)), svg: Bitmap(contentsOfPNG: raster)))
        }
    }

    /// The pixels `rect` (points) touches at `scale`, grown by `margin` pixels, inside the bitmap.
    static func pixels(of rect: CGRect, scale: CGFloat, margin: Int, in bitmap: Bitmap) -> (x: Range<Int>, y: Range<Int>)? {
        guard !rect.isNull, rect.minX.isFinite, rect.maxX.isFinite, rect.minY.isFinite, rect.maxY.isFinite else { return nil }
        func clamp(_ value: CGFloat, _ limit: Int) -> Int { Int(min(max(value, -1), CGFloat(limit + 1))) }
        let x0 = max(clamp((rect.minX * scale).rounded(.down), bitmap.width) - margin, 0)
        let x1 = min(clamp((rect.maxX * scale).rounded(.up), bitmap.width) + margin, bitmap.width)
        let y0 = max(clamp((rect.minY * scale).rounded(.down), bitmap.height) - margin, 0)
        let y1 = min(clamp((rect.maxY * scale).rounded(.up), bitmap.height) + margin, bitmap.height)
        return x0 < x1 && y0 < y1 ? (x0..<x1, y0..<y1) : nil
    }

    /// How many pixels with ink lie outside every recorded bound (grown by a pixel), and the first.
    static func inkOutside(_ items: [RecordingBackend.Item], _ bitmap: Bitmap, scale: CGFloat) -> (count: Int, first: (Int, Int)?) {
        var covered = [Bool](repeating: false, count: bitmap.width * bitmap.height)
        for item in items {
            guard let area = pixels(of: item.rect, scale: scale, margin: 1, in: bitmap) else { continue }
            for y in area.y { for x in area.x { covered[y * bitmap.width + x] = true } }
        }
        var count = 0, first: (Int, Int)?
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where !covered[y * bitmap.width + x] && bitmap[x, y].alpha > 0 {
                count += 1
                if first == nil { first = (x, y) }
            }
        }
        return (count, first)
    }

    /// The recorded items that should show ink but have none inside their bounds.
    static func itemsWithoutInk(_ items: [RecordingBackend.Item], _ bitmap: Bitmap, scale: CGFloat) -> [RecordingBackend.Item] {
        items.filter { item in
            let rect = item.rect
            guard item.hasInk, item.opacity > 0, !rect.isNull, rect.width * scale >= 1, rect.height * scale >= 1,
                  let area = pixels(of: rect, scale: scale, margin: 0, in: bitmap) else { return false }
            for y in area.y { for x in area.x where bitmap[x, y].alpha > 0 { return false } }
            return true
        }
    }

    @Test func recordedBoundsHoldCairosAndSVGsInkForEveryFixture() throws {
        var fixtures = 0
        try Self.drawEachFixture { drawn in
            fixtures += 1
            #expect(drawn.items.count > 1, "\(drawn.name): nothing recorded")
            for (backend, bitmap) in [("Cairo", drawn.cairo), ("librsvg (SVG)", drawn.svg)] {
                let outside = Self.inkOutside(drawn.items, bitmap, scale: drawn.scale)
                #expect(outside.count == 0, "\(drawn.name): \(backend) drew \(outside.count) pixels outside every recorded bound, the first at \(String(describing: outside.first))")
                let blank = Self.itemsWithoutInk(drawn.items, bitmap, scale: drawn.scale)
                #expect(blank.isEmpty, "\(drawn.name): \(backend) drew nothing inside \(blank.count) recorded items: \(blank.prefix(3).map { "\($0.kind) \($0.path) \($0.bounds ?? [])" })")
            }
        }
        #expect(fixtures == (try validFixtures()).count + animationFixtures().count)
    }
}
