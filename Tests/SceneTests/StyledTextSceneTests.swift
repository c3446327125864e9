import Arrange
@testable import ArrangeScene
import Foundation
import Testing

/// `text: {content:, markdown:}` and `text: {runs: […]}` (docs/layout-rules.md §2.2): scenes read
/// Markdown only when asked, and runs are pieces of one paragraph in their own styles.
@Suite struct StyledTextSceneTests {
    /// The words a scene's only text draws, piece by piece, and the fills inside it.
    func drawn(_ yaml: String) throws -> (words: [String], fills: [Color]) {
        let list = LayoutResult(of: try scene(yaml).view).displayList
        var words: [String] = [], colors: [Color] = []
        func walk(_ items: [DisplayItem]) {
            for item in items {
                switch item.content {
                case .text(let run): words += run.lines.map(\.text)
                case .fill(_, let color): colors.append(color)
                case .group(let group): walk(group.items)
                default: break
                }
            }
        }
        walk(list.items)
        return (words, colors)
    }

    @Test func markdownIsReadOnlyWhenAsked() throws {
        // Without 'markdown', the asterisks are text: one plain run, as scenes always drew it.
        #expect(try drawn("view: {text: 'Ship **fast**'}").words == ["Ship **fast**"])
        #expect(try drawn("view: {text: {content: 'Ship **fast**'}}").words == ["Ship **fast**"])
        // With it, "fast" is a bold piece of its own.
        #expect(try drawn("view: {text: {content: 'Ship **fast**', markdown: true}}").words == ["Ship ", "fast"])
    }

    @Test func runsArePiecesOfOneParagraph() throws {
        let yaml = """
        view:
          text:
            runs:
              - "Ship "
              - {content: fast, bold: true, color: red, underline: true}
              - {content: " now", strikethrough: blue}
        """
        let result = try drawn(yaml)
        #expect(result.words == ["Ship ", "fast", " now"])
        // The underline in the run's colour, the strikethrough in the colour it names.
        #expect(result.fills == [.red, .blue])
    }

    @Test func badRunsAreLocatedErrors() throws {
        let both = sceneError("view:\n  text: {content: a, runs: [b]}\n")
        #expect(both?.message.contains("not both") == true)
        #expect(both?.location.line == 2)
        let missing = sceneError("view:\n  text:\n    runs:\n      - {bold: true}\n")
        #expect(missing?.message.contains("a text run needs its 'content'") == true)
        #expect(missing?.location.line == 4)
        let empty = sceneError("view:\n  text: {runs: []}\n")
        #expect(empty?.message.contains("'runs' is a list of pieces") == true)
        let offset = sceneError("view:\n  text:\n    runs:\n      - {content: a, baselineOffset: up}\n")
        #expect(offset?.location.line == 4)
        #expect(offset?.message.contains("'baselineOffset'") == true)
    }
}
