import Arrange
@testable import ArrangeScene
import Foundation
import Testing

/// Scenes read into view trees and laid out. Expected frames are worked out by hand from the
/// layout rules; random values from SplitMix64 outputs computed independently (Python):
/// seed 0 gives 0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC.
@Suite struct SceneReadingTests {
    /// The four first SplitMix64 outputs from seed 0, as numbers in 0...1 (top 53 bits over
    /// 2^53 − 1): 0.8833108082136427, 0.43152799704851, 0.026433771592597747, 0.9708819781538286.
    static let unit: [Double] = [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC]
        .map { (v: UInt64) in Double(v >> 11) / Double((UInt64(1) << 53) - 1) }

    @Test func anHStackSharesTheCanvas() throws {
        // Two shapes, no spacing, offered 100 × 50: 50 each.
        let tree = try layout("""
            canvas: {width: 100, height: 50}
            view:
              hstack: {spacing: 0}
              children:
                - rectangle:
                  id: a
                - rectangle:
                  id: b
            """)
        #expect(tree.root.kind == "HStack")
        #expect(tree.root.node(id: "a")?.frame == CGRect(x: 0, y: 0, width: 50, height: 50))
        #expect(tree.root.node(id: "b")?.frame == CGRect(x: 50, y: 0, width: 50, height: 50))
    }

    @Test func randomValuesAreDrawnInDocumentOrder() throws {
        // fill first (three draws: red, green, blue), then the width (the fourth draw).
        let fillFirst = try layout("""
            seed: 0
            view:
              rectangle:
              modifiers:
                - fill: random
                - frame: {width: {random: [100, 350]}, height: 120}
            """)
        #expect(abs(Self.unit[3] - 0.9708819781538286) < 1e-15)
        #expect(abs(fillFirst.root.frame.width - (100 + 250 * 0.9708819781538286)) < 1e-9) // 342.7204945…
        #expect(fillFirst.root.frame.height == 120)
        let color = try #require(fills(fillFirst.result.displayList).first?.color)
        #expect(color == Color(red: Self.unit[0], green: Self.unit[1], blue: Self.unit[2]))
        #expect(color.hexRGB == "#e16e07") // 225, 110, 7

        // The frame written first takes the first draw, the background colour the next three.
        let frameFirst = try layout("""
            seed: 0
            view:
              rectangle:
              modifiers:
                - frame: {width: {random: [100, 350]}, height: 120}
                - background: random
            """)
        #expect(abs(frameFirst.root.frame.width - (100 + 250 * Self.unit[0])) < 1e-9) // 320.827702…
        let second = try #require(fills(frameFirst.result.displayList).first?.color)
        #expect(second == Color(red: Self.unit[1], green: Self.unit[2], blue: Self.unit[3]))
    }

    @Test func textOptionsAndHiddenAreRead() throws {
        // `hidden`, bare: b keeps its 50 × 50 between a and c, and only a and c are drawn.
        let tree = try layout("""
            canvas: {width: 150, height: 50}
            view:
              hstack: {spacing: 0}
              children:
                - rectangle:
                  id: a
                - rectangle:
                  id: b
                  modifiers: [hidden]
                - rectangle:
                  id: c
            """)
        #expect(tree.root.node(id: "b")?.frame == CGRect(x: 50, y: 0, width: 50, height: 50))
        #expect(tree.root.node(id: "c")?.frame == CGRect(x: 100, y: 0, width: 50, height: 50))
        #expect(tree.result.displayList.items.count == 2)
        // lineSpacing 10 between two lines of DejaVu Sans 17 pt (line height 2384 / 2048 × 17 =
        // 19.79): 49.58, rounded up to 50; truncationMode and minimumScaleFactor are read.
        let text = try layout("""
            view:
              vstack:
              children:
                - text: "one\\ntwo"
                  id: spaced
                  modifiers: [{lineSpacing: 10}]
                - text: "Layouts everywhere"
                  modifiers: [{lineLimit: 1}, {truncationMode: middle}, {minimumScaleFactor: 0.9}, {frame: {width: 80}}]
            """)
        #expect(text.root.node(id: "spaced")?.frame.height == 50)
        // Shrinking to 0.9 (15.3 pt, 155.1 pt wide) is not enough for 80 pt: cut in the middle.
        let runs = text.result.displayList.items.compactMap { item -> TextRun? in
            if case .text(let run) = item.content { run } else { nil }
        }
        #expect(runs.last?.lines.first?.text.contains("…") == true)
        #expect(runs.last?.lines.first?.text.hasPrefix("L") == true)
        #expect(abs((runs.last?.font.size ?? 0) - 17 * 0.9) < 1e-9)
    }

    @Test func aModifierListWrittenBeforeTheKindStillDrawsInDocumentOrder() throws {
        // 'modifiers' is written before the kind's parameters: its random width is the first draw.
        let tree = try layout("""
            seed: 0
            view:
              modifiers:
                - frame: {width: {random: [100, 350]}, height: 10}
              roundedRectangle: {cornerRadius: {random: [0, 10]}}
            """)
        #expect(abs(tree.root.frame.width - (100 + 250 * 0.8833108082136427)) < 1e-9) // 320.827702…
    }

    @Test func eachRepeatedCopyDrawsAfresh() throws {
        // Widths 10 + 10u for the first three draws: 18.833, 14.315, 10.264; no spacing.
        let tree = try layout("""
            seed: 0
            view:
              hstack: {spacing: 0}
              children:
                - rectangle:
                  repeat: 3
                  id: box
                  modifiers:
                    - frame: {width: {random: [10, 20]}, height: 5}
            """)
        let widths = try ["box-0", "box-1", "box-2"].map { try #require(tree.root.node(id: $0)).frame.width }
        for (width, u) in zip(widths, Self.unit) { #expect(abs(width - (10 + 10 * u)) < 1e-9) }
        let x1 = try #require(tree.root.node(id: "box-1")).frame.minX
        #expect(abs(x1 - widths[0]) < 1e-9)
        #expect(tree.root.children.count == 3)
    }

    @Test func modifierOrderMatters() throws {
        // background, then frame: the green is the 30 × 10 of the view, centred in 200 × 50 at
        // ((200 − 30) / 2, (50 − 10) / 2) = (85, 20).
        let backgroundFirst = try layout("""
            canvas: {width: 200, height: 50}
            view:
              rectangle:
              modifiers:
                - fill: blue
                - frame: {width: 30, height: 10}
                - background: green
                - frame: {width: 200, height: 50}
            """)
        let first = fills(backgroundFirst.result.displayList)
        #expect(first.map(\.color) == [.green, .blue])
        #expect(first[0].frame == CGRect(x: 85, y: 20, width: 30, height: 10))
        // frame, then background: the green fills the whole 200 × 50 frame.
        let frameFirst = try layout("""
            canvas: {width: 200, height: 50}
            view:
              rectangle:
              modifiers:
                - fill: blue
                - frame: {width: 30, height: 10}
                - frame: {width: 200, height: 50}
                - background: green
            """)
        let second = fills(frameFirst.result.displayList)
        #expect(second.map(\.color) == [.green, .blue])
        #expect(second[0].frame == CGRect(x: 0, y: 0, width: 200, height: 50))
        #expect(second[1].frame == CGRect(x: 85, y: 20, width: 30, height: 10))
    }

    /// Number literals as YAML and JSON write them (YAML 1.2 core schema: `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`,
    /// `.inf`, with `_` between digits allowed as YAML 1.1 does); the plain digit forms take a
    /// shorter way and must agree with the rest.
    @Test func numberLiteralsAreReadAsYAMLWritesThem() {
        let cases: [(String, SceneReader.Literal)] = [
            ("6", .number(6)), ("14", .number(14)), ("-3", .number(-3)), ("+2.5", .number(2.5)), (".5", .number(0.5)),
            ("-.25", .number(-0.25)), ("7.", .number(7)), ("0", .number(0)), ("-0", .number(-0.0)),
            ("1e3", .number(1000)), ("2.5E-1", .number(0.25)), ("1_000", .number(1000)), (".inf", .number(.infinity)),
            ("-Infinity", .number(-.infinity)), (".NaN", .nan),
            // Whole numbers, read without a parse up to 15 digits, and by the parser beyond.
            ("007", .number(7)), ("999999999999999", .number(999_999_999_999_999)),
            ("1234567890123456", .number(1_234_567_890_123_456)), ("12345678901234567890", .number(12_345_678_901_234_567_890.0)),
            ("", .notANumber), ("+", .notANumber), (".", .notANumber), ("--5", .notANumber), ("+-5", .notANumber),
            ("1-2", .notANumber), ("1.2.3", .notANumber), ("0x10", .notANumber), ("six", .notANumber), ("٣", .notANumber),
        ]
        for (text, expected) in cases {
            #expect(SceneReader.numberLiteral(text) == expected, "\(text)")
        }
    }

    @Test func paddingForms() throws {
        func size(_ padding: String) throws -> CGSize {
            try layout("""
                view:
                  rectangle:
                  modifiers:
                    - frame: {width: 10, height: 10}
                \(padding.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
                """).root.frame.size
        }
        // 10 + 2 × 12 wide, 10 + 2 × 8 tall.
        #expect(try size("- padding: {edges: horizontal, length: 12}\n- padding: {edges: vertical, length: 8}") == CGSize(width: 34, height: 26))
        // The default 16 on every edge.
        #expect(try size("- padding") == CGSize(width: 42, height: 42))
        #expect(try size("- padding: 5") == CGSize(width: 20, height: 20))
        // 10 + 2 + 4 wide, 10 + 1 + 3 tall.
        #expect(try size("- padding: {top: 1, leading: 2, bottom: 3, trailing: 4}") == CGSize(width: 16, height: 14))
        // Edges without a length: 16 on the listed ones.
        #expect(try size("- padding: {edges: [top, leading]}") == CGSize(width: 26, height: 26))
    }

    @Test func flexibleFrameTakesWhatTheStackLeaves() throws {
        // 300 offered: the fixed 50 first, then the flexible frame up to its maxWidth 100. The
        // stack is 150 wide, centred: x from 75.
        let tree = try layout("""
            canvas: {width: 300, height: 40}
            view:
              hstack: {spacing: 0}
              children:
                - rectangle:
                  id: fixed
                  modifiers: [{frame: {width: 50}}]
                - color: red
                  id: flexible
                  modifiers: [{frame: {maxWidth: 100}}]
            """)
        #expect(tree.root.node(id: "fixed")?.frame == CGRect(x: 75, y: 0, width: 50, height: 40))
        #expect(tree.root.node(id: "flexible")?.frame == CGRect(x: 125, y: 0, width: 100, height: 40))
    }

    @Test func offsetMovesTheFrameInTheTree() throws {
        let tree = try layout("""
            canvas: {width: 20, height: 20}
            view:
              rectangle:
              modifiers: [{frame: {width: 20, height: 20}}, {offset: {x: 5, y: -3}}, {id: a}]
            """)
        #expect(tree.root.node(id: "a")?.frame == CGRect(x: 5, y: -3, width: 20, height: 20))
        #expect(tree.result.frames["a"] == CGRect(x: 5, y: -3, width: 20, height: 20))
    }

    @Test func alignmentGuidesAsValueAndFraction() throws {
        // b's leading guide is 10 in from its left edge (a value, or 0.25 of its 40 width), so
        // it starts 10 left of a: the stack is 50 wide, a at x 10, b at x 0.
        for guide in ["value: 10", "fractionOfWidth: 0.25"] {
            let tree = try layout("""
                view:
                  vstack: {alignment: leading, spacing: 0}
                  children:
                    - rectangle:
                      id: a
                      modifiers: [{frame: {width: 40, height: 10}}]
                    - rectangle:
                      id: b
                      modifiers: [{frame: {width: 40, height: 10}}, {alignmentGuide: {horizontal: leading, \(guide)}}]
                """)
            #expect(tree.root.frame.size == CGSize(width: 50, height: 20))
            #expect(tree.root.node(id: "a")?.frame.origin == CGPoint(x: 10, y: 0))
            #expect(tree.root.node(id: "b")?.frame.origin == CGPoint(x: 0, y: 10))
        }
    }

    @Test func bareKindNamesAndNullParameters() throws {
        let tree = try layout("""
            canvas: {width: 100, height: 10}
            view:
              hstack: {spacing: 0}
              children: [rectangle, spacer, {circle: }, {ellipse: {}}, empty]
            """)
        // EmptyView adds no child; the spacer takes the room the three shapes leave.
        #expect(tree.root.children.map(\.kind) == ["Rectangle", "Spacer", "Circle", "Ellipse"])
    }

    @Test func fixedSizeFalseAddsNoView() throws {
        let tree = try layout("view: {rectangle: {}, modifiers: [{fixedSize: false}, {fixedSize: {horizontal: true, vertical: false}}]}")
        #expect(tree.root.kind == "fixedSize")
        #expect(tree.root.children.map(\.kind) == ["Rectangle"])
    }

    @Test func textMeasuresWithTheFont() throws {
        // "Hello" in the body font is 43.089 points wide (DejaVu Sans advances, see TextTests),
        // rounded up to the pixel grid at scale 1: 44.
        let tree = try layout("view: {text: Hello}")
        #expect(tree.root.kind == "Text")
        #expect(tree.root.frame.width == 44)
    }

    @Test func theWheelPutsTheFirstChildAtTheTopOrAtTheRight() throws {
        // Radius 130, children 70 × 70: the wheel is 330 × 330, centred in 360 × 360 at (15, 15).
        // Child 0 is centred at (15 + 165, 15 + 165 − 130) = (180, 50): frame (145, 15). Rotated
        // 90°: at (180 + 130, 180) = (310, 180): frame (275, 145).
        let zero = try Scene.load(contentsOf: repositoryPath("Fixtures/wheel-0.yaml")).layout()
        #expect(zero.root.kind == "WheelLayout")
        #expect(zero.root.frame == CGRect(x: 15, y: 15, width: 330, height: 330))
        let first = try #require(zero.root.children.first).frame
        #expect(abs(first.minX - 145) < 1e-9 && abs(first.minY - 15) < 1e-9)
        let ninety = try Scene.load(contentsOf: repositoryPath("Fixtures/wheel-90.yaml")).layout()
        let turned = try #require(ninety.root.children.first).frame
        #expect(abs(turned.minX - 275) < 1e-9 && abs(turned.minY - 145) < 1e-9)
    }

    @Test func theFlowOfRandomRectanglesWrapsAt800() throws {
        // Widths 342.72 and 292.89 (draws 4 and 8) share the first row, 10 apart; the third,
        // 290.26 (draw 12), would end at 342.72 + 10 + 292.89 + 10 + 290.26 = 945.87 > 800 and
        // starts the second row at y = 120 + 10.
        let tree = try Scene.load(contentsOf: repositoryPath("Fixtures/flow-random-rectangles.yaml")).layout()
        let box0 = try #require(tree.root.node(id: "box-0")).frame
        let box1 = try #require(tree.root.node(id: "box-1")).frame
        let box2 = try #require(tree.root.node(id: "box-2")).frame
        #expect(abs(box0.width - 342.72049453845716) < 1e-9)
        #expect(abs(box1.minX - (box0.maxX + 10)) < 1e-9)
        #expect(box1.minY == box0.minY)
        #expect(box2.minX == box0.minX)
        #expect(box2.minY == box0.minY + 130)
        #expect(tree.root.allNodes.filter { $0.id?.hasPrefix("box-") == true }.count == 11)
    }

    @Test func everyKindAndModifierOfTheTablesReads() throws {
        // One scene per kind, minimal parameters.
        let examples: [String: String] = [
            "rectangle": "rectangle", "roundedRectangle": "{roundedRectangle: 4}", "circle": "circle",
            "capsule": "capsule", "ellipse": "ellipse", "color": "{color: red}", "text": "{text: Hi}",
            "spacer": "spacer", "empty": "empty", "hstack": "{hstack: , children: [rectangle]}",
            "vstack": "{vstack: , children: [rectangle]}", "zstack": "{zstack: , children: [rectangle]}",
            "flow": "{flow: , children: [rectangle]}", "wheel": "{wheel: {radius: 10}, children: [rectangle]}",
            "layout": "{layout: {flow: {spacing: 4}}, children: [rectangle]}",
            "image": "{image: images/grid-4x3.png}", "geometryReader": "{geometryReader: , children: [rectangle]}",
            "grid": "{grid: , children: [rectangle]}", "gridRow": "{grid: , children: [{gridRow: , children: [rectangle]}]}",
            "lazyVGrid": "{lazyVGrid: {columns: [flexible]}, children: [rectangle]}",
            "lazyHGrid": "{lazyHGrid: {rows: [{fixed: 20}]}, children: [rectangle]}",
            "section": "{section: {header: {text: Hi}}, children: [rectangle]}",
            "viewThatFits": "{viewThatFits: , children: [rectangle]}", "divider": "divider",
            "label": "{label: {title: Hi, icon: circle}}", "forEach": "{forEach: {items: [a, b], content: {text: $item}}}",
            "unevenRoundedRectangle": "{unevenRoundedRectangle: {topLeadingRadius: 4}}",
            "icon": "{icon: storage}",
            "use": "{use: {component: dot}}",
        ]
        #expect(Set(examples.keys) == Set(ViewKind.names))
        for (kind, view) in examples {
            #expect(throws: Never.self, "\(kind)") {
                _ = try fixtureScene("components: {dot: {view: circle}}\ncanvas: {width: 50, height: 50}\nview: {vstack: , children: [\(view)]}").layout()
            }
        }
    }

    @Test func yamlAndJSONGiveTheSameDisplayList() throws {
        for name in ["flow-random-rectangles", "wheel-90"] {
            let yaml = try Scene.load(contentsOf: repositoryPath("Fixtures/\(name).yaml")).layout()
            let json = try Scene.load(contentsOf: repositoryPath("Fixtures/json/\(name).json")).layout()
            #expect(yaml.result.displayList == json.result.displayList, "\(name)")
            // The same views, frames and ids; only the lines they are written on differ.
            func withoutSources(_ node: LayoutNodeInfo) -> LayoutNodeInfo {
                var copy = node
                copy.source = nil
                copy.children = node.children.map(withoutSources)
                return copy
            }
            #expect(withoutSources(yaml.root) == withoutSources(json.root), "\(name)")
            #expect(yaml.root.allNodes.filter { $0.source != nil }.count == json.root.allNodes.filter { $0.source != nil }.count)
        }
    }

    @Test func theSameSeedGivesTheSameListAndAnotherSeedOtherColours() throws {
        let path = repositoryPath("Fixtures/flow-random-rectangles.yaml")
        let once = try Scene.load(contentsOf: path).layout().result.displayList
        let twice = try Scene.load(contentsOf: path).layout().result.displayList
        #expect(once == twice)
        let other = try Scene.load(contentsOf: path, seed: 1).layout().result.displayList
        let colours = fills(once).map(\.color), otherColours = fills(other).map(\.color)
        #expect(colours.count == 11 && otherColours.count == 11)
        #expect(zip(colours, otherColours).allSatisfy { $0 != $1 })
    }
}
