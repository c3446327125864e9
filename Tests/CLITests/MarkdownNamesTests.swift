import Foundation
import Testing
import TestSupport

/// Markdown at scale: named blocks (```` ```arrange id=… ````) give pictures stable names, a
/// folder's Markdown files are scenes, `--incremental` draws only the blocks whose text changed,
/// and a block without a `description` is warned about. Line numbers are counted by hand in
/// each text; the summary line's form is the one `WatchAndIncrementalTests` checks.
@Suite struct MarkdownNamesTests {
    static func block(_ name: String, _ color: String, width: Int = 30) -> String {
        """
        ```arrange id=\(name)
        description: A \(color) box
        canvas: {width: \(width), height: 20}
        view:
          rectangle: {}
          modifiers: [{fill: \(color)}]
        ```
        """
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test func namedBlocksKeepTheirPicturesWhenMovedAndOnlyEditedOnesRenderAgain() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("docs/guide/page.md")
        try Self.write("# Page\n\n\(Self.block("intro", "red"))\n\n\(Self.block("flow", "blue"))\n\n\(Self.block("outro", "green"))\n", to: page)
        // A Markdown file without blocks in the folder is not a scene, and no error.
        try Self.write("# Read me\n", to: folder.appendingPathComponent("docs/README.md"))
        let first = CLITests.run(binary, ["render", "docs", "-o", "out", "--format", "svg", "--incremental"], in: folder)
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.errors.contains("rendered 3 of 3 scenes (0 unchanged), wrote 3 files"), "\(first.errors)")
        let pictures = folder.appendingPathComponent("out/guide")
        #expect(try FileManager.default.contentsOfDirectory(atPath: pictures.path).sorted()
            == ["page-flow.svg", "page-intro.svg", "page-outro.svg", "page.md"])
        let flowBefore = try Data(contentsOf: pictures.appendingPathComponent("page-flow.svg"))

        // The first two swapped, the third edited.
        try Self.write("# Page\n\n\(Self.block("flow", "blue"))\n\n\(Self.block("intro", "red"))\n\n\(Self.block("outro", "green", width: 40))\n", to: page)
        let second = CLITests.run(binary, ["render", "docs", "-o", "out", "--format", "svg", "--incremental"], in: folder)
        #expect(second.status == 0, "\(second.errors)")
        #expect(second.errors.contains("rendered 1 of 3 scenes (2 unchanged), wrote 1 file"), "\(second.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: pictures.path).sorted()
            == ["page-flow.svg", "page-intro.svg", "page-outro.svg", "page.md"])
        #expect(try Data(contentsOf: pictures.appendingPathComponent("page-flow.svg")) == flowBefore)
        #expect(try String(contentsOf: pictures.appendingPathComponent("page-outro.svg"), encoding: .utf8).contains("width=\"40\""))
        // The copy links each block to its own picture, in the new order, and keeps the names.
        let copy = try String(contentsOf: pictures.appendingPathComponent("page.md"), encoding: .utf8)
        let links = copy.split(separator: "\n").filter { $0.hasPrefix("![") }
        #expect(links == ["![A blue box](page-flow.svg)", "![A red box](page-intro.svg)", "![A green box](page-outro.svg)"])
        #expect(copy.contains("<!-- arrange id=flow\n") && copy.contains("<!-- arrange id=outro\n"))
    }

    /// `render docs -o docs/out`: the rewritten copy lands inside the folder being read, and a
    /// second run must not take it for a source (it would nest docs/out/out/… each run).
    @Test func copiesInsideTheOutputFolderAreNotReadAgain() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write("# Page\n\n\(Self.block("intro", "red"))\n", to: folder.appendingPathComponent("docs/page.md"))
        for run in 1...2 {
            let result = CLITests.run(binary, ["render", "docs", "-o", "docs/out", "--format", "svg"], in: folder)
            #expect(result.status == 0, "\(result.errors)")
            // One block, one scene, on both runs.
            #expect(result.errors.contains("rendered 1 of 1 scene, wrote 1 file"), "run \(run): \(result.errors)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("docs/out").path).sorted()
            == ["page-intro.svg", "page.md"])
    }

    @Test func aRewrittenFileRendersToItselfWithTheSameNames() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("page.md")
        try Self.write("\(Self.block("intro", "red"))\n\nText.\n", to: page)
        for details in [false, true] {
            let options = ["render", "page.md", "-o", "images", "--in-place"] + (details ? ["--details"] : [])
            let once = CLITests.run(binary, options, in: folder)
            #expect(once.status == 0, "\(once.errors)")
            let rewritten = try Data(contentsOf: page)
            let twice = CLITests.run(binary, options, in: folder)
            #expect(twice.status == 0, "\(twice.errors)")
            #expect(try Data(contentsOf: page) == rewritten)
            #expect(String(decoding: rewritten, as: UTF8.self).contains("](images/page-intro.png)"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("images").path) == ["page-intro.png"])
    }

    @Test func repeatedAndBadNamesFailBeforeAnythingIsWritten() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Block fences at lines 1, 9 and 17 (each block is 7 lines, then a blank line).
        let text = "\(Self.block("intro", "red"))\n\n\(Self.block("intro", "blue"))\n\n\(Self.block("a/b", "green"))\n"
        try Self.write(text, to: folder.appendingPathComponent("page.md"))
        let run = CLITests.run(binary, ["render", "page.md", "-o", "images"], in: folder)
        #expect(run.status != 0)
        #expect(run.errors.contains("page.md:9:1: error: the name 'intro' is already block 1's, at line 1; each block of a file needs its own name"), "\(run.errors)")
        #expect(run.errors.contains("page.md:17:1: error: the block's name 'a/b' may hold only letters"), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("images").path))

        // Two files whose blocks would write one picture: both places are named.
        try Self.write("\(Self.block("intro", "red"))\n", to: folder.appendingPathComponent("a/page.md"))
        try Self.write("\n\(Self.block("intro", "blue"))\n", to: folder.appendingPathComponent("b/page.md"))
        let clash = CLITests.run(binary, ["render", "a/page.md", "b/page.md", "-o", "flat"], in: folder)
        #expect(clash.status != 0)
        #expect(clash.errors.contains("flat/page-intro.png (b/page.md:2, block 1) is already the output of a/page.md:1, block 1"), "\(clash.errors)")
    }

    @Test func aBlockWithoutADescriptionIsWarnedAboutAtItsFence() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The fence is line 3.
        let text = "# Page\n\n```arrange\ncanvas: {width: 20, height: 20}\nview: {rectangle: {}}\n```\n"
        try Self.write(text, to: folder.appendingPathComponent("page.md"))
        let warning = "page.md:3:1: warning: block 1 has no 'description', so its picture's alt text would only say 'arrange scene 1'; add 'description:' saying what the picture shows"
        let run = CLITests.run(binary, ["render", "page.md", "-o", "images"], in: folder)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.contains(warning), "\(run.errors)")
        // With --strict the warning fails the block: nothing is written.
        let strict = CLITests.run(binary, ["render", "page.md", "-o", "strict", "--strict"], in: folder)
        #expect(strict.status != 0)
        #expect(strict.errors.contains(warning.replacingOccurrences(of: ": warning: ", with: ": error: ") + " (--strict)"), "\(strict.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("strict/page-1.png").path))
    }
}
