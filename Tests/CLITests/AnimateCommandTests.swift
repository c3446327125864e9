import Foundation
import Testing
import TestSupport

/// `arrange animate`, run as a subprocess.
@Suite(.serialized) struct AnimateCommandTests {
    let cli = CLITests()

    func animate(_ arguments: [String], in folder: URL? = nil) throws -> ExternalTool.Run {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        return CLITests.run(binary, ["animate"] + arguments, in: folder ?? CLITests.root)
    }

    func data(_ folder: URL, _ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }

    /// A PNG's bytes without its description (`DescriptionFree`): the scenes' descriptions
    /// differ, their pictures must not.
    func picture(_ folder: URL, _ name: String) throws -> Data {
        DescriptionFree.png(try data(folder, name))
    }

    @Test(arguments: ["arc", "chord"])
    func theFirstAndLastFramesAreTheStaticRendersByteForByte(_ mode: String) throws {
        let folder = try cli.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try animate(["Fixtures/animation/wheel-turn-\(mode).yaml", "-o", folder.path])
        #expect(run.status == 0, "\(run.errors)")
        // 1 s at 30 frames a second: frames 0 to 30.
        let frames = cli.files(in: folder).filter { $0.hasSuffix(".png") }
        #expect(frames.count == 31)
        let statics = try cli.arrange("render", "Fixtures/wheel-0.yaml", "Fixtures/wheel-90.yaml", "-o", folder.path)
        #expect(statics.status == 0, "\(statics.errors)")
        #expect(try picture(folder, "wheel-turn-\(mode)-0000.png") == picture(folder, "wheel-0.png"))
        #expect(try picture(folder, "wheel-turn-\(mode)-0030.png") == picture(folder, "wheel-90.png"))
        #expect(try picture(folder, "wheel-turn-\(mode)-0015.png") != picture(folder, "wheel-0.png"))
        // As SVG too: frame 0 is `arrange render` of the animated scene itself (its state at 0 s).
        #expect(try animate(["Fixtures/animation/wheel-turn-\(mode).yaml", "--image-format", "svg", "--fps", "2", "-o", folder.path]).status == 0)
        #expect(try cli.arrange("render", "Fixtures/animation/wheel-turn-\(mode).yaml", "--format", "svg", "-o", folder.path).status == 0)
        #expect(try data(folder, "wheel-turn-\(mode)-0000.svg") == data(folder, "wheel-turn-\(mode).svg"))
    }

    @Test func renderAtATimeDrawsTheAnimationThen() throws {
        let folder = try cli.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // At 1 s, the end: the static wheel at 90°, byte for byte. At 0.5 s: frame 15 of 30 fps.
        #expect(try cli.arrange("render", "Fixtures/animation/wheel-turn-arc.yaml", "--at", "1", "-o", folder.appendingPathComponent("end.png").path).status == 0)
        #expect(try cli.arrange("render", "Fixtures/animation/wheel-turn-arc.yaml", "--at", "0.5", "-o", folder.appendingPathComponent("half.png").path).status == 0)
        #expect(try cli.arrange("render", "Fixtures/wheel-90.yaml", "-o", folder.path).status == 0)
        #expect(try animate(["Fixtures/animation/wheel-turn-arc.yaml", "-o", folder.path]).status == 0)
        #expect(try picture(folder, "end.png") == picture(folder, "wheel-90.png"))
        #expect(try data(folder, "half.png") == data(folder, "wheel-turn-arc-0015.png"))
        // A scene without an animation: a located error, nothing written.
        let still = try cli.arrange("render", "Fixtures/wheel-0.yaml", "--at", "1", "-o", folder.appendingPathComponent("still.png").path)
        #expect(still.status == 1)
        #expect(still.errors.contains("Fixtures/wheel-0.yaml:7:3: error: --at draws an animation at a time, and this scene has no 'animation'"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("still.png").path))
    }

    /// The frames of every view with an id, from `--format layout`.
    func dump(_ scene: String, fps: Int = 30) throws -> [(time: Double, views: [String: CGRect])] {
        let folder = try cli.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try animate([scene, "--format", "layout", "--fps", "\(fps)", "-o", folder.path])
        #expect(run.status == 0, "\(run.errors)")
        let name = ((scene as NSString).lastPathComponent as NSString).deletingPathExtension
        let json = try JSONSerialization.jsonObject(with: data(folder, "\(name)-layout.json")) as? [String: Any]
        let frames = try #require(json?["frames"] as? [[String: Any]])
        return frames.map { frame in
            let views = (frame["views"] as? [String: [String: Double]] ?? [:]).mapValues { v in
                CGRect(x: v["x"] ?? .nan, y: v["y"] ?? .nan, width: v["width"] ?? .nan, height: v["height"] ?? .nan)
            }
            return (frame["time"] as? Double ?? .nan, views)
        }
    }

    @Test func inArcModeEveryChildStaysOnTheCircle() throws {
        let frames = try dump("Fixtures/animation/wheel-turn-arc.yaml")
        #expect(frames.count == 31)
        var largest = 0.0
        for frame in frames {
            let wheel = try #require(frame.views["wheel"])
            for child in 1...8 {
                let square = try #require(frame.views["\(child)"])
                let radius = hypot(square.midX - wheel.midX, square.midY - wheel.midY)
                #expect(abs(radius - 130) <= 0.5, "child \(child) at \(frame.time) s is \(radius) from the centre")
                largest = max(largest, abs(radius - 130))
            }
        }
        print("wheel-turn-arc: the largest distance from radius 130 over 31 frames is \(largest) pt")
    }

    @Test func inChordModeTheMiddleFrameSitsOnTheChordsMiddle() throws {
        let frames = try dump("Fixtures/animation/wheel-turn-chord.yaml")
        let first = frames[0], middle = frames[15], last = frames[30]
        #expect(middle.time == 0.5)
        // easeInOut is symmetric: half way in time is half way along. Child 1 goes from the top
        // (180, 50) to the right (310, 180): the chord's middle is (245, 115), 91.9 from the
        // centre, well inside the circle, where the arc would put it at 130.
        for child in 1...8 {
            let a = try #require(first.views["\(child)"]), b = try #require(last.views["\(child)"])
            let m = try #require(middle.views["\(child)"])
            #expect(abs(m.midX - (a.midX + b.midX) / 2) < 0.01 && abs(m.midY - (a.midY + b.midY) / 2) < 0.01, "child \(child): \(m)")
        }
        let one = try #require(middle.views["1"])
        #expect(abs(one.midX - 245) < 0.01 && abs(one.midY - 115) < 0.01)
        #expect(abs(hypot(one.midX - 180, one.midY - 180) - 130 * 2.0.squareRoot() / 2) < 0.01)
    }

    @Test func theAnimatedPNGOpensInPillowWithItsFramesAndDelays() throws {
        let python = "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            Issue.record("/usr/bin/python3 with Pillow is needed: run Scripts/setup.sh (Debian package python3-pil)")
            return
        }
        let folder = try cli.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try animate(["Fixtures/animation/wheel-turn-arc.yaml", "--format", "apng", "--fps", "20", "-o", folder.path])
        #expect(run.status == 0, "\(run.errors)")
        let script = """
            import sys
            from PIL import Image
            image = Image.open(sys.argv[1])
            print(image.format, image.is_animated, image.n_frames, image.size, image.info.get("loop"))
            durations = []
            for index in range(image.n_frames):
                image.seek(index)
                durations.append(image.info["duration"])
            print(" ".join(str(d) for d in durations))
            """
        let check = CLITests.run(python, ["-c", script, folder.appendingPathComponent("wheel-turn-arc.png").path])
        #expect(check.status == 0, "\(check.errors)")
        let lines = check.stdout.split(separator: "\n").map(String.init)
        // 1 s at 20 frames a second: 21 frames of 1/20 s = 50 ms; 360 × 360 points at scale 2.
        #expect(lines.first == "PNG True 21 (720, 720) 0", "\(lines)")
        #expect(lines.count == 2 && lines[1].split(separator: " ").allSatisfy { Double($0) == 50 }, "\(lines)")
    }

    @Test func moreJobsGiveTheSameBytes() throws {
        let one = try cli.temporaryFolder(), two = try cli.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: one)
            try? FileManager.default.removeItem(at: two)
        }
        for (folder, jobs) in [(one, "1"), (two, "2")] {
            for format in ["frames", "svg", "sheet", "apng"] {
                let run = try animate(["Fixtures/animation/layout-switch.yaml", "--format", format, "--fps", "10", "-j", jobs, "-o", folder.path])
                #expect(run.status == 0, "\(run.errors)")
            }
        }
        let names = cli.files(in: one)
        #expect(names.count == 31 + 3)
        #expect(names == cli.files(in: two))
        for name in names { #expect(try data(one, name) == data(two, name), "\(name)") }
    }

    @Test func fewerFramesRemoveTheFramesLeftOver() throws {
        let folder = try cli.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("keep".utf8).write(to: folder.appendingPathComponent("wheel-turn-arc-notes.png"))
        #expect(try animate(["Fixtures/animation/wheel-turn-arc.yaml", "--fps", "10", "-o", folder.path]).status == 0)
        #expect(cli.files(in: folder).count == 11 + 1)
        #expect(try animate(["Fixtures/animation/wheel-turn-arc.yaml", "--fps", "4", "-o", folder.path]).status == 0)
        #expect(cli.files(in: folder) == (0...4).map { "wheel-turn-arc-000\($0).png" } + ["wheel-turn-arc-notes.png"])
    }

    static let wheel = """
        canvas: {width: 200, height: 200}
        view:
          wheel: {radius: 60}
          id: wheel
          children:
            - rectangle:
              modifiers: [{fill: red}, {frame: {width: 20, height: 20}}]
            - rectangle:
              modifiers: [{fill: blue}, {frame: {width: 20, height: 20}}]

        """

    /// Each bad animation, with the line and column its error must name and words it must say.
    /// The scene above is nine lines, so the animation starts on line 10.
    static let badScenes: [(name: String, animation: String, place: String, words: String)] = [
        ("unknown-parameter", "animation: {duration: 1, keyframes: [{at: 1, set: {wheel: {spacing: 4}}}]}", "10:60",
         "'spacing' is neither a parameter of the 'wheel' view 'wheel' nor one of its modifiers"),
        ("out-of-order", "animation:\n  duration: 2\n  keyframes:\n    - {at: 2, set: {wheel: {rotation: 90}}}\n    - {at: 1, set: {wheel: {rotation: 0}}}",
         "14:7", "keyframes go in time order"),
        ("after-the-end", "animation: {duration: 1, keyframes: [{at: 1.5, set: {wheel: {rotation: 90}}}]}", "10:38",
         "after the end of the animation"),
        ("infinite-value", "animation: {duration: 1, keyframes: [{at: 1, set: {wheel: {rotation: .inf}}}]}", "10:70",
         "'rotation' must be a number, found"),
        ("zero-fps", "animation: {duration: 1, fps: 0, keyframes: [{at: 1, set: {wheel: {rotation: 90}}}]}", "10:31",
         "'fps' must be a number > 0"),
        ("huge-fps", "animation: {duration: 1, fps: 10000, keyframes: [{at: 1, set: {wheel: {rotation: 90}}}]}", "10:31",
         "'fps' must be from 1 to 120"),
        ("million-frames", "animation: {duration: 3600, fps: 120, keyframes: [{at: 1, set: {wheel: {rotation: 90}}}]}", "10:23",
         "432001 frames; at most 10000"),
        ("unknown-id", "animation: {duration: 1, keyframes: [{at: 1, set: {whee: {rotation: 90}}}]}", "10:52",
         "no view has the id 'whee'"),
    ]

    @Test func badAnimationsAreLocatedErrorsAndWriteNothing() throws {
        let folder = try cli.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for bad in Self.badScenes {
            let path = folder.appendingPathComponent("\(bad.name).yaml")
            try Data((Self.wheel + bad.animation + "\n").utf8).write(to: path)
            for format in ["frames", "apng"] {
                let output = folder.appendingPathComponent("out-\(bad.name)-\(format)")
                let run = try animate([path.path, "--format", format, "-o", output.path])
                #expect(run.status == 1, "\(bad.name): exit \(run.status)")
                #expect(run.errors.contains("\(path.path):\(bad.place): error: "), "\(bad.name): \(run.errors)")
                #expect(run.errors.contains(bad.words), "\(bad.name): \(run.errors)")
                #expect(!FileManager.default.fileExists(atPath: output.path), "\(bad.name): wrote \(cli.files(in: output))")
            }
        }
    }

    @Test func badFrameRatesOnTheCommandLineAreRefused() throws {
        let folder = try cli.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for fps in ["0", "10000", "nan"] {
            let run = try animate(["Fixtures/animation/wheel-turn-arc.yaml", "--fps", fps, "-o", folder.path])
            #expect(run.status != 0)
            #expect(run.errors.contains("--fps"), "\(run.errors)")
        }
        let markdown = try animate(["README.md", "-o", folder.path])
        #expect(markdown.status != 0 && markdown.errors.contains("not Markdown"))
        let still = try animate(["Fixtures/wheel-0.yaml", "-o", folder.path])
        #expect(still.status == 1)
        #expect(still.errors.contains("the scene has no 'animation'"))
        #expect(cli.files(in: folder).isEmpty)
    }
}
