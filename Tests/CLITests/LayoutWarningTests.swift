import Foundation
import Testing
import TestSupport

/// What the layout hides is warned about, at the view's line, by every command that lays a scene
/// out; `arrange layout` marks the views; `--strict` makes the warnings errors.
///
/// Widths are DejaVu Sans advances (`hb-shape --font-size=2048 DejaVuSans.ttf`, units per em
/// 2048), line heights its (ascender 1901 + descender 483) / 2048 × size, sizes rounded up to
/// whole points at scale 1.
@Suite struct LayoutWarningTests {
    /// "Build & unit tests" in body (17 pt) in an 80 × 30 frame: "Build & unit" is 12008 units
    /// = 99.68 pt, wider than 80, so the first line is "Build &" (7389 units = 61.33 pt) and the
    /// second "unit tests" (9619 units = 79.84 pt): 2 lines. A line is 2384 / 2048 × 17 = 19.79 pt,
    /// so 30 pt holds 1; it ends in "…" (17 pt): "Build &…" is 78.33 pt, "Build & …" would be
    /// 83.7. The text is 79 × 20, centred in the frame at (60, 35): x 60.5…139.5, y 40…60.
    static let narrow = framed("Build & unit tests", width: 80, height: 30)
    static let truncated = "narrow.yaml:3:3: warning: text \"Build & unit tests\" is truncated: it needs 2 lines but its frame has room for 1, which ends \"Build &…\" (x 60.5…139.5, y 40…60)"

    /// "Deploy" (7171 units = 59.53 pt, so 60 × 20) in a frame 10 high: one line is all it can
    /// draw, and it is twice the frame's height. Centred in the 100 × 10 frame at (50, 45).
    static let spill = framed("Deploy", width: 100, height: 10)

    /// A scene of one body text (line 3) in a frame, on a 200 × 100 canvas at scale 1.
    static func framed(_ text: String, width: Int, height: Int) -> String {
        """
        canvas: {width: 200, height: 100}
        view:
          text: "\(text)"
          modifiers: [{frame: {width: \(width), height: \(height)}}]

        """
    }

    /// Five 60 × 40 boxes placed by their centres: api (80, 40), cache (190, 40), db (300, 40) in
    /// a row, worker (80, 160) under api, logs (150, 100) between them to the right.
    ///
    /// api → db is straight, which stays straight: it leaves api's trailing side at (110, 40)
    /// and runs level to db's leading side at (270, 40), through cache (x 160…220); it enters
    /// cache's rectangle, less the half-point slack, at x 160.5.
    ///
    /// api → worker runs straight down from (80, 60) to (80, 140); its label "enqueue jobs" in
    /// caption (12 pt, 13814 units = 80.94 pt, so 81 × 14), padded 4 across and 1 up and down, is
    /// an 89 × 16 plate. At the middle (80, 100) it would cover the left edge of logs (x 120…180,
    /// y 80…120); tried 2 points at a time outwards, the first place whose plate, 2 points
    /// larger, clears logs (y ≤ 80), api (y ≥ 60) and the arrowhead (y ≤ 132) is 100 − 30 = 70:
    /// the text at (39.5, 63), and no warning.
    static let architecture = "canvas: {width: 360, height: 200}\nview:\n  zstack: {}\n  children:\n"
        + box("api", x: 80, y: 40) + box("cache", x: 190, y: 40) + box("db", x: 300, y: 40)
        + box("worker", x: 80, y: 160) + box("logs", x: 150, y: 100)
        + """
          modifiers:
            - connect:
                - {from: api, to: db}
                - {from: api, to: worker, label: "enqueue jobs"}

        """

    /// core (centred at (180, 100), x 150…210, y 80…120) walled in 4 points away on every side
    /// (left x 86…146, right x 214…274, top y 36…76, bottom y 124…164), and far at (330, 100).
    /// The elbow from core's trailing middle (210, 100) must first run 8 points (the margin)
    /// straight out, to (218, 100), which lies inside the right wall grown by the margin: no
    /// route. It is drawn directly, straight to far's leading middle (300, 100), through the
    /// right wall, entering its rectangle less the half-point slack at x 214.5.
    static let enclosed = "canvas: {width: 360, height: 200}\nview:\n  zstack: {}\n  children:\n"
        + box("core", x: 180, y: 100) + box("left", x: 116, y: 100) + box("right", x: 244, y: 100)
        + box("top", x: 180, y: 56) + box("bottom", x: 180, y: 144) + box("far", x: 330, y: 100)
        + """
          modifiers:
            - connect:
                - {from: core, to: far, routing: elbow}

        """

    /// A child of a ZStack (YAML, three lines): a 60 × 40 rectangle tagged `id`, centred at
    /// (`x`, `y`) by `position`, its wrapper taking the whole ZStack.
    static func box(_ id: String, x: Int, y: Int) -> String {
        """
            - zstack: {}
              children: [{rectangle: {}, id: \(id), modifiers: [{frame: {width: 60, height: 40}}]}]
              modifiers: [{position: {x: \(x), y: \(y)}}]

        """
    }

    /// A scratch folder holding `files`, by name.
    static func folder(_ files: [String: String]) throws -> URL {
        let folder = try ExternalTool.scratchFolder()
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    @Test func truncatedTextIsWarnedMarkedAndFailsStrictRender() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let folder = try Self.folder(["narrow.yaml": Self.narrow])
        defer { try? FileManager.default.removeItem(at: folder) }

        let render = CLITests.run(binary, ["render", "narrow.yaml", "-o", "out"], in: folder)
        #expect(render.status == 0)
        #expect(render.errors.hasPrefix(Self.truncated + "\n"), "\(render.errors)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/narrow.png").path))

        let layout = CLITests.run(binary, ["layout", "narrow.yaml"], in: folder)
        #expect(layout.status == 0)
        #expect(layout.stdout.contains("\n  Text \"Build & unit tests\" (60.5, 40, 79, 20)  ← narrow.yaml:3:3  ⚠ truncated\n"), "\(layout.stdout)")
        #expect(layout.errors == Self.truncated + "\n")
        let json = CLITests.run(binary, ["layout", "narrow.yaml", "--json"], in: folder)
        let object = try #require(try JSONSerialization.jsonObject(with: json.output) as? [String: Any])
        let root = try #require(object["root"] as? [String: Any])
        let text = try #require((root["children"] as? [[String: Any]])?.first)
        #expect(text["warnings"] as? [String] == ["truncated"])
        #expect(root["warnings"] == nil)

        let strict = CLITests.run(binary, ["render", "narrow.yaml", "-o", "strict", "--strict"], in: folder)
        #expect(strict.status == 1)
        let error = "narrow.yaml:3:3: error: " + Self.truncated.dropFirst("narrow.yaml:3:3: warning: ".count) + " (--strict)"
        #expect(strict.errors.contains(error + "\n"), "\(strict.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("strict/narrow.png").path))
    }

    @Test func strictFailsEveryCommandThatLaysOut() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let animated = Self.narrow.replacingOccurrences(of: "  text: \"Build", with: "  id: stage\n  text: \"Build")
            + "animation: {duration: 1, keyframes: [{at: 1, set: {stage: {frame: {width: 90, height: 30}}}}]}\n"
        let folder = try Self.folder(["narrow.yaml": Self.narrow, "animated.yaml": animated])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(CLITests.run(binary, ["validate", "narrow.yaml"], in: folder).status == 0)
        #expect(CLITests.run(binary, ["validate", "narrow.yaml", "--strict"], in: folder).status == 1)
        // The tree is still printed, with its marks, so that CI's log shows where.
        let layout = CLITests.run(binary, ["layout", "narrow.yaml", "--strict"], in: folder)
        #expect(layout.status == 1)
        #expect(layout.stdout.contains("⚠ truncated"))
        let animate = CLITests.run(binary, ["animate", "animated.yaml", "--format", "sheet", "-o", "frames", "--strict"], in: folder)
        #expect(animate.status == 1)
        #expect(animate.errors.contains("error: text \"Build & unit tests\" is truncated"), "\(animate.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("frames/animated-sheet.png").path))
        let check = CLITests.run(binary, ["check", "narrow.yaml", "--references", "refs", "-o", "report", "--strict"], in: folder)
        #expect(check.status == 1)
        #expect(check.stdout.contains("ERROR    narrow: narrow.yaml:3:3: error: text"), "\(check.stdout)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("refs/narrow.png").path))
    }

    @Test func linesThatSpillOutOfTheirFrameAreWarned() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let folder = try Self.folder(["spill.yaml": Self.spill])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = CLITests.run(binary, ["validate", "spill.yaml"], in: folder)
        #expect(run.status == 0)
        #expect(run.errors == "spill.yaml:3:3: warning: text \"Deploy\" spills out of its 'frame': its lines span x 70…130, y 40…60, the frame x 50…150, y 45…55\n")
        let layout = CLITests.run(binary, ["layout", "spill.yaml"], in: folder)
        #expect(layout.stdout.contains("Text \"Deploy\" (70, 40, 60, 20)  ← spill.yaml:3:3  ⚠ spills\n"), "\(layout.stdout)")
    }

    @Test func aConnectorThroughABoxIsWarnedAndALabelMovesOffOne() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let folder = try Self.folder(["architecture.yaml": Self.architecture])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = CLITests.run(binary, ["validate", "architecture.yaml"], in: folder)
        #expect(run.status == 0)
        #expect(run.errors == """
        architecture.yaml:22:11: warning: connector 'api' → 'db' (straight) runs through 'cache' (frame, x 160…220, y 20…60), entering it at (160.5, 40)

        """)
        let layout = CLITests.run(binary, ["layout", "architecture.yaml"], in: folder)
        #expect(layout.stdout.contains("Path #connector:api→db (0, 0, 360, 200)  ⚠ route crosses 'cache'\n"), "\(layout.stdout)")
        #expect(layout.stdout.contains("Text \"enqueue jobs\" (39.5, 63, 81, 14)\n"), "\(layout.stdout)")
    }

    @Test func aConnectorWithNoRouteIsWarned() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let folder = try Self.folder(["enclosed.yaml": Self.enclosed])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = CLITests.run(binary, ["validate", "enclosed.yaml"], in: folder)
        #expect(run.status == 0)
        #expect(run.errors == """
        enclosed.yaml:25:11: warning: connector 'core' → 'far' (elbow) is drawn directly, through what is in its way: no route around the other views keeps its margin of 8 points (an end is enclosed, or a view lies within the margin of the side it leaves or enters by)
        enclosed.yaml:25:11: warning: connector 'core' → 'far' (elbow) runs through 'right' (frame, x 214…274, y 80…120), entering it at (214.5, 100)

        """)
        let layout = CLITests.run(binary, ["layout", "enclosed.yaml"], in: folder)
        #expect(layout.stdout.contains("Path #connector:core→far (0, 0, 360, 200)  ⚠ no route  ⚠ route crosses 'right'\n"), "\(layout.stdout)")
        #expect(CLITests.run(binary, ["validate", "enclosed.yaml", "--strict"], in: folder).status == 1)
    }

    /// Two 60 × 40 boxes centred at (60, 50) and (160, 50): the line runs from (90, 50) to
    /// (130, 50), its arrowhead 8 long. The label "HTTPS" in caption (6541 units with kerning =
    /// 38.33 pt, so 39 × 14), padded to 47 × 16, is wider than the 40-point gap: no place on the
    /// line is free, so it stays at the middle (110, 50), x 86.5…133.5, over both ends and the
    /// arrowhead, and each is warned about.
    @Test func aLabelWithNoFreePlaceIsWarned() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let scene = "canvas: {width: 300, height: 100}\nview:\n  zstack: {}\n  children:\n"
            + Self.box("a", x: 60, y: 50) + Self.box("b", x: 160, y: 50)
            + "  modifiers: [{connect: {from: a, to: b, label: HTTPS}}]\n"
        let folder = try Self.folder(["short.yaml": scene])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = CLITests.run(binary, ["validate", "short.yaml"], in: folder)
        #expect(run.errors == """
        short.yaml:11:25: warning: connector 'a' → 'b': its label "HTTPS" (x 86.5…133.5, y 42…58) covers 'a' (frame, x 30…90, y 30…70)
        short.yaml:11:25: warning: connector 'a' → 'b': its label "HTTPS" (x 86.5…133.5, y 42…58) covers 'b' (frame, x 130…190, y 30…70)
        short.yaml:11:25: warning: connector 'a' → 'b': its label "HTTPS" (x 86.5…133.5, y 42…58) covers the arrowhead of connector 'a' → 'b' at (130, 50)

        """)
    }

    /// --strict catches every warning of the scene, not only the layout's: a view cut off by the
    /// canvas (OverflowWarningTests' scene) fails validate and render, which writes nothing.
    @Test func strictCatchesOverflowWarningsToo() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let folder = try Self.folder(["wide.yaml": OverflowWarningTests.scene])
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = "wide.yaml:3:3: error: 'HStack' lands outside the canvas and is cut off: it spans x -101…301, y 25…75 of a 200 × 100 canvas (--strict)\n"
        let validate = CLITests.run(binary, ["validate", "wide.yaml", "--strict"], in: folder)
        #expect(validate.status == 1)
        #expect(validate.errors == error)
        let render = CLITests.run(binary, ["render", "wide.yaml", "-o", "out", "--strict"], in: folder)
        #expect(render.status == 1)
        #expect(render.errors.hasPrefix(error))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/wide.png").path))
    }

    @Test func everyFixtureRendersWithStrict() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The JSON spellings have the YAML ones' names: each set into a folder of its own.
        for (scenes, output) in [(["Fixtures/*.yaml", "Fixtures/animation"], "yaml"), (["Fixtures/json"], "json")] {
            let run = CLITests.run(binary, ["render"] + scenes + ["-o", folder.appendingPathComponent(output).path, "--strict"], in: CLITests.root)
            #expect(run.status == 0, "\(run.errors)")
            #expect(!run.errors.contains("warning:") && !run.errors.contains("error:"), "\(run.errors)")
        }
    }
}
