import Arrange
@testable import ArrangeScene
import Foundation
import Testing
import TestSupport

/// Issue 28, part 1: reuse in scene files. `styles:` (named modifier lists, before a view's own
/// modifiers), `components:` (views with parameters, used as `use:`), `include:` (definitions from
/// other files) and YAML anchors, aliases and merge keys. Each expected frame is worked out by
/// hand from the layout rules (docs/layout-rules.md §3: padding adds its length on each side, a
/// background takes the size of the view it is behind), never from a run of the code.
@Suite struct ReuseTests {
    /// The fills of a scene's picture, as (x, y, width, height) and the colour's name.
    func fillFrames(_ yaml: String, file: String = "test.yaml") throws -> [CGRect] {
        let read = try Scene(text: yaml, file: file)
        return fills(try read.layout().result.displayList).map(\.frame)
    }

    /// A 20 × 20 blue square in an `hstack`, so that padding and backgrounds wrap a fixed size.
    static let square = """
        hstack: {spacing: 0}
          children:
            - color: blue
              modifiers: [{frame: {width: 20, height: 20}}]
        """

    // MARK: Styles

    @Test func aStylesModifiersComeBeforeTheViewsOwn() throws {
        // Padding (style) then background (own): the red background is behind the padding,
        // 20 + 2·10 = 40 a side at (0, 0); the blue square sits 10 in, at (10, 10).
        let paddedThenRed = try fillFrames("""
            styles:
              padded: [{padding: 10}]
            view:
              \(Self.square)
              style: padded
              modifiers: [{background: red}]
            """)
        #expect(paddedThenRed == [CGRect(x: 0, y: 0, width: 40, height: 40), CGRect(x: 10, y: 10, width: 20, height: 20)])
        // Background (style) then padding (own): the red is only behind the square, 20 a side at
        // (10, 10), under the blue; the picture is still 40 a side.
        let redThenPadded = try Scene(text: """
            styles:
              red: [{background: red}]
            view:
              \(Self.square)
              style: red
              modifiers: [{padding: 10}]
            """, file: "test.yaml")
        let tree = try redThenPadded.layout()
        #expect(tree.result.canvasSize == CGSize(width: 40, height: 40))
        #expect(fills(tree.result.displayList).map(\.frame) == [CGRect(x: 10, y: 10, width: 20, height: 20), CGRect(x: 10, y: 10, width: 20, height: 20)])
    }

    @Test func severalStylesApplyInTheOrderTheyAreNamed() throws {
        let styles = "styles:\n  padded: [{padding: 10}]\n  red: [{background: red}]\n"
        // [padded, red]: padding, then the background behind it (as above, 40 a side).
        #expect(try fillFrames(styles + "view:\n  \(Self.square)\n  style: [padded, red]\n")
                == [CGRect(x: 0, y: 0, width: 40, height: 40), CGRect(x: 10, y: 10, width: 20, height: 20)])
        // [red, padded]: the background behind the square alone, then the padding.
        #expect(try fillFrames(styles + "view:\n  \(Self.square)\n  style: [red, padded]\n")
                == [CGRect(x: 10, y: 10, width: 20, height: 20), CGRect(x: 10, y: 10, width: 20, height: 20)])
    }

    @Test func aStyleMayFillAShapeBecauseItsModifiersComeFirst() throws {
        // `fill` must be a shape's first modifier: a style's modifiers are.
        let frames = try fillFrames("""
            styles:
              chip: [{fill: red}]
            view:
              capsule:
              style: chip
              modifiers: [{frame: {width: 30, height: 10}}]
            """)
        #expect(frames == [CGRect(x: 0, y: 0, width: 30, height: 10)])
    }

    @Test func anUnknownStyleIsLocatedWithTheNearestNameAndTheDefinedOnes() throws {
        let error = try #require(sceneError("""
            styles:
              card: []
              accent: [{foregroundColor: red}]
            view:
              text: Hi
              style: [card, acent]
            """))
        #expect(error.description == "test.yaml:6:17: error: unknown style 'acent'; did you mean 'accent'? (styles: 'accent' or 'card')"
                + " (see docs/scene-format.md#styles-components-and-include)")
        let none = try #require(sceneError("view:\n  text: Hi\n  style: card\n"))
        #expect(none.description.hasPrefix("test.yaml:3:10: error: unknown style 'card'; the scene defines no styles"))
    }

    @Test func aStyleThatIsNotAModifierListIsLocatedAtItsDefinition() throws {
        let notList = try #require(sceneError("styles:\n  card: {padding: 8}\nview: {text: Hi}\n"))
        #expect(notList.description.hasPrefix("test.yaml:2:9: error: the style 'card' is a list of modifiers"))
        let misspelt = try #require(sceneError("styles:\n  card: [{padding: 8}, {bakground: red}]\nview: {text: Hi}\n"))
        #expect(misspelt.description.hasPrefix("test.yaml:2:25: error: unknown modifier 'bakground'; did you mean 'background'?"))
    }

    @Test func aProblemInAStylesModifierNamesTheDefinitionAndTheUse() throws {
        let error = try #require(sceneError("""
            styles:
              card: [{opacity: 2}]
            view:
              text: Hi
              style: card
            """))
        // Line 2, column 20: the 2; the use is the name on line 5, column 10.
        #expect(error.location == SourceLocation(file: "test.yaml", line: 2, column: 20))
        // The section to read stays last, after the use.
        #expect(error.message.hasSuffix("(used at test.yaml:5:10) (see docs/scene-format.md#opacity)"), "\(error)")
    }

    // MARK: Components

    static let swatch = """
        components:
          swatch:
            parameters: {size: 10, color: red, label: }
            view:
              hstack: {spacing: 0}
              children:
                - color: $color
                  modifiers: [{frame: {width: $size, height: $size}}]
                - text: "${label}: $size pt, $$5"
        """

    @Test func argumentsReplaceWholeValuesAndAreInterpolatedIntoTexts() throws {
        let tree = try Scene(text: Self.swatch + "\nview:\n  use: {component: swatch, size: 30, label: Big}\n", file: "test.yaml").layout()
        // `$size` alone is the number 30: a 30 × 30 square; in the text, its text.
        let color = try #require(tree.root.allNodes.first { $0.kind == "Color" })
        #expect(color.frame.size == CGSize(width: 30, height: 30))
        #expect(tree.root.allNodes.contains { $0.text == "Big: 30 pt, $5" })
        // The colour is the default, red.
        #expect(fills(tree.result.displayList).first?.color == Color.red)
    }

    @Test func defaultsFillInWhatAUseDoesNotGive() throws {
        let tree = try Scene(text: Self.swatch + "\nview:\n  use: {component: swatch, label: Small, color: blue}\n", file: "test.yaml").layout()
        let color = try #require(tree.root.allNodes.first { $0.kind == "Color" })
        #expect(color.frame.size == CGSize(width: 10, height: 10))
        #expect(tree.root.allNodes.contains { $0.text == "Small: 10 pt, $5" })
        #expect(fills(tree.result.displayList).first?.color == Color.blue)
    }

    @Test func anArgumentMayBeAListOfViews() throws {
        // `children: $items` takes the list whole: two 10-point squares 5 apart, 25 wide.
        let tree = try Scene(text: """
            components:
              row:
                parameters: {items: }
                view: {hstack: {spacing: 5}, children: $items}
            view:
              use:
                component: row
                items:
                  - {color: red, modifiers: [{frame: {width: 10, height: 10}}]}
                  - {color: blue, modifiers: [{frame: {width: 10, height: 10}}]}
            """, file: "test.yaml").layout()
        #expect(tree.result.canvasSize == CGSize(width: 25, height: 10))
        #expect(fills(tree.result.displayList).map(\.frame) == [CGRect(x: 0, y: 0, width: 10, height: 10), CGRect(x: 15, y: 0, width: 10, height: 10)])
    }

    @Test func componentsUseComponentsAndAUsesEntriesApplyAroundTheView() throws {
        // `pair` uses `dot` twice, passing its own parameter on; the use pads the pair by 5 and
        // names it. Two 8-point dots 2 apart: 18 × 8, padded: 28 × 18.
        let tree = try Scene(text: """
            components:
              dot:
                parameters: {side: }
                view: {color: green, modifiers: [{frame: {width: $side, height: $side}}]}
              pair:
                parameters: {side: 8}
                view:
                  hstack: {spacing: 2}
                  children:
                    - use: {component: dot, side: $side}
                    - use: {component: dot, side: $side}
            view:
              use: {component: pair}
              id: both
              modifiers: [{padding: 5}]
            """, file: "test.yaml").layout()
        #expect(tree.result.canvasSize == CGSize(width: 28, height: 18))
        #expect(tree.root.node(id: "both")?.frame == CGRect(x: 0, y: 0, width: 28, height: 18))
        #expect(fills(tree.result.displayList).map(\.frame) == [CGRect(x: 5, y: 5, width: 8, height: 8), CGRect(x: 15, y: 5, width: 8, height: 8)])
    }

    @Test func aComponentDrawsWhatItsViewWrittenOutDraws() throws {
        let written = try svgText(of: """
            canvas: {width: 100, height: 40}
            view:
              text: {content: "Auth", font: {size: 13, weight: semibold}}
              modifiers: [{padding: 4}, {background: "#def4e6"}]
            """)
        let used = try svgText(of: """
            canvas: {width: 100, height: 40}
            components:
              box:
                parameters: {title: , tint: "#def4e6"}
                view:
                  text: {content: $title, font: {size: 13, weight: semibold}}
                  modifiers: [{padding: 4}, {background: $tint}]
            view: {use: {component: box, title: Auth}}
            """)
        #expect(written == used)
    }

    /// The SVG of a scene.
    func svgText(of yaml: String) throws -> String {
        String(decoding: try SceneRenderer().layout(try Scene(text: yaml, file: "test.yaml")).data(as: .svg), as: UTF8.self)
    }

    @Test func componentProblemsAreLocatedAtTheUseAndTheDefinition() throws {
        let unknown = try #require(sceneError(Self.swatch + "\nview: {use: {component: swach, label: A}}\n"))
        #expect(unknown.description.hasPrefix("test.yaml:10:25: error: unknown component 'swach'; did you mean 'swatch'? (components: 'swatch')"))
        let undeclared = try #require(sceneError(Self.swatch + "\nview: {use: {component: swatch, label: A, colour: red}}\n"))
        #expect(undeclared.description == "test.yaml:10:43: error: the component 'swatch' has no parameter 'colour'; did you mean 'color'? (its parameters: 'size', 'color' or 'label') (see docs/scene-format.md#view-use)")
        // `label` is used on line 9 (column 17, the text) and declared on line 3 (column 40).
        let missing = try #require(sceneError(Self.swatch + "\nview: {use: {component: swatch}}\n"))
        #expect(missing.description == "test.yaml:10:25: error: the component 'swatch' uses its parameter 'label' at test.yaml:9:17, which has no default (test.yaml:3:40): give it here, as in 'label: …' (see docs/scene-format.md#view-use)")
        // A list put into a longer text: at the text in the definition, and the use.
        let list = try #require(sceneError(Self.swatch + "\nview: {use: {component: swatch, label: [a, b]}}\n"))
        #expect(list.location == SourceLocation(file: "test.yaml", line: 9, column: 17))
        #expect(list.message.hasPrefix("'${label}' puts the text of 'label' into a longer text, but its argument is a list"))
        #expect(list.message.hasSuffix("(used at test.yaml:10:8) (see docs/scene-format.md#view-use)"))
        // A value the view cannot take: in the definition, and the use.
        let bad = try #require(sceneError(Self.swatch + "\nview: {use: {component: swatch, label: A, size: -3}}\n"))
        #expect(bad.location == SourceLocation(file: "test.yaml", line: 10, column: 49))
        #expect(bad.message.contains("found -3"), "\(bad)")
        #expect(bad.message.hasSuffix("(used at test.yaml:10:8) (see docs/scene-format.md#frame)"), "\(bad)")
    }

    @Test func aKeyframeMayChangeAUsesArguments() throws {
        let read = try Scene(text: Self.swatch + """

            view:
              use: {component: swatch, label: A}
              id: s
            animation:
              duration: 1
              keyframes: [{at: 1, set: {s: {size: 40}}}]
            """, file: "test.yaml")
        let states = try #require(read.animation?.states)
        #expect(states.count == 2)
        // The end state's square is 40 a side, and its text says so.
        let end = LayoutTree(of: states[1].view)
        #expect(end.root.allNodes.first { $0.kind == "Color" }?.frame.size == CGSize(width: 40, height: 40))
        #expect(end.root.allNodes.contains { $0.text == "A: 40 pt, $5" })
    }

    @Test func aParameterTheViewNamesMustBeDeclared() throws {
        let error = try #require(sceneError("""
            components:
              tag:
                parameters: {title: }
                view: {text: $titel}
            view: {text: Hi}
            """))
        #expect(error.description.hasPrefix("test.yaml:4:18: error: '$titel' is not a parameter of the component 'tag'; did you mean 'title'? (its parameters: 'title')"))
    }

    @Test func aCycleOfComponentsIsRefusedWithItsChain() throws {
        let error = try #require(sceneError("""
            components:
              a: {view: {use: {component: b}}}
              b: {view: {vstack: {}, children: [{use: {component: a}}]}}
            view: {use: {component: a}}
            """))
        // 'a' used on line 4 (column 8), 'b' in a's view (line 2, column 14), 'a' again in b's
        // (line 3, column 55, where the name is).
        #expect(error.location == SourceLocation(file: "test.yaml", line: 3, column: 55))
        #expect(error.message.hasPrefix("the component 'a' uses itself: 'a' is used at test.yaml:4:8, then 'b' is used at test.yaml:2:14, then 'a' again here"))
        // The chain is the message: no "(used at …)" repeats it.
        #expect(error.message.hasSuffix("; a component cannot contain itself (see docs/scene-format.md#view-use)"), "\(error)")
    }

    @Test func aComponentBombStopsAtTheLimit() throws {
        // Ten levels, each using the one below ten times: 10¹⁰ views. Reading stops at the views
        // limit (or the nodes limit) with a located error, having read at most 100,000 views.
        var yaml = "components:\n  c0: {view: {rectangle: {}}}\n"
        for level in 1...10 {
            yaml += "  c\(level): {view: {vstack: {}, children: [" + Array(repeating: "{use: {component: c\(level - 1)}}", count: 10).joined(separator: ", ") + "]}}\n"
        }
        yaml += "view: {use: {component: c10}}\n"
        let error = try #require(sceneError(yaml))
        #expect(error.message.contains("more than 100000 views") || error.message.contains("more than 2000000 YAML nodes"), "\(error)")
        #expect(error.location.line >= 2 && error.location.line <= 13)
    }

    // MARK: JSON

    @Test func jsonScenesHaveStylesAndComponentsToo() throws {
        let json = """
            {
              "styles": {"padded": [{"padding": 10}]},
              "components": {"square": {"parameters": {"side": 20}, "view": {"color": "blue", "modifiers": [{"frame": {"width": "$side", "height": "$side"}}]}}},
              "view": {"use": {"component": "square"}, "style": "padded", "modifiers": [{"background": "red"}]}
            }
            """
        let read = try Scene(text: json, file: "test.json", format: .json)
        // As the first style test: 40 a side, red behind, blue 10 in.
        #expect(fills(try read.layout().result.displayList).map(\.frame) == [CGRect(x: 0, y: 0, width: 40, height: 40), CGRect(x: 10, y: 10, width: 20, height: 20)])
    }

    // MARK: Anchors and aliases

    @Test func anchorsAndAliasesRepeatNodes() throws {
        // `*box` is the anchored square again: two 10-point squares in an hstack 4 apart.
        let tree = try layout("""
            view:
              hstack: {spacing: 4}
              children:
                - &box {color: red, modifiers: [{frame: {width: 10, height: 10}}]}
                - *box
            """)
        #expect(tree.result.canvasSize == CGSize(width: 24, height: 10))
        #expect(fills(tree.result.displayList).map(\.frame) == [CGRect(x: 0, y: 0, width: 10, height: 10), CGRect(x: 14, y: 0, width: 10, height: 10)])
    }

    @Test func mergeKeysAddAnAnchoredMappingsEntriesUnderTheMappingsOwn() throws {
        // `<<: *size` gives width 10 and height 10; the second frame writes its own width, 30.
        let tree = try layout("""
            view:
              hstack: {spacing: 0}
              children:
                - color: red
                  modifiers: [{frame: &size {width: 10, height: 10}}]
                - color: blue
                  modifiers: [{frame: {<<: *size, width: 30}}]
            """)
        #expect(fills(tree.result.displayList).map(\.frame) == [CGRect(x: 0, y: 0, width: 10, height: 10), CGRect(x: 10, y: 0, width: 30, height: 10)])
    }

    @Test func aliasesCountAgainstTheViewsLimit() throws {
        // 2 + 2·10 = 22 views through aliases, with the limit at 20.
        var limits = SceneLimits()
        limits.views = 20
        let yaml = """
            view:
              vstack: {}
              children:
                - &row {hstack: {}, children: [&dot {rectangle: {}}, *dot, *dot, *dot, *dot, *dot, *dot, *dot, *dot, *dot]}
                - *row
            """
        let error = try #require(throws: SceneError.self) { try Scene(data: Data(yaml.utf8), file: "test.yaml", format: .yaml, limits: limits) }
        #expect(error.message.contains("more than 20 views"))
    }

    @Test func anAliasBombIsCountedNotExpanded() throws {
        // Ten levels of ten aliases: 10¹⁰ nodes. The count stops at the 2,000,001st.
        var yaml = "view:\n  vstack: {}\n  children:\n    - &a0 {rectangle: {}}\n"
        for level in 1...9 {
            yaml += "    - &a\(level) {vstack: {}, children: [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]}\n"
        }
        let error = try #require(sceneError(yaml))
        #expect(error.message.hasPrefix("the aliases here stand for more than 2000000 YAML nodes"))
        // Nodes before line 10 (a6): 7 + 3 + 35 + 355 + 3555 + 35555 + 355555 = 395,065 (a level
        // is 5 nodes and ten of the level below); a6's own 5 make 395,070, and each copy of a5
        // 355,555 more: the fifth goes over 2,000,000. It is written at column 35 + 4·5 = 55.
        #expect(error.location == SourceLocation(file: "test.yaml", line: 10, column: 55))
    }

    @Test func keysThatHoldAliasesAreRefusedBeforeParsing() throws {
        let alias = try #require(sceneError("view: &v {rectangle: {}}\n*v : 1\n"))
        #expect(alias.description == "test.yaml:2:1: error: an alias (*name) cannot be a key: keys in a scene are names")
        let list = try #require(sceneError("view: {rectangle: {}}\n[*a, *a]: 1\n"))
        #expect(list.description == "test.yaml:2:8: error: a list cannot be a key: keys in a scene are names")
        let explicit = try #require(sceneError("view: {rectangle: {}}\n? *a\n: 1\n"))
        #expect(explicit.description == "test.yaml:2:1: error: explicit keys ('? ') are not supported: keys in a scene are names")
    }
}
