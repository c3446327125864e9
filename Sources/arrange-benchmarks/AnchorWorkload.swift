import Arrange
import Foundation

/// The anchor workload of issue 13, defined once: every anchor benchmark, every floor and
/// Scripts/bench-taffy.py (which repeats the generator in Python) lay out these boxes.
///
/// N boxes from the LCG s = s·1664525 + 1013904223 (UInt32, wrapping), seed 42, value s >> 8,
/// three draws per box: width 20 + v % 101, height 10 + v % 31, colour v & 0xFFFFFF. They sit in
/// a FlowLayout with spacing 8 in a frame 1000 wide, padded 8, with a 1 pt black border; each box
/// is a Rectangle filled with its colour, framed w × h, with a 1 pt black border.
enum AnchorWorkload {
    struct Box: Equatable {
        var width: Int
        var height: Int
        /// 0xRRGGBB.
        var colour: UInt32
    }

    static let seed: UInt32 = 42
    static let spacing: CGFloat = 8
    static let canvasWidth: CGFloat = 1000
    static let padding: CGFloat = 8
    static let border: CGFloat = 1

    static func boxes(_ count: Int, seed: UInt32 = seed) -> [Box] {
        var s = seed
        func next() -> UInt32 {
            s = s &* 1_664_525 &+ 1_013_904_223
            return s >> 8
        }
        return (0..<count).map { _ in
            let w = 20 + Int(next() % 101)
            let h = 10 + Int(next() % 31)
            return Box(width: w, height: h, colour: next() & 0xFF_FFFF)
        }
    }

    static func color(_ rgb: UInt32) -> Color {
        Color(red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255, blue: Double(rgb & 0xFF) / 255)
    }

    /// The anchor view. The border takes layout space as in CSS's border box (the flow gets
    /// 1000 − 2·8 − 2·1 = 982, as Taffy and the C floor do): padding 8 + 1, then a border that
    /// strokes the outer 1 pt. The flexible frame keeps rows at the leading edge of the full
    /// width, so a flow narrower than 982 is not centred.
    static func view(_ boxes: [Box]) -> some View {
        FlowLayout(spacing: spacing) {
            ForEach(boxes.indices, id: \.self) { index in
                let box = boxes[index]
                Rectangle()
                    .fill(color(box.colour))
                    .frame(width: CGFloat(box.width), height: CGFloat(box.height))
                    .border(Color.black, width: 1)
            }
        }
        .frame(maxWidth: .infinity, alignment: .topLeading)
        .padding(padding + border)
        .border(Color.black, width: border)
    }

    /// The width is the frame's; the height is the content's.
    static let proposal = ProposedViewSize(width: canvasWidth, height: nil)
}
