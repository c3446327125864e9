import Arrange
import Foundation

/// Views without text that both backends must draw alike, and the proposal each is laid out for.
enum RendererFixtures {
    static let colors: [Color] = [.yellow, .orange, .red, .pink, .purple, .blue, .cyan, .green]

    static var all: [(name: String, view: AnyView, proposal: ProposedViewSize)] {
        [
            ("stacks", AnyView(VStack(spacing: 10) {
                HStack { Color.red; Color.green.frame(width: 40); Color.blue }
                HStack(spacing: 0) { Rectangle().fill(.orange); Rectangle().fill(.purple) }
                Color.gray.frame(height: 20)
            }.padding()), .init(width: 300, height: 200)),
            ("shapes", AnyView(HStack {
                RoundedRectangle(cornerRadius: 12).fill(.teal)
                Circle().fill(.pink)
                Capsule().fill(.indigo)
                Ellipse().fill(.mint)
            }.padding(8)), .init(width: 360, height: 100)),
            ("borders", AnyView(VStack {
                Color.yellow.frame(width: 100, height: 50).border(.black)
                Color.clear.frame(width: 120, height: 40).border(.blue, width: 3)
                RoundedRectangle(cornerRadius: 10).strokeBorder(.red, lineWidth: 4).frame(width: 80, height: 40)
                Circle().strokeBorder(.green, lineWidth: 2).frame(width: 40, height: 40)
            }.padding()), .init(width: 200, height: 240)),
            ("effects", AnyView(ZStack {
                Color.blue.frame(width: 120, height: 80).opacity(0.5)
                Color.red.frame(width: 60, height: 60).offset(x: 30, y: 10)
                Color.green.frame(width: 200, height: 20).frame(width: 100, height: 40).clipped()
                Color.orange.frame(width: 50, height: 50).cornerRadius(12).offset(x: -40, y: -20)
            }), .init(width: 220, height: 140)),
            ("seed-flow", AnyView(seedFlow), .init(width: 800, height: nil)),
            ("wheel", AnyView(WheelLayout(radius: 130) {
                ForEach(0..<8) { index in
                    RoundedRectangle(cornerRadius: 8).fill(colors[index].opacity(0.7)).frame(width: 70, height: 70)
                }
            }), .unspecified),
            ("backgrounds", AnyView(HStack {
                Color.white.frame(width: 60, height: 30).padding(10).background(Color.purple)
                Color.white.frame(width: 60, height: 30).background(Color.purple).padding(10)
                Color.cyan.frame(width: 40, height: 40).overlay(alignment: .bottomTrailing) { Color.black.frame(width: 12, height: 12) }
            }.padding()), .unspecified),
            ("drawing-effects", AnyView(HStack(spacing: 16) {
                Color.orange.frame(width: 60, height: 16).rotationEffect(.degrees(-45))
                Color.purple.frame(width: 30, height: 30).scaleEffect(x: 1.5, y: 0.5, anchor: .topLeading)
                LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing).frame(width: 60, height: 40)
                    .mask { Circle() }
                Color.green.frame(width: 30, height: 30).blur(radius: 4).padding(8)
                Color.red.frame(width: 30, height: 30).grayscale(1)
                Color.blue.frame(width: 30, height: 30).brightness(0.3).contrast(1.5).saturation(2)
                UnevenRoundedRectangle(topLeadingRadius: 14, bottomTrailingRadius: 6).fill(.teal).frame(width: 50, height: 36)
                RoundedRectangle(cornerRadius: 12, style: .continuous).fill(.indigo).frame(width: 40, height: 40)
                ZStack { Color.yellow; Color.white.frame(width: 20, height: 20).blendMode(.multiply) }.frame(width: 30, height: 30)
                    .compositingGroup().opacity(0.8)
            }.padding(20)), .unspecified),
        ]
    }

    /// Seed 000: 11 random-coloured rectangles, 100–350 wide and 120 tall, in a flow with a blue
    /// then a black border.
    static var seedFlow: some View {
        var generator = SeededGenerator(seed: 7)
        let items = (0..<11).map { _ in (Color.random(using: &generator), CGFloat(generator.next(in: 100...350))) }
        return FlowLayout(spacing: 10) {
            ForEach(0..<11) { index in Rectangle().fill(items[index].0).frame(width: items[index].1, height: 120) }
        }
        .border(.blue)
        .border(.black)
    }
}
