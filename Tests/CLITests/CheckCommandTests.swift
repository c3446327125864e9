import ArrangeSnapshot
import Foundation
import Testing
import TestSupport

/// `arrange check`, `diff` and `report merge`, run as a person runs them.
@Suite(.serialized) struct CheckCommandTests {
    static let root = CLITests.root

    func arrange(_ arguments: [String], in folder: URL) throws -> ExternalTool.Run {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        return CLITests.run(binary, arguments, in: folder)
    }

    func scratch() throws -> URL {
        let folder = try ExternalTool.scratchFolder()
        for name in ["stacks.yaml", "tag-cloud.yaml", "wheel-0.yaml", "spacer.yaml", "layout-priority.yaml"] {
            try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Fixtures/\(name)"), to: folder.appendingPathComponent(name))
        }
        return folder
    }

    /// Changing one rectangle's colour fails the check with exactly that rectangle's pixels, and
    /// a diff image in which exactly that rectangle is red.
    @Test func aRecolouredRectangleFailsWithExactlyItsPixels() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let record = try arrange(["check", "stacks.yaml", "--references", "refs", "--record", "all"], in: folder)
        #expect(record.status == 0, "\(record.errors)")
        #expect(record.stdout.contains("1 scene: 0 passed, 1 recorded, 0 failed"))
        // The HStack's first child: a 60 × 60 rectangle at (16, 16), filled red; make it orange.
        let scene = folder.appendingPathComponent("stacks.yaml")
        var text = try String(contentsOf: scene, encoding: .utf8)
        let first = try #require(text.range(of: "[{fill: red}, {frame: {width: 60, height: 60}}]"))
        text.replaceSubrange(first, with: "[{fill: orange}, {frame: {width: 60, height: 60}}]")
        try text.write(to: scene, atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: folder.appendingPathComponent("refs/stacks.png"))

        let check = try arrange(["check", "stacks.yaml", "--references", "refs", "--record", "never", "-o", "out", "--json", "out.json"], in: folder)
        #expect(check.status == 1)
        // At scale 2 the rectangle is 120 × 120 = 14,400 pixels; nothing else changed.
        #expect(check.stdout.contains("FAILED   stacks: 14400 of "), "\(check.stdout)")
        #expect(check.stdout.contains("1 scene: 0 passed, 0 recorded, 1 failed"))
        #expect(try Data(contentsOf: folder.appendingPathComponent("refs/stacks.png")) == before, "the reference changed")
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("out.json"))) as? [String: Any]
        let result = try #require((report?["results"] as? [[String: Any]])?.first)
        #expect(result["differingPixels"] as? Int == 14400)
        // The diff image: red exactly over (32, 32)–(152, 152) px.
        let diffRun = try arrange(["diff", "out/stacks.expected.png", "out/stacks.actual.png", "-o", "d.png"], in: folder)
        #expect(diffRun.status == 1)
        #expect(diffRun.stdout.contains("14400 of"))
        // A file against itself: the same bytes, so the same pixels, with or without a diff image.
        let size = try Bitmap.pngSize(Data(contentsOf: folder.appendingPathComponent("out/stacks.expected.png")))
        let zero = "0 of \(size.width * size.height) pixels differ (0.000%)\n"
        let same = try arrange(["diff", "out/stacks.expected.png", "out/stacks.expected.png"], in: folder)
        #expect(same.status == 0 && same.stdout == zero, "\(same.stdout)\(same.errors)")
        let sameImage = try arrange(["diff", "out/stacks.expected.png", "out/stacks.expected.png", "-o", "same.png"], in: folder)
        #expect(sameImage.status == 0 && sameImage.stdout == zero)
        let written = try Bitmap(png: Data(contentsOf: folder.appendingPathComponent("same.png")))
        #expect(written.width == size.width && written.pixels.count == size.width * size.height * 4)
        let bounds = try #require(result["differingBounds"] as? [[Double]])
        #expect(bounds == [[32, 32], [120, 120]])
    }

    /// The JSON report and report.html list the files each scene was read from.
    @Test func theReportsListEachScenesInputs() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\"><rect width=\"4\" height=\"4\" fill=\"red\"/></svg>\n"
        try Data(svg.utf8).write(to: folder.appendingPathComponent("dot.svg"))
        try Data("canvas: {width: 8, height: 8}\nview: {image: {path: dot.svg, resizable: true}}\n".utf8)
            .write(to: folder.appendingPathComponent("card.yaml"))
        // report.html is written for a run that passes when its folder is there.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        let run = try arrange(["check", "card.yaml", "--references", "refs", "-o", "out", "--json", "out.json"], in: folder)
        #expect(run.status == 0, "\(run.errors)")
        let real = { (name: String) in folder.appendingPathComponent(name).resolvingSymlinksInPath().path }
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("out.json"))) as? [String: Any]
        let result = try #require((report?["results"] as? [[String: Any]])?.first)
        #expect(result["inputs"] as? [String] == [real("card.yaml"), real("dot.svg")])
        let page = try String(contentsOf: folder.appendingPathComponent("out/report.html"), encoding: .utf8)
        #expect(page.contains("<summary>inputs (2)</summary><ul><li>\(real("card.yaml"))</li><li>\(real("dot.svg"))</li></ul>"), "\(page)")
    }

    /// Changing one child's width in a flow names the views that moved, with old and new frames.
    @Test func aWiderChildNamesTheViewsThatMoved() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("flow.yaml")
        func write(_ width: Int) throws {
            var yaml = "canvas: {width: 330, scale: 1, background: white}\nview:\n  flow: {spacing: 10}\n  children:\n"
            for (id, w) in [("a", 100), ("b", width), ("c", 100), ("d", 100)] {
                yaml += "    - rectangle:\n      id: \(id)\n      modifiers: [{fill: blue}, {frame: {width: \(w), height: 40}}]\n"
            }
            try yaml.write(to: scene, atomically: true, encoding: .utf8)
        }
        try write(100)
        #expect(try arrange(["check", "flow.yaml", "--references", "refs"], in: folder).status == 0)
        try write(150)
        let check = try arrange(["check", "flow.yaml", "--references", "refs", "--record", "never", "-o", "out"], in: folder)
        #expect(check.status == 1)
        // Before: a, b, c on the first row (100 + 10 + 100 + 10 + 100 = 320 wide, centred in
        // 330: x = 5), d below. After: a and b (260 wide, x = 35), then c and d on the second row.
        for line in ["#b moved and resized: (115, 0, 100, 40) → (145, 0, 150, 40)",
                     "#c moved: (225, 0, 100, 40) → (35, 50, 100, 40)",
                     "#d moved: (5, 50, 100, 40) → (145, 50, 100, 40)",
                     "#a moved: (5, 0, 100, 40) → (35, 0, 100, 40)"] {
            #expect(check.stdout.contains(line), "\(check.stdout)")
        }
    }

    /// report.html shows the reference, actual and diff images; the JUnit file is well-formed
    /// XML that names each scene.
    @Test func theReportsShowTheImagesAndNameTheScenes() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try arrange(["check", ".", "--references", "refs"], in: folder).status == 0)
        let scene = folder.appendingPathComponent("stacks.yaml")
        let text = try String(contentsOf: scene, encoding: .utf8).replacingOccurrences(of: "fill: red", with: "fill: orange")
        try text.write(to: scene, atomically: true, encoding: .utf8)
        let check = try arrange(["check", ".", "--references", "refs", "--record", "never", "-o", "out", "--junit", "junit.xml"], in: folder)
        #expect(check.status == 1)
        let junit = try String(contentsOf: folder.appendingPathComponent("junit.xml"), encoding: .utf8)
        let xmllint = try ExternalTool.locate("xmllint", package: "libxml2-utils")
        #expect(try ExternalTool.run(xmllint, ["--noout", folder.appendingPathComponent("junit.xml").path]).status == 0)
        for name in ["stacks", "tag-cloud", "wheel-0", "spacer", "layout-priority"] { #expect(junit.contains("name=\"\(name)\"")) }
        #expect(junit.contains("failures=\"1\""))

        // Chromium shows the page: the reference's red, the actual's orange and the diff's pure
        // red are all on the screenshot.
        let chromium = try ExternalTool.locate("chromium", package: "chromium")
        let shot = folder.appendingPathComponent("report.png")
        let run = try ExternalTool.run(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1400,900",
                                                  "--screenshot=\(shot.path)", folder.appendingPathComponent("out/report.html").absoluteString])
        #expect(run.status == 0)
        let page = try Data(contentsOf: shot)
        let pixels = try #require(PNGPixels(page))
        // iOS red #ff3b30 in the reference, orange #ff9500 in the actual, #ff0000 in the diff.
        #expect(pixels.contains(red: 255, green: 59, blue: 48), "no reference image")
        #expect(pixels.contains(red: 255, green: 149, blue: 0), "no actual image")
        #expect(pixels.contains(red: 255, green: 0, blue: 0), "no diff image")
    }

    /// Shards 1/2 and 2/2 check every scene exactly once, and their merged report is the
    /// unsharded run's.
    @Test func shardsTogetherAreTheWholeRun() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try arrange(["check", ".", "--references", "refs"], in: folder).status == 0)
        // Reports go to another folder: a .json file in the scene folder would be read as a scene.
        let reports = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: reports) }
        let whole = try arrange(["check", ".", "--references", "refs", "--record", "never", "--json", reports.appendingPathComponent("all.json").path], in: folder)
        #expect(whole.status == 0, "\(whole.stdout)\(whole.errors)")
        var counts: [Int] = []
        for shard in ["1/2", "2/2"] {
            let run = try arrange(["check", ".", "--references", "refs", "--record", "never", "--shard", shard,
                                   "--json", reports.appendingPathComponent("shard-\(shard.prefix(1)).json").path], in: folder)
            #expect(run.status == 0)
            counts.append(run.stdout.split(separator: "\n").filter { $0.hasPrefix("PASSED") }.count)
        }
        #expect(counts.reduce(0, +) == 5)
        #expect(counts.allSatisfy { $0 > 0 })
        let merged = try arrange(["report", "merge", "shard-1.json", "shard-2.json", "-o", "merged"], in: reports)
        #expect(merged.status == 0)
        #expect(try Data(contentsOf: reports.appendingPathComponent("merged/report.json")) == Data(contentsOf: reports.appendingPathComponent("all.json")))
        // The same shard twice overlaps: an error, not a report.
        let twice = try arrange(["report", "merge", "shard-1.json", "shard-1.json", "-o", "twice"], in: reports)
        #expect(twice.status == 1)
        #expect(twice.errors.contains("is in more than one report"))
    }

    /// `render --shard` splits the scenes as `check --shard` does: shards 1/2 and 2/2 write every
    /// picture of the whole run exactly once, byte for byte, and each shard the scenes check's
    /// same shard passes.
    @Test func renderShardsTogetherAreTheWholeRender() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenes = ["layout-priority.yaml", "spacer.yaml", "stacks.yaml", "tag-cloud.yaml", "wheel-0.yaml"]
        #expect(try arrange(["render"] + scenes + ["-o", "all", "--format", "png,svg"], in: folder).status == 0)
        #expect(try arrange(["check"] + scenes + ["--references", "refs"], in: folder).status == 0)
        func files(_ name: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(name).path).sorted()
        }
        var union: [String] = []
        for index in 1...2 {
            let render = try arrange(["render"] + scenes + ["-o", "shard\(index)", "--format", "png,svg", "--shard", "\(index)/2"], in: folder)
            #expect(render.status == 0, "\(render.errors)")
            let written = try files("shard\(index)")
            for file in written {
                let name = folder.appendingPathComponent("shard\(index)/\(file)"), whole = folder.appendingPathComponent("all/\(file)")
                #expect(try Data(contentsOf: name) == Data(contentsOf: whole), "\(file)")
            }
            union += written
            let check = try arrange(["check"] + scenes + ["--references", "refs", "--record", "never", "--shard", "\(index)/2"], in: folder)
            let checked = check.stdout.split(separator: "\n").filter { $0.hasPrefix("PASSED") }.map { $0.split(separator: " ").last.map(String.init) ?? "" }
            #expect(Set(written.map { ($0 as NSString).deletingPathExtension }) == Set(checked), "shard \(index)/2")
        }
        #expect(union.sorted() == (try files("all")))
        #expect(union.count == 10)

        // A shard that holds none of the scenes writes nothing and says so; a bad value is refused.
        let one = try arrange(["render", "spacer.yaml", "-o", "lonely", "--shard", "1/40"], in: folder)
        let other = try arrange(["render", "spacer.yaml", "-o", "lonely", "--shard", "2/40"], in: folder)
        #expect(one.status == 0 && other.status == 0)
        #expect((one.stdout + other.stdout).contains("none of the 1 scenes is in shard"))
        let bad = try arrange(["render", "spacer.yaml", "-o", "bad", "--shard", "3/2"], in: folder)
        #expect(bad.status == 64)
        #expect(bad.errors.contains("--shard expects i/n with 1 ≤ i ≤ n, as in --shard 2/4; found '3/2'"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("bad").path))
    }

    @Test func badReferencesAndNamesAreClearErrors() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        // No reference, record never: a failure that says how to make one.
        let missing = try arrange(["check", "wheel-0.yaml", "--references", "refs", "--record", "never"], in: folder)
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("MISSING  wheel-0: no reference"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("refs").path))
        // A corrupt reference.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("refs"), withIntermediateDirectories: true)
        try Data("not a png".utf8).write(to: folder.appendingPathComponent("refs/wheel-0.png"))
        let corrupt = try arrange(["check", "wheel-0.yaml", "--references", "refs", "--record", "never"], in: folder)
        #expect(corrupt.status == 1)
        #expect(corrupt.stdout.contains("ERROR    wheel-0: the reference"))
        #expect(try Data(contentsOf: folder.appendingPathComponent("refs/wheel-0.png")) == Data("not a png".utf8))
        // A reference of another size.
        #expect(try arrange(["check", "spacer.yaml", "--references", "refs"], in: folder).status == 0)
        try FileManager.default.copyItem(at: folder.appendingPathComponent("refs/spacer.png"), to: folder.appendingPathComponent("refs/stacks.png"))
        let size = try arrange(["check", "stacks.yaml", "--references", "refs", "--record", "never"], in: folder)
        #expect(size.status == 1)
        // Known from the PNG headers, before either is decoded: spacer is 340 × 324 points and
        // stacks 486 × 208, both at scale 2.
        #expect(size.stdout.contains("FAILED   stacks: size differs: reference 680×648, actual 972×416"), "\(size.stdout)")
        // Two scenes with one reference name.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("b"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: folder.appendingPathComponent("spacer.yaml"), to: folder.appendingPathComponent("b/spacer.yaml"))
        let clash = try arrange(["check", "spacer.yaml", "b/spacer.yaml", "--references", "refs"], in: folder)
        #expect(clash.status == 1)
        #expect(clash.stdout.contains("share the reference name 'spacer'"))
        // An output folder that cannot be made: the system's reason, exit 1, references untouched.
        try Data("x".utf8).write(to: folder.appendingPathComponent("plain.txt"))
        let stacks = folder.appendingPathComponent("stacks.yaml")
        try String(contentsOf: stacks, encoding: .utf8).replacingOccurrences(of: "fill: red", with: "fill: orange").write(to: stacks, atomically: true, encoding: .utf8)
        let unwritable = try arrange(["check", "spacer.yaml", "stacks.yaml", "--references", "refs", "--record", "never", "-o", "plain.txt/out"], in: folder)
        #expect(unwritable.status == 1)
        #expect(unwritable.errors.contains("error: cannot write the report: Not a directory"), "\(unwritable.errors)")
        #expect(!unwritable.stdout.contains("NSCocoaErrorDomain") && !unwritable.errors.contains("NSCocoaErrorDomain"))
        // --prune removes references no scene uses.
        let prune = try arrange(["check", "spacer.yaml", "--references", "refs", "--prune"], in: folder)
        #expect(prune.status == 0)
        #expect(prune.errors.contains("pruned") && prune.errors.contains("stacks.png"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("refs/stacks.png").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("refs/spacer.png").path))
    }
}

/// A screenshot's pixels, read with ArrangeSnapshot's PNG reader.
struct PNGPixels {
    let pixels: [UInt8]

    init?(_ png: Data) {
        guard let bitmap = try? Bitmap(png: png) else { return nil }
        pixels = bitmap.pixels
    }

    func contains(red: UInt8, green: UInt8, blue: UInt8) -> Bool {
        stride(from: 0, to: pixels.count - 3, by: 4).contains { pixels[$0] == red && pixels[$0 + 1] == green && pixels[$0 + 2] == blue }
    }
}

/// Characters no font has are drawn as boxes, and said so once, at the view.
@Suite struct MissingGlyphWarningTests {
    @Test func aCharacterNoFontHasIsAWarning() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // U+10000 (Linear B) and U+12000 (cuneiform): in none of DejaVu, Noto CJK, Noto Color Emoji.
        try "view:\n  text: \"Linear B: \\U00010000 and \\U00012000, twice: \\U00010000\"\n"
            .write(to: folder.appendingPathComponent("rare.yaml"), atomically: true, encoding: .utf8)
        let run = CLITests.run(binary, ["render", "rare.yaml", "-o", "out"], in: folder)
        #expect(run.status == 0)
        #expect(run.errors.contains("rare.yaml:2:3: warning: no installed or given font has '𐀀' (U+10000), '𒀀' (U+12000); drawn as empty boxes"),
                "\(run.errors)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/rare.png").path))
    }
}

/// Standard output that cannot be written is an error, not a crash.
@Suite struct StandardOutputTests {
    @Test func aFullDiskOnStandardOutputIsOneLineOfError() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let sh = try ExternalTool.locate("sh", package: "dash")
        for command in ["'\(binary)' render Fixtures/wheel-0.yaml --format svg -o - > /dev/full",
                        "'\(binary)' layout Fixtures/wheel-0.yaml > /dev/full"] {
            let run = try ExternalTool.run(sh, ["-c", command], in: CLITests.root)
            #expect(run.status == 1, "\(command): \(run.errors)")
            #expect(run.errors.contains("error: cannot write to standard output: No space left on device"))
            #expect(!run.errors.contains("Fatal error") && !run.errors.contains("Backtrac"))
        }
        let version = CLITests.run(binary, ["--version"])
        #expect(version.status == 0 && version.stdout == "arrange 0.5.0\n")
    }
}
