import Arrange
import Foundation
import Testing

@Suite struct PortedLayoutTests {
    @Test func equalWidthRowGivesEveryChildTheWidestWidth() {
        // Ideal widths 30, 50, 20 → each 50 wide; 3 × 50 + 2 × 10 = 170.
        let view = EqualWidthHStack {
            Color.red.frame(idealWidth: 30).frame(height: 10).id("a")
            Color.red.frame(idealWidth: 50).frame(height: 10).id("b")
            Color.red.frame(idealWidth: 20).frame(height: 10).id("c")
        }
        let result = LayoutResult(of: view)
        #expect(result.rootSize == CGSize(width: 170, height: 10))
        #expect(result.frames["a"] == CGRect(x: 0, y: 0, width: 50, height: 10))
        #expect(result.frames["b"] == CGRect(x: 60, y: 0, width: 50, height: 10))
        #expect(result.frames["c"] == CGRect(x: 120, y: 0, width: 50, height: 10))
    }

    @Test func cachedColumnAlignsTrailing() {
        // Widths 40 and 20, heights 10 and 15: 40 × 25, the second at x = 40 − 20.
        let result = LayoutResult(of: CachedColumn {
            Color.red.frame(width: 40, height: 10).id("a")
            Color.red.frame(width: 20, height: 15).id("b")
        })
        #expect(result.rootSize == CGSize(width: 40, height: 25))
        #expect(result.frames["b"] == CGRect(x: 20, y: 10, width: 20, height: 15))
    }

    @Test func explicitLeadingGuideShiftsTheRowInALeadingStack() {
        // The row's leading guide is 10; the other child's is 0 → the row sits 10 to the left of it.
        let view = VStack(alignment: .leading, spacing: 0) {
            IndentedRow { Color.red.frame(width: 30, height: 10) }.id("row")
            Color.blue.frame(width: 50, height: 10).id("bar")
        }
        let result = LayoutResult(of: view)
        #expect(result.frames["row"]?.minX == 0)
        #expect(result.frames["bar"]?.minX == 10)
        #expect(result.rootSize.width == 60)
    }

    @Test func layoutValuesOrderTheRow() {
        let result = LayoutResult(of: RankedRow {
            Color.red.frame(width: 10, height: 10).id("low")
            Color.red.frame(width: 20, height: 10).rank(2).id("high")
            Color.red.frame(width: 30, height: 10).rank(1).id("middle")
        })
        // Order by rank, highest first: high (20) at 0, middle (30) at 20, low at 50.
        #expect(result.frames["high"]?.minX == 0)
        #expect(result.frames["middle"]?.minX == 20)
        #expect(result.frames["low"]?.minX == 50)
    }
}

@Suite struct CoreGraphicsPortTests {
    func close(_ a: CGRect?, _ b: CGRect) -> Bool {
        guard let a else { return false }
        return abs(a.minX - b.minX) < 1e-9 && abs(a.minY - b.minY) < 1e-9 && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
    }

    @Test func theRadialLayoutRotatesItsPointsWithCoreGraphics() {
        // 300 × 300: radius 300 / 3 = 100. The point (0, −100) rotated by θ is (100 sin θ,
        // −100 cos θ): θ = 0°, 90°, 180°, 270° give (0, −100), (100, 0), (0, 100), (−100, 0),
        // around the centre (150, 150); each 20 × 20 child is centred there.
        let view = RotatingRadialLayout {
            Color.red.frame(width: 20, height: 20).id("0")
            Color.red.frame(width: 20, height: 20).id("90")
            Color.red.frame(width: 20, height: 20).id("180")
            Color.red.frame(width: 20, height: 20).id("270")
        }
        .frame(width: 300, height: 300)
        let result = LayoutResult(of: view)
        #expect(close(result.frames["0"], CGRect(x: 140, y: 40, width: 20, height: 20)))
        #expect(close(result.frames["90"], CGRect(x: 240, y: 140, width: 20, height: 20)))
        #expect(close(result.frames["180"], CGRect(x: 140, y: 240, width: 20, height: 20)))
        #expect(close(result.frames["270"], CGRect(x: 40, y: 140, width: 20, height: 20)))
    }

    @Test func affineTransformsComposeAsCoreGraphicsDoes() {
        // Scale by 2 then translate by (10, 0): (1, 1) → (2, 2) → (12, 2).
        let t = CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 10, y: 0))
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 12, y: 2))
        // translatedBy applies the translation first: (1, 1) → (11, 1) → (22, 2).
        #expect(CGPoint(x: 1, y: 1).applying(CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0)) == CGPoint(x: 22, y: 2))
        // The inverse undoes it; a size ignores the translation; a rect becomes its corners' box.
        #expect(CGPoint(x: 12, y: 2).applying(t.inverted()) == CGPoint(x: 1, y: 1))
        #expect(t.concatenating(t.inverted()).isIdentity)
        #expect(CGSize(width: 3, height: 4).applying(t) == CGSize(width: 6, height: 8))
        #expect(CGRect(x: 0, y: 0, width: 3, height: 4).applying(t) == CGRect(x: 10, y: 0, width: 6, height: 8))
        // A quarter turn maps (0, 4, 3 × 1) onto x −1…0, y 0…3 (x' = −y, y' = x), within rounding.
        let turned = CGRect(x: 0, y: 0, width: 3, height: 1).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(turned.minX + 1) < 1e-12 && abs(turned.maxX) < 1e-12 && abs(turned.minY) < 1e-12 && abs(turned.maxY - 3) < 1e-12)
        // Not invertible (determinant 0): CoreGraphics gives it back unchanged.
        let flat = CGAffineTransform(scaleX: 0, y: 1)
        #expect(flat.inverted() == flat)
        #expect(CGAffineTransform.identity == CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        #expect(CGVector(dx: 1, dy: 2).dy == 2)
    }

    @Test func aViewThatIsAlsoALayoutTakesItsViewInitialiser() {
        // `WrappingStack(spacing:) { … }` is the view (its content type inferred), not the
        // layout-only initialiser followed by `callAsFunction`.
        let view = WrappingStack(spacing: 4) {
            Color.red.frame(width: 30, height: 10).id("a")
            Color.red.frame(width: 30, height: 10).id("b")
            Color.red.frame(width: 30, height: 10).id("c")
        }
        #expect(String(describing: type(of: view)).hasPrefix("WrappingStack<"))
        // The layout-only initialiser calls the view's once, not itself.
        #expect(WrappingStack<Never>(spacing: 4).spacing == 4)
        // 70 wide: a (30) + 4 + b (30) = 64 fits, c wraps to y = 10 + 4.
        let result = LayoutResult(of: view.frame(width: 70, alignment: .topLeading))
        #expect(result.frames["a"] == CGRect(x: 0, y: 0, width: 30, height: 10))
        #expect(result.frames["b"] == CGRect(x: 34, y: 0, width: 30, height: 10))
        #expect(result.frames["c"] == CGRect(x: 0, y: 14, width: 30, height: 10))
    }

    @Test func axisSetsTakeTheHashableConformanceAPackageAdds() {
        let sets: Set<Axis.Set> = [.horizontal, .vertical, [.horizontal, .vertical], .horizontal]
        #expect(sets.count == 3)
    }

    @Test func aFlowLayoutReadsItsSpacingFromACustomEnvironmentKey() {
        func flow() -> some View {
            EnvironmentSpacedFlow {
                Color.red.frame(width: 30, height: 10).id("a")
                Color.red.frame(width: 30, height: 10).id("b")
                Color.red.frame(width: 30, height: 10).id("c")
            }
            .frame(width: 70, alignment: .topLeading)
        }
        // The key's default, 8: a (30) + 8 + b (30) = 68 fits 70; c wraps to y = 10 + 8.
        let plain = LayoutResult(of: flow())
        #expect(plain.frames["b"] == CGRect(x: 38, y: 0, width: 30, height: 10))
        #expect(plain.frames["c"] == CGRect(x: 0, y: 18, width: 30, height: 10))
        // Set above it, 20: 30 + 20 + 30 = 80 is over 70, so each child is a row: y 0, 30, 60.
        let spaced = LayoutResult(of: VStack { flow() }.environment(\.flowSpacing, 20))
        #expect(spaced.frames["b"] == CGRect(x: 0, y: 30, width: 30, height: 10))
        #expect(spaced.frames["c"] == CGRect(x: 0, y: 60, width: 30, height: 10))
    }
}
