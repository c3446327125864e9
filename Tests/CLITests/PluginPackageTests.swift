import ArrangeSnapshot
import Foundation
import Testing
import TestSupport

/// The RenderScenes command plugin used as another package uses it: `Fixtures/plugin-package`,
/// copied into a temporary folder with its path dependency pointed at this repository, run with
/// `swift package`.
///
/// The test package builds `arrange` a second time, in its own scratch folder. That folder is kept
/// in `.build/plugin-package`, so only the first run pays for the build (about 3 minutes on two
/// cores); later runs, from any copy, take seconds. It is never the main package's own `.build`,
/// whose workspace state the test package's would replace.
@Suite(.serialized) struct PluginPackageTests {
    static let scratch = CLITests.root.appendingPathComponent(".build/plugin-package")

    /// `Fixtures/plugin-package/Sources/Demo/Demo.docc/Scenes/card.yaml`'s canvas, 320 × 120
    /// points, at the plugin's default scale of 2: 640 × 240 pixels.
    static let cardPixels = (width: 640, height: 240)

    /// A copy of the test package whose dependency is this repository by its absolute path (the
    /// committed `../..` would point elsewhere from a temporary folder).
    func packageCopy() throws -> URL {
        let copy = try ExternalTool.scratchFolder().appendingPathComponent("plugin-package")
        try FileManager.default.copyItem(at: CLITests.root.appendingPathComponent("Fixtures/plugin-package"), to: copy)
        let manifest = copy.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let relative = ".package(path: \"../..\")"
        try #require(text.contains(relative), "Fixtures/plugin-package/Package.swift no longer depends on \(relative)")
        try text.replacingOccurrences(of: relative, with: ".package(path: \"\(CLITests.root.path)\")")
            .write(to: manifest, atomically: true, encoding: .utf8)
        return copy
    }

    /// `swift package` in `package`, with the shared scratch folder; standard output and error
    /// together, as SwiftPM passes the plugin's and arrange's messages on standard output.
    func swiftPackage(_ package: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let swift = try ExternalTool.locate("swift", package: "the Swift toolchain")
        let run = try ExternalTool.run(swift, ["package", "--package-path", package.path, "--scratch-path", Self.scratch.path] + arguments)
        return (run.status, run.stdout + run.errors)
    }

    func render(_ package: URL, _ arguments: String...) throws -> (status: Int32, output: String) {
        try swiftPackage(package, ["--allow-writing-to-package-directory", "render-scenes"] + arguments)
    }

    func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// The pixel size a PNG declares, and its top-left pixel, which the card's 20-point padding
    /// keeps on the canvas background.
    func picture(_ url: URL) throws -> (width: Int, height: Int, corner: [UInt8]) {
        let bitmap = try Bitmap(png: try Data(contentsOf: url))
        let pixel = bitmap[0, 0]
        return (bitmap.width, bitmap.height, [pixel.red, pixel.green, pixel.blue])
    }

    @Test func theDependentPackageBuildsAndListsThePlugin() throws {
        let package = try packageCopy()
        defer { try? FileManager.default.removeItem(at: package.deletingLastPathComponent()) }
        let build = try ExternalTool.run(try ExternalTool.locate("swift", package: "the Swift toolchain"),
                                         ["build", "--package-path", package.path, "--scratch-path", Self.scratch.path])
        #expect(build.status == 0, "\(build.stdout)\(build.errors)")
        let result = try swiftPackage(package, ["plugin", "--list"])
        #expect(result.status == 0, "\(result.output)")
        // SwiftPM's line: ‘render-scenes’ (plugin ‘RenderScenes’ in package ‘…’).
        #expect(result.output.contains("render-scenes"), "\(result.output)")
        #expect(result.output.contains("RenderScenes"), "\(result.output)")
    }

    /// DocC's names (`NAME@2x.png`, `NAME~dark@2x.png`): the plugin asks for both schemes at
    /// scale 2 by default.
    @Test func rendersTheCatalogsScenesIntoResourcesWithDocCNames() throws {
        let package = try packageCopy()
        defer { try? FileManager.default.removeItem(at: package.deletingLastPathComponent()) }
        let result = try render(package)
        #expect(result.status == 0, "\(result.output)")
        let resources = package.appendingPathComponent("Sources/Demo/Demo.docc/Resources")
        // DocC's names: @2x for scale 2, ~dark for the dark appearance (DocC's "Adding Images to
        // Your Content": image-name~dark@2x.png).
        try #require(files(in: resources) == ["card@2x.png", "card~dark@2x.png"])
        let light = try picture(resources.appendingPathComponent("card@2x.png"))
        let dark = try picture(resources.appendingPathComponent("card~dark@2x.png"))
        #expect(light.width == Self.cardPixels.width && light.height == Self.cardPixels.height)
        #expect(dark.width == Self.cardPixels.width && dark.height == Self.cardPixels.height)
        // systemBackground: white in light mode and black in dark mode (Apple's UIColor
        // documentation, "Standard colors"; Sources/Arrange/Style/SystemColor.swift).
        #expect(light.corner == [255, 255, 255])
        #expect(dark.corner == [0, 0, 0])
    }

    /// At scale 1 DocC's names have no @2x.
    @Test func rendersANamedFolderIntoANamedFolder() throws {
        let package = try packageCopy()
        defer { try? FileManager.default.removeItem(at: package.deletingLastPathComponent()) }
        let art = package.appendingPathComponent("Art")
        try FileManager.default.createDirectory(at: art, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: package.appendingPathComponent("Sources/Demo/Demo.docc/Scenes/card.yaml"),
                                         to: art.appendingPathComponent("card.yaml"))
        let result = try render(package, "--scenes", "Art", "--output", "Pictures", "--scale", "1")
        #expect(result.status == 0, "\(result.output)")
        try #require(files(in: package.appendingPathComponent("Pictures")) == ["card.png", "card~dark.png"])
        // 320 × 120 points at scale 1.
        let light = try picture(package.appendingPathComponent("Pictures/card.png"))
        #expect(light.width == 320 && light.height == 120)
        // The catalog's own Scenes folder is not rendered when folders are named.
        #expect(files(in: package.appendingPathComponent("Sources/Demo/Demo.docc")) == ["Demo.md", "Scenes"])
    }

    /// One scheme at scale 2 still gets DocC's @2x name (arrange names only the pair of `both`
    /// so; the plugin moves the picture into place), and no dark picture.
    @Test func oneSchemeAtScaleTwoIsNamedForDocC() throws {
        let package = try packageCopy()
        defer { try? FileManager.default.removeItem(at: package.deletingLastPathComponent()) }
        let result = try render(package, "--color-scheme", "dark")
        #expect(result.status == 0, "\(result.output)")
        let resources = package.appendingPathComponent("Sources/Demo/Demo.docc/Resources")
        try #require(files(in: resources) == ["card@2x.png"])
        let dark = try picture(resources.appendingPathComponent("card@2x.png"))
        #expect(dark.width == Self.cardPixels.width && dark.height == Self.cardPixels.height)
        // systemBackground in dark mode: black (Apple's UIColor documentation).
        #expect(dark.corner == [0, 0, 0])
    }

    @Test func passesArrangesErrorsThroughAndFails() throws {
        let package = try packageCopy()
        defer { try? FileManager.default.removeItem(at: package.deletingLastPathComponent()) }
        // Line 3, column 3: the view's kind key, misspelt.
        let broken = "canvas: {width: 100, height: 40}\nview:\n  txet: hello\n"
        try broken.write(to: package.appendingPathComponent("Sources/Demo/Demo.docc/Scenes/broken.yaml"), atomically: true, encoding: .utf8)
        let result = try render(package, "--color-scheme", "light")
        #expect(result.status != 0)
        #expect(result.output.contains("broken.yaml:3:3: error: unknown view kind 'txet'"), "\(result.output)")
        #expect(result.output.contains("error: arrange render failed for Demo (Demo.docc) (exit status 1)"), "\(result.output)")
        // A scene with an error writes nothing (the card beside it still renders).
        let resources = package.appendingPathComponent("Sources/Demo/Demo.docc/Resources")
        #expect(!files(in: resources).contains { $0.hasPrefix("broken") })
    }

    @Test func refusesAnUnknownTargetAndOptionsThatGoTogether() throws {
        let package = try packageCopy()
        defer { try? FileManager.default.removeItem(at: package.deletingLastPathComponent()) }
        let unknown = try render(package, "--target", "Nope")
        #expect(unknown.status != 0)
        #expect(unknown.output.contains("error: no source target 'Nope' in the package; its targets are Demo"), "\(unknown.output)")
        let alone = try render(package, "--scenes", "Art")
        #expect(alone.status != 0)
        #expect(alone.output.contains("--scenes and --output go together"), "\(alone.output)")
        let scheme = try render(package, "--color-scheme", "sepia")
        #expect(scheme.status != 0)
        #expect(scheme.output.contains("--color-scheme must be light, dark or both, not 'sepia'"), "\(scheme.output)")
        #expect(!FileManager.default.fileExists(atPath: package.appendingPathComponent("Sources/Demo/Demo.docc/Resources").path))
    }
}
