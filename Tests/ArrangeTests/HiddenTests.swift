import Foundation
import Testing
@testable import Arrange

/// `hidden()` as SwiftUI documents it: the view stays in the layout (its frame and its place
/// among its siblings are unchanged) and nothing of it is drawn.
@Suite struct HiddenTests {
    func row(hidingMiddle: Bool) -> some View {
        HStack(spacing: 0) {
            Color.red.frame(width: 30, height: 10).id("a")
            Color.blue.frame(width: 20, height: 10).overlay(Color.green.frame(width: 5, height: 5).id("inside"))
                .id("b").modifier(hidingMiddle)
            Color.red.frame(width: 40, height: 10).id("c")
        }
    }

    @Test func aHiddenViewKeepsItsPlaceAndDrawsNothing() {
        let shown = LayoutResult(of: row(hidingMiddle: false)), hidden = LayoutResult(of: row(hidingMiddle: true))
        // a (30) at 0, b (20) at 30, c (40) at 50, whether b is hidden or not; the views inside b
        // still have their frames.
        for result in [shown, hidden] {
            #expect(result.frames["a"] == CGRect(x: 0, y: 0, width: 30, height: 10))
            #expect(result.frames["b"] == CGRect(x: 30, y: 0, width: 20, height: 10))
            #expect(result.frames["c"] == CGRect(x: 50, y: 0, width: 40, height: 10))
            #expect(result.frames["inside"] == CGRect(x: 37.5, y: 2.5, width: 5, height: 5))
        }
        // Shown: four fills (a, b, the green square in b, c); hidden: a and c only.
        func fills(_ items: [DisplayItem]) -> [Color] {
            items.flatMap { item -> [Color] in
                switch item.content {
                case .fill(_, let color): [color]
                case .group(let group): fills(group.items)
                default: []
                }
            }
        }
        #expect(fills(shown.displayList.items) == [.red, .blue, .green, .red])
        #expect(fills(hidden.displayList.items) == [.red, .red])
    }
}

private extension View {
    @ViewBuilder func modifier(_ hide: Bool) -> some View {
        if hide { hidden() } else { self }
    }
}
