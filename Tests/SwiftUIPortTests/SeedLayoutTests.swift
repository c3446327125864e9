import Arrange
import Foundation
import Testing

/// The seed articles' layouts produce the frames the articles describe.
@Suite struct SeedLayoutTests {
    /// Frames relative to the root view's origin.
    func frames<V: View>(_ view: V, width: CGFloat? = nil) -> [Int: CGRect] {
        let result = LayoutResult(of: view, in: ProposedViewSize(width: width, height: nil))
        var frames: [Int: CGRect] = [:]
        for (key, frame) in result.frames {
            if let index = Int(key) { frames[index] = frame.offsetBy(dx: -result.rootFrame.minX, dy: -result.rootFrame.minY) }
        }
        return frames
    }

    @Test func seed000FlowWrapsRandomRectangles() {
        // Widths 200, 150, 300, 120 (120 tall) at 500: 200 + 10 + 150 = 360; + 10 + 300 > 500 → row 2
        // at y 130: 300, then 300 + 10 + 120 = 430 ≤ 500.
        let widths: [CGFloat] = [200, 150, 300, 120]
        let view = SeedFlow {
            ForEach(0..<4, id: \.self) { Rectangle().fill(Color.blue).frame(width: widths[$0], height: 120).id($0) }
        }
        let placed = frames(view, width: 500)
        #expect(placed[1]?.origin == CGPoint(x: 210, y: 0))
        #expect(placed[2]?.origin == CGPoint(x: 0, y: 130))
        #expect(placed[3]?.origin == CGPoint(x: 310, y: 130))
        #expect(LayoutResult(of: view, in: ProposedViewSize(width: 500, height: nil)).rootSize == CGSize(width: 430, height: 250))
    }

    @Test func seed001FlowAlignsRows() {
        // Tags 60, 80, 70 wide, 30 tall, spacing 8 at 160: 60 + 8 + 80 = 148 ≤ 160; 70 wraps.
        // Centred: the flow is 148 wide; row 2 (70) at (148 − 70) / 2 = 39, y 38.
        let widths: [CGFloat] = [60, 80, 70]
        let view = AlignedFlow(alignment: .center) {
            ForEach(0..<3, id: \.self) { Capsule().frame(width: widths[$0], height: 30).id($0) }
        }
        let placed = frames(view, width: 160)
        #expect(placed[1]?.origin == CGPoint(x: 68, y: 0))
        #expect(placed[2]?.origin == CGPoint(x: 39, y: 38))
        let trailing = frames(AlignedFlow(alignment: .trailing) {
            ForEach(0..<3, id: \.self) { Capsule().frame(width: widths[$0], height: 30).id($0) }
        }, width: 160)
        #expect(trailing[2]?.minX == 78)
    }

    @Test func seed004FlowUsesPreferredSpacing() {
        // "Hello" (largeTitle), "World" (title), "!!!" (title3) at their ideal sizes, 8 apart (text
        // meets text horizontally at the default 8). Widths from DejaVu Sans as `hb-shape` shapes
        // them (kerning applied): Hello 1540 + 1260 + 569 + 569 + 1253 = 5191 units × 34/2048 =
        // 86.18 → 87; World 1905 (W kerned before o) + 1253 + 842 + 569 + 1300 = 5869 units at
        // 28 pt = 80.24 → 81. So World starts at 87 + 8 = 95 and "!!!" at 95 + 81 + 8 = 184.
        let view = CachedFlow {
            Text("Hello").font(.largeTitle).id(0)
            Text("World").font(.title).id(1)
            Text("!!!").font(.title3).id(2)
        }
        let placed = frames(view)
        #expect(placed[0]?.size.width == 87)
        #expect(placed[1]?.minX == 95)
        #expect(placed[1]?.width == 81)
        #expect(placed[2]?.minX == 184)
        // Each text is centred on its row line: tops at 0 for the tallest, lower for smaller ones.
        #expect(placed[0]?.minY == 0)
    }

    @Test func customLayout1PlacesIdealSizesLeftToRight() {
        let view = CustomLayout1(spacing: 5) {
            Color.red.frame(width: 30, height: 20).id(0)
            Color.red.frame(width: 40, height: 10).id(1)
        }
        // 30 + 5 + 40 = 75 wide, 20 tall; the second at x 35, top-aligned.
        #expect(LayoutResult(of: view).rootSize == CGSize(width: 75, height: 20))
        #expect(frames(view)[1] == CGRect(x: 35, y: 0, width: 40, height: 10))
    }

    @Test func seedWheelMatchesTheBuiltInWheel() {
        func squares() -> some View { ForEach(0..<8, id: \.self) { RoundedRectangle(cornerRadius: 8).frame(width: 70, height: 70).id($0) } }
        let seed = frames(SeedWheel(radius: 130, rotation: .degrees(90)) { squares() })
        let builtIn = frames(WheelLayout(radius: 130, rotation: .degrees(90)) { squares() })
        for index in 0..<8 {
            #expect(abs((seed[index]?.midX ?? 0) - (builtIn[index]?.midX ?? 1)) < 1e-9)
            #expect(abs((seed[index]?.midY ?? 0) - (builtIn[index]?.midY ?? 1)) < 1e-9)
        }
        // At 90° the first square is at the right: centre (165 + 130, 165).
        #expect(abs((seed[0]?.midX ?? 0) - 295) < 1e-9 && abs((seed[0]?.midY ?? 0) - 165) < 1e-9)
        // Animated, it follows the circle.
        let turn = LayoutTransition(from: SeedWheel(radius: 130, rotation: .zero) { squares() },
                                    to: SeedWheel(radius: 130, rotation: .degrees(90)) { squares() }, animation: .linear)
        let middle = turn.frame(at: 0.5).frames[0] ?? .null
        #expect(abs(hypot(middle.midX - 165, middle.midY - 165) - 130) < 1e-9)
    }
}
