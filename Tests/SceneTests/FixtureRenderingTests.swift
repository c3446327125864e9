import Arrange
import ArrangeCairo
import ArrangeScene
import ArrangeSnapshot
import ArrangeSVG
import Foundation
import Testing

/// Every fixture scene through both backends (issue 5): the SVG is well-formed and renders in
/// Chromium; for scenes without text, librsvg's rendering of the SVG and Cairo's PNG agree.
@Suite struct FixtureRenderingTests {
    struct MissingTool: Error, CustomStringConvertible { let description: String }

    static func tool(_ name: String, package: String) throws -> String {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw MissingTool(description: "\(name) is not installed: run Scripts/setup.sh (Debian package \(package))")
    }

    static func run(_ path: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    static func hasText(_ items: [DisplayItem]) -> Bool {
        items.contains {
            switch $0.content {
            case .text: true
            case .group(let group): hasText(group.items)
            default: false
            }
        }
    }

    @Test func fixturesWithoutTextLookTheSameInSVGAndPNG() throws {
        let rsvg = try Self.tool("rsvg-convert", package: "librsvg2-bin")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var checked = 0
        for path in try validFixtures() {
            let scene = try Scene.load(contentsOf: path)
            let list = try scene.layout().result.displayList
            guard !Self.hasText(list.items) else { continue }
            let options = RenderOptions(background: scene.canvas.background ?? .white)
            let svg = folder.appendingPathComponent("scene.svg"), raster = folder.appendingPathComponent("scene.png")
            try FileOutput.write(SVGRenderer().render(list, options: options), to: svg)
            #expect(try Self.run(rsvg, ["-o", raster.path, svg.path]) == 0)
            let difference = try Bitmap(contentsOfPNG: raster).difference(from: Bitmap(png: CairoRenderer().render(list, options: options)))
            // The same limits as AgreementTests: at most 0.5% of pixels, none by more than 8/255.
            #expect(difference.fraction <= 0.005, "\(path): \(difference.differingPixels) pixels differ")
            #expect(difference.maxChannelDifference <= 8, "\(path): a pixel differs by \(difference.maxChannelDifference)")
            checked += 1
        }
        // flow-random-rectangles, photo-gallery and stacks (YAML and JSON) have no text.
        #expect(checked >= 4)
    }

    @Test func everyFixtureSVGIsWellFormedAndRendersInChromium() throws {
        let xmllint = try Self.tool("xmllint", package: "libxml2-utils")
        let chromium = try Self.tool("chromium", package: "chromium")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for path in try validFixtures() {
            let scene = try Scene.load(contentsOf: path)
            let list = try scene.layout().result.displayList
            let svg = folder.appendingPathComponent("scene.svg"), shot = folder.appendingPathComponent("shot.png")
            try FileOutput.write(SVGRenderer().render(list, options: RenderOptions(background: .white)), to: svg)
            #expect(try Self.run(xmllint, ["--noout", svg.path]) == 0, "\(path) is not well-formed")
            try? FileManager.default.removeItem(at: shot)
            let width = Int(list.size.width.rounded(.up)), height = Int(list.size.height.rounded(.up))
            #expect(try Self.run(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                            "--window-size=\(max(width, 1)),\(max(height, 1))", "--screenshot=\(shot.path)",
                                            svg.absoluteString]) == 0)
            // Chromium drew something: not every pixel is the white background.
            let picture = try Bitmap(contentsOfPNG: shot)
            #expect(stride(from: 0, to: picture.pixels.count, by: 4).contains { picture.pixels[$0] < 250 || picture.pixels[$0 + 1] < 250 || picture.pixels[$0 + 2] < 250 },
                    "\(path): Chromium drew nothing")
        }
    }
}
