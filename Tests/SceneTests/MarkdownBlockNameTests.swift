@testable import ArrangeScene
import Foundation
import Testing

/// Names of ```arrange blocks, from the fence's info string (`id=` or `name=`): read, checked
/// and kept through a rewrite. Line numbers are counted by hand in each text.
@Suite struct MarkdownBlockNameTests {
    @Test func aFenceAttributeNamesTheBlockAndIsKeptThroughARewrite() throws {
        let text = """
        # Title
        ```arrange id=flow-intro
        view: {rectangle: {}}
        ```
        ~~~arrange name="second_one" title=x
        view: {circle: {}}
        ~~~
        ```arrange {.class}
        view: {capsule: {}}
        ```
        """
        let document = MarkdownScenes(text: text, file: "a.md")
        #expect(document.nameProblems.isEmpty)
        #expect(document.blocks.map(\.name) == ["flow-intro", "second_one", nil])
        // Only key=value words are kept; the fence is line 2, 5 and 8.
        #expect(document.blocks.map(\.attributes) == [["id=flow-intro"], ["name=\"second_one\"", "title=x"], []])
        #expect(document.blocks.map(\.openingLine) == [2, 5, 8])
        for details in [false, true] {
            let rewritten = document.rewritten { block in
                MarkdownScenes.replacement(for: block, image: "images/a-\(block.name ?? String(block.number)).png", description: nil, details: details)
            }
            let again = MarkdownScenes(text: rewritten, file: "a.md")
            #expect(again.blocks.map(\.name) == ["flow-intro", "second_one", nil], "\(rewritten)")
            #expect(again.blocks.map(\.source) == document.blocks.map(\.source))
            // A second rewrite of the rewritten file gives it back.
            #expect(again.rewritten { block in
                MarkdownScenes.replacement(for: block, image: "images/a-\(block.name ?? String(block.number)).png", description: nil, details: details)
            } == rewritten)
        }
        let kept = document.rewritten { MarkdownScenes.replacement(for: $0, image: "x.png", description: nil, details: false) }
        #expect(kept.contains("<!-- arrange id=flow-intro\n"))
    }

    @Test func badAndRepeatedNamesAreLocatedErrors() throws {
        let text = """
        ```arrange id=a.b
        view: {rectangle: {}}
        ```
        ```arrange id=12
        view: {rectangle: {}}
        ```
        ```arrange id=intro
        view: {rectangle: {}}
        ```
        ```arrange name=intro
        view: {rectangle: {}}
        ```
        ```arrange id=one name=two
        view: {rectangle: {}}
        ```
        """
        let document = MarkdownScenes(text: text, file: "a.md")
        let messages = document.nameProblems.map(\.description)
        #expect(messages.count == 4)
        #expect(messages[0].hasPrefix("a.md:1:1: error: the block's name 'a.b' may hold only letters"))
        #expect(messages[1].hasPrefix("a.md:4:1: error: the block's name '12' is only digits"))
        // The repeated name names both lines: the first at line 7, the second at line 10.
        #expect(messages[2] == "a.md:10:1: error: the name 'intro' is already block 3's, at line 7; each block of a file needs its own name")
        #expect(messages[3].hasPrefix("a.md:13:1: error: the block has two names, 'one' and 'two'"))
        #expect(throws: SceneError.self) { try document.checkNames() }
        #expect(document.blocks.map(\.name) == [nil, nil, "intro", nil, nil])
    }

    @Test func aCommentThatOnlyStartsWithArrangeIsNotAKeptBlock() {
        let text = """
        <!-- arrange the pictures later
        view: {rectangle: {}}
        -->
        """
        #expect(MarkdownScenes(text: text, file: "a.md").blocks.isEmpty)
    }
}
