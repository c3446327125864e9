import Arrange
import ArrangeCairo
@testable import ArrangeScene
import Foundation
import Testing

/// Scene animation: keyframes read into states, the timeline between them, and its bad input.
@Suite struct AnimationReadingTests {
    static let wheel = """
        canvas: {width: 360, height: 360}
        view:
          wheel: {radius: 130, rotation: 0}
          id: wheel
          children:
            - rectangle:
              id: a
              modifiers: [{fill: red}, {frame: {width: 70, height: 70}}]
            - rectangle:
              modifiers: [{fill: blue}, {frame: {width: 70, height: 70}}]
        """

    func timeline(_ yaml: String) throws -> SceneTimeline {
        try SceneTimeline(try scene(yaml))
    }

    @Test func keyframesKeepTheValuesTheyDoNotName() throws {
        // 0 s: rotation 0, radius 130; 1 s: rotation 90; 2 s: radius 100, rotation still 90.
        let timeline = try timeline(Self.wheel + """

            animation:
              duration: 2
              curve: linear
              keyframes:
                - at: 1
                  set: {wheel: {rotation: 90}}
                - at: 2
                  set: {wheel: {radius: 100}}
            """)
        #expect(timeline.animation.states.map(\.time) == [0, 1, 2])
        // Wheel 2·130 + 70 = 330 centred in 360: centre (180, 180). Child a at rotation θ sits at
        // (180 + r sin θ, 180 − r cos θ), its frame 35 either way of that.
        func centre(_ seconds: Double) throws -> CGPoint {
            let frame = try #require(timeline.frame(at: seconds).frames["a"])
            return CGPoint(x: frame.midX, y: frame.midY)
        }
        #expect(try centre(0) == CGPoint(x: 180, y: 50))
        let one = try centre(1)
        #expect(abs(one.x - 310) < 1e-9 && abs(one.y - 180) < 1e-9)
        // At 2 s the wheel is 2·100 + 70 = 270 wide, still centred at 180: a at (280, 180).
        let two = try centre(2)
        #expect(abs(two.x - 280) < 1e-9 && abs(two.y - 180) < 1e-9)
        // Half way through the second change (linear): radius 115, a at (295, 180).
        let between = try centre(1.5)
        #expect(abs(between.x - 295) < 1e-9 && abs(between.y - 180) < 1e-9)
        // Held after the end.
        #expect(try centre(5) == two)
    }

    @Test func aKeyframeAtZeroChangesTheFirstState() throws {
        let timeline = try timeline(Self.wheel + """

            animation:
              duration: 1
              keyframes:
                - at: 0
                  set: {wheel: {rotation: 180}}
            """)
        #expect(timeline.animation.states.count == 1)
        let frame = try #require(timeline.frame(at: 0).frames["a"])
        #expect(abs(frame.midX - 180) < 1e-9 && abs(frame.midY - 310) < 1e-9)
    }

    @Test func springsTakeSwiftUIsParameters() throws {
        func curve(_ text: String) throws -> Animation {
            let timeline = try timeline(Self.wheel + "\nanimation: {duration: 1, keyframes: [{at: 1, curve: \(text), set: {wheel: {rotation: 90}}}]}\n")
            return timeline.animation.states[1].curve
        }
        #expect(try curve("spring") == .spring())
        #expect(try curve("{spring: {response: 0.4, dampingFraction: 0.6}}") == .spring(response: 0.4, dampingFraction: 0.6))
        // spring(duration: 0.5, bounce: 0.3) is a response of 0.5 with a damping fraction of 0.7.
        #expect(try curve("{spring: {duration: 0.5, bounce: 0.3}}") == .spring(response: 0.5, dampingFraction: 0.7))
        #expect(try curve("easeOut") == .easeOut)
    }

    @Test func aLayoutViewReadsTheLayoutItHolds() throws {
        // Two 40 × 20 children: an HStack with spacing 10 is 90 wide, a VStack 40 wide and 50 tall.
        func size(_ kind: String) throws -> CGSize {
            try layout("""
                view:
                  layout: \(kind)
                  children:
                    - rectangle:
                      modifiers: [{frame: {width: 40, height: 20}}]
                    - rectangle:
                      modifiers: [{frame: {width: 40, height: 20}}]
                """).result.canvasSize
        }
        #expect(try size("{hstack: {spacing: 10}}") == CGSize(width: 90, height: 20))
        #expect(try size("{vstack: {spacing: 10}}") == CGSize(width: 40, height: 50))
        #expect(try size("zstack") == CGSize(width: 40, height: 20))
        #expect(sceneError("view:\n  layout: {hstack: {}, vstack: {}}\n")?.message.contains("exactly one container kind") == true)
        #expect(sceneError("view:\n  layout: grid\n")?.message.contains("'layout'") == true)
    }

    /// A bad animation: the error's line, column and words.
    func problem(_ animation: String) -> SceneError? {
        sceneError(Self.wheel + "\n" + animation)
    }

    @Test func badKeyframesAreLocatedErrors() throws {
        // The wheel scene is 10 lines; the animation starts on line 11.
        let unknownParameter = try #require(problem("animation: {duration: 1, keyframes: [{at: 1, set: {wheel: {rotaton: 90}}}]}"))
        #expect(unknownParameter.location.line == 11)
        #expect(unknownParameter.message.contains("'rotaton' is neither a parameter of the 'wheel' view 'wheel' nor one of its modifiers"))
        #expect(unknownParameter.message.contains("did you mean 'rotation'"))

        let unknownID = try #require(problem("animation: {duration: 1, keyframes: [{at: 1, set: {whel: {rotation: 90}}}]}"))
        #expect(unknownID.message == "no view has the id 'whel'; a keyframe changes views by their 'id' (see docs/scene-format.md#keyframe)")
        #expect(unknownID.location.column == 52)

        let outOfOrder = try #require(problem("""
            animation:
              duration: 2
              keyframes:
                - {at: 1.5, set: {wheel: {rotation: 90}}}
                - {at: 1, set: {wheel: {rotation: 0}}}
            """))
        #expect(outOfOrder.location.line == 15)
        #expect(outOfOrder.message.contains("keyframes go in time order"))

        let late = try #require(problem("animation: {duration: 1, keyframes: [{at: 3, set: {wheel: {rotation: 90}}}]}"))
        #expect(late.message.contains("after the end of the animation"))

        let nan = try #require(problem("animation: {duration: 1, keyframes: [{at: 1, set: {wheel: {rotation: .nan}}}]}"))
        #expect(nan.message.contains("NaN"))
        #expect(nan.location.line == 11)
        let infinite = try #require(problem("animation: {duration: .inf, keyframes: [{at: 1, set: {wheel: {rotation: 90}}}]}"))
        #expect(infinite.message.contains("'duration' must be a number > 0"))

        for fps in ["0", "10000"] {
            let error = try #require(problem("animation: {duration: 1, fps: \(fps), keyframes: [{at: 1, set: {wheel: {rotation: 90}}}]}"))
            #expect(error.message.contains("'fps'"), "\(error)")
        }

        let missingModifier = try #require(problem("animation: {duration: 1, keyframes: [{at: 1, set: {wheel: {opacity: 0.5}}}]}"))
        #expect(missingModifier.message.contains("has no modifiers, so no 'opacity' to change"))
    }

    @Test func aDurationOfAMillionFramesIsRefusedAtTheDuration() throws {
        // 3,600 s at 120 frames a second: 432,001 frames.
        let long = try scene(Self.wheel + "\nanimation: {duration: 3600, fps: 120, keyframes: [{at: 1, set: {wheel: {rotation: 90}}}]}\n")
        let timeline = try SceneTimeline(long)
        #expect(throws: SceneError.self) { try AnimationExport().frameTimes(of: timeline.animation) }
        do {
            _ = try AnimationExport().frameTimes(of: timeline.animation)
        } catch let error as SceneError {
            #expect(error.location.line == 11)
            #expect(error.message.contains("432001 frames; at most 10000"))
        }
    }

    @Test func keyframesMayNotReadTheViewsTooOften() throws {
        // 51 views (a flow and 50 copies); with the views limit at 1,000, keyframes may read at
        // most 1,000 views again: 19 keyframes are 969, 20 are 1,020.
        func yaml(_ keyframes: Int) -> String {
            "view:\n  flow: {spacing: 0}\n  id: f\n  children:\n    - rectangle:\n      repeat: 50\n"
                + "animation:\n  duration: \(keyframes)\n  keyframes:\n"
                + (1...keyframes).map { "    - {at: \($0), set: {f: {spacing: \($0)}}}\n" }.joined()
        }
        var limits = SceneLimits()
        limits.views = 1_000
        let fits = try Scene(data: Data(yaml(19).utf8), file: "test.yaml", format: .yaml, limits: limits)
        #expect(fits.animation?.states.count == 20)
        #expect(throws: SceneError.self) { try Scene(data: Data(yaml(20).utf8), file: "test.yaml", format: .yaml, limits: limits) }
        do {
            _ = try Scene(data: Data(yaml(20).utf8), file: "test.yaml", format: .yaml, limits: limits)
        } catch let error as SceneError {
            #expect(error.message.hasPrefix("20 keyframes each read the scene's 51 views again: 1020 views in all, at most 1000"))
            #expect(error.location.line == 8)
        }
    }

    @Test func frameTimesEndExactlyOnTheEnd() throws {
        let animated = try timeline(Self.wheel + "\nanimation: {duration: 1.25, keyframes: [{at: 1, set: {wheel: {rotation: 90}}}]}\n")
        // 1.25 s at 30 fps is 37.5 steps, rounded to 38: 39 frames, the step 1.25/38.
        let times = try AnimationExport(fps: 30).frameTimes(of: animated.animation)
        #expect(times.count == 39)
        #expect(times.first == 0 && times.last == 1.25)
        // Frame rates the command would refuse are refused here too, never a crash.
        for fps in [0, -5, .nan, .infinity, 10_000] {
            #expect(throws: SceneError.self) { try AnimationExport(fps: fps).frameTimes(of: animated.animation) }
        }
    }
}

/// The timeline's pictures: frames interpolate, everything inside a view moves with it, and views
/// arrive and leave by fading.
@Suite struct AnimationFrameTests {
    /// Every text item with the group it is drawn in (`cornerRadius` clips each tag).
    static func textsInGroups(_ items: [DisplayItem], in group: CGRect? = nil) -> [(text: DisplayItem, group: CGRect?)] {
        var found: [(DisplayItem, CGRect?)] = []
        for item in items {
            switch item.content {
            case .text: found.append((item, group))
            case .group(let inner): found += textsInGroups(inner.items, in: item.frame)
            default: break
            }
        }
        return found
    }

    @Test(arguments: ["flow-rewrap", "layout-switch"])
    func textStaysInsideItsViewInEveryFrame(_ name: String) throws {
        let timeline = try SceneTimeline(Scene.load(contentsOf: repositoryPath("Fixtures/animation/\(name).yaml")))
        let times = try AnimationExport(fps: 30).frameTimes(of: timeline.animation)
        var checked = 0
        for time in times {
            for (item, group) in Self.textsInGroups(timeline.frame(at: time).displayList.items) {
                guard case .text(let run) = item.content else { continue }
                let frame = item.frame
                // Each glyph's pen position, from the item's frame, lies in the frame, and the frame
                // in its tag (or capsule overlay) wherever the tag has moved to.
                for line in run.lines {
                    for glyph in line.glyphs {
                        let x = frame.minX + line.origin.x + glyph.x, y = frame.minY + line.origin.y
                        #expect(x >= frame.minX - 0.5 && x <= frame.maxX + 0.5, "\(name) at \(time) s: '\(line.text)' glyph at x \(x) outside \(frame)")
                        #expect(y >= frame.minY && y <= frame.maxY + 0.5, "\(name) at \(time) s: '\(line.text)' baseline \(y) outside \(frame)")
                    }
                }
                if let group {
                    let inside = frame.minX >= group.minX - 0.5 && frame.maxX <= group.maxX + 0.5
                        && frame.minY >= group.minY - 0.5 && frame.maxY <= group.maxY + 0.5
                    #expect(inside, "\(name) at \(time) s: \(frame) outside its tag \(group)")
                }
                checked += 1
            }
        }
        #expect(checked >= times.count * 5)
    }

    @Test func viewsThatLeaveFadeOutAndViewsThatArriveFadeIn() throws {
        // Two children become one: the second leaves. A label arrives in its place.
        let first = HStack(spacing: 0) {
            Color.red.frame(width: 40, height: 40)
            Color.blue.frame(width: 40, height: 40)
        }
        let second = HStack(spacing: 0) {
            Color.red.frame(width: 40, height: 40)
        }
        let change = LayoutTransition(from: first, to: second, in: .init(width: 100, height: 40), animation: .linear)
        func blue(_ progress: Double) -> Color? {
            for item in change.frame(progress: progress).displayList.items {
                if case .fill(_, let color) = item.content, color.blue == 1 { return color }
            }
            return nil
        }
        #expect(blue(0)?.alpha == 1)
        #expect(blue(0.25)?.alpha == 0.75)
        #expect(blue(0.5)?.alpha == 0.5)
        #expect(blue(1) == nil)
        // And back: the blue one arrives, at 0 not drawn, then at a quarter a quarter opaque.
        let back = LayoutTransition(from: second, to: first, in: .init(width: 100, height: 40), animation: .linear)
        func arriving(_ progress: Double) -> Double? {
            back.frame(progress: progress).displayList.items.compactMap { item -> Double? in
                if case .fill(_, let color) = item.content, color.blue == 1 { return color.alpha }
                return nil
            }.first
        }
        #expect(arriving(0) == nil)
        #expect(arriving(0.25) == 0.25)
    }

    @Test func everyAnimatedFixtureReadsAndExports() throws {
        let fixtures = animationFixtures()
        #expect(fixtures.count == 6)
        for path in fixtures {
            let timeline = try SceneTimeline(Scene.load(contentsOf: path))
            let files = try AnimationExport(format: .sheet, sheetFrames: 4).files(timeline, name: "sheet")
            #expect(files.count == 1 && files[0].data.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(path)")
        }
    }

    @Test func theEndsAreTheStatesThemselves() throws {
        let timeline = try SceneTimeline(Scene.load(contentsOf: repositoryPath("Fixtures/animation/wheel-turn-arc.yaml")))
        let start = try SceneRenderer().layout(Scene.load(contentsOf: repositoryPath("Fixtures/wheel-0.yaml")))
        let end = try SceneRenderer().layout(Scene.load(contentsOf: repositoryPath("Fixtures/wheel-90.yaml")))
        // The fixture's views have ids for the dump; the pictures are the same lists without them.
        #expect(timeline.frame(at: 0).displayList.withoutIDs() == start.displayList.withoutIDs())
        #expect(timeline.frame(at: 1).displayList.withoutIDs() == end.displayList.withoutIDs())
    }
}
