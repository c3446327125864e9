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

    @Test func watchRendersAChangeAndKeepsTheLastGoodPictureOnAnError() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("card.yaml")
        let picture = folder.appendingPathComponent("out/card.png")
        let log = folder.appendingPathComponent("log.txt")
        try Data(Self.scene(40).utf8).write(to: scene)
        try Data().write(to: log)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["render", "card.yaml", "-o", "out", "--watch"]
        process.currentDirectoryURL = folder
        process.standardError = try FileHandle(forWritingTo: log)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            // A watcher stops when asked, even when its parent blocks the signal (test runners do).
            #expect(waitFor(5) { !process.isRunning } != nil, "the watcher ignored SIGTERM")
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        func logText() -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

        #expect(waitFor(20) { logText().contains("watching 1 scene") } != nil, "\(logText())")
        let first = try Data(contentsOf: picture)

        // An edit: the picture changes within 2 s.
        try Data(Self.scene(200).utf8).write(to: scene)
        let took = waitFor(2) { (try? Data(contentsOf: picture)).map { $0 != first } ?? false }
        #expect(took != nil, "the picture did not change within 2 s: \(logText())")
        #expect(waitFor(2) { logText().contains("rendered card.yaml → out/card.png") } != nil, "\(logText())")
        let second = try Data(contentsOf: picture)

        // An edit into an error: the error is printed, the last good picture kept.
        try Data("view:\n  rectangl: {}\n".utf8).write(to: scene)
        #expect(waitFor(2) { logText().contains("card.yaml:2:3: error: unknown view kind 'rectangl'; did you mean 'rectangle'?") } != nil,
                "\(logText())")
        #expect(waitFor(2) { logText().contains("card.yaml has errors; its last good pictures are kept") } != nil)
        #expect(try Data(contentsOf: picture) == second)
        #expect(process.isRunning)
    }
}
