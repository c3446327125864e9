import Arrange
@testable import ArrangeScene
import Foundation
import Testing

// Issue 14 in scene files: images, gradients, shadows, geometry readers and connectors.

/// A scene read as if it were a file in Fixtures/, so image paths are relative to that folder.
/// Every item of a list, groups' contents included, with the translation of the groups around it.
private func allItems(_ list: DisplayList) -> [(item: DisplayItem, shift: CGSize)] {
    var result: [(DisplayItem, CGSize)] = []
    func walk(_ items: [DisplayItem], _ shift: CGSize) {
        for item in items {
            result.append((item, shift))
            if case .group(let group) = item.content {
                walk(group.items, CGSize(width: shift.width + group.translation.width, height: shift.height + group.translation.height))
            }
        }
    }
    walk(list.items, .zero)
    return result
}

/// The frames images are drawn in.
private func imageFrames(_ list: DisplayList) -> [CGRect] {
    allItems(list).compactMap { entry in
        if case .image = entry.item.content { return entry.item.frame }
        return nil
    }
}

@Suite struct DiagramSceneTests {
    @Test func anImageIsItsPixelSizeUnlessResizable() throws {
        // Fixtures/images/grid-4x3.png is 4 × 3 pixels: one point a pixel.
        let fixed = try fixtureScene("view: {image: images/grid-4x3.png, id: img}").layout().result
        #expect(fixed.frames["img"] == CGRect(x: 0, y: 0, width: 4, height: 3))
        // Resizable and fitted into 100 × 100 (§3.9): the ideal ratio 4 : 3 scaled by
        // min(100/4, 100/3) = 25 → 100 × 75, centred: y = 12.5, drawn from the nearest pixel
        // edges (docs/layout-rules.md §7.4): 13 to 88.
        let fit = try fixtureScene("""
            view:
              image: {path: images/grid-4x3.png, resizable: true}
              modifiers: [scaledToFit, {frame: {width: 100, height: 100}}]
            """).layout().result
        #expect(imageFrames(fit.displayList) == [CGRect(x: 0, y: 13, width: 100, height: 75)])
        // Filling instead: scale max(25, 33.3) → 133.3 × 100, centred (x = −16.7), and clipped;
        // drawn frames are rounded to whole pixels: (−17, 0, 134, 100)… within a pixel.
        let fill = try fixtureScene("""
            view:
              image: {path: images/grid-4x3.png, resizable: true, interpolation: none}
              modifiers: [scaledToFill, {frame: {width: 100, height: 100}}, clipped]
            """).layout().result
        let frame = try #require(imageFrames(fill.displayList).first)
        #expect(abs(frame.width - 400.0 / 3) <= 1 && frame.height == 100 && abs(frame.minX + 50.0 / 3) <= 1)
        let images = allItems(fill.displayList).compactMap { entry -> ImageDrawing? in
            if case .image(let drawing) = entry.item.content { return drawing }
            return nil
        }
        #expect(images.count == 1)
        #expect(images.first?.interpolation == Image.Interpolation.none)
        #expect(images.first?.source.pixelWidth == 4 && images.first?.source.pixelHeight == 3)
        #expect(fill.displayList.items.contains { if case .group(let g) = $0.content { return g.clip == .rectangle } else { return false } })
    }

    @Test func gradientsAndShadowsReachTheDisplayList() throws {
        // A linear gradient from top to bottom of a 200 × 100 rectangle runs from (100, 0) to
        // (100, 100) of the item; the shadow wraps the filled shape in a group.
        let result = try scene("""
            view:
              rectangle:
              modifiers:
                - fill: {linearGradient: {colors: [red, blue], startPoint: top, endPoint: bottom}}
                - frame: {width: 200, height: 100}
                - shadow: {color: black, radius: 4, x: 0, y: 2}
            """).layout().result
        let entries = allItems(result.displayList)
        let shadow = entries.compactMap { entry -> Shadow? in
            if case .group(let group) = entry.item.content { return group.shadow }
            return nil
        }
        #expect(shadow == [Shadow(color: .black, radius: 4, offset: CGSize(width: 0, height: 2))])
        let paints = entries.compactMap { entry -> DisplayPaint? in
            if case .path(let drawing) = entry.item.content { return drawing.paint }
            return nil
        }
        #expect(paints == [.linear(Gradient(colors: [.red, .blue]), start: CGPoint(x: 100, y: 0), end: CGPoint(x: 100, y: 100))])
    }

    @Test func textsInAGeometryReaderShowItsNumbers() throws {
        // Seed 002: a reader between spacers in a VStack 200 tall named OutVStack, in a 400 × 400
        // canvas. The stack is centred: y = 100; the reader starts 8 lower (the spacer's minimum),
        // so its minY is 108.0 globally and 8.0 in OutVStack (docs/layout-rules.md §2.5).
        let result = try scene("""
            canvas: {width: 400, height: 400}
            view:
              vstack: {}
              children:
                - spacer
                - geometryReader: {}
                  children:
                    - vstack: {alignment: leading}
                      children:
                        - text: "CoordinateSpace: {OutVStack.minY}"
                        - text: {content: "Global: {global.minY}, {width} × {height}"}
                - spacer
              modifiers:
                - frame: {height: 200}
                - coordinateSpace: OutVStack
            """).layout().result
        let lines = allItems(result.displayList).flatMap { entry -> [String] in
            if case .text(let run) = entry.item.content { return run.lines.map(\.text) }
            return []
        }
        #expect(lines.contains("CoordinateSpace: 8.0"))
        #expect(lines.contains { $0.hasPrefix("Global: 108.0, ") && $0.hasSuffix(" × 184.0") })
        // Outside a geometry reader braces are just text.
        let plain = try scene("view: {text: \"{width}\"}").layout().result
        #expect(allItems(plain.displayList).contains { if case .text(let run) = $0.item.content { return run.lines.first?.text == "{width}" } else { return false } })
        #expect(sceneError("view: {geometryReader: {}, children: [{text: \"{depth}\"}]}")?.message.contains("unknown placeholder '{depth}'") == true)
    }

    @Test func connectorsJoinViewsByIDAndFollowThem() throws {
        // Two 40 × 40 squares 60 apart at (0, 0) and (100, 0): the connector leaves the first's
        // trailing middle (40, 20); the arrow's tip is at the second's leading middle (100, 20).
        func connected(_ offset: Int) throws -> [[CGPoint]] {
            let result = try scene("""
                view:
                  hstack: {spacing: 60}
                  children:
                    - {rectangle: {}, id: a, modifiers: [{frame: {width: 40, height: 40}}]}
                    - {rectangle: {}, id: b, modifiers: [{frame: {width: 40, height: 40}}, {offset: {x: 0, y: \(offset)}}]}
                  modifiers:
                    - connect: {from: a, to: b, routing: elbow, label: calls}
                """).layout().result
            return allItems(result.displayList).compactMap { entry -> [CGPoint]? in
                guard case .path(let drawing) = entry.item.content else { return nil }
                return drawing.path.elements.compactMap { element -> CGPoint? in
                    switch element {
                    case .move(let p), .line(let p):
                        return CGPoint(x: p.x + entry.item.frame.minX + entry.shift.width, y: p.y + entry.item.frame.minY + entry.shift.height)
                    default: return nil
                    }
                }
            }
        }
        let straight = try connected(0)
        #expect(straight.first?.first == CGPoint(x: 40, y: 20))
        #expect(straight.last?.first == CGPoint(x: 100, y: 20))
        // The second square drawn 30 lower: the line bends at x = 70 and ends on its new border.
        let moved = try connected(30)
        #expect(moved.first?.prefix(3).map { $0 } == [CGPoint(x: 40, y: 20), CGPoint(x: 70, y: 20), CGPoint(x: 70, y: 50)])
        #expect(moved.last?.first == CGPoint(x: 100, y: 50))
    }

    @Test func aConnectorsMarginIsReadAndBounded() throws {
        // a (0…40), c (100…140, 80 high), b (200…240) in a row 60 apart, tops aligned; the
        // elbow from a's trailing middle (40, 20) to b's leading middle (200, 20) goes over c
        // (32 up and down against 72 under it) 12 points above it, at y = −12; its verticals are
        // centred between a's clearance (40 + 12) and c's margin (100 − 12), at 70, and between
        // 152 and 188, at 170. The line stops 4.8 short of b under the arrowhead.
        let result = try scene("""
            view:
              hstack: {spacing: 60, alignment: top}
              children:
                - {rectangle: {}, id: a, modifiers: [{frame: {width: 40, height: 40}}]}
                - {rectangle: {}, id: c, modifiers: [{frame: {width: 40, height: 80}}]}
                - {rectangle: {}, id: b, modifiers: [{frame: {width: 40, height: 40}}]}
              modifiers:
                - connect: {from: a, to: b, routing: elbow, margin: 12}
            """).layout().result
        let line = allItems(result.displayList).compactMap { entry -> [CGPoint]? in
            guard case .path(let drawing) = entry.item.content, entry.item.identity.id == "connector:a→b" else { return nil }
            return drawing.path.elements.compactMap { element -> CGPoint? in
                switch element {
                case .move(let p), .line(let p): CGPoint(x: p.x + entry.item.frame.minX + entry.shift.width, y: p.y + entry.item.frame.minY + entry.shift.height)
                default: nil
                }
            }
        }.first
        #expect(line == [CGPoint(x: 40, y: 20), CGPoint(x: 70, y: 20), CGPoint(x: 70, y: -12), CGPoint(x: 170, y: -12),
                         CGPoint(x: 170, y: 20), CGPoint(x: 195.2, y: 20)])
        let tooWide = sceneError("view: {rectangle: {}, id: a, modifiers: [{connect: {from: a, to: a, margin: 2000}}]}")
        #expect(tooWide?.message.contains("'margin' of a connector is at most 1000") == true)
        #expect(sceneError("view: {rectangle: {}, id: a, modifiers: [{connect: {from: a, to: a, margin: -1}}]}")?.message.contains("margin") == true)
    }

    /// Whether a scene draws connectors is decided before its views are read, from the parsed
    /// keys: a key spelt with escapes in quotes is the same key and draws the same line.
    @Test func aConnectKeySpeltWithEscapesDrawsTheSameConnector() throws {
        let plain = """
            view:
              hstack: {spacing: 40}
              children:
                - {rectangle: {}, id: a, modifiers: [{frame: {width: 10, height: 10}}]}
                - {rectangle: {}, id: b, modifiers: [{frame: {width: 10, height: 10}}]}
              modifiers: [{connect: {from: a, to: b}}]
            """
        let escaped = plain.replacingOccurrences(of: "{connect:", with: #"{"conn\u0065ct":"#)
        #expect(escaped.contains(#""conn\u0065ct""#))
        let drawn = try layout(plain).result.displayList, spelt = try layout(escaped).result.displayList
        #expect(allItems(drawn).contains { if case .path = $0.item.content { true } else { false } })
        #expect(drawn == spelt)
    }

    @Test func connectorIDsMustBeInsideTheViewThatDrawsThem() {
        // "b" exists, but beside the view with the connector, not inside it.
        let error = sceneError("""
            view:
              vstack: {}
              children:
                - hstack: {}
                  children: [{rectangle: {}, id: a}]
                  modifiers: [{connect: {from: a, to: b}}]
                - {rectangle: {}, id: b}
            """)
        #expect(error?.location.line == 6)
        #expect(error?.message.contains("no view with id 'b' inside the view that draws this connector") == true)
    }

    @Test func aDashPatternMustRepeatInAThousandthOfAPointOrMore() throws {
        // Both [0.0005, 0.0005] (0.001 in all) reads; zeros or 1e-300s cannot be drawn alike by
        // SVG viewers (a solid line) and Cairo (an approximation), so they are errors.
        _ = try layout("view: {rectangle: {}, modifiers: [{stroke: {dash: [0.0005, 0.0005]}}]}")
        for dash in ["[0, 0]", "[1e-300, 1e-300]", "[0.0004, 0.0005]"] {
            let error = sceneError("view: {rectangle: {}, modifiers: [{stroke: {dash: \(dash)}}]}")
            #expect(error?.message.contains("'dash' needs lengths adding up to 0.001 or more") == true, "\(dash): \(String(describing: error))")
        }
        // In Swift the same patterns draw solid.
        #expect(StrokeStyle(dash: [1e-300, 1e-300]).sanitized.dash.isEmpty)
        #expect(StrokeStyle(dash: [0.0005, 0.0005]).sanitized.dash == [0.0005, 0.0005])
    }

    @Test func connectorsCountAgainstTheViewsLimit() throws {
        // 2 rectangles and 1 connector a copy, 10 copies, in a stack: 1 + 10 × (1 + 2 + 1) = 41
        // views and connectors. A limit of 41 takes it; 40 stops at the 10th copy's connector.
        let yaml = """
            view:
              vstack:
              children:
                - hstack:
                  repeat: 10
                  children: [{rectangle: {}, id: a}, {rectangle: {}, id: b}]
                  modifiers: [{connect: {from: a, to: b}}]
            """
        var limits = SceneLimits()
        limits.views = 41
        _ = try Scene(data: Data(yaml.utf8), file: "test.yaml", format: .yaml, limits: limits)
        limits.views = 40
        let error = #expect(throws: SceneError.self) { try Scene(data: Data(yaml.utf8), file: "test.yaml", format: .yaml, limits: limits) }
        #expect(error?.location.line == 7)
        #expect(error?.message.contains("more than 40 views (copies made by 'repeat' and connectors included)") == true)
    }

    @Test func imageBytesShownAreBoundedWithEveryUseCounted() throws {
        // A 3 MiB file (the logo and zeros after its end, which decoders ignore) shown 90 times
        // is 270 MiB, over the 256 MiB an SVG would embed; 80 times (240 MiB) is fine.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("arrange-image-bytes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var padded = try Data(contentsOf: URL(fileURLWithPath: repositoryPath("Fixtures/images/logo.png")))
        padded.append(Data(count: 3 * 1024 * 1024 - padded.count))
        try padded.write(to: folder.appendingPathComponent("padded.png"))
        func scene(_ copies: Int) -> String {
            "view:\n  zstack:\n  children:\n    - image: padded.png\n      repeat: \(copies)\n"
        }
        let file = folder.appendingPathComponent("scene.yaml").path
        _ = try Scene(text: scene(80), file: file)
        let error = #expect(throws: SceneError.self) { try Scene(text: scene(90), file: file) }
        #expect(error?.location.line == 4)
        #expect(error?.message.contains("more than 268435456 bytes of image files together") == true)
    }
}
