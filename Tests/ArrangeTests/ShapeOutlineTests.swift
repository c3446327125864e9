import Foundation
import Testing
@testable import Arrange

/// Rounded corners and the shape modifiers (docs/layout-rules.md §2.7), from the published
/// numbers of Apple's continuous corner and hand calculations.
@Suite struct ShapeOutlineTests {
    /// The end points of the path's elements, in order (a close adds none).
    static func points(_ path: Path) -> [CGPoint] {
        path.elements.compactMap { element in
            switch element {
            case .move(let p), .line(let p), .quadCurve(let p, _), .curve(let p, _, _): p
            case .closeSubpath: nil
            }
        }
    }

    static func close(_ a: CGPoint, _ b: CGPoint) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

    @Test func aContinuousCornerLeavesTheEdgeAt1Point528Radii() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 60)
        let continuous = Self.points(RoundedRectangle(cornerRadius: 10, style: .continuous).path(in: rect))
        // The outline starts where the top-leading corner leaves the top edge, 1.52866483 × 10 =
        // 15.2866483 from the corner, and the top edge runs to 100 − 15.2866483 = 84.7133517.
        #expect(Self.close(continuous[0], CGPoint(x: 15.2866483, y: 0)))
        #expect(Self.close(continuous[1], CGPoint(x: 84.7133517, y: 0)))
        // The corner ends on the trailing edge 15.2866483 below the top.
        #expect(continuous.contains { Self.close($0, CGPoint(x: 100, y: 15.2866483)) })
        // A circular corner leaves the edge at the radius, 10.
        let circular = Self.points(RoundedRectangle(cornerRadius: 10, style: .circular).path(in: rect))
        #expect(Self.close(circular[0], CGPoint(x: 10, y: 0)) && Self.close(circular[1], CGPoint(x: 90, y: 0)))
        #expect(continuous != circular)
        // RoundedRectangle's default style is SwiftUI's: continuous.
        #expect(RoundedRectangle(cornerRadius: 10).path(in: rect) == RoundedRectangle(cornerRadius: 10, style: .continuous).path(in: rect))
        #expect(RoundedRectangle(cornerRadius: 10)._shapeKind == .roundedRectangle(cornerRadius: 10, style: .continuous))
    }

    @Test func aContinuousCornerTooLargeForItsRectangleBlendsTowardsACircle() {
        // r = 25 in 100 × 60: the full corner would need 1.52866483 × 25 = 38.2 of the 30 (half
        // of 60) it has. The blend t = (30 / 25 − 1) / 0.52866483 = 0.3783 makes the reach
        // 1 + 0.52866483 × 0.3783 = 1.2 radii: 30, exactly half the short side.
        let points = Self.points(RoundedRectangle(cornerRadius: 25, style: .continuous).path(in: CGRect(x: 0, y: 0, width: 100, height: 60)))
        #expect(Self.close(points[0], CGPoint(x: 30, y: 0)))
        // At half the side (r = 30) the corner is a quarter circle: a capsule, leaving at 30 with
        // the circle's control points, 30 × (1 − 0.5523) from the corner.
        let capsule = RoundedRectangle(cornerRadius: 30, style: .continuous).path(in: CGRect(x: 0, y: 0, width: 100, height: 60))
        #expect(Self.close(Self.points(capsule)[0], CGPoint(x: 30, y: 0)))
        let curves = capsule.elements.compactMap { element -> (CGPoint, CGPoint)? in
            if case .curve(_, let c1, let c2) = element { (c1, c2) } else { nil }
        }
        // The top-trailing corner's middle curve: from (70, 0) with controls (70 + 16.569, 0) and
        // (100, 30 − 16.569), as a quarter circle of radius 30 (κ = 0.5523, 30κ = 16.569).
        #expect(curves.contains { abs($0.0.x - (70 + 30 * 0.5522847498)) < 1e-6 && abs($0.0.y) < 1e-9 && abs($0.1.x - 100) < 1e-9 })
    }

    @Test func anUnevenRoundedRectangleRoundsEachCornerByItsOwnRadius() {
        let shape = UnevenRoundedRectangle(topLeadingRadius: 10, bottomLeadingRadius: 0, bottomTrailingRadius: 5, topTrailingRadius: 20,
                                           style: .circular)
        let points = Self.points(shape.path(in: CGRect(x: 0, y: 0, width: 100, height: 60)))
        // Clockwise from where the top-leading corner (10) leaves the top edge: to the top-trailing
        // corner (20) at x 80, round to (100, 20); down to the bottom-trailing corner (5) at y 55,
        // round to (95, 60); along to the square bottom-leading corner (0, 60); up to y 10, round
        // to (10, 0).
        let expected = [CGPoint(x: 10, y: 0), CGPoint(x: 80, y: 0), CGPoint(x: 100, y: 20), CGPoint(x: 100, y: 55), CGPoint(x: 95, y: 60),
                        CGPoint(x: 0, y: 60), CGPoint(x: 0, y: 10), CGPoint(x: 10, y: 0)]
        #expect(points.count == expected.count)
        for (point, wanted) in zip(points, expected) { #expect(Self.close(point, wanted), "\(point) ≠ \(wanted)") }
        // A radius over half the shorter side (60 / 2 = 30) is held to it.
        let big = Self.points(UnevenRoundedRectangle(topLeadingRadius: 100, style: .circular).path(in: CGRect(x: 0, y: 0, width: 100, height: 60)))
        #expect(Self.close(big[0], CGPoint(x: 30, y: 0)))
        // The cornerRadii form draws the same.
        let radii = RectangleCornerRadii(topLeading: 10, bottomLeading: 0, bottomTrailing: 5, topTrailing: 20)
        #expect(UnevenRoundedRectangle(cornerRadii: radii, style: .circular).path(in: CGRect(x: 0, y: 0, width: 100, height: 60))
            == shape.path(in: CGRect(x: 0, y: 0, width: 100, height: 60)))
    }

    @Test func shapeModifiersMoveTurnAndScaleTheOutlineInItsFrame() {
        let rect = CGRect(x: 0, y: 0, width: 40, height: 20)
        // offset(x: 5, y: −3): the rectangle's corner (0, 0) moves to (5, −3).
        #expect(Self.close(Self.points(Rectangle().offset(x: 5, y: -3).path(in: rect))[0], CGPoint(x: 5, y: -3)))
        // rotation(90°) about the centre (20, 10): (0, 0) → (30, −10), as (x, y) − c = (−20, −10)
        // turns to (10, −20).
        #expect(Self.close(Self.points(Rectangle().rotation(.degrees(90)).path(in: rect))[0], CGPoint(x: 30, y: -10)))
        // scale(2, anchor: .topLeading): (40, 20) → (80, 40); the bounding box doubles from the corner.
        #expect(Rectangle().scale(2, anchor: .topLeading).path(in: rect).boundingRect == CGRect(x: 0, y: 0, width: 80, height: 40))
        // scale(x: 0.5, y: 1) about the centre: x 20 ± 10.
        #expect(Rectangle().scale(x: 0.5).path(in: rect).boundingRect == CGRect(x: 10, y: 0, width: 20, height: 20))
        // With no container shape in a picture, ContainerRelativeShape is the frame.
        #expect(ContainerRelativeShape().path(in: rect) == Rectangle().path(in: rect))
        // Layout is the shape's: 40 × 20 offered, 40 × 20 taken, whatever the outline does.
        let result = LayoutResult(of: Rectangle().rotation(.degrees(45)).id("r"), in: .init(width: 40, height: 20))
        #expect(result.frames["r"] == rect)
    }
}
