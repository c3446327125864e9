import Foundation
import Testing
import TestSupport

/// `render --incremental` skips scenes whose outputs are current; `render --watch` renders a
/// scene again when it changes and keeps the last good pictures when it breaks.
@Suite(.serialized) struct WatchAndIncrementalTests {
    /// A small scene: a red rectangle of the given shade.
    static func scene(_ shade: Int) -> String {
        "canvas: {width: 40, height: 30}\nview:\n  rectangle: {}\n  modifiers: [{fill: '#\(String(format: "%02x", shade % 256))0000'}]\n"
    }

    @Test func aSecondRunOverUnchangedScenesRendersNone() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenes = folder.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        for index in 0..<200 {
            try Data(Self.scene(index).utf8).write(to: scenes.appendingPathComponent(String(format: "scene-%03d.yaml", index)))
        }
        let arguments = ["render", "scenes", "-o", "out", "--format", "png,svg", "--incremental"]
        let first = CLITests.run(binary, arguments, in: folder)
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.errors.contains("rendered 200 of 200 scenes (0 unchanged), wrote 400 files"), "\(first.errors)")
        let written = try Data(contentsOf: folder.appendingPathComponent("out/scene-007.png"))

        let second = CLITests.run(binary, arguments, in: folder)
        #expect(second.status == 0)
        #expect(second.errors.contains("rendered 0 of 200 scenes (200 unchanged), wrote 0 files"), "\(second.errors)")

        // One scene changes: exactly that one renders again.
        try Data(Self.scene(255).utf8).write(to: scenes.appendingPathComponent("scene-007.yaml"))
        let third = CLITests.run(binary, arguments, in: folder)
        #expect(third.errors.contains("rendered 1 of 200 scenes (199 unchanged), wrote 2 files"), "\(third.errors)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("out/scene-007.png")) != written)

        // A deleted output, or another option, renders again.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("out/scene-100.svg"))
        let fourth = CLITests.run(binary, arguments, in: folder)
        #expect(fourth.errors.contains("rendered 1 of 200 scenes (199 unchanged)"), "\(fourth.errors)")
        let scaled = CLITests.run(binary, arguments + ["--scale", "2"], in: folder)
        #expect(scaled.errors.contains("rendered 200 of 200 scenes (0 unchanged)"), "\(scaled.errors)")
    }

    @Test func aFontFileTheSceneUsesIsAnInput() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let font = CLITests.root.appendingPathComponent("Fixtures/fonts/ComicNeue-Regular.otf")
        try FileManager.default.copyItem(at: font, to: folder.appendingPathComponent("face.otf"))
        try Data("fonts: [face.otf]\nview:\n  text: {content: Hi, font: {family: Comic Neue, size: 20}}\n".utf8)
            .write(to: folder.appendingPathComponent("card.yaml"))
        let arguments = ["render", "card.yaml", "-o", "out", "--incremental"]
        #expect(CLITests.run(binary, arguments, in: folder).errors.contains("rendered 1 of 1 scene (0 unchanged)"))
        #expect(CLITests.run(binary, arguments, in: folder).errors.contains("rendered 0 of 1 scene (1 unchanged)"))
        // The same family from another file: the picture may differ, so it renders again.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("face.otf"))
        try FileManager.default.copyItem(at: CLITests.root.appendingPathComponent("Fixtures/fonts/ComicNeue-Bold.otf"),
                                         to: folder.appendingPathComponent("face.otf"))
        let changed = CLITests.run(binary, arguments, in: folder)
        #expect(changed.errors.contains("rendered 1 of 1 scene (0 unchanged)"), "\(changed.errors)")
    }

    /// Polls `condition` every 20 ms for up to `seconds`; returns the seconds it took, or nil.
    func waitFor(_ seconds: Double, _ condition: () -> Bool) -> Double? {
        let start = Date()
        while Date().timeIntervalSince(start) < seconds {
            if condition() { return Date().timeIntervalSince(start) }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return nil
    }

    /// `arrange ARGUMENTS` started in `folder`, its standard error in log.txt there.
    func startWatching(_ arguments: [String], in folder: URL) throws -> (process: Process, log: () -> String) {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let log = folder.appendingPathComponent("log.txt")
        try Data().write(to: log)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardError = try FileHandle(forWritingTo: log)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return (process, { (try? String(contentsOf: log, encoding: .utf8)) ?? "" })
    }

    /// Stops a watcher, which must stop when asked even when its parent blocks the signal (test
    /// runners do).
    func stop(_ process: Process) {
        process.terminate()
        #expect(waitFor(5) { !process.isRunning } != nil, "the watcher ignored SIGTERM")
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Waits up to 10 s for the file at `url` to hold other bytes than `old`; returns the
    /// seconds it took, printed, or nil.
    func waitForChange(of url: URL, from old: Data, _ what: String) -> Double? {
        let took = waitFor(10) { (try? Data(contentsOf: url)).map { $0 != old } ?? false }
        print("\(what): redrawn after \(took.map { String(format: "%.3f s", $0) } ?? "more than 10 s")")
        return took
    }

    @Test func watchRendersAChangeAndKeepsTheLastGoodPictureOnAnError() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("card.yaml")
        let picture = folder.appendingPathComponent("out/card.png")
        try Data(Self.scene(40).utf8).write(to: scene)
        let (process, logText) = try startWatching(["render", "card.yaml", "-o", "out", "--watch"], in: folder)
        defer { stop(process) }

        #expect(waitFor(20) { logText().contains("watching 1 scene") } != nil, "\(logText())")
        let first = try Data(contentsOf: picture)

        // An edit: the picture changes (the delay is printed; a busy machine may take longer than
        // the quarter second it usually takes, so only a hang fails).
        try Data(Self.scene(200).utf8).write(to: scene)
        let took = waitForChange(of: picture, from: first, "the scene changed")
        #expect(took != nil, "the picture did not change within 10 s: \(logText())")
        #expect(waitFor(10) { logText().contains("rendered card.yaml → out/card.png") } != nil, "\(logText())")
        let second = try Data(contentsOf: picture)

        // An edit into an error: the error is printed, the last good picture kept.
        try Data("view:\n  rectangl: {}\n".utf8).write(to: scene)
        #expect(waitFor(10) { logText().contains("card.yaml:2:3: error: unknown view kind 'rectangl'; did you mean 'rectangle'?") } != nil,
                "\(logText())")
        #expect(waitFor(10) { logText().contains("card.yaml has errors; its last good pictures are kept") } != nil)
        #expect(try Data(contentsOf: picture) == second)
        #expect(process.isRunning)
    }

    /// A 4 × 4 SVG picture of one colour.
    static func svg(_ colour: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\"><rect width=\"4\" height=\"4\" fill=\"\(colour)\"/></svg>\n"
    }

    static let imageScene = "canvas: {width: 20, height: 20}\nview:\n  image: {path: pictures/dot.svg, resizable: true}\n"

    /// A scratch folder with card.yaml showing pictures/dot.svg, red; returns both.
    func imageSceneFolder() throws -> (folder: URL, image: URL) {
        let folder = try ExternalTool.scratchFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("pictures"), withIntermediateDirectories: true)
        let image = folder.appendingPathComponent("pictures/dot.svg")
        try Data(Self.svg("#ff0000").utf8).write(to: image)
        try Data(Self.imageScene.utf8).write(to: folder.appendingPathComponent("card.yaml"))
        return (folder, image)
    }

    /// `card.yaml` in `folder` renders with `--incremental`, renders nothing the second time, and
    /// renders again (a different picture) once `change` has rewritten one of its inputs.
    func rendersAgainAfter(_ change: () throws -> Void, in folder: URL) throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let arguments = ["render", "card.yaml", "-o", "out", "--incremental"]
        #expect(CLITests.run(binary, arguments, in: folder).errors.contains("rendered 1 of 1 scene (0 unchanged)"))
        let before = try Data(contentsOf: folder.appendingPathComponent("out/card.png"))
        #expect(CLITests.run(binary, arguments, in: folder).errors.contains("rendered 0 of 1 scene (1 unchanged)"))
        try change()
        let changed = CLITests.run(binary, arguments, in: folder)
        #expect(changed.errors.contains("rendered 1 of 1 scene (0 unchanged)"), "\(changed.errors)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("out/card.png")) != before)
        #expect(CLITests.run(binary, arguments, in: folder).errors.contains("rendered 0 of 1 scene (1 unchanged)"))
    }

    /// `arrange render card.yaml --watch` in `folder` draws the picture again once `change` has
    /// rewritten one of its inputs.
    func watchRedrawsAfter(_ change: () throws -> Void, in folder: URL, _ what: String) throws {
        let picture = folder.appendingPathComponent("out/card.png")
        let (process, logText) = try startWatching(["render", "card.yaml", "-o", "out", "--watch"], in: folder)
        defer { stop(process) }
        #expect(waitFor(20) { logText().contains("watching 1 scene") } != nil, "\(logText())")
        let first = try Data(contentsOf: picture)
        try change()
        #expect(waitForChange(of: picture, from: first, what) != nil, "the picture did not change: \(logText())")
    }

    @Test func anImageTheSceneShowsIsAnInput() throws {
        let (folder, image) = try imageSceneFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Only the image changes: the scene renders again, and the picture shows the new image.
        try rendersAgainAfter({ try Data(Self.svg("#0000ff").utf8).write(to: image) }, in: folder)
    }

    /// A scene that includes theme/styles.yaml, whose style paints it `colour`.
    func includeSceneFolder() throws -> (folder: URL, theme: URL) {
        let folder = try ExternalTool.scratchFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("theme"), withIntermediateDirectories: true)
        let theme = folder.appendingPathComponent("theme/styles.yaml")
        try Data(Self.theme("red").utf8).write(to: theme)
        try Data("canvas: {width: 20, height: 20}\ninclude: theme/styles.yaml\nview:\n  rectangle: {}\n  style: paint\n".utf8)
            .write(to: folder.appendingPathComponent("card.yaml"))
        return (folder, theme)
    }

    static func theme(_ colour: String) -> String { "styles:\n  paint: [{fill: \(colour)}]\n" }

    @Test func anIncludedFileIsAnInput() throws {
        let (folder, theme) = try includeSceneFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Only the included file changes: the scene renders again, in the new colour.
        try rendersAgainAfter({ try Data(Self.theme("blue").utf8).write(to: theme) }, in: folder)
    }

    @Test func watchRedrawsWhenAnIncludedFileChanges() throws {
        let (folder, theme) = try includeSceneFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try watchRedrawsAfter({ try Data(Self.theme("blue").utf8).write(to: theme, options: .atomic) }, in: folder, "an included file changed")
    }

    @Test func watchRedrawsWhenAnImageChanges() throws {
        let (folder, image) = try imageSceneFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The scene stays as it is; only the image it shows changes. The issue asks for a redraw
        // within 2 s; polling (0.1 s) and settling (0.15 s) take a quarter of that. The delay is
        // printed, not asserted: speed is the benchmarks' business.
        try watchRedrawsAfter({ try Data(Self.svg("#0000ff").utf8).write(to: image, options: .atomic) }, in: folder, "an image changed")
    }

    @Test func watchTakesAMarkdownFileAndRedrawsWhenABlockChanges() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("GUIDE.md")
        let block = "```arrange\ncanvas: {width: 40, height: 30}\nview:\n  rectangle: {}\n  modifiers: [{fill: red}]\n```\n"
        try Data("# Guide\n\n\(block)".utf8).write(to: file)
        let picture = folder.appendingPathComponent("images/GUIDE-1.png")
        let (process, logText) = try startWatching(["render", "GUIDE.md", "-o", "images", "--in-place", "--watch"], in: folder)
        defer { stop(process) }
        #expect(waitFor(20) { logText().contains("watching 1 scene") } != nil, "\(logText())")
        let first = try Data(contentsOf: picture)
        // Rewritten in place, the block's source kept in a comment: the block is edited there.
        let kept = try String(contentsOf: file, encoding: .utf8)
        #expect(kept == "# Guide\n\n<!-- arrange\ncanvas: {width: 40, height: 30}\nview:\n  rectangle: {}\n  modifiers: [{fill: red}]\n-->\n![arrange scene 1](images/GUIDE-1.png)\n")
        try Data(kept.replacingOccurrences(of: "fill: red", with: "fill: blue").utf8).write(to: file, options: .atomic)
        #expect(waitForChange(of: picture, from: first, "a Markdown block changed") != nil, "\(logText())")
        #expect(waitFor(10) { logText().contains("rendered GUIDE.md → images/GUIDE-1.png") } != nil, "\(logText())")
        #expect(try String(contentsOf: file, encoding: .utf8) == kept.replacingOccurrences(of: "fill: red", with: "fill: blue"))
        #expect(process.isRunning)
    }
}
