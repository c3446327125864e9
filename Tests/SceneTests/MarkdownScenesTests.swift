@testable import ArrangeScene
import Foundation
import Testing

/// Finding ```arrange blocks as CommonMark fences them.
@Suite struct MarkdownScenesTests {
    @Test func fencesOfBackticksAndTildesAtMostThreeSpacesIn() {
        let text = """
        ```arrange
        view: {rectangle: {}}
        ```
           ~~~~ arrange {title}
        view: {circle: {}}
        ~~~~
            ```arrange
        indented four spaces: code, not a fence
            ```
        """
        let document = MarkdownScenes(text: text, file: "a.md")
        #expect(document.blocks.map(\.number) == [1, 2])
        #expect(document.blocks.map(\.lines) == [0..<3, 3..<6])
        #expect(document.blocks.map(\.source) == ["view: {rectangle: {}}", "view: {circle: {}}"])
        // The scene text keeps the file's line numbers: block 2's first line is line 5.
        #expect(document.blocks[1].firstLine == 5)
    }

    @Test func anArrangeFenceInsideAnotherBlockIsNotAScene() {
        let text = """
        ````markdown
        ```arrange
        view: {rectangle: {}}
        ```
        ````
        """
        #expect(MarkdownScenes(text: text, file: "a.md").blocks.isEmpty)
    }

    @Test func aShorterOrLongerFenceClosesOnlyWhenLongEnough() {
        let text = "````arrange\nview: {rectangle: {}}\n```\nstill inside\n`````\nafter\n"
        let document = MarkdownScenes(text: text, file: "a.md")
        #expect(document.blocks.count == 1)
        #expect(document.blocks.first?.source == "view: {rectangle: {}}\n```\nstill inside")
        #expect(document.rewritten { _ in "IMAGE" } == "IMAGE\nafter\n")
    }

    @Test func anUnclosedBlockRunsToTheEndOfTheFile() throws {
        let document = MarkdownScenes(text: "Intro\n```arrange\ncanvas: {width: 10, height: 10}\nview: {rectangle: {}}", file: "a.md")
        #expect(document.blocks.first?.lines == 1..<4)
        let scene = try document.scene(1)
        #expect(scene.viewLocation.line == 4)
    }

    @Test func alternativeTextIsTheDescriptionWithBracketsEscaped() {
        let block = MarkdownScenes(text: "```arrange\nview: {rectangle: {}}\n```", file: "a.md").blocks[0]
        #expect(MarkdownScenes.replacement(for: block, image: "my images/a-1.png", description: "A [big]\nbox", details: false)
                == "<!-- arrange\nview: {rectangle: {}}\n-->\n![A \\[big\\] box](my%20images/a-1.png)")
    }

    @Test func aFileWithCRLFLineEndsHasItsBlocks() {
        // Lines 0 to 4: Intro, the fence, the scene, the closing fence, End.
        let document = MarkdownScenes(text: "Intro\r\n```arrange\r\nview: rectangle\r\n```\r\nEnd\r\n", file: "a.md")
        #expect(document.blocks.map(\.lines) == [1..<4])
        #expect(document.blocks.first?.source == "view: rectangle")
        // The text around the block keeps its CR LF ends; the replacement ends in a line feed.
        #expect(document.rewritten { _ in "IMAGE" } == "Intro\r\nIMAGE\nEnd\r\n")
        // A line that ends in a carriage return of its own before CR LF keeps it, rewrite after
        // rewrite (each one took a carriage return off).
        let twice = MarkdownScenes(text: "a\r\r\n```arrange\nview: rectangle\n```\n", file: "b.md")
        let once = twice.rewritten { _ in "IMAGE" }
        #expect(once == "a\r\r\nIMAGE\n")
        #expect(MarkdownScenes(text: once, file: "b.md").rewritten { _ in "IMAGE" } == once)
    }

    // MARK: Kept sources

    @Test func aSourceWithDoubleHyphensIsEscapedInItsCommentAndComesBackExactly() {
        // "--" may not stand in an HTML comment, and "-->" would end it: each hyphen after a
        // hyphen becomes &#45;, and & becomes &amp; so that a written "&#45;" survives too.
        #expect(MarkdownScenes.escapedComment("a -- b") == "a -&#45; b")
        #expect(MarkdownScenes.escapedComment("---\nx: '-->'") == "-&#45;&#45;\nx: '-&#45;>'")
        #expect(MarkdownScenes.escapedComment("&#45; & - -") == "&amp;#45; &amp; - -")
        for source in ["a -- b", "---\nx: '-->'", "&#45; & - -", "&amp;", "-", "--", "", "&"] {
            #expect(MarkdownScenes.unescapedComment(MarkdownScenes.escapedComment(source)) == source)
            #expect(!MarkdownScenes.escapedComment(source).contains("--"))
        }
    }

    /// The document of `text`, which must have exactly one block, and that block.
    func onlyBlock(of text: String) throws -> (document: MarkdownScenes, block: MarkdownScenes.Block) {
        let document = MarkdownScenes(text: text, file: "a.md")
        #expect(document.blocks.count == 1)
        return (document, try #require(document.blocks.first))
    }

    @Test func theCommentAndItsImageAreReadAsTheBlock() throws {
        let text = "Intro\n<!-- arrange escaped\nview: {text: \"a -&#45;> b &amp; c\"}\n-->\n![x](a-1.png)\nAfter\n"
        let block = try onlyBlock(of: text).block
        // Lines 1 to 4 (0-based): the comment's three and the image link.
        #expect(block.lines == 1..<5)
        #expect(block.firstLine == 3)
        #expect(block.source == "view: {text: \"a --> b & c\"}")
        #expect(MarkdownScenes.replacement(for: block, image: "a-1.png", description: "x", details: false)
                == "<!-- arrange escaped\nview: {text: \"a -&#45;> b &amp; c\"}\n-->\n![x](a-1.png)")
        // A comment that another "-->" ends early is not a kept source.
        #expect(MarkdownScenes(text: "<!-- arrange\nx --> y\n-->\n", file: "a.md").blocks.isEmpty)
    }

    @Test func theDetailsFormAndItsImageAreReadAsTheBlock() throws {
        let text = "Intro\n![x](a-1.png)\n\n<details><summary>Scene source</summary>\n\n```arrange\nview: rectangle\n```\n\n</details>\nAfter"
        let (document, block) = try onlyBlock(of: text)
        // From the image link (line 1) to </details> (line 9).
        #expect(block.lines == 1..<10)
        #expect(block.firstLine == 7)
        #expect(block.source == "view: rectangle")
        #expect(document.rewritten { MarkdownScenes.replacement(for: $0, image: "a-1.png", description: "x", details: true) } == text)
        // Rewritten without --details: the comment form, the rest kept.
        #expect(document.rewritten { MarkdownScenes.replacement(for: $0, image: "a-1.png", description: "x", details: false) }
                == "Intro\n<!-- arrange\nview: rectangle\n-->\n![x](a-1.png)\nAfter")
    }
}
