import ArrangeSnapshot
import Foundation
import Testing
import TestSupport

/// `arrange check` is strict by default and says when a tolerance let a scene pass; its output
/// folder holds only what the latest run left; images of different sizes get a side-by-side diff.
@Suite(.serialized) struct StrictCheckTests {
    func arrange(_ arguments: [String], in folder: URL) throws -> ExternalTool.Run {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        return CLITests.run(binary, arguments, in: folder)
    }

    /// A 1600 × 1000 pt screen at scale 1: a 32-pt icon (a grey square with a 20 × 22 glyph
    /// centred on it) and a label, top left, with 24 pt of padding.
    static func screen(glyph: String) -> String {
        """
        canvas: {scale: 1, background: white}
        view:
          zstack: {alignment: topLeading}
          children:
            - rectangle:
              modifiers: [{fill: "#f2f2f7"}, {frame: {width: 1600, height: 1000}}]
            - hstack: {alignment: top, spacing: 16}
              children:
                - zstack:
                  id: icon
                  children:
                    - rectangle:
                      modifiers: [{fill: gray}, {frame: {width: 32, height: 32}}]
                    - rectangle:
                      id: glyph
                      modifiers: [{fill: "\(glyph)"}, {frame: {width: 20, height: 22}}]
                - text: "Inbox"
              modifiers: [{padding: 24}]

        """
    }

    /// A scratch folder whose inbox.yaml was recorded (blue glyph) and then recoloured (orange).
    func recordedThenRecoloured() throws -> URL {
        let folder = try ExternalTool.scratchFolder()
        let scene = folder.appendingPathComponent("inbox.yaml")
        try Self.screen(glyph: "#007aff").write(to: scene, atomically: true, encoding: .utf8)
        #expect(try arrange(["check", "inbox.yaml", "--references", "refs", "--record", "all"], in: folder).status == 0)
        try Self.screen(glyph: "#ff9500").write(to: scene, atomically: true, encoding: .utf8)
        return folder
    }

    func report(_ file: URL) throws -> [String: Any] {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        return try #require((json?["results"] as? [[String: Any]])?.first)
    }

    /// The must-show case of "never silently wrong": recolouring the icon's glyph changes
    /// 20 × 22 = 440 of 1,600,000 pixels (0.0275 %, under the old 0.05 % default that let it
    /// pass). It fails by default; --max-diff-pixels 500 (or --max-diff 0.0005) lets it pass,
    /// saying how many pixels were tolerated, in the terminal and in every report.
    @Test func aRecolouredIconFailsByDefaultAndATolerancePassIsSaid() throws {
        let folder = try recordedThenRecoloured()
        defer { try? FileManager.default.removeItem(at: folder) }

        let strict = try arrange(["check", "inbox.yaml", "--references", "refs", "--record", "never", "-o", "out", "--json", "strict.json"], in: folder)
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("FAILED   inbox: 440 of 1600000 pixels differ (0.028%)"), "\(strict.stdout)")
        let failed = try report(folder.appendingPathComponent("strict.json"))
        #expect(failed["status"] as? String == "failed")
        // The glyph sits at padding 24 plus (32 − 20) / 2 = 6 across and (32 − 22) / 2 = 5 down.
        #expect(failed["differingBounds"] as? [[Double]] == [[30, 29], [20, 22]])

        let tolerant = try arrange(["check", "inbox.yaml", "--references", "refs", "--record", "never", "-o", "out",
                                    "--max-diff-pixels", "500", "--json", "tolerant.json", "--junit", "junit.xml"], in: folder)
        #expect(tolerant.status == 0, "\(tolerant.stdout)")
        #expect(tolerant.stdout.contains("PASSED   inbox (440 px differ, tolerated)\n"), "\(tolerant.stdout)")
        #expect(tolerant.stdout.contains("1 scene: 1 passed (1 tolerated), 0 recorded, 0 failed"), "\(tolerant.stdout)")
        let passed = try report(folder.appendingPathComponent("tolerant.json"))
        #expect(passed["status"] as? String == "passed")
        #expect(passed["tolerated"] as? Bool == true)
        #expect(passed["differingPixels"] as? Int == 440)
        let junit = try String(contentsOf: folder.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.contains("name=\"inbox\" file=\"inbox.yaml\">\n      <system-out>PASSED (440 px differ, tolerated)</system-out>"), "\(junit)")
        #expect(junit.contains("failures=\"0\""))
        let html = try String(contentsOf: folder.appendingPathComponent("out/report.html"), encoding: .utf8)
        #expect(html.contains("<li class=\"tolerated\">inbox: passed (440 px differ, tolerated)"), "\(html)")

        // The same as a share: 440 ≤ 0.0005 × 1,600,000 = 800; 439 pixels or 0.0002 (320) fail.
        let ratio = try arrange(["check", "inbox.yaml", "--references", "refs", "--record", "never", "--max-diff", "0.0005"], in: folder)
        #expect(ratio.status == 0 && ratio.stdout.contains("PASSED   inbox (440 px differ, tolerated)"), "\(ratio.stdout)")
        for tight in [["--max-diff-pixels", "439"], ["--max-diff", "0.0002"]] {
            let run = try arrange(["check", "inbox.yaml", "--references", "refs", "--record", "never"] + tight, in: folder)
            #expect(run.status == 1 && run.stdout.contains("FAILED   inbox: 440 of 1600000"), "\(tight): \(run.stdout)")
        }
        let negative = try arrange(["check", "inbox.yaml", "--references", "refs", "--max-diff-pixels=-1"], in: folder)
        #expect(negative.status == 64 && negative.errors.contains("--max-diff-pixels must be 0 or more"), "\(negative.errors)")
    }

    /// A failing run leaves NAME.expected.png, NAME.actual.png and NAME.diff.png; the next run
    /// in which the scene passes removes all three, and leaves other files alone.
    @Test func aPassingRunRemovesTheArtefactsOfAnEarlierFailure() throws {
        let folder = try recordedThenRecoloured()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try arrange(["check", "inbox.yaml", "--references", "refs", "--record", "never", "-o", "out"], in: folder).status == 1)
        let out = folder.appendingPathComponent("out")
        let artefacts = ["inbox.expected.png", "inbox.actual.png", "inbox.diff.png"]
        for name in artefacts { #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(name).path), "\(name)") }
        try Data("mine".utf8).write(to: out.appendingPathComponent("notes.txt"))

        try Self.screen(glyph: "#007aff").write(to: folder.appendingPathComponent("inbox.yaml"), atomically: true, encoding: .utf8)
        let pass = try arrange(["check", "inbox.yaml", "--references", "refs", "--record", "never", "-o", "out"], in: folder)
        #expect(pass.status == 0 && pass.stdout.contains("PASSED   inbox\n"), "\(pass.stdout)")
        for name in artefacts { #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent(name).path), "\(name) is left") }
        #expect(try Data(contentsOf: out.appendingPathComponent("notes.txt")) == Data("mine".utf8))
        // report.html is the run's own report: it lists the pass, no failure.
        let html = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains("<li class=\"passed\">inbox: passed<details class=\"inputs\">") && !html.contains("inbox.diff.png"))
    }

    /// A scene that changed size: NAME.diff.png is the reference (40 × 30, blue) left and the
    /// actual picture (60 × 20, orange) right, each in a 60 × 30 cell, so 120 × 30 in all; where
    /// a cell's image has no pixels, magenta stripes: (255, 0, 255) where ⌊(x + y) / 4⌋ is even,
    /// (255, 192, 255) where it is odd, x and y counted in the whole picture.
    @Test func aSizeMismatchDiffShowsBothImagesSideBySideWithTheMissingAreasMarked() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("box.yaml")
        func write(_ colour: String, _ width: Int, _ height: Int) throws {
            try "canvas: {scale: 1, background: white}\nview:\n  rectangle:\n  modifiers: [{fill: \"\(colour)\"}, {frame: {width: \(width), height: \(height)}}]\n"
                .write(to: scene, atomically: true, encoding: .utf8)
        }
        try write("#007aff", 40, 30)
        #expect(try arrange(["check", "box.yaml", "--references", "refs", "--record", "all"], in: folder).status == 0)
        try write("#ff9500", 60, 20)
        let run = try arrange(["check", "box.yaml", "--references", "refs", "--record", "never", "-o", "out", "--json", "out.json"], in: folder)
        #expect(run.status == 1)
        #expect(run.stdout.contains("FAILED   box: size differs: reference 40×30, actual 60×20"), "\(run.stdout)")
        let files = try #require(try report(folder.appendingPathComponent("out.json"))["files"] as? [String: String])
        #expect(files["diff"] == "box.diff.png")

        let diff = try Bitmap(contentsOfPNG: folder.appendingPathComponent("out/box.diff.png"))
        #expect(diff.width == 120 && diff.height == 30)
        var wrong: [String] = []
        for y in 0..<30 {
            for x in 0..<120 {
                let expected: (UInt8, UInt8, UInt8, UInt8)
                if x < 40 && y < 30 {
                    expected = (0x00, 0x7a, 0xff, 255)
                } else if x >= 60 && y < 20 {
                    expected = (0xff, 0x95, 0x00, 255)
                } else {
                    expected = ((x + y) / 4) % 2 == 0 ? (255, 0, 255, 255) : (255, 192, 255, 255)
                }
                if diff[x, y] != expected { wrong.append("(\(x), \(y)): \(diff[x, y])") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) pixels wrong, first \(wrong.prefix(5))")
        let html = try String(contentsOf: folder.appendingPathComponent("out/report.html"), encoding: .utf8)
        #expect(html.contains("sizes differ: reference left, actual right, magenta stripes where an image has no pixels"))

        // `arrange diff -o` draws the same picture for the same two images.
        let direct = try arrange(["diff", "out/box.expected.png", "out/box.actual.png", "-o", "direct.png"], in: folder)
        #expect(direct.status == 1 && direct.stdout.contains("size differs: reference 40×30, actual 60×20"))
        #expect(try Bitmap(contentsOfPNG: folder.appendingPathComponent("direct.png")) == diff)
    }
}
