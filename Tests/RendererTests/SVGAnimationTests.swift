import Arrange
import ArrangeSVG
import Foundation
import Testing

/// `SVGRenderer.animation`: items that only move are written once with a translation track;
/// anything else makes a flipbook of whole frames.
@Suite struct SVGAnimationTests {
    static func box(x: CGFloat, color: Color = .red) -> DisplayList {
        DisplayList(size: CGSize(width: 100, height: 20), items: [
            DisplayItem(frame: CGRect(x: x, y: 5, width: 10, height: 10), identity: ViewIdentity(path: "0", kind: "Rectangle", id: "box"),
                        content: .fill(.rectangle, color)),
        ])
    }

    @Test func itemsThatOnlyMoveGetATranslationTrack() throws {
        // At 0, 0.5 and 1 s of a 1 s animation the box is at x 0, 30 and 90: offsets 0, 30, 90.
        let svg = try SVGRenderer().animation([Self.box(x: 0), Self.box(x: 30), Self.box(x: 90)], times: [0, 0.5, 1], duration: 1)
        #expect(svg.components(separatedBy: "<rect").count == 2, "the box is written once: \(svg)")
        #expect(svg.contains("<animateTransform attributeName=\"transform\" type=\"translate\" calcMode=\"linear\" repeatCount=\"indefinite\" dur=\"1s\" values=\"0 0;30 0;90 0\" keyTimes=\"0;0.5;1\"/>"))
        #expect(svg.contains("<rect x=\"0\" y=\"5\" width=\"10\" height=\"10\""))
        // No id: every frame would repeat it.
        #expect(!svg.contains("box"))
        // A last frame before the end is held to it.
        let held = try SVGRenderer().animation([Self.box(x: 0), Self.box(x: 30)], times: [0, 0.5], duration: 1)
        #expect(held.contains("values=\"0 0;30 0;30 0\" keyTimes=\"0;0.5;1\""))
    }

    @Test func aChangeOtherThanAMoveMakesAFlipbook() throws {
        // The colour changes: each frame is a group shown around its time (nearest frame).
        let svg = try SVGRenderer().animation([Self.box(x: 0), Self.box(x: 0, color: .blue)], times: [0, 1], duration: 1)
        #expect(svg.components(separatedBy: "<rect").count == 3)
        #expect(svg.contains("<g>\n<animate attributeName=\"display\" calcMode=\"discrete\" repeatCount=\"indefinite\" dur=\"1s\" values=\"inline;none\" keyTimes=\"0;0.5\"/>"))
        #expect(svg.contains("<g display=\"none\">\n<animate attributeName=\"display\" calcMode=\"discrete\" repeatCount=\"indefinite\" dur=\"1s\" values=\"none;inline\" keyTimes=\"0;0.5\"/>"))
        #expect(throws: RenderError.self) { try SVGRenderer().animation([Self.box(x: 0)], times: [0, 1], duration: 1) }
    }
}
