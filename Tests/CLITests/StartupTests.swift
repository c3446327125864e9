import ArrangeSnapshot
import Foundation
import Testing
import TestSupport

/// What a run does before it is needed: nothing. fontconfig is started only when a family must be
/// found, librsvg is loaded only for an SVG image, and the release binary users run is built with
/// the Swift runtime inside it. (How long start-up takes is measured by `bash Scripts/bench.sh
/// peers`, never here.)
@Suite(.serialized) struct StartupTests {
    /// A scene and where it is, in a scratch folder.
    func scene(_ text: String) throws -> (folder: URL, file: String) {
        let folder = try ExternalTool.scratchFolder()
        try Data(text.utf8).write(to: folder.appendingPathComponent("scene.yaml"))
        return (folder, "scene.yaml")
    }

    func arrange(_ arguments: [String], in folder: URL, environment: [String: String]) throws -> ExternalTool.Run {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        return try ExternalTool.run(binary, arguments, in: folder, environment: environment)
    }

    /// fontconfig complains on standard error when its configuration file is missing: a scene
    /// without text never starts it, so it never complains; one with text does (the check is not
    /// vacuous).
    @Test func aSceneWithoutTextNeverStartsFontconfig() throws {
        let broken = ["FONTCONFIG_FILE": "/nonexistent/arrange-test/fonts.conf"]
        let shapes = try scene("canvas: {width: 40, height: 40, background: white}\nview: {rectangle: {}, modifiers: [{fill: red}, {frame: {width: 20, height: 20}}]}\n")
        defer { try? FileManager.default.removeItem(at: shapes.folder) }
        let quiet = try arrange(["render", shapes.file, "-o", "out", "--format", "png"], in: shapes.folder, environment: broken)
        #expect(quiet.status == 0, "\(quiet.errors)")
        #expect(!quiet.errors.contains("Fontconfig"), "\(quiet.errors)")
        #expect(FileManager.default.fileExists(atPath: shapes.folder.appendingPathComponent("out/scene.png").path))

        let words = try scene("canvas: {width: 60, height: 30, background: white}\nview: {text: Hi}\n")
        defer { try? FileManager.default.removeItem(at: words.folder) }
        let loud = try arrange(["render", words.file, "-o", "out", "--format", "png"], in: words.folder, environment: broken)
        #expect(loud.errors.contains("Fontconfig"), "a text scene should have started fontconfig: \(loud.errors)")
    }

    /// librsvg and the GLib, GIO and Pango libraries it needs are loaded when the first SVG image
    /// is read, not linked; an SVG image still draws (its red pixel is in the PNG).
    @Test func librsvgIsLoadedOnlyForAnSVGImage() throws {
        let binary = try #require(CLITests.binary)
        let ldd = try ExternalTool.locate("ldd", package: "libc-bin")
        let linked = try ExternalTool.run(ldd, [binary])
        #expect(linked.status == 0)
        let libraries = String(decoding: linked.output, as: UTF8.self)
        #expect(libraries.contains("libcairo"), "ldd lists the linked libraries")
        for library in ["librsvg", "libgio", "libpango", "libgdk_pixbuf"] {
            #expect(!libraries.contains(library), "\(library) is linked: \(libraries)")
        }
        let drawing = try scene("canvas: {scale: 1, background: white}\nview: {image: {path: red.svg}}\n")
        defer { try? FileManager.default.removeItem(at: drawing.folder) }
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>"#
        try Data(svg.utf8).write(to: drawing.folder.appendingPathComponent("red.svg"))
        let run = try arrange(["render", drawing.file, "-o", "out", "--format", "png"], in: drawing.folder, environment: [:])
        #expect(run.status == 0, "\(run.errors)")
        let bitmap = try Bitmap(contentsOfPNG: drawing.folder.appendingPathComponent("out/scene.png"))
        #expect(bitmap.width == 10 && bitmap.height == 10)
        let pixel = bitmap[5, 5]
        #expect([pixel.red, pixel.green, pixel.blue, pixel.alpha] == [255, 0, 0, 255])
    }

    /// The binary set-up builds for users links the Swift runtime and Foundation in (loading them
    /// as shared libraries cost a third of every start-up); checked when it has been built.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: CLITests.root.appendingPathComponent(".build/release/arrange").path)))
    func theReleaseBinaryCarriesTheSwiftRuntime() throws {
        let release = CLITests.root.appendingPathComponent(".build/release/arrange").path
        let ldd = try ExternalTool.locate("ldd", package: "libc-bin")
        let linked = try ExternalTool.run(ldd, [release])
        #expect(linked.status == 0)
        let libraries = String(decoding: linked.output, as: UTF8.self)
        #expect(libraries.contains("libcairo"), "ldd lists the linked libraries")
        for library in ["libswiftCore", "libFoundation", "librsvg"] {
            #expect(!libraries.contains(library), "\(library) is linked: \(libraries)")
        }
        let version = try ExternalTool.run(release, ["--version"])
        #expect(String(decoding: version.output, as: UTF8.self).hasPrefix("arrange "))
    }
}
