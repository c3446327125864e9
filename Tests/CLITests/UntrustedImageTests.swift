import ArrangeSnapshot
import Foundation
import Testing
import TestSupport

/// Scenes from strangers naming images: output carries the picture only (no metadata, no active
/// SVG content), a hostile SVG image is a located error from `validate` and `render` alike, and an
/// image drawn many times is embedded once.
@Suite(.serialized) struct UntrustedImageTests {
    let cli = CLITests()
    static let images = CLITests.root.appendingPathComponent("Fixtures/images")
    static let marker = "SECRET-MARKER"

    /// A scratch folder holding `scene.yaml` with `text`, and `files` copied from Fixtures/images.
    func folder(scene text: String, copying files: [String] = [], extra: [String: Data] = [:]) throws -> URL {
        let folder = try cli.temporaryFolder()
        try text.write(to: folder.appendingPathComponent("scene.yaml"), atomically: true, encoding: .utf8)
        for file in files {
            try FileManager.default.copyItem(at: Self.images.appendingPathComponent(file),
                                             to: folder.appendingPathComponent(URL(fileURLWithPath: file).lastPathComponent))
        }
        for (name, data) in extra { try data.write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    /// A white `width` × `height` canvas at scale 1 showing grid-4x3.png stretched over 40 × 30
    /// points, nearest-pixel, in an HStack; `view` is one more key of the image's view (a repeat,
    /// an id), and `rest` follows the view.
    func gridScene(width: Int, height: Int, view: String, rest: String = "") -> String {
        """
        canvas: {width: \(width), height: \(height), scale: 1, background: white}
        view:
          hstack: {spacing: 0}
          children:
            - image: {path: grid-4x3.png, resizable: true, interpolation: none}
              \(view)
              modifiers: [{frame: {width: 40, height: 30}}]

        """ + rest
    }

    func run(_ arguments: [String], in folder: URL) throws -> ExternalTool.Run {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        return CLITests.run(binary, arguments, in: folder)
    }

    /// The colour at (`x`, `y`) of the PNG at `url`.
    func pixel(_ url: URL, _ x: Int, _ y: Int) throws -> [Int] {
        let bitmap = try Bitmap(contentsOfPNG: url)
        let pixel = bitmap[x, y]
        return [Int(pixel.red), Int(pixel.green), Int(pixel.blue)]
    }

    /// Whether `pixel` is within `tolerance` of `expected` in every channel. rsvg-convert (librsvg
    /// 2.54) smooths every image it scales, so the middle of a 10-point cell of one colour still
    /// takes some of its neighbours' (it draws grid-4x3's red cell as (231, 11, 0)).
    func isNear(_ pixel: [Int], _ expected: [Int], tolerance: Int = 40) -> Bool {
        zip(pixel, expected).allSatisfy { abs($0 - $1) <= tolerance }
    }

    /// Runs `arguments` in `folder`, which must succeed, and checks that out/scene.svg embeds
    /// one PNG, once, drawn by `uses` `<use>` elements; returns that SVG drawn by rsvg-convert.
    func expectOneEmbeddedPNG(_ arguments: [String], in folder: URL, uses: Int) throws -> URL {
        let result = try run(arguments, in: folder)
        #expect(result.status == 0, "\(result.errors)")
        let svgURL = folder.appendingPathComponent("out/scene.svg")
        let svg = try String(contentsOf: svgURL, encoding: .utf8)
        #expect(svg.components(separatedBy: "data:image/png;base64,").count == 2)
        #expect(svg.components(separatedBy: "<use xlink:href=\"#image1\"/>").count == uses + 1)
        #expect(svg.contains("xmlns:xlink=\"http://www.w3.org/1999/xlink\""))
        return try rasterise(svgURL)
    }

    /// `svg` drawn by rsvg-convert at its own size.
    func rasterise(_ svg: URL) throws -> URL {
        let rsvg = try ExternalTool.locate("rsvg-convert", package: "librsvg2-bin")
        let png = svg.deletingPathExtension().appendingPathExtension("rsvg.png")
        let run = try ExternalTool.run(rsvg, [svg.path, "-o", png.path])
        #expect(run.status == 0, "\(run.errors)")
        return png
    }

    @Test func svgOutputCarriesNoImageMetadata() throws {
        // grid-4x3.png is twelve 1-pixel colours, red first; each is drawn 10 × 10 at scale 1, so
        // (5, 5) is the middle of the red one. The JPEG follows it, 200 × 150 at x = 40.
        let png = HostileImages.png(try Data(contentsOf: Self.images.appendingPathComponent("grid-4x3.png")), marker: Self.marker)
        let jpeg = HostileImages.jpeg(try Data(contentsOf: Self.images.appendingPathComponent("alpine-dawn.jpg")), marker: Self.marker)
        let scene = """
            canvas: {width: 240, height: 150, scale: 1, background: white}
            view:
              hstack: {spacing: 0, alignment: top}
              children:
                - image: {path: tagged.png, resizable: true, interpolation: none}
                  modifiers: [{frame: {width: 40, height: 30}}]
                - image: tagged.jpg

            """
        let folder = try folder(scene: scene, extra: ["tagged.png": png, "tagged.jpg": jpeg])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try run(["render", "scene.yaml", "-o", "out", "--format", "svg"], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        let svgURL = folder.appendingPathComponent("out/scene.svg")
        let svg = try String(contentsOf: svgURL, encoding: .utf8)
        #expect(!svg.contains(Self.marker))
        let embedded = HostileImages.dataURIs(in: svg)
        #expect(embedded.count == 2)
        for data in embedded {
            #expect(data.range(of: Data(Self.marker.utf8)) == nil)
            #expect(data.range(of: Data("Exif".utf8)) == nil)
        }
        #expect(isNear(try pixel(rasterise(svgURL), 5, 5), [255, 0, 0]))
    }

    @Test func activeSVGContentNeverReachesTheOutput() throws {
        // The square inside the hostile file's link is #00ff00, 40 × 40; logo.svg's gradient runs
        // from #5b5bf0 at y = 4 to #9b4de0 at y = 60, so at (10, 32), half way and clear of the
        // white "A", it is about (123, 84, 232). The two are side by side at scale 1.
        let scene = """
            canvas: {width: 104, height: 64, scale: 1, background: white}
            view:
              hstack: {spacing: 0, alignment: top}
              children:
                - image: active-content.svg
                - image: logo.svg

            """
        let folder = try folder(scene: scene, copying: ["hostile/active-content.svg", "logo.svg"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try run(["render", "scene.yaml", "-o", "out", "--format", "svg,png"], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        let svg = try String(contentsOf: folder.appendingPathComponent("out/scene.svg"), encoding: .utf8)
        let inner = HostileImages.dataURIs(in: svg).map { String(decoding: $0, as: UTF8.self) }
        #expect(inner.count == 2)
        for text in [svg] + inner {
            for banned in ["<script", "onload=", "onclick=", "javascript:", "foreignObject", "@import", "https://evil"] {
                #expect(!text.contains(banned), "\(banned)")
            }
        }
        let png = folder.appendingPathComponent("out/scene.png")
        #expect(try pixel(png, 20, 20) == [0, 255, 0])
        #expect(isNear(try pixel(png, 40 + 10, 32), [123, 84, 232], tolerance: 6))
    }

    @Test(arguments: [
        ("convolve-order-25.svg", "<feConvolveMatrix> has order 25; at most 9 is allowed"),
        ("turbulence-octaves.svg", "<feTurbulence> has numOctaves 100000000; at most 10 is allowed"),
        ("use-doublings.svg", "references expand it to more than 100000 elements"),
        ("use-loop.svg", "leads back to the element holding it"),
        ("deep-nesting.svg", "nest more than 256 deep"),
        ("billion-laughs.svg", "which only a DOCTYPE can define"),
    ])
    func hostileSVGImagesAreLocatedErrors(_ name: String, _ words: String) throws {
        // The doublings file shows its 2²⁴-copy group 12 times; each file is otherwise a crash
        // (librsvg's panic) or a hang in librsvg.
        let folder = try folder(scene: "view:\n  image: \(name)\n", copying: ["hostile/\(name)"])
        defer { try? FileManager.default.removeItem(at: folder) }
        for arguments in [["validate", "scene.yaml"], ["render", "scene.yaml", "-o", "out", "--format", "png,svg,pdf"]] {
            let result = try run(arguments, in: folder)
            #expect(result.status == 1, "\(arguments[0]) \(name): \(result.errors)")
            #expect(result.errors.contains("scene.yaml:2:10: error: image '\(name)'"), "\(result.errors)")
            #expect(result.errors.contains("the SVG image is refused: "), "\(result.errors)")
            #expect(result.errors.contains(words), "\(result.errors)")
        }
        #expect(cli.files(in: folder.appendingPathComponent("out")).isEmpty)
    }

    @Test func svgBehindALongPrologIsAnImage() throws {
        // An XML declaration, a 5,000-byte comment and a DOCTYPE, then a 20 × 20 blue square.
        let folder = try folder(scene: "canvas: {width: 20, height: 20, scale: 1}\nview:\n  image: long-prolog.svg\n",
                                copying: ["hostile/long-prolog.svg"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try run(["render", "scene.yaml", "-o", "out", "--format", "png"], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        #expect(try pixel(folder.appendingPathComponent("out/scene.png"), 10, 10) == [0, 0, 255])
    }

    @Test func anImageShownNineTimesIsEmbeddedOnce() throws {
        // Nine 40 × 30 copies of grid-4x3.png in a row: the red cell of copy k is centred on
        // (40k + 5, 5).
        let folder = try folder(scene: gridScene(width: 360, height: 30, view: "repeat: 9"), copying: ["grid-4x3.png"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let drawn = try expectOneEmbeddedPNG(["render", "scene.yaml", "-o", "out", "--format", "svg"], in: folder, uses: 9)
        for copy in 0..<9 { #expect(isNear(try pixel(drawn, 40 * copy + 5, 5), [255, 0, 0]), "copy \(copy)") }
    }

    @Test func anAnimatedImageIsEmbeddedOnce() throws {
        // The image grows from 40 to 80 points wide, so every frame is drawn whole (a flipbook).
        // At 4 frames a second over 1 s there are 5 frames; the first, which rsvg-convert shows,
        // has the 40 × 30 image centred in 100 × 40: at (30, 5), its red cell centred on (35, 10).
        let animation = "animation:\n  duration: 1\n  keyframes:\n    - at: 1\n      set:\n        picture: {frame: {width: 80, height: 30}}\n"
        let folder = try folder(scene: gridScene(width: 100, height: 40, view: "id: picture", rest: animation), copying: ["grid-4x3.png"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let drawn = try expectOneEmbeddedPNG(["animate", "scene.yaml", "--format", "svg", "--fps", "4", "-o", "out"], in: folder, uses: 5)
        #expect(isNear(try pixel(drawn, 35, 10), [255, 0, 0]))
    }
}
