import Foundation
import Testing
import TestSupport

/// `arrange render GUIDE.md`: every ```arrange block of a Markdown file is a scene; the file is
/// written again with each block replaced by its picture's link.
@Suite struct MarkdownTests {
    static let guide = """
    # Guide

    Some text.

    ```arrange
    description: A red box
    canvas: {width: 60, height: 40}
    view:
      rectangle: {}
      modifiers: [{fill: red}]
    ```

    ```yaml
    not: a scene
    ```

    ```arrange
    canvas: {width: 60, height: 40}
    view:
      rectangl: {}
    ```
    End.

    """

    @Test func aBlockWithAnErrorGivesALocatedErrorAndNoRewrittenFile() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.guide.utf8).write(to: folder.appendingPathComponent("GUIDE.md"))
        let run = CLITests.run(binary, ["render", "GUIDE.md", "-o", "images"], in: folder)
        #expect(run.status == 1)
        // The second block's third line is line 20 of the file; 'rectangl' starts in column 3.
        #expect(run.errors.contains("GUIDE.md:20:3: error: unknown view kind 'rectangl'; did you mean 'rectangle'?"), "\(run.errors)")
        #expect(run.errors.contains("GUIDE.md: note: not rewritten: 1 of its 2 scenes has errors"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("images").path) == ["GUIDE-1.png"])
        #expect(try String(contentsOf: folder.appendingPathComponent("GUIDE.md"), encoding: .utf8) == Self.guide)
    }

    @Test func aGoodFileIsCopiedWithImageLinksOrRewrittenInPlace() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixed = Self.guide.replacingOccurrences(of: "rectangl:", with: "circle:")
        try Data(fixed.utf8).write(to: folder.appendingPathComponent("GUIDE.md"))
        let run = CLITests.run(binary, ["render", "GUIDE.md", "-o", "images", "--format", "svg"], in: folder)
        #expect(run.status == 0, "\(run.errors)")
        let copy = try String(contentsOf: folder.appendingPathComponent("images/GUIDE.md"), encoding: .utf8)
        #expect(copy == """
        # Guide

        Some text.

        <!-- arrange
        description: A red box
        canvas: {width: 60, height: 40}
        view:
          rectangle: {}
          modifiers: [{fill: red}]
        -->
        ![A red box](GUIDE-1.svg)

        ```yaml
        not: a scene
        ```

        <!-- arrange
        canvas: {width: 60, height: 40}
        view:
          circle: {}
        -->
        ![arrange scene 2](GUIDE-2.svg)
        End.

        """)
        // Writing the copy over its source needs --in-place.
        let over = CLITests.run(binary, ["render", "GUIDE.md"], in: folder)
        #expect(over.status == 64)
        #expect(over.errors.contains("the rewritten copy of 'GUIDE.md' would replace it"))
        // --in-place links the pictures from the file's own folder; --details keeps the source.
        let inPlace = CLITests.run(binary, ["render", "GUIDE.md", "-o", "docs/images", "--in-place", "--details"], in: folder)
        #expect(inPlace.status == 0, "\(inPlace.errors)")
        let rewritten = try String(contentsOf: folder.appendingPathComponent("GUIDE.md"), encoding: .utf8)
        #expect(rewritten.contains("Some text.\n\n![A red box](docs/images/GUIDE-1.png)\n\n<details><summary>Scene source</summary>\n\n```arrange\ndescription: A red box\n"))
        #expect(rewritten.contains("```\n\n</details>\n\n```yaml\nnot: a scene\n```\n\n![arrange scene 2](docs/images/GUIDE-2.png)\n"))
    }

    @Test func validateTakesMarkdownToo() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.guide.utf8).write(to: folder.appendingPathComponent("GUIDE.md"))
        try Data("# Nothing here\n".utf8).write(to: folder.appendingPathComponent("EMPTY.md"))
        let run = CLITests.run(binary, ["validate", "GUIDE.md"], in: folder)
        #expect(run.status == 1)
        #expect(run.errors.contains("GUIDE.md:20:3: error: unknown view kind 'rectangl'"))
        let empty = CLITests.run(binary, ["validate", "EMPTY.md"], in: folder)
        #expect(empty.status == 64)
        #expect(empty.errors.contains("'EMPTY.md' holds no scene: a scene in Markdown is a fenced code block that starts with ```arrange"))
    }

    /// Renders GUIDE.md in place three times with `options`: the first run keeps each block's
    /// source, the second and third give the same file byte for byte.
    func rendersInPlaceStably(_ options: [String], first expected: String) throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("GUIDE.md")
        // A text with "--" and "-->" in it, which an HTML comment may not hold as it is.
        let guide = "# Guide\n\n```arrange\ncanvas: {width: 60, height: 40}\nview: {text: \"a --> b & c\"}\n```\nEnd.\n"
        try Data(guide.utf8).write(to: file)
        let arguments = ["render", "GUIDE.md", "-o", "images", "--in-place", "--no-warn-overflow"] + options
        let first = CLITests.run(binary, arguments, in: folder)
        #expect(first.status == 0, "\(first.errors)")
        let once = try Data(contentsOf: file)
        #expect(String(decoding: once, as: UTF8.self) == expected)
        for run in 2...3 {
            let again = CLITests.run(binary, arguments, in: folder)
            #expect(again.status == 0, "run \(run): \(again.errors)")
            #expect(again.errors.contains("rendered 1 of 1 scene"), "run \(run): \(again.errors)")
            #expect(try Data(contentsOf: file) == once, "run \(run) changed the file")
        }
    }

    @Test func aFileRenderedInPlaceRendersAgainToTheSameBytes() throws {
        // Each hyphen after a hyphen written &#45;, and & written &amp;, inside the comment.
        try rendersInPlaceStably([], first: "# Guide\n\n<!-- arrange escaped\ncanvas: {width: 60, height: 40}\nview: {text: \"a -&#45;> b &amp; c\"}\n-->\n![arrange scene 1](images/GUIDE-1.png)\nEnd.\n")
    }

    @Test func aFileRenderedInPlaceWithDetailsRendersAgainToTheSameBytes() throws {
        try rendersInPlaceStably(["--details"], first: "# Guide\n\n![arrange scene 1](images/GUIDE-1.png)\n\n<details><summary>Scene source</summary>\n\n```arrange\ncanvas: {width: 60, height: 40}\nview: {text: \"a --> b & c\"}\n```\n\n</details>\nEnd.\n")
    }
}
