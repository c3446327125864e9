import ArrangeSnapshot
import Foundation
import Testing
import TestSupport

/// `arrange check` of a scene drawn in light and dark compares both pictures (NAME.png and
/// NAME~dark.png), and a dark picture named like another scene's output is an error of its own,
/// in `check` and in `render`.
@Suite struct ColorSchemeCheckTests {
    /// A 20 × 10 canvas (scale 1: 200 pixels) filled with #111111 in light and #EEEEEE in dark.
    static let scene = """
    colorScheme: both
    canvas: {width: 20, height: 10}
    view:
      rectangle: {}
      modifiers: [{fill: {light: "#111111", dark: "#eeeeee"}}]

    """

    /// The same canvas in plain green, #00FF00, in either scheme.
    static let green = """
    canvas: {width: 20, height: 10}
    view:
      rectangle: {}
      modifiers: [{fill: "#00ff00"}]

    """

    /// A scratch folder holding `files` (name → scene text).
    func folder(_ files: [String: String]) throws -> URL {
        let folder = try ExternalTool.scratchFolder()
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    func arrange(_ arguments: [String], in folder: URL) throws -> ExternalTool.Run {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        return CLITests.run(binary, arguments, in: folder)
    }

    func files(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The centre pixel of a PNG.
    func centre(_ url: URL) throws -> String {
        let bitmap = try Bitmap(contentsOfPNG: url)
        let p = bitmap[bitmap.width / 2, bitmap.height / 2]
        return String(format: "#%02X%02X%02X", p.red, p.green, p.blue)
    }

    @Test func bothPicturesAreRecordedAndAnUnchangedSceneMatchesBoth() throws {
        let folder = try folder(["card.yaml": Self.scene])
        defer { try? FileManager.default.removeItem(at: folder) }
        let record = try arrange(["check", "card.yaml", "--references", "refs", "--record", "missing"], in: folder)
        #expect(record.status == 0, "\(record.stdout)\(record.errors)")
        #expect(record.stdout.contains("RECORDED card~dark: recorded a new reference"), "\(record.stdout)")
        #expect(record.stdout.contains("1 scene, 2 pictures: 0 passed, 2 recorded, 0 failed"), "\(record.stdout)")
        // The dark picture has no layout of its own: a scheme changes colours, not frames.
        let refs = folder.appendingPathComponent("refs")
        #expect(files(refs) == ["card.layout.json", "card.png", "card~dark.png"])
        // The scene's own colours.
        #expect(try centre(refs.appendingPathComponent("card.png")) == "#111111")
        #expect(try centre(refs.appendingPathComponent("card~dark.png")) == "#EEEEEE")

        let again = try arrange(["check", "card.yaml", "--references", "refs", "--record", "never", "--junit", "junit.xml"], in: folder)
        #expect(again.status == 0, "\(again.stdout)")
        #expect(again.stdout.contains("PASSED   card\n") && again.stdout.contains("PASSED   card~dark\n"), "\(again.stdout)")
        #expect(again.stdout.contains("1 scene, 2 pictures: 2 passed, 0 recorded, 0 failed"), "\(again.stdout)")
        let junit = try String(contentsOf: folder.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.contains("<testsuites tests=\"2\" failures=\"0\" errors=\"0\">"), "\(junit)")
        #expect(junit.contains("name=\"card~dark\" file=\"card.yaml\"/>"), "\(junit)")
    }

    @Test func changingOnlyTheDarkColourFailsTheDarkPicture() throws {
        let folder = try folder(["card.yaml": Self.scene])
        defer { try? FileManager.default.removeItem(at: folder) }
        let record = try arrange(["check", "card.yaml", "--references", "refs"], in: folder)
        #expect(record.status == 0, "\(record.stdout)\(record.errors)")
        let dark = folder.appendingPathComponent("refs/card~dark.png")
        let before = try Data(contentsOf: dark)
        try Data(Self.scene.replacingOccurrences(of: "dark: \"#eeeeee\"", with: "dark: \"#ff0000\"").utf8)
            .write(to: folder.appendingPathComponent("card.yaml"))

        let check = try arrange(["check", "card.yaml", "--references", "refs", "--record", "never", "-o", "out", "--junit", "junit.xml"], in: folder)
        #expect(check.status == 1, "\(check.stdout)")
        #expect(check.stdout.contains("PASSED   card\n"), "\(check.stdout)")
        // Every one of the 20 × 10 pixels went from #EEEEEE to #FF0000. In pixelmatch's YIQ, the
        // luma differs by 238 − 0.29889531 × 255 ≈ 161.8 alone, so the distance is at least
        // 0.5053 × 161.8² ≈ 13,200, far over the threshold's 35,215 × 0.1² ≈ 352; and a pixel of a
        // plain fill, its 8 neighbours alike, is never anti-aliasing.
        #expect(check.stdout.contains("FAILED   card~dark: 200 of 200 pixels differ (100.000%)"), "\(check.stdout)")
        #expect(check.stdout.contains("1 scene, 2 pictures: 1 passed, 0 recorded, 1 failed"), "\(check.stdout)")
        #expect(try Data(contentsOf: dark) == before, "the reference changed")
        // The dark picture's own artefacts, and its own entries in the reports.
        #expect(files(folder.appendingPathComponent("out")) == ["card~dark.actual.png", "card~dark.diff.png", "card~dark.expected.png", "report.html"])
        #expect(try centre(folder.appendingPathComponent("out/card~dark.actual.png")) == "#FF0000")
        let junit = try String(contentsOf: folder.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.contains("<testcase classname=\"arrange.check\" name=\"card\" file=\"card.yaml\"/>"), "\(junit)")
        #expect(junit.contains("<testcase classname=\"arrange.check\" name=\"card~dark\" file=\"card.yaml\">\n      <failure message=\"200 of 200 pixels differ"), "\(junit)")
        let html = try String(contentsOf: folder.appendingPathComponent("out/report.html"), encoding: .utf8)
        #expect(html.contains("<h2>card~dark — failed</h2>") && html.contains("src=\"card~dark.diff.png\""), "\(html)")
    }

    @Test func aMissingDarkReferenceFailsUnlessRecorded() throws {
        let folder = try folder(["card.yaml": Self.scene])
        defer { try? FileManager.default.removeItem(at: folder) }
        // Only the light picture: --color-scheme light replaces the scene's both.
        let light = try arrange(["check", "card.yaml", "--references", "refs", "--color-scheme", "light"], in: folder)
        #expect(light.stdout.contains("1 scene: 0 passed, 1 recorded, 0 failed"), "\(light.stdout)")
        #expect(files(folder.appendingPathComponent("refs")) == ["card.layout.json", "card.png"])
        let never = try arrange(["check", "card.yaml", "--references", "refs", "--record", "never"], in: folder)
        #expect(never.status == 1)
        #expect(never.stdout.contains("MISSING  card~dark: no reference "), "\(never.stdout)")
        #expect(never.stdout.contains("1 scene, 2 pictures: 1 passed, 0 recorded, 1 failed"), "\(never.stdout)")
        // --color-scheme dark: one picture, dark (#EEEEEE), compared with card.png (#111111).
        let dark = try arrange(["check", "card.yaml", "--references", "refs", "--record", "never", "--color-scheme", "dark"], in: folder)
        #expect(dark.status == 1)
        #expect(dark.stdout.contains("FAILED   card: 200 of 200 pixels differ"), "\(dark.stdout)")
        let missing = try arrange(["check", "card.yaml", "--references", "refs", "--record", "missing"], in: folder)
        #expect(missing.status == 0, "\(missing.stdout)")
        #expect(try centre(folder.appendingPathComponent("refs/card~dark.png")) == "#EEEEEE")
    }

    @Test func theOptionChecksEveryScenesDarkPictureAndPruneKeepsOnlyUsedOnes() throws {
        let folder = try folder(["card.yaml": Self.scene, "green.yaml": Self.green])
        defer { try? FileManager.default.removeItem(at: folder) }
        let both = try arrange(["check", "card.yaml", "green.yaml", "--references", "refs", "--color-scheme", "both"], in: folder)
        #expect(both.stdout.contains("2 scenes, 4 pictures: 0 passed, 4 recorded, 0 failed"), "\(both.stdout)")
        #expect(try centre(folder.appendingPathComponent("refs/green~dark.png")) == "#00FF00")
        // Without the option green is one picture: its dark reference is no scene's any more,
        // while card (colorScheme: both) still uses its own.
        let prune = try arrange(["check", "card.yaml", "green.yaml", "--references", "refs", "--prune"], in: folder)
        #expect(prune.status == 0, "\(prune.stdout)\(prune.errors)")
        #expect(prune.errors.contains("pruned "), "\(prune.errors)")
        #expect(files(folder.appendingPathComponent("refs")) == ["card.layout.json", "card.png", "card~dark.png", "green.layout.json", "green.png"])
    }

    @Test func checkRefusesADarkPictureNamedLikeAnotherScene() throws {
        let folder = try folder(["card.yaml": Self.scene, "card~dark.yaml": Self.green])
        defer { try? FileManager.default.removeItem(at: folder) }
        let check = try arrange(["check", "card.yaml", "card~dark.yaml", "--references", "refs"], in: folder)
        #expect(check.status == 1)
        #expect(check.stdout.contains("ERROR    card~dark: card.yaml's dark picture has the reference name 'card~dark', which is card~dark.yaml's; rename one of the scenes"),
                "\(check.stdout)")
        // card~dark.yaml's own picture, never card.yaml's dark one.
        #expect(try centre(folder.appendingPathComponent("refs/card~dark.png")) == "#00FF00")
    }

    @Test func renderRefusesADarkPictureThatIsAnotherScenesOutput() throws {
        // Either order, either source of `both`, one job or two: card.yaml's dark picture would
        // be out/card~dark.png, card~dark.yaml's picture.
        for (scenes, option) in [(["card.yaml", "card~dark.yaml"], [String]()), (["card~dark.yaml", "card.yaml"], ["-j", "1"]),
                                 (["card.yaml", "card~dark.yaml"], ["--color-scheme", "both"])] {
            let folder = try folder(["card.yaml": Self.scene, "card~dark.yaml": Self.green])
            defer { try? FileManager.default.removeItem(at: folder) }
            let run = try arrange(["render"] + scenes + ["-o", "out"] + option, in: folder)
            #expect(run.status != 0, "\(option)")
            #expect(run.errors.contains("card.yaml: error: out/card~dark.png, its dark picture, is already the output of card~dark.yaml; rename one of the scenes"),
                    "\(option): \(run.errors)")
            #expect(run.errors.contains("rendered 1 of 2 scenes"), "\(run.errors)")
            // card.yaml wrote nothing; card~dark.yaml its own picture (with the option, its dark one too).
            let out = folder.appendingPathComponent("out")
            #expect(files(out) == (option.contains("both") ? ["card~dark.png", "card~dark~dark.png"] : ["card~dark.png"]), "\(option)")
            #expect(try centre(out.appendingPathComponent("card~dark.png")) == "#00FF00")
        }
    }

    @Test func renderRefusesALightPictureAtScale2ThatIsAnotherScenesOutput() throws {
        // At scale 2 card.yaml's light picture is out/card@2x.png, card@2x.yaml's picture.
        let folder = try folder(["card.yaml": Self.scene, "card@2x.yaml": Self.green])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try arrange(["render", "card.yaml", "card@2x.yaml", "-o", "out", "--scale", "2"], in: folder)
        #expect(run.status != 0)
        #expect(run.errors.contains("card.yaml: error: out/card@2x.png, its light picture, is already the output of card@2x.yaml; rename one of the scenes"),
                "\(run.errors)")
        #expect(files(folder.appendingPathComponent("out")) == ["card@2x.png"])
    }
}
