import Foundation
import Testing
@testable import Arrange

// Issue 14: GeometryReader, coordinate spaces, preferences and anchors (docs/layout-rules.md §2.5,
// §3.12). Every number is worked out by hand from the rules cited.

/// Collects every value set below, in view order.
private struct Collected: PreferenceKey {
    static var defaultValue: [Int] { [] }
    static func reduce(value: inout [Int], nextValue: () -> [Int]) { value += nextValue() }
}

/// Bounds anchors by name.
private struct Bounds: PreferenceKey {
    static var defaultValue: [String: Anchor<CGRect>] { [:] }
    static func reduce(value: inout [String: Anchor<CGRect>], nextValue: () -> [String: Anchor<CGRect>]) {
        value.merge(nextValue()) { $1 }
    }
}

/// A point anchor.
private struct Corner: PreferenceKey {
    static var defaultValue: Anchor<CGPoint>? { nil }
    static func reduce(value: inout Anchor<CGPoint>?, nextValue: () -> Anchor<CGPoint>?) { value = nextValue() ?? value }
}

@Suite struct GeometryReaderRules {
    @Test func itTakesTheWholeOfferAndPutsItsContentAtTheTopLeadingCorner() {
        // §2.5: offered 300 × 200 the reader is 300 × 200; its content, a 150 × 10 box, sits at
        // its corner. The root is centred in the 400 × 400 canvas: (50, 100).
        let view = GeometryReader { proxy in
            Color.red.frame(width: proxy.size.width / 2, height: 10).id("inner")
        }.frame(width: 300, height: 200).id("frame")
        let result = LayoutResult(of: view, in: ProposedViewSize(width: 400, height: 400))
        #expect(result.frames["frame"] == CGRect(x: 50, y: 100, width: 300, height: 200))
        #expect(result.frames["inner"] == CGRect(x: 50, y: 100, width: 150, height: 10))
    }

    @Test func missingAxesOfTheOfferCountAsZero() {
        // §2.5: offered nil × nil the reader is 0 × 0 (a shape would be 10 × 10), so the stack is
        // just the box, 20 × 20. Placed, the stack offers the reader its measured width (0) and
        // its own height (20), which the reader takes.
        let result = LayoutResult(of: HStack(spacing: 0) { GeometryReader { _ in Color.red }.id("reader"); box("b", 20, 20) }.fixedSize())
        #expect(result.rootSize == CGSize(width: 20, height: 20))
        #expect(result.frames["reader"] == CGRect(x: 0, y: 0, width: 0, height: 20))
    }

    @Test func framesInTheGlobalLocalAndNamedSpaces() {
        // Seed 002's example: a reader between two spacers in a VStack 200 tall, named "OutVStack".
        // The stack is 300 × 200 at (50, 100) in a 400 × 400 canvas. Next to a spacer a stack
        // puts no gap (§4.2); the spacers (priority −∞) keep their 8 and the reader takes the
        // other 184: it is at y = 100 + 8 = 108, so minY is 108 globally and 8 in "OutVStack".
        let view = VStack {
            Spacer()
            GeometryReader { proxy in
                let global = proxy.frame(in: .global), named = proxy.frame(in: .named("OutVStack")), local = proxy.frame(in: .local)
                Color.clear.id("global \(global.minX) \(global.minY) \(global.width) \(global.height)")
                Color.clear.id("named \(named.minX) \(named.minY)")
                Color.clear.id("local \(local.minX) \(local.minY) \(local.width) \(local.height)")
                Color.clear.id("unknown \(proxy.frame(in: .named("nowhere")).minY)")
                Color.clear.id("insets \(proxy.safeAreaInsets.top)")
            }
            Spacer()
        }
        .frame(width: 300, height: 200)
        .coordinateSpace(name: "OutVStack")
        let frames = LayoutResult(of: view, in: ProposedViewSize(width: 400, height: 400)).frames
        #expect(frames["global 50.0 108.0 300.0 184.0"] != nil)
        #expect(frames["named 0.0 8.0"] != nil)
        #expect(frames["local 0.0 0.0 300.0 184.0"] != nil)
        // A name no ancestor gave reads as the global space, as in SwiftUI.
        #expect(frames["unknown 108.0"] != nil)
        #expect(frames["insets 0.0"] != nil)
    }

    @Test func readersInsideReadersKnowTheirGlobalPlace() {
        // The outer reader fills 200 × 100 at (0, 0); the inner one is padded by 20 → at (20, 20),
        // 160 × 60; its content is 10 × 10 at its corner.
        let view = GeometryReader { _ in
            GeometryReader { inner in
                Color.blue.frame(width: 10, height: 10).id("deep \(inner.frame(in: .global).minX) \(inner.size.width)")
            }.padding(20)
        }
        let frames = LayoutResult(of: view, in: ProposedViewSize(width: 200, height: 100)).frames
        #expect(frames["deep 20.0 160.0"] == CGRect(x: 20, y: 20, width: 10, height: 10))
    }

    @Test func theTreeListsAReadersContentUnderIt() throws {
        // The layout tree (`arrange layout`) shows what a reader made, in the canvas: a 10-tall
        // bar, then the reader in the other 40 of 100 × 50 at (0, 10); its content, a frame half
        // its width, at its corner, (0, 10, 50, 40), with a path continuing the reader's.
        let view = VStack(spacing: 0) {
            Color.red.frame(height: 10)
            GeometryReader { proxy in Color.blue.frame(width: proxy.size.width / 2).id("half") }.id("reader")
        }
        let tree = LayoutTree(of: view, in: ProposedViewSize(width: 100, height: 50))
        let reader = try #require(tree.root.allNodes.first { $0.id == "reader" })
        #expect(reader.frame == CGRect(x: 0, y: 10, width: 100, height: 40))
        let half = try #require(reader.allNodes.first { $0.id == "half" })
        #expect(half.frame == CGRect(x: 0, y: 10, width: 50, height: 40))
        #expect(half.path.hasPrefix(reader.path + ".0"))
        #expect(tree.result.frames["half"] == half.frame)
    }
}

@Suite struct PreferenceRules {
    @Test func valuesFlowUpInViewOrderThroughReduce() {
        // Three values set on three children reach the overlay combined in view order.
        let view = VStack {
            Color.red.frame(width: 10, height: 10).preference(key: Collected.self, value: [1])
            HStack {
                Color.green.frame(width: 10, height: 10).preference(key: Collected.self, value: [2])
                Color.blue.frame(width: 10, height: 10).preference(key: Collected.self, value: [3])
            }
        }
        .overlayPreferenceValue(Collected.self) { values in
            Color.clear.id("values \(values)")
        }
        #expect(LayoutResult(of: view).frames["values [1, 2, 3]"] != nil)
    }

    @Test func anOuterPreferenceReplacesWhatItsContentSet() {
        let view = VStack {
            Color.red.preference(key: Collected.self, value: [1])
            Color.red.preference(key: Collected.self, value: [2])
        }
        .preference(key: Collected.self, value: [9])
        .frame(width: 10, height: 30)
        .overlayPreferenceValue(Collected.self) { Color.clear.id("values \($0)") }
        #expect(LayoutResult(of: view).frames["values [9]"] != nil)
    }

    @Test func transformPreferenceChangesTheCombinedValueAndADefaultStandsWhenNothingIsSet() {
        let view = VStack {
            Color.red.preference(key: Collected.self, value: [1])
            Color.red.preference(key: Collected.self, value: [2])
        }
        .transformPreference(Collected.self) { $0 = $0.map { $0 * 10 } + [0] }
        .frame(width: 10, height: 30)
        .overlayPreferenceValue(Collected.self) { Color.clear.id("values \($0)") }
        #expect(LayoutResult(of: view).frames["values [10, 20, 0]"] != nil)
        let empty = Color.red.frame(width: 10, height: 10).backgroundPreferenceValue(Collected.self) { Color.clear.id("values \($0)") }
        #expect(LayoutResult(of: empty).frames["values []"] != nil)
    }

    @Test func anchorsResolveInTheOverlaysCoordinates() {
        // HStack(spacing: 20) of a 40 × 30 and a 60 × 50 box, padded by 10: the stack is at
        // (10, 10), 120 × 50. Boxes are centred vertically: red at (10, 20), blue at (70, 10).
        // The overlay is on the stack, so its reader is at (10, 10): blue reads (60, 0, 60, 50)
        // there and red (0, 10, 40, 30). A view drawn at the anchor lands on the blue box again.
        let view = HStack(spacing: 20) {
            Color.red.frame(width: 40, height: 30).anchorPreference(key: Bounds.self, value: .bounds) { ["red": $0] }
            Color.blue.frame(width: 60, height: 50).anchorPreference(key: Bounds.self, value: .bounds) { ["blue": $0] }.id("blue")
        }
        .overlayPreferenceValue(Bounds.self) { anchors in
            GeometryReader { proxy in
                if let blue = anchors["blue"], let red = anchors["red"] {
                    let b = proxy[blue], r = proxy[red]
                    Color.green.frame(width: b.width, height: b.height).offset(x: b.minX, y: b.minY).id("echo")
                    Color.clear.id("red \(r.minX) \(r.minY) \(r.width) \(r.height)")
                }
            }
        }
        .padding(10)
        let result = LayoutResult(of: view)
        #expect(result.frames["blue"] == CGRect(x: 70, y: 10, width: 60, height: 50))
        #expect(result.frames["echo"] == CGRect(x: 70, y: 10, width: 60, height: 50))
        #expect(result.frames["red 0.0 10.0 40.0 30.0"] != nil)
    }

    @Test func pointAnchorsAndOffsetsMoveWithTheView() {
        // A 20 × 20 box offset by (5, 7) in a 100 × 100 frame: it is centred at (40, 40) and drawn
        // at (45, 47); its bottom-trailing anchor is (65, 67), read in the frame's overlay.
        let view = Color.red.frame(width: 20, height: 20).offset(x: 5, y: 7)
            .anchorPreference(key: Corner.self, value: .bottomTrailing) { $0 }
            .frame(width: 100, height: 100)
            .overlayPreferenceValue(Corner.self) { corner in
                GeometryReader { proxy in
                    if let corner { Color.clear.id("corner \(proxy[corner].x) \(proxy[corner].y)") }
                }
            }
        #expect(LayoutResult(of: view).frames["corner 65.0 67.0"] != nil)
    }

    @Test func anOverlaysContentIsAlignedInTheViewsFrame() {
        // A 20 × 10 overlay of a 100 × 50 view, aligned bottom-trailing: at (80, 40).
        let view = Color.red.frame(width: 100, height: 50)
            .overlayPreferenceValue(Collected.self, alignment: .bottomTrailing) { _ in Color.blue.frame(width: 20, height: 10).id("o") }
        #expect(LayoutResult(of: view).frames["o"] == CGRect(x: 80, y: 40, width: 20, height: 10))
    }
}
