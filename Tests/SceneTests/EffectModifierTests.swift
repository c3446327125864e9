import Arrange
import ArrangeScene
import Foundation
import Testing

/// The drawing-effect modifiers and `unevenRoundedRectangle` as scene files write them: each
/// reads into the effect SwiftUI's modifier makes, and leaves the layout alone.
@Suite struct EffectModifierTests {
    /// The display list of a scene of one 100 × 20 rectangle on a 100 × 20 canvas, with `modifiers`.
    static func list(_ modifiers: String) throws -> DisplayList {
        try SceneRenderer().layout(scene("""
            canvas: {width: 100, height: 20}
            view:
              rectangle: {}
              modifiers: [{frame: {width: 100, height: 20}}, \(modifiers)]
            """)).displayList
    }

    /// The first group of the list.
    static func group(_ list: DisplayList) -> DisplayGroup? {
        for item in list.items { if case .group(let group) = item.content { return group } }
        return nil
    }

    @Test func rotationAndScaleReadTheirAnchors() throws {
        // 90° about the top-leading corner: (x, y) → (−y, x), so the bar draws x −20…0, y 0…100.
        let turned = try Self.list("{rotationEffect: {degrees: 90, anchor: topLeading}}")
        let bounds = DrawnBounds.of(turned.items) { _ in 0 }
        #expect(abs(bounds.minX + 20) < 1e-9 && abs(bounds.maxX) < 1e-9 && abs(bounds.minY) < 1e-9 && abs(bounds.maxY - 100) < 1e-9)
        // π/2 radians is the same quarter turn.
        #expect(try Self.group(Self.list("{rotationEffect: {radians: 1.5707963267948966, anchor: topLeading}}"))?.transform
                == Self.group(turned)?.transform)
        // scaleEffect {x: 2, y: 3, anchor: bottomTrailing}: the corner (100, 20) stays, so
        // tx = 100 − 2 × 100 = −100 and ty = 20 − 3 × 20 = −40.
        let scaled = try #require(Self.group(Self.list("{scaleEffect: {x: 2, y: 3, anchor: bottomTrailing}}")))
        #expect(scaled.transform == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: -100, ty: -40))
        // transformEffect: the numbers as written, the identity's elsewhere.
        let sheared = try #require(Self.group(Self.list("{transformEffect: {c: 0.5, tx: 4}}")))
        #expect(sheared.transform == CGAffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 4, ty: 0))
    }

    @Test func filtersReadIntoTheirDisplayFilters() throws {
        #expect(try Self.group(Self.list("{blur: 3}"))?.filters == [.blur(radius: 3, opaque: false)])
        #expect(try Self.group(Self.list("{blur: {radius: 2, opaque: true}}"))?.filters == [.blur(radius: 2, opaque: true)])
        #expect(try Self.group(Self.list("{brightness: 0.2}"))?.filters == [.brightness(0.2)])
        #expect(try Self.group(Self.list("{contrast: 2}"))?.filters == [.contrast(2)])
        #expect(try Self.group(Self.list("{saturation: 0.5}"))?.filters == [.saturation(0.5)])
        // grayscale(0.25) is saturation(1 − 0.25) = saturation(0.75).
        #expect(try Self.group(Self.list("{grayscale: 0.25}"))?.filters == [.saturation(0.75)])
        #expect(try Self.group(Self.list("compositingGroup"))?.isolated == true)
        #expect(try Self.group(Self.list("{drawingGroup: true}"))?.isolated == true)
    }

    @Test func aMaskIsLaidOutAsAnOverlayAndDrawsNothingItself() throws {
        let rendered = try SceneRenderer().layout(scene("""
            canvas: {width: 100, height: 20}
            view:
              rectangle: {}
              modifiers:
                - frame: {width: 100, height: 20}
                - mask: {view: {rectangle: {}, modifiers: [{frame: {width: 30}}]}, alignment: leading}
            """))
        let group = try #require(Self.group(rendered.displayList))
        // The mask, offered 100 × 20 and 30 wide, sits at the leading edge: (0, 0, 30, 20).
        #expect(group.mask?.map(\.frame) == [CGRect(x: 0, y: 0, width: 30, height: 20)])
        #expect(group.items.map(\.frame) == [CGRect(x: 0, y: 0, width: 100, height: 20)])
    }

    @Test func unevenRoundedRectanglesReadEachRadius() throws {
        let rendered = try SceneRenderer().layout(scene("""
            canvas: {width: 100, height: 60}
            view:
              unevenRoundedRectangle: {topLeadingRadius: 10, bottomTrailingRadius: 5, topTrailingRadius: 20, style: circular}
            """))
        guard case .path(let drawing)? = rendered.displayList.items.first?.content else {
            Issue.record("no path drawn")
            return
        }
        let expected = UnevenRoundedRectangle(topLeadingRadius: 10, bottomTrailingRadius: 5, topTrailingRadius: 20, style: .circular)
            .path(in: CGRect(x: 0, y: 0, width: 100, height: 60))
        #expect(drawing.path == expected)
    }

    @Test func aDrawingTurnedPastTheCanvasIsWarnedOf() throws {
        // A 100 × 20 bar centred on a 100 × 40 canvas (y 10…30) and turned 90° about its centre
        // (50, 20) draws over x 40…60, y −30…70: past the top and bottom, though its frame fits.
        let rendered = try SceneRenderer().layout(scene("""
            canvas: {width: 100, height: 40}
            view:
              rectangle: {}
              modifiers: [{frame: {width: 100, height: 20}}, {rotationEffect: 90}]
            """))
        #expect(rendered.overflowWarnings.isEmpty)
        let warnings = rendered.effectOverflowWarnings
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("draws past the canvas and is cut off") == true)
        #expect(warnings.first?.contains("x 40…60, y -30…70") == true)
        // Turned 90° inside a canvas tall enough, nothing is cut off.
        let inside = try SceneRenderer().layout(scene("""
            canvas: {width: 100, height: 120}
            view:
              rectangle: {}
              modifiers: [{frame: {width: 100, height: 20}}, {rotationEffect: 90}]
            """))
        #expect(inside.effectOverflowWarnings.isEmpty)
    }
}
