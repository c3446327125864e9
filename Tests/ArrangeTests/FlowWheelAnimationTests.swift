import Foundation
import Testing
@testable import Arrange

/// docs/layout-rules.md §8b: FlowLayout.
@Suite struct FlowRules {
    func row(_ widths: [CGFloat], height: CGFloat = 20, spacing: CGFloat? = 10, alignment: HorizontalAlignment = .leading) -> some View {
        FlowLayout(alignment: alignment, spacing: spacing) {
            ForEach(0..<widths.count, id: \.self) { Color.red.frame(width: widths[$0], height: height).id($0) }
        }
    }

    /// Frames relative to the flow's own origin (the host centres the root in the canvas).
    func layout<V: View>(_ view: V, _ width: CGFloat?) -> (frames: [Int: CGRect], rootSize: CGSize) {
        let result = LayoutResult(of: view, in: ProposedViewSize(width: width, height: nil))
        var frames: [Int: CGRect] = [:]
        for (key, frame) in result.frames {
            if let index = Int(key) { frames[index] = frame.offsetBy(dx: -result.rootFrame.minX, dy: -result.rootFrame.minY) }
        }
        return (frames, result.rootSize)
    }

    @Test func rowsBreakWhereTheNextChildWouldCrossTheWidth() {
        // 40 + 10 + 40 = 90 ≤ 100; + 10 + 40 = 140 > 100 → the third starts row 2 at y 20 + 10.
        let result = layout(row([40, 40, 40]), 100)
        #expect(result.frames[0]?.origin == CGPoint(x: 0, y: 0))
        #expect(result.frames[1]?.origin == CGPoint(x: 50, y: 0))
        #expect(result.frames[2]?.origin == CGPoint(x: 0, y: 30))
        #expect(result.rootSize == CGSize(width: 90, height: 50))
    }

    @Test func rowsAlignInsideTheBounds() {
        // The flow is 90 wide; row 2 is 40: centred at (90 − 40) / 2 = 25, trailing at 50.
                #expect(layout(row([40, 40, 40], alignment: .center), 100).frames[2]?.minX == 25)
        #expect(layout(row([40, 40, 40], alignment: .trailing), 100).frames[2]?.minX == 50)
    }

    @Test func childrenAlignInsideARow() {
        func y(_ alignment: VerticalAlignment) -> CGFloat? {
            LayoutResult(of: FlowLayout(rowAlignment: alignment, spacing: 0) {
                Color.red.frame(width: 10, height: 20).id(0)
                Color.red.frame(width: 10, height: 10).id(1)
            }).frames[1]?.minY
        }
        #expect(y(.top) == 0)
        #expect(y(.center) == 5)
        #expect(y(.bottom) == 10)
    }

    @Test func nilSpacingIsThePreferredSpacing() {
        // 8 between plain views, both ways: 40 + 8 + 40 = 88 ≤ 100; the third at y 20 + 8.
        let result = layout(row([40, 40, 40], spacing: nil), 100)
        #expect(result.frames[1]?.minX == 48)
        #expect(result.frames[2]?.minY == 28)
    }

    @Test func exactFitsStayDespiteFloatingPointNoise() {
        // 10 + 8 + 19.2 + 8 + 27.1 + 8 + 19.7 = 100 exactly in decimals, a hair over in binary.
        let fit = layout(row([10, 19.2, 27.1, 19.7], spacing: 8), 100)
        #expect(fit.rootSize.height == 20)
        // 1/64 more wraps.
        let over = layout(row([10, 19.2, 27.1, 19.7 + 1.0 / 64], spacing: 8), 100)
        #expect(over.rootSize.height == 48)
        #expect(over.frames[3]?.origin == CGPoint(x: 0, y: 28))
    }

    @Test func oversizeChildrenSitAloneUnshrunk() {
        // 30 | 150 | 30 at width 100: three rows; the flow is 150 wide.
        let result = layout(row([30, 150, 30]), 100)
        #expect(result.frames[1] == CGRect(x: 0, y: 30, width: 150, height: 20))
        #expect(result.frames[2]?.minY == 60)
        #expect(result.rootSize.width == 150)
    }

    @Test func zeroSizeChildrenAreOrdinary() {
        // Two 0 × 0 children, spacing 10, width 5: 0 + 10 + 0 > 5 wraps; the rows of height 0 still
        // have 10 between them.
        let result = layout(row([0, 0], height: 0), 5)
        #expect(result.frames[1]?.origin == CGPoint(x: 0, y: 10))
        #expect(result.rootSize == CGSize(width: 0, height: 10))
    }

    @Test func unlimitedAndZeroWidths() {
        // nil and ∞: one row, 3 × 40 + 2 × 10 = 140.
        #expect(size(of: row([40, 40, 40]), nil, nil) == CGSize(width: 140, height: 20))
        let infinite = RootProbe().size(ViewGraph.resolveRoot(row([40, 40, 40])), ProposedViewSize(width: .infinity, height: nil))
        #expect(infinite == CGSize(width: 140, height: 20))
        // 0: every child on its own row: 3 × 20 + 2 × 10.
        #expect(size(of: row([40, 40, 40]), 0, nil) == CGSize(width: 40, height: 80))
        #expect(size(of: FlowLayout { EmptyView() }, 100, nil) == .zero)
    }

    @Test func childrenKeepTheirIdealSize() {
        // A Color's ideal size is 10 × 10, whatever the flow is offered.
        let result = LayoutResult(of: FlowLayout { Color.red.id(0) }, in: .init(width: 300, height: 300))
        #expect(result.frames[0]?.size == CGSize(width: 10, height: 10))
    }

    @Test func placementBreaksRowsAtTheProposedWidthNotTheBounds() {
        // 40, 40, 40, 150 at 100: rows [40 40] [40] [150]; the flow is 150 wide. Breaking at the
        // 150-wide bounds would put three 40s on the first row instead.
        let result = layout(row([40, 40, 40, 150]), 100)
        #expect(result.frames[2]?.origin == CGPoint(x: 0, y: 30))
        #expect(result.frames[3]?.origin == CGPoint(x: 0, y: 60))
    }

    @Test func anOversizeRowCentredInAFrameStartsLeftOfIt() {
        // The 150 child centred in a 100 frame: x = (100 − 150) / 2 = −25.
        let view = row([150, 40], alignment: .center).frame(width: 100)
        #expect(LayoutResult(of: view).frames[0]?.minX == -25)
        #expect(LayoutResult(of: view).frames[1]?.minX == 30)
    }
}

/// §8b: WheelLayout.
@Suite struct WheelRules {
    func wheel(_ rotation: Angle) -> some View {
        WheelLayout(radius: 130, rotation: rotation) {
            ForEach(0..<8, id: \.self) { Color.red.frame(width: 70, height: 70).id($0) }
        }
    }

    @Test(arguments: [0.0, 90.0])
    func childrenSitOnTheCircle(degrees: Double) {
        let result = LayoutResult(of: wheel(.degrees(degrees)))
        // 2 × 130 + 70 = 330 each way; centre (165, 165).
        #expect(result.rootSize == CGSize(width: 330, height: 330))
        for i in 0..<8 {
            let a = degrees * .pi / 180 + Double(i) * 2 * .pi / 8
            let centre = CGPoint(x: 165 + 130 * sin(a), y: 165 - 130 * cos(a))
            let frame = result.frames[i] ?? .null
            #expect(abs(frame.midX - centre.x) < 1e-9 && abs(frame.midY - centre.y) < 1e-9, "child \(i)")
            #expect(frame.size == CGSize(width: 70, height: 70))
        }
    }
}

/// A wheel without animatable data: its children can only move on straight lines (§8).
private struct StaticWheel: Layout {
    var radius: CGFloat
    var rotation: Angle
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        WheelLayout(radius: radius, rotation: rotation).sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        WheelLayout(radius: radius, rotation: rotation).placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }
}

/// §8: layout animation.
@Suite struct AnimationRules {
    func children() -> some View { ForEach(0..<8, id: \.self) { Color.red.frame(width: 70, height: 70).id($0) } }

    func distance(_ frame: CGRect?) -> CGFloat {
        guard let frame else { return -1 }
        return hypot(frame.midX - 165, frame.midY - 165)
    }

    @Test func animatableRotationMovesAlongTheCircle() {
        let turn = LayoutTransition(from: WheelLayout(radius: 130) { children() },
                                    to: WheelLayout(radius: 130, rotation: .degrees(90)) { children() }, animation: .linear)
        for step in 0...10 {
            #expect(abs(distance(turn.frame(at: Double(step) / 10).frames[0]) - 130) < 1e-9)
        }
        // Halfway: 45°, (165 + 130 sin 45°, 165 − 130 cos 45°).
        let half = turn.frame(at: 0.5).frames[0] ?? .null
        #expect(abs(half.midX - (165 + 130 * sin(Double.pi / 4))) < 1e-9)
    }

    @Test func withoutAnimatableDataChildrenTakeTheChord() {
        let turn = LayoutTransition(from: StaticWheel(radius: 130, rotation: .zero) { children() },
                                    to: StaticWheel(radius: 130, rotation: .degrees(90)) { children() }, animation: .linear)
        // From (165, 35) to (295, 165): halfway (230, 100), 130 · cos 45° = 91.92 from the centre.
        let half = turn.frame(at: 0.5).frames[0]
        #expect(abs(distance(half) - 130 * cos(Double.pi / 4)) < 1e-9)
        #expect(distance(half) < 130)
    }

    @Test func aFullTurnMovesOnlyWithAnimatableData() {
        let full = LayoutTransition(from: WheelLayout(radius: 130) { children() },
                                    to: WheelLayout(radius: 130, rotation: .degrees(360)) { children() }, animation: .linear)
        // Halfway the top child is at the bottom: (165, 295).
        let half = full.frame(at: 0.5).frames[0] ?? .null
        #expect(abs(half.midX - 165) < 1e-9 && abs(half.midY - 295) < 1e-9)
        let still = LayoutTransition(from: StaticWheel(radius: 130, rotation: .zero) { children() },
                                     to: StaticWheel(radius: 130, rotation: .degrees(360)) { children() }, animation: .linear)
        let frame = still.frame(at: 0.5).frames[0] ?? .null
        #expect(abs(frame.midX - 165) < 1e-9 && abs(frame.midY - 35) < 1e-9)
    }

    @Test func anyLayoutForwardsTheWheelsData() {
        let turn = LayoutTransition(from: AnyLayout(WheelLayout(radius: 130)) { children() },
                                    to: AnyLayout(WheelLayout(radius: 130, rotation: .degrees(90))) { children() }, animation: .linear)
        #expect(abs(distance(turn.frame(at: 0.5).frames[0]) - 130) < 1e-9)
    }

    @Test func switchingLayoutTypesKeepsIdentitiesAndMovesStraight() {
        func content() -> some View { ForEach(0..<3, id: \.self) { Color.red.frame(width: 20, height: 20).id($0) } }
        let change = LayoutTransition(from: AnyLayout(HStackLayout(spacing: 0)) { content() },
                                      to: AnyLayout(VStackLayout(spacing: 0)) { content() }, animation: .linear)
        #expect(change.start.displayList.items.map(\.identity.path) == change.end.displayList.items.map(\.identity.path))
        // Child 2: from (40, 0) to (0, 40), both in a 60-square canvas centred... frames from each layout.
        let a = change.start.frames[2] ?? .null, b = change.end.frames[2] ?? .null
        let half = change.frame(at: 0.5).frames[2] ?? .null
        #expect(half.minX == (a.minX + b.minX) / 2 && half.minY == (a.minY + b.minY) / 2)
        let flow = LayoutTransition(from: AnyLayout(FlowLayout()) { content() }, to: AnyLayout(WheelLayout(radius: 50)) { content() })
        #expect(flow.start.displayList.items.map(\.identity.path) == flow.end.displayList.items.map(\.identity.path))
    }

    @Test func timingCurvesMatchCSS() {
        // scipy: brentq on the cubic-bezier x(s), then y(s), for x = 0.25, 0.5, 0.75.
        let expected: [(Animation, [Double])] = [
            (.easeIn, [0.093465, 0.315357, 0.621862]),
            (.easeOut, [0.378138, 0.684643, 0.906535]),
            (.easeInOut, [0.129162, 0.5, 0.870838]),
            (.linear, [0.25, 0.5, 0.75]),
        ]
        for (animation, values) in expected {
            for (time, value) in zip([0.25, 0.5, 0.75], values) {
                #expect(abs(animation.progress(at: time) - value) < 1e-6)
            }
        }
        #expect(Animation.spring().progress(at: 0) == 0 && Animation.spring().progress(at: 1) == 1)
        #expect(Animation.easeInOut.progress(at: .nan) == 0)
    }
}
