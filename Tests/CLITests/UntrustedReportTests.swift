import Foundation
import Testing
import TestSupport

/// Check reports built from names and shard files that anyone may have written: report.html only
/// ever shows pictures from its own folder, and every name and message is text, not markup.
@Suite struct UntrustedReportTests {
    func arrange(_ arguments: [String], in folder: URL) throws -> ExternalTool.Run {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        return CLITests.run(binary, arguments, in: folder)
    }

    /// A shard's JSON with one failed scene whose reference image is `expected`.
    static func shard(expected: String) -> String {
        """
        {"results": [{"name": "a", "scene": "a.yaml", "status": "failed", "message": "differs", "changes": [],
          "files": {"expected": "\(expected)", "actual": "a.actual.png"}}]}
        """
    }

    @Test func mergeRefusesImagePathsOutsideTheReportsFolder() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.shard(expected: "a.expected.png").utf8).write(to: folder.appendingPathComponent("good.json"))
        for value in ["https://evil.example/track.png?u=ci", "javascript:alert(document.cookie)", "../secret.png", "sub/a.png", "a\\\\b.png"] {
            try Data(Self.shard(expected: value).utf8).write(to: folder.appendingPathComponent("bad.json"))
            let run = try arrange(["report", "merge", "good.json", "bad.json", "-o", "merged", "--junit", "junit.xml"], in: folder)
            // JSON's "\\\\" is one backslash.
            let shown = value.replacingOccurrences(of: "\\\\", with: "\\")
            #expect(run.status == 1)
            #expect(run.errors.contains("bad.json: error: the image path '\(shown)' is not a PNG file name in the report's folder (no '/' or '\\', no control characters, ending in .png); not merged"),
                    "\(run.errors)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("merged").path))
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("junit.xml").path))
        }
        // The good shard alone merges (and fails, as its scene did).
        let good = try arrange(["report", "merge", "good.json", "-o", "merged"], in: folder)
        #expect(good.status == 1)
        #expect(good.stdout.contains("1 scene: 0 passed, 0 recorded, 1 failed"))
        let page = try String(contentsOf: folder.appendingPathComponent("merged/report.html"), encoding: .utf8)
        #expect(page.contains("<img src=\"a.expected.png\" alt=\"reference\">"))
    }

    @Test func imageSourcesAreEncodedFileNamesAndNamesAreText() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shard = """
        {"results": [
          {"name": "javascript:alert(3)", "scene": "j.yaml", "status": "failed", "message": "differs", "changes": [],
           "files": {"expected": "javascript:alert(3).expected.png", "actual": "javascript:alert(3).actual.png"}},
          {"name": "a b#1%", "scene": "a b#1%.yaml", "status": "failed", "message": "differs", "changes": [],
           "files": {"expected": "a b#1%.expected.png", "actual": "a b#1%.actual.png", "diff": "a b#1%.diff.png"}},
          {"name": "<script>x</script>", "scene": "s.yaml", "status": "error", "message": "<b>\\"q\\"&", "changes": []}
        ]}
        """
        try Data(shard.utf8).write(to: folder.appendingPathComponent("shard.json"))
        let run = try arrange(["report", "merge", "shard.json", "-o", "merged", "--junit", "junit.xml"], in: folder)
        #expect(run.status == 1, "\(run.errors)")
        let page = try String(contentsOf: folder.appendingPathComponent("merged/report.html"), encoding: .utf8)
        // A colon in the first segment would read as a scheme: "./" keeps the name a file's.
        #expect(page.contains("<img src=\"./javascript:alert(3).expected.png\" alt=\"reference\">"))
        #expect(page.contains("<img class=\"top\" src=\"./javascript:alert(3).actual.png\" alt=\"actual\">"))
        #expect(!page.contains("src=\"javascript:"))
        // Space, '#' and '%' percent-encoded: %20, %23, %25.
        #expect(page.contains("<img src=\"a%20b%231%25.diff.png\" alt=\"diff\">"))
        #expect(page.contains("<h2>&lt;script&gt;x&lt;/script&gt; — error</h2>"))
        #expect(page.contains("<p>s.yaml: &lt;b&gt;&quot;q&quot;&amp;</p>"))
        #expect(!page.contains("<script>"))
        let junit = try String(contentsOf: folder.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.contains("name=\"&lt;script&gt;x&lt;/script&gt;\" file=\"s.yaml\""))
        #expect(junit.contains("<error message=\"&lt;b&gt;&quot;q&quot;&amp;\"/>"))
    }

    @Test func checkLinksTheImagesOfASceneNamedLikeAScheme() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("javascript:alert(3).yaml")
        try Data("canvas: {width: 10, height: 10}\nview: {rectangle: {}, modifiers: [{fill: red}]}\n".utf8).write(to: scene)
        #expect(try arrange(["check", "javascript:alert(3).yaml", "--references", "refs"], in: folder).status == 0)
        try Data("canvas: {width: 10, height: 10}\nview: {rectangle: {}, modifiers: [{fill: blue}]}\n".utf8).write(to: scene)
        let run = try arrange(["check", "javascript:alert(3).yaml", "--references", "refs", "--record", "never"], in: folder)
        #expect(run.status == 1)
        let page = try String(contentsOf: folder.appendingPathComponent("arrange-check/report.html"), encoding: .utf8)
        #expect(page.contains("<img src=\"./javascript:alert(3).expected.png\" alt=\"reference\">"))
        #expect(page.contains("<img src=\"./javascript:alert(3).diff.png\" alt=\"diff\">"))
        #expect(!page.contains("src=\"javascript:"))
    }
}
