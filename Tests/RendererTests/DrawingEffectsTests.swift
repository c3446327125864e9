import Arrange
import ArrangeCairo
import ArrangeSVG
import ArrangeSnapshot
import Foundation
import Testing

/// Drawing effects and shapes (issue 26), held against hand calculations: where the effects
/// make things draw (the display list's drawn bounds) and the colours Cairo paints. Each effect
/// leaves every frame of the layout as it was.
@Suite struct DrawingEffectsTests {
    /// Where the whole list draws, with a blur reaching three deviations (as the SVG backend's
    /// filter regions do).
    static func drawn(_ list: DisplayList) -> CGRect {
        DrawnBounds.of(list.items) { 3 * $0.radius }
    }

    static func close(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = 1e-9) -> Bool {
        abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance && abs(a.width - b.width) <= tolerance
            && abs(a.height - b.height) <= tolerance
    }

    static func png(_ view: some View, _ proposal: ProposedViewSize) throws -> Bitmap {
        try Bitmap(png: CairoRenderer().render(LayoutResult(of: view, in: proposal).displayList, options: RenderOptions()))
    }

    @Test func aQuarterTurnOfABarDrawsItUprightAboutItsCentre() {
        let result = LayoutResult(of: Color.red.frame(width: 100, height: 20).rotationEffect(.degrees(90)).id("bar"),
                                  in: .init(width: 100, height: 20))
        // The layout frame stays 100 × 20 at (0, 0).
        #expect(result.frames["bar"] == CGRect(x: 0, y: 0, width: 100, height: 20))
        // About the centre (50, 10), the corners (0, 0) and (100, 20) turn to (60, −40) and
        // (40, 60): x 40…60, y −40…60.
        #expect(Self.close(Self.drawn(result.displayList), CGRect(x: 40, y: -40, width: 20, height: 100)))
    }

    @Test func scalingFromTheTopLeadingCornerDoublesTheDrawingFromThatCorner() {
        let result = LayoutResult(of: Color.blue.frame(width: 30, height: 10).scaleEffect(2, anchor: .topLeading).id("box"),
                                  in: .init(width: 30, height: 10))
        #expect(result.frames["box"] == CGRect(x: 0, y: 0, width: 30, height: 10))
        // (0, 0) stays; (30, 10) goes to (60, 20).
        #expect(Self.close(Self.drawn(result.displayList), CGRect(x: 0, y: 0, width: 60, height: 20)))
        // scaleEffect(x:y:) about the centre (15, 5): x 15 ± 15 × 3 = −30…60, y 5 ± 5 × 0.5 = 2.5…7.5.
        let wide = LayoutResult(of: Color.blue.frame(width: 30, height: 10).scaleEffect(x: 3, y: 0.5), in: .init(width: 30, height: 10))
        #expect(Self.close(Self.drawn(wide.displayList), CGRect(x: -30, y: 2.5, width: 90, height: 5)))
    }

    @Test func aTransformEffectWorksFromTheTopLeadingCorner() {
        // A shear x' = x + 0.5·y of a 20 × 20 square at (10, 10): its bottom edge (y = 20 in the
        // frame) moves 10 right, so it draws x 10…40, y 10…30.
        let view = Color.green.frame(width: 20, height: 20).transformEffect(CGAffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0))
            .padding(10)
        let result = LayoutResult(of: view, in: .init(width: 40, height: 40))
        #expect(Self.close(Self.drawn(result.displayList), CGRect(x: 10, y: 10, width: 30, height: 20)))
    }

    @Test func blurWidensTheDrawingByThreeDeviations() {
        // A 20 × 20 square at (20, 20) blurred with σ = 4 reaches 3σ = 12 further each way:
        // (8, 8, 44, 44). Its frame is unchanged.
        let result = LayoutResult(of: Color.red.frame(width: 20, height: 20).blur(radius: 4).id("b").padding(20), in: .init(width: 60, height: 60))
        #expect(result.frames["b"] == CGRect(x: 20, y: 20, width: 20, height: 20))
        #expect(Self.close(Self.drawn(result.displayList), CGRect(x: 8, y: 8, width: 44, height: 44)))
        // An opaque blur keeps to the frame.
        let opaque = LayoutResult(of: Color.red.frame(width: 20, height: 20).blur(radius: 4, opaque: true).padding(20), in: .init(width: 60, height: 60))
        #expect(Self.close(Self.drawn(opaque.displayList), CGRect(x: 20, y: 20, width: 20, height: 20)))
    }

    @Test func aHalfWidthMaskLeavesTheRightHalfUninked() throws {
        let view = Color.blue.frame(width: 40, height: 20).mask(alignment: .leading) { Color.black.frame(width: 20, height: 20) }.id("m")
        let result = LayoutResult(of: view, in: .init(width: 40, height: 20))
        #expect(result.frames["m"] == CGRect(x: 0, y: 0, width: 40, height: 20))
        let picture = try Self.png(view, .init(width: 40, height: 20))
        // Left half: opaque blue; right half: nothing.
        #expect(picture[10, 10].alpha == 255 && picture[10, 10].blue == 255)
        #expect(picture[19, 10].alpha == 255)
        #expect(picture[21, 10].alpha == 0)
        #expect(picture[35, 10].alpha == 0)
    }

    @Test func colourFiltersFollowTheirFormulas() throws {
        let square = CGSize(width: 20, height: 20)
        func pixel(_ view: some View) throws -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
            try Self.png(view.frame(width: square.width, height: square.height), .init(square))[10, 10]
        }
        // brightness(0.2) of #404040: 64/255 + 0.2 = 0.4510, × 255 = 115.0 → 115.
        let bright = try pixel(Color(red: 64 / 255, green: 64 / 255, blue: 64 / 255).brightness(0.2))
        #expect(bright.red == 115 && bright.green == 115 && bright.blue == 115 && bright.alpha == 255)
        // contrast(2) of #C0C0C0: (192/255 − 0.5) × 2 + 0.5 = 1.0059, clamped to 1 → 255.
        let contrasted = try pixel(Color(red: 192 / 255, green: 192 / 255, blue: 192 / 255).contrast(2))
        #expect(contrasted.red == 255 && contrasted.green == 255 && contrasted.blue == 255)
        // contrast(0.5) of #404040: (0.2510 − 0.5) × 0.5 + 0.5 = 0.3755, × 255 = 95.75 → 96.
        let soft = try pixel(Color(red: 64 / 255, green: 64 / 255, blue: 64 / 255).contrast(0.5))
        #expect(soft.red == 96)
        // grayscale(1) of pure red: each component is red's luminance weight, 0.213 (SVG's
        // saturate matrix): 0.213 × 255 = 54.3 → 54.
        let grey = try pixel(Color(red: 1, green: 0, blue: 0).grayscale(1))
        #expect(grey.red == 54 && grey.green == 54 && grey.blue == 54)
        // saturation(0.5) of pure red: red 0.213 + 0.787 × 0.5 = 0.6065 → 154.7 → 155; green and
        // blue 0.213 − 0.213 × 0.5 = 0.1065 → 27.2 → 27.
        let half = try pixel(Color(red: 1, green: 0, blue: 0).saturation(0.5))
        #expect(half.red == 155 && half.green == 27 && half.blue == 27)
    }

    @Test func theFiltersMatricesAreTheDocumentedOnes() {
        // grayscale(1) = saturation(0): every row is the luminance weights 0.213, 0.715, 0.072.
        let grey = DisplayFilter.saturation(0).apply(red: 0.2, green: 0.4, blue: 0.6)
        // 0.213 × 0.2 + 0.715 × 0.4 + 0.072 × 0.6 = 0.0426 + 0.286 + 0.0432 = 0.3718.
        #expect(abs(grey.red - 0.3718) < 1e-9 && abs(grey.green - 0.3718) < 1e-9 && abs(grey.blue - 0.3718) < 1e-9)
        // saturation(1) changes nothing.
        let same = DisplayFilter.saturation(1).apply(red: 0.2, green: 0.4, blue: 0.6)
        #expect(abs(same.red - 0.2) < 1e-9 && abs(same.green - 0.4) < 1e-9 && abs(same.blue - 0.6) < 1e-9)
    }

    @Test func effectsChangeNoFrame() {
        func frames(_ view: some View) -> TaggedFrames { LayoutResult(of: HStack(spacing: 0) { view; Color.gray.frame(width: 10).id("after") }, in: .init(width: 100, height: 40)).frames }
        let plain = frames(Color.red.frame(width: 30, height: 20).id("v"))
        for view in [AnyView(Color.red.frame(width: 30, height: 20).id("v").rotationEffect(.degrees(30))),
                     AnyView(Color.red.frame(width: 30, height: 20).id("v").scaleEffect(3)),
                     AnyView(Color.red.frame(width: 30, height: 20).id("v").blur(radius: 5)),
                     AnyView(Color.red.frame(width: 30, height: 20).id("v").grayscale(1).brightness(0.3).contrast(2).saturation(3)),
                     AnyView(Color.red.frame(width: 30, height: 20).id("v").compositingGroup().drawingGroup()),
                     AnyView(Color.red.frame(width: 30, height: 20).id("v").mask { Circle() })] {
            let changed = frames(view)
            // v is 30 × 20 and the gray bar 10 wide beside it, centred in 100 × 40: x 30 and 60.
            #expect(changed["v"] == plain["v"] && changed["after"] == plain["after"])
            #expect(changed["v"] == CGRect(x: 30, y: 10, width: 30, height: 20))
        }
    }

    @Test func aCompositingGroupKeepsBlendModesInsideIt() throws {
        // A white square multiplied over a red backdrop shows red (1 × red); inside a compositing
        // group it multiplies with the group's own (transparent) drawing and stays white.
        func centre(_ grouped: Bool) throws -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
            let top = Color.white.frame(width: 20, height: 20).blendMode(.multiply)
            let view = ZStack {
                Color(red: 1, green: 0, blue: 0).frame(width: 20, height: 20)
                if grouped { AnyView(ZStack { top }.compositingGroup()) } else { AnyView(top) }
            }
            return try Self.png(view, .init(width: 20, height: 20))[10, 10]
        }
        let loose = try centre(false), grouped = try centre(true)
        #expect(loose.red == 255 && loose.green == 0 && loose.blue == 0)
        #expect(grouped.red == 255 && grouped.green == 255 && grouped.blue == 255)
    }
}
