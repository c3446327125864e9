import ArrangeScene
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
                == "![A \\[big\\] box](my%20images/a-1.png)")
    }
}
