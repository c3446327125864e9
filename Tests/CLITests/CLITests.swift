import Foundation
import Testing
import TestSupport

/// The `arrange` command, run as a subprocess the way a person runs it.
@Suite(.serialized) struct CLITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The built `arrange`: `ARRANGE_BINARY` when set (the release build, to measure it:
    /// `ARRANGE_BINARY=.build/release/arrange swift test --filter Untrusted`), else next to the
    /// test bundle (SwiftPM puts products and tests in one folder), or in the folder
    /// `swift build --show-bin-path` names.
    static let binary: String? = {
        if let given = ProcessInfo.processInfo.environment["ARRANGE_BINARY"], !given.isEmpty {
            let path = URL(fileURLWithPath: given, relativeTo: root).path
            return FileManager.default.isExecutableFile(atPath: path) ? path : nil
        }
        var candidates: [URL] = []
        if let first = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        candidates.append(Bundle.main.bundleURL)
        for folder in candidates {
            // The test bundle may sit in a .xctest folder inside the bin folder.
            for dir in [folder, folder.deletingLastPathComponent(), folder.deletingLastPathComponent().deletingLastPathComponent()] {
                let path = dir.appendingPathComponent("arrange").path
                if FileManager.default.isExecutableFile(atPath: path) { return path }
            }
        }
        let shown = run("/usr/bin/env", ["swift", "build", "--show-bin-path"], in: root)
        let path = shown.stdout.trimmingCharacters(in: .whitespacesAndNewlines) + "/arrange"
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()

    /// Runs a program; a program that cannot be started gives status -1.
    static func run(_ program: String, _ arguments: [String], in folder: URL? = nil, stdin: Data? = nil) -> ExternalTool.Run {
        do {
            return try ExternalTool.run(program, arguments, in: folder, input: stdin)
        } catch {
            return ExternalTool.Run(status: -1, output: Data(), errors: "\(error)")
        }
    }

    /// Runs `arrange` in the repository folder.
    func arrange(_ arguments: String..., stdin: Data? = nil) throws -> ExternalTool.Run {
        let binary = try #require(Self.binary, "the arrange binary was not found; build it with 'swift build'")
        return Self.run(binary, arguments, in: Self.root, stdin: stdin)
    }

    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("arrange-cli-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    @Test func rendersAFixtureInEveryFormat() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try arrange("render", "Fixtures/wheel-0.yaml", "-o", out.path, "--format", "png,svg,pdf")
        #expect(result.status == 0, "\(result.errors)")
        #expect(files(in: out) == ["wheel-0.pdf", "wheel-0.png", "wheel-0.svg"])
        let png = [UInt8](try Data(contentsOf: out.appendingPathComponent("wheel-0.png")))
        #expect(Array(png.prefix(8)) == Self.pngSignature)
        // IHDR: width and height, big-endian, at bytes 16...23: the 360 × 360 canvas at scale 2.
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 720 && height == 720)
        let svg = try String(contentsOf: out.appendingPathComponent("wheel-0.svg"), encoding: .utf8)
        #expect(svg.contains("<svg"))
        let pdf = try Data(contentsOf: out.appendingPathComponent("wheel-0.pdf"))
        #expect(pdf.starts(with: Data("%PDF".utf8)))
        #expect(result.errors.contains("rendered 1 of 1 scene, wrote 3 files"))
    }

    @Test func colorSchemeReplacesTheScenes() throws {
        // A square in `primary` in a light scene: black (#000000) as written, white (#FFFFFF)
        // with --color-scheme dark; a scheme other than light or dark is refused.
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let scene = out.appendingPathComponent("square.yaml")
        try Data("colorScheme: light\nview:\n  rectangle: {}\n  modifiers: [{fill: primary}, {frame: {width: 10, height: 10}}]\n".utf8).write(to: scene)
        let light = try arrange("render", scene.path, "-o", out.appendingPathComponent("light").path, "--format", "svg")
        #expect(light.status == 0, "\(light.errors)")
        let dark = try arrange("render", scene.path, "-o", out.appendingPathComponent("dark").path, "--format", "svg", "--color-scheme", "dark")
        #expect(dark.status == 0, "\(dark.errors)")
        let lightSVG = try String(contentsOf: out.appendingPathComponent("light/square.svg"), encoding: .utf8)
        let darkSVG = try String(contentsOf: out.appendingPathComponent("dark/square.svg"), encoding: .utf8)
        #expect(lightSVG.contains("#000000") && !lightSVG.contains("#ffffff"))
        #expect(darkSVG.contains("#ffffff") && !darkSVG.contains("#000000"))
        let wrong = try arrange("render", scene.path, "-o", out.path, "--color-scheme", "dim")
        #expect(wrong.status != 0)
        #expect(wrong.errors.contains("--color-scheme"))
    }

    @Test func everyInvalidFixtureFailsWithItsLocationAndWritesNothing() throws {
        let folder = Self.root.appendingPathComponent("Fixtures/invalid")
        let names = files(in: folder)
        #expect(names.count >= 30)
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        for name in names {
            let path = "Fixtures/invalid/" + name
            let result = try arrange("render", path, "-o", out.path, "--format", "png,svg")
            #expect(result.status == 1, "\(name): exit \(result.status)")
            let pattern = try Regex("^" + NSRegularExpression.escapedPattern(for: path) + ":[0-9]+:[0-9]+: error: ")
            #expect(result.errors.split(separator: "\n").contains { $0.firstMatch(of: pattern) != nil }, "\(name): \(result.errors)")
            #expect(files(in: out).isEmpty, "\(name) left \(files(in: out))")
        }
    }

    @Test func oneBadSceneFailsTheRunWhileTheOthersRender() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try arrange("render", "Fixtures/stacks.yaml", "Fixtures/invalid/unknown-modifier.yaml", "Fixtures/spacer.yaml",
                                 "-o", out.path, "--format", "svg", "--jobs", "2")
        #expect(result.status == 1)
        #expect(files(in: out) == ["spacer.svg", "stacks.svg"])
        #expect(result.errors.contains("Fixtures/invalid/unknown-modifier.yaml:6:7: error: unknown modifier 'bordr'; did you mean 'border'?"))
        #expect(result.errors.contains("rendered 2 of 3 scenes, wrote 2 files"))
        #expect(result.errors.contains("1 failed"))
    }

    @Test func patternsAndFoldersExpand() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try arrange("render", "Fixtures/wheel-*.yaml", "-o", out.path, "--format", "svg")
        #expect(result.status == 0, "\(result.errors)")
        #expect(files(in: out) == ["wheel-0.svg", "wheel-90.svg"])
        let none = try arrange("render", "Fixtures/nothing-*.yaml", "-o", out.path)
        #expect(none.status != 0)
        #expect(none.errors.contains("no file matches 'Fixtures/nothing-*.yaml'"))
    }

    @Test func standardInputToStandardOutput() throws {
        let scene = Data("canvas: {width: 20, height: 10}\nview: {rectangle: {}, modifiers: [{fill: red}]}\n".utf8)
        let result = try arrange("render", "-", "--format", "svg", "-o", "-", stdin: scene)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.stdout.contains("<svg"))
        #expect(result.errors.isEmpty)
        let png = try arrange("render", "-", "--format", "png", "-o", "-", stdin: scene)
        #expect(Array(png.output.prefix(8)) == Self.pngSignature)
        let bad = try arrange("render", "-", "--format", "svg", "-o", "-", stdin: Data("view: {rectangle: {}, modifiers: [bordr]}\n".utf8))
        #expect(bad.status == 1)
        #expect(bad.stdout.isEmpty)
        #expect(bad.errors.contains("<stdin>:1:35: error: unknown modifier 'bordr'"))
    }

    @Test func yamlAndJSONRenderTheSameBytes() throws {
        let yaml = try temporaryFolder(), json = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: yaml); try? FileManager.default.removeItem(at: json) }
        #expect(try arrange("render", "Fixtures/flow-random-rectangles.yaml", "Fixtures/wheel-90.yaml", "-o", yaml.path, "--format", "svg,png").status == 0)
        #expect(try arrange("render", "Fixtures/json", "-o", json.path, "--format", "svg,png").status == 0)
        for name in ["flow-random-rectangles.svg", "flow-random-rectangles.png", "wheel-90.svg", "wheel-90.png"] {
            // The twins' descriptions differ (each says what it is); their pictures do not.
            let a = try Data(contentsOf: yaml.appendingPathComponent(name)), b = try Data(contentsOf: json.appendingPathComponent(name))
            #expect(DescriptionFree.picture(a, name: name) == DescriptionFree.picture(b, name: name), "\(name)")
        }
    }

    @Test func theSameSeedRendersTheSameBytesAndAnotherSeedDiffers() throws {
        let first = try temporaryFolder(), second = try temporaryFolder(), other = try temporaryFolder()
        defer { for f in [first, second, other] { try? FileManager.default.removeItem(at: f) } }
        let scene = "Fixtures/flow-random-rectangles.yaml"
        #expect(try arrange("render", scene, "-o", first.path, "--format", "svg,png", "--jobs", "1").status == 0)
        #expect(try arrange("render", scene, "-o", second.path, "--format", "svg,png", "--jobs", "2").status == 0)
        #expect(try arrange("render", scene, "-o", other.path, "--format", "svg", "--seed", "1").status == 0)
        for name in ["flow-random-rectangles.svg", "flow-random-rectangles.png"] {
            #expect(try Data(contentsOf: first.appendingPathComponent(name)) == Data(contentsOf: second.appendingPathComponent(name)))
        }
        let svg = try String(contentsOf: first.appendingPathComponent("flow-random-rectangles.svg"), encoding: .utf8)
        let reseeded = try String(contentsOf: other.appendingPathComponent("flow-random-rectangles.svg"), encoding: .utf8)
        #expect(svg != reseeded)
        // Seed 0's first colour: red, green, blue from the first three SplitMix64 outputs,
        // 0.8833 × 255 = 225, 0.4315 × 255 = 110, 0.0264 × 255 = 7.
        #expect(svg.lowercased().contains("e16e07") || svg.contains("rgb(225,110,7)") || svg.contains("rgb(225, 110, 7)"))
        #expect(!reseeded.lowercased().contains("e16e07"))
    }

    @Test func layoutPrintsTheTree() throws {
        let text = try arrange("layout", "Fixtures/frame-background-order.yaml")
        #expect(text.status == 0, "\(text.errors)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "canvas 300 × 160 at scale 2")
        // The VStack is 50 + 10 + 50 = 110 tall and 200 wide, centred in 300 × 160 at (50, 25);
        // the second text's frame-then-background is the lower 200 × 50, at y = 25 + 60.
        #expect(lines[1] == "VStack (50, 25, 200, 110)  ← Fixtures/frame-background-order.yaml:8:3")
        #expect(lines.contains("  background #frame-then-background (50, 85, 200, 50)  ← Fixtures/frame-background-order.yaml:19:11"))

        let json = try arrange("layout", "Fixtures/frame-background-order.yaml", "--json")
        #expect(json.status == 0, "\(json.errors)")
        let object = try #require(try JSONSerialization.jsonObject(with: json.output) as? [String: Any])
        let root = try #require(object["root"] as? [String: Any])
        #expect(root["kind"] as? String == "VStack")
        #expect(root["path"] as? String == "0")
        let children = try #require(root["children"] as? [[String: Any]])
        #expect(children.map { $0["id"] as? String } == ["background-then-frame", "frame-then-background"])
        let frame = try #require(children[1]["frame"] as? [String: Double])
        #expect(frame["width"] == 200 && frame["height"] == 50 && frame["x"] == 50)
        // The VStack is 50 + 10 + 50 = 110 tall, centred in 160: y = (160 − 110) / 2 = 25.
        #expect((root["frame"] as? [String: Double])?["y"] == 25)
    }

    @Test func validateReportsTyposWithSuggestions() throws {
        let result = try arrange("validate", "Fixtures/stacks.yaml", "Fixtures/invalid/unknown-frame-key.yaml")
        #expect(result.status == 1)
        #expect(result.errors.contains("Fixtures/invalid/unknown-frame-key.yaml:4:15: error: unknown key 'widht' in 'frame'; did you mean 'width'?"))
        #expect(result.errors.contains("validated 2 scenes: 1 good, 1 with errors"))
        // A folder is searched with its subfolders (Fixtures/ itself holds the bad scenes too).
        let good = try arrange("validate", "Fixtures/json", "Fixtures/*.yaml")
        #expect(good.status == 0, "\(good.errors)")
    }

    @Test func helpReadsLikeDocumentation() throws {
        for command in ["render", "layout", "validate"] {
            let help = try arrange(command, "--help")
            #expect(help.status == 0)
            #expect(help.stdout.contains("Example"), "\(command)")
        }
        let top = try arrange("--help")
        #expect(top.stdout.contains("render") && top.stdout.contains("layout") && top.stdout.contains("validate"))
    }

    @Test func badOptionsAreUsageErrors() throws {
        #expect(try arrange("render", "Fixtures/stacks.yaml", "--format", "gif").status != 0)
        #expect(try arrange("render", "Fixtures/stacks.yaml", "--jobs", "0").status != 0)
        #expect(try arrange("render", "Fixtures/stacks.yaml", "Fixtures/spacer.yaml", "-o", "-").status != 0)
        #expect(try arrange("render", "Fixtures/stacks.yaml", "--scale", "0").status != 0)
    }
}
