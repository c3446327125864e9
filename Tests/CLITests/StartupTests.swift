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

    /// fontconfig complains on standard error when its configuration file is missing. A scene
    /// without text never starts it, nor does text the default face (DejaVu Sans, read from its
    /// Debian folder) covers, in PNG and SVG alike; text that needs a fallback family (Chinese
    /// here) or a family only fontconfig knows does start it (the check is not vacuous).
    @Test func scenesWithoutTextOrInTheDefaultFacesNeverStartFontconfig() throws {
        let broken = ["FONTCONFIG_FILE": "/nonexistent/arrange-test/fonts.conf"]
        func run(_ view: String, format: String = "png") throws -> (status: Int32, errors: String, wrote: Bool) {
            let made = try scene("canvas: {width: 80, height: 40, background: white}\nview: \(view)\n")
            defer { try? FileManager.default.removeItem(at: made.folder) }
            let result = try arrange(["render", made.file, "-o", "out", "--format", format], in: made.folder, environment: broken)
            let wrote = FileManager.default.fileExists(atPath: made.folder.appendingPathComponent("out/scene.\(format)").path)
            return (result.status, result.errors, wrote)
        }
        for (view, format) in [("{rectangle: {}, modifiers: [{fill: red}, {frame: {width: 20, height: 20}}]}", "png"),
                               ("{text: Hi}", "png"), ("{text: Hi}", "svg"),
                               ("{text: Hi, modifiers: [{font: {design: serif, weight: bold, italic: true}}]}", "png")] {
            let quiet = try run(view, format: format)
            #expect(quiet.status == 0, "\(view): \(quiet.errors)")
            #expect(!quiet.errors.contains("Fontconfig"), "\(view) as \(format) started fontconfig: \(quiet.errors)")
            #expect(quiet.wrote, "\(view) as \(format)")
        }
        for view in ["{text: 你好}", "{text: Hi, modifiers: [{font: {family: Liberation Sans}}]}"] {
            let loud = try run(view)
            #expect(loud.errors.contains("Fontconfig"), "\(view) should have started fontconfig: \(loud.errors)")
        }
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
