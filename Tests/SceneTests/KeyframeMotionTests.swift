import Arrange
@testable import ArrangeScene
import Foundation
import Testing

/// How each value a keyframe sets animates, and the warnings for those that switch at once.
@Suite struct KeyframeMotionTests {
    /// A red card whose keyframe at 1 s sets `changes` (a flow mapping of its values).
    static func card(_ changes: String) -> String {
        """
        canvas: {width: 100, height: 100}
        view:
          rectangle:
          id: card
          modifiers:
            - fill: red
            - blendMode: multiply
            - clipShape: circle
            - frame: {width: 80, height: 80}
        animation:
          duration: 1
          keyframes:
            - at: 1
              set:
                card: \(changes)
        """
    }

    @Test func everyKeyAKeyframeMaySetSaysHowItAnimates() {
        // A keyframe sets a view's kind whole, one of its parameters, or one of its modifiers,
        // whole or by the keys of its value. The compiler asks each key enum for its motion;
        // this checks that the key table reaches one for every name it lists.
        var jumping: [String] = []
        func note(_ name: String, _ motion: KeyframeMotion?, _ place: String) {
            #expect(motion != nil, "'\(name)' of \(place) does not say how it animates")
            if case .jumps(let why)? = motion {
                jumping.append(name)
                #expect(!why.isEmpty)
            }
        }
        for kind in ViewKind.allCases {
            note(kind.name, kind.motion, "the view kinds")
            for key in kind.parameterKeys { note(key, kind.parameterKey?.motion(of: key), "'\(kind.name)'") }
        }
        for modifier in ModifierKind.allCases {
            note(modifier.name, modifier.motion, "the modifiers")
            for key in modifier.valueKeys { note(key, modifier.valueKey?.motion(of: key), "'\(modifier.name)'") }
        }
        // Every other value interpolates or crossfades; a key newly made to jump shows up here.
        // The corner styles of roundedRectangle and unevenRoundedRectangle; a mirrored layout; a
        // rotation (its degrees, radians and anchor), which mixes as a matrix rather than turning;
        // a layer made or not; a blur's opaque; and what screen readers read (a label, or nothing).
        #expect(jumping == ["style", "style", "clipped", "clipShape", "hidden", "id", "truncationMode", "blendMode", "layoutDirection",
                            "rotationEffect", "degrees", "radians", "anchor", "compositingGroup", "drawingGroup", "opaque",
                            "accessibilityLabel", "accessibilityHidden"])
    }

    @Test func aValueThatSwitchesWarnsAtItsKeyInTheKeyframe() throws {
        let blended = try scene(Self.card("{blendMode: screen, frame: {width: 60, height: 60}}"))
        // `blendMode` is on line 15, after 'card: {' (8 spaces and 7 characters in): column 16.
        #expect(blended.animation?.warnings == [
            "test.yaml:15:16: warning: the keyframe at 1 s changes 'blendMode' of 'card', which does not animate but switches at that time: there are no modes between two blend modes",
        ])
        let clip = try scene(Self.card("{clipShape: capsule}"))
        #expect(clip.animation?.warnings.map { $0.hasPrefix("test.yaml:15:16: warning: the keyframe at 1 s changes 'clipShape' of 'card'") } == [true])
        // The frame animates; and a blend mode or clip set to what it was is no change.
        #expect(try scene(Self.card("{blendMode: multiply, clipShape: circle, frame: {width: 60, height: 60}}")).animation?.warnings == [])
        // The warning is one of the scene's, printed with the others.
        #expect(try SceneRenderer().layout(blended).warnings(overflow: false) == blended.animation?.warnings)
    }

    @Test func aKeyframeAfterAnotherIsComparedWithIt() throws {
        let twice = try scene((Self.card("{blendMode: screen}") + """

                - at: 2
                  set:
                    card: {blendMode: screen}
                - at: 3
                  set:
                    card: {blendMode: multiply}
            """).replacingOccurrences(of: "duration: 1", with: "duration: 3"))
        // 1 s: multiply → screen; 2 s: screen again, no change; 3 s: back to multiply.
        #expect(twice.animation?.warnings.map { $0.prefix(while: { $0 != " " }) } == ["test.yaml:15:16:", "test.yaml:21:16:"])
    }

    @Test func changedTextCrossfades() throws {
        let timeline = try SceneTimeline(try scene("""
            canvas: {width: 200, height: 60}
            view:
              text: Start
              id: label
            animation:
              duration: 1
              curve: linear
              keyframes:
                - at: 1
                  set: {label: {text: End}}
            """))
        var runs: [(String, Double)] = []
        func visit(_ items: [DisplayItem]) {
            for item in items {
                switch item.content {
                case .text(let run): runs.append((run.lines.map(\.text).joined(), run.color.alpha))
                case .group(let group): visit(group.items)
                default: continue
                }
            }
        }
        visit(timeline.frame(at: 0.5).displayList.items)
        // Half way: both words drawn, each half opaque.
        #expect(runs.map(\.0) == ["Start", "End"])
        #expect(runs.map(\.1) == [0.5, 0.5])
    }
}
