import Foundation
import Testing
@testable import Arrange

/// docs/layout-rules.md §8: what a transition draws between two states besides frames. Every
/// transition here is linear, so progress 0.5 is half way.
@Suite struct TransitionValueTests {
    /// Every item of the picture at `progress`, groups' contents included, back to front.
    func items(_ transition: LayoutTransition, at progress: Double) -> [DisplayItem] {
        var found: [DisplayItem] = []
        func visit(_ items: [DisplayItem]) {
            for item in items {
                found.append(item)
                if case .group(let group) = item.content { visit(group.items) }
            }
        }
        visit(transition.frame(progress: progress).displayList.items)
        return found
    }

    func paths(_ transition: LayoutTransition, at progress: Double) -> [PathDrawing] {
        items(transition, at: progress).compactMap { if case .path(let drawing) = $0.content { drawing } else { nil } }
    }

    func change<From: View, To: View>(_ from: From, _ to: To) -> LayoutTransition {
        LayoutTransition(from: from, to: to, in: ProposedViewSize(width: 100, height: 100), animation: .linear)
    }

    func ring(_ to: CGFloat) -> some View {
        Circle().trim(from: 0, to: to).stroke(Color.black, lineWidth: 10).frame(width: 80, height: 80)
    }

    @Test func aTrimGrowsAlongTheOutline() throws {
        let drawing = try #require(paths(change(ring(0.1), ring(0.9)), at: 0.5).first)
        // Half way from 0.1 to 0.9 of the outline: 0.5.
        let trim = try #require(drawing.trim)
        #expect(trim.from == 0)
        #expect(abs(trim.to - 0.5) < 1e-12)
        // The circle of the 80 pt frame starts at 3 o'clock, (80, 40) in the frame, and runs
        // clockwise: half of it ends at 9 o'clock, (0, 40).
        let start = try #require(drawing.path.elements.first)
        #expect(start == .move(to: CGPoint(x: 80, y: 40)))
        let end = try #require(drawing.path.currentPoint)
        #expect(abs(end.x) < 0.01 && abs(end.y - 40) < 0.01)
    }

    @Test func changedWordsCrossfade() {
        let words = items(change(Text("Start"), Text("End")), at: 0.25).compactMap { item -> (String, Double)? in
            guard case .text(let run) = item.content else { return nil }
            return (run.lines.map(\.text).joined(), run.color.alpha)
        }
        // A quarter of the way: the old words three quarters opaque, under them the new a quarter.
        #expect(words.map(\.0) == ["Start", "End"])
        #expect(words.map(\.1) == [0.75, 0.25])
    }

    @Test func aNewFontSizeGrowsTheSameGlyphs() {
        let runs = items(change(Text("Hi").font(.system(size: 10)), Text("Hi").font(.system(size: 20))), at: 0.5).compactMap { item -> TextRun? in
            if case .text(let run) = item.content { run } else { nil }
        }
        // One run, not a crossfade, at 10 + (20 − 10) / 2 = 15 pt.
        #expect(runs.map(\.font.size) == [15])
    }

    @Test func cornerRadiiShadowsDashesAndGradientsMix() throws {
        let corners = change(RoundedRectangle(cornerRadius: 4).fill(Color.red).frame(width: 40, height: 40),
                             RoundedRectangle(cornerRadius: 12).fill(Color.red).frame(width: 40, height: 40))
        let shapes = items(corners, at: 0.5).compactMap { if case .fill(let shape, _) = $0.content { shape } else { nil } }
        // RoundedRectangle's default style is SwiftUI's, continuous; the style stays.
        #expect(shapes == [.roundedRectangle(cornerRadius: 8, style: .continuous)])

        let shadows = change(Color.red.frame(width: 40, height: 40).shadow(color: .black, radius: 2, x: 0, y: 4),
                             Color.red.frame(width: 40, height: 40).shadow(color: .black, radius: 6, x: 8, y: 0))
        let shadow = try #require(items(shadows, at: 0.5).compactMap { if case .group(let group) = $0.content { group.shadow } else { nil } }.first)
        #expect(shadow.radius == 4)
        #expect(shadow.offset == CGSize(width: 4, height: 2))

        let dashes = change(Rectangle().stroke(Color.black, style: StrokeStyle(lineWidth: 2, dash: [4, 4], dashPhase: 0)).frame(width: 40, height: 40),
                            Rectangle().stroke(Color.black, style: StrokeStyle(lineWidth: 6, dash: [8, 8], dashPhase: 10)).frame(width: 40, height: 40))
        let stroke = try #require(paths(dashes, at: 0.5).first?.stroke)
        #expect(stroke.lineWidth == 4)
        #expect(stroke.dash == [6, 6])
        #expect(stroke.dashPhase == 5)

        let red = Color(red: 1, green: 0, blue: 0, opacity: 1), blue = Color(red: 0, green: 0, blue: 1, opacity: 1)
        let gradients = change(Rectangle().fill(LinearGradient(colors: [red, blue], startPoint: .leading, endPoint: .trailing)).frame(width: 40, height: 40),
                               Rectangle().fill(LinearGradient(colors: [blue, red], startPoint: .top, endPoint: .bottom)).frame(width: 40, height: 40))
        guard case .linear(let gradient, let start, let end)? = paths(gradients, at: 0.5).first?.paint else {
            Issue.record("no linear gradient half way")
            return
        }
        // Red and blue half way to each other are both (0.5, 0, 0.5); in the 40 pt frame the
        // start moves from (0, 20) towards (20, 0) and the end from (40, 20) towards (20, 40).
        #expect(gradient.stops.map { [$0.color.red, $0.color.green, $0.color.blue] } == [[0.5, 0, 0.5], [0.5, 0, 0.5]])
        #expect(start == CGPoint(x: 10, y: 10))
        #expect(end == CGPoint(x: 30, y: 30))
    }
}
