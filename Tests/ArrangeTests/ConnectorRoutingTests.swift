import Foundation
import Testing
import Arrange

// Issue 28, point 4: connectors routed around the views in their way, spread apart, their ports
// spread along a side, their labels placed where they cover nothing. Every expected route is
// worked out by hand from ConnectorPlan's rules (its doc comment): margin 8, spacing 6, a bend
// costing 40 points of length.

@Suite struct ConnectorRoutingTests {
    /// Frames by id, for `ConnectorPlan`.
    static let pair: [String: CGRect] = ["a": CGRect(x: 0, y: 0, width: 40, height: 40), "b": CGRect(x: 200, y: 0, width: 40, height: 40)]

    @Test func aBoxBetweenTheEndsIsGoneAroundWithTheMargin() throws {
        // a (0…40) and b (200…240) side by side, c (x 100…140, y 0…60) between them. The line
        // leaves a's trailing middle (40, 20) for b's leading middle (200, 20). c inflated by the
        // margin spans y −8…68: over it is 28 up and 28 down again, under it 48 and 48, so the
        // route goes over, at y = −8: exactly the margin above c's top.
        // The first vertical can lie anywhere between a's clearance (40 + 8 = 48) and c's
        // margin (100 − 8 = 92): centred, x = 70; the second between 148 and 192: x = 170.
        // The top, whose both neighbours turn down, stays where it clears c.
        var ends = Self.pair
        ends["c"] = CGRect(x: 100, y: 0, width: 40, height: 60)
        let plan = ConnectorPlan([Connector(from: "a", to: "b", routing: .elbow)], ends: ends)
        let route = try #require(plan.routes[0])
        #expect(route.waypoints == [CGPoint(x: 40, y: 20), CGPoint(x: 70, y: 20), CGPoint(x: 70, y: -8), CGPoint(x: 170, y: -8),
                                    CGPoint(x: 170, y: 20), CGPoint(x: 200, y: 20)])
        #expect(route.path.elements.count == 6 && route.endDirection == CGPoint(x: 1, y: 0))
        #expect(plan.notes.isEmpty)
        // With margin 20 the top runs at y = −20, and the verticals between 60 and 80, 160 and 180.
        let wide = ConnectorPlan([Connector(from: "a", to: "b", routing: .elbow, margin: 20)], ends: ends)
        #expect(wide.routes[0]?.waypoints == [CGPoint(x: 40, y: 20), CGPoint(x: 70, y: 20), CGPoint(x: 70, y: -20), CGPoint(x: 170, y: -20),
                                              CGPoint(x: 170, y: 20), CGPoint(x: 200, y: 20)])
    }

    @Test func twoConnectorsInOneChannelAreSpreadBySpacing() throws {
        // a1 (0, 0) → b1 (200, 100) and a2 (0, 40) → b2 (200, 140), boxes 40 × 20: each bends
        // once down in the channel between x 48 and 192 (the ends' clearances), both centred at
        // x = 120, where their verticals (y 10…110 and 50…150) overlap. Spread 6 apart around
        // 120: a2's at 117, a1's at 123, the order in which neither crosses the other (a1's
        // would cross a2's first segment at y = 50 if it lay left of it).
        let ends: [String: CGRect] = [
            "a1": CGRect(x: 0, y: 0, width: 40, height: 20), "a2": CGRect(x: 0, y: 40, width: 40, height: 20),
            "b1": CGRect(x: 200, y: 100, width: 40, height: 20), "b2": CGRect(x: 200, y: 140, width: 40, height: 20),
        ]
        let plan = ConnectorPlan([Connector(from: "a1", to: "b1", routing: .elbow), Connector(from: "a2", to: "b2", routing: .elbow)], ends: ends)
        #expect(plan.routes[0]?.waypoints == [CGPoint(x: 40, y: 10), CGPoint(x: 123, y: 10), CGPoint(x: 123, y: 110), CGPoint(x: 200, y: 110)])
        #expect(plan.routes[1]?.waypoints == [CGPoint(x: 40, y: 50), CGPoint(x: 117, y: 50), CGPoint(x: 117, y: 150), CGPoint(x: 200, y: 150)])
        #expect(ConnectorPlan.spacing == 6)
    }

    @Test func threeConnectorsOnOneSideLeaveItAtQuarters() throws {
        // A hub 120 high with three targets to its right, above, level and below it (each
        // across the wider gap: 160 against 80), so all three leave its trailing side: at 1/4,
        // 2/4 and 3/4 of it (y 30, 60, 90), ordered by where their targets lie.
        let ends: [String: CGRect] = [
            "hub": CGRect(x: 0, y: 0, width: 40, height: 120), "up": CGRect(x: 200, y: -100, width: 40, height: 20),
            "level": CGRect(x: 200, y: 50, width: 40, height: 20), "down": CGRect(x: 200, y: 200, width: 40, height: 20),
        ]
        let connectors = ["down", "up", "level"].map { Connector(from: "hub", to: $0, routing: .elbow) }
        let plan = ConnectorPlan(connectors, ends: ends)
        #expect(plan.routes.map { $0?.start } == [CGPoint(x: 40, y: 90), CGPoint(x: 40, y: 30), CGPoint(x: 40, y: 60)])
        // An anchor given keeps its point and leaves the others to share the side.
        var explicit = connectors
        explicit[2].fromAnchor = .trailing
        let anchored = ConnectorPlan(explicit, ends: ends)
        #expect(anchored.routes.map { $0?.start } == [CGPoint(x: 40, y: 80), CGPoint(x: 40, y: 40), CGPoint(x: 40, y: 60)])
    }

    @Test func aCurveBendsAroundTheBoxKeepingItsMargin() throws {
        // The single cubic from (40, 20) to (200, 20) would run through c (100…140, 0…60), so
        // the curve follows the elbow's route over c with its corners rounded: it starts and
        // ends at the ports, leaves and enters at right angles, and stays 8 − ¼ points clear.
        var ends = Self.pair
        ends["c"] = CGRect(x: 100, y: 0, width: 40, height: 60)
        let plan = ConnectorPlan([Connector(from: "a", to: "b", routing: .curve)], ends: ends)
        let route = try #require(plan.routes[0])
        #expect(route.start == CGPoint(x: 40, y: 20) && route.end == CGPoint(x: 200, y: 20))
        #expect(route.startDirection == CGPoint(x: 1, y: 0) && route.endDirection == CGPoint(x: 1, y: 0))
        #expect(route.path.elements.contains { if case .curve = $0 { true } else { false } })
        let clear = CGRect(x: 100, y: 0, width: 40, height: 60).insetBy(dx: -7.75, dy: -7.75)
        let inside = route.points(every: 0.5).filter { $0.x > clear.minX && $0.x < clear.maxX && $0.y > clear.minY && $0.y < clear.maxY }
        #expect(inside.isEmpty, "\(inside.prefix(3))")
        // Without c the curve is the one cubic, as before routing.
        let free = ConnectorPlan([Connector(from: "a", to: "b", routing: .curve)], ends: Self.pair)
        #expect(free.routes[0] == ConnectorRoute(Connector(from: "a", to: "b", routing: .curve), from: Self.pair["a"] ?? .zero, to: Self.pair["b"] ?? .zero))
    }

    @Test func aStraightConnectorStaysStraight() throws {
        var ends = Self.pair
        ends["c"] = CGRect(x: 100, y: 0, width: 40, height: 60)
        let plan = ConnectorPlan([Connector(from: "a", to: "b")], ends: ends)
        #expect(plan.routes[0]?.path.elements == [.move(to: CGPoint(x: 40, y: 20)), .line(to: CGPoint(x: 200, y: 20))])
        #expect(plan.notes.isEmpty)
    }

    @Test func anEnclosedEndIsDrawnDirectlyWithANote() throws {
        // core (100…140, 100…140) with walls 4 points from each side: the stub out of its
        // trailing side ends at (148, 120), inside the right wall (144…190) grown by the margin.
        let ends: [String: CGRect] = [
            "core": CGRect(x: 100, y: 100, width: 40, height: 40), "far": CGRect(x: 400, y: 100, width: 40, height: 40),
            "left": CGRect(x: 50, y: 90, width: 46, height: 60), "right": CGRect(x: 144, y: 90, width: 46, height: 60),
            "top": CGRect(x: 90, y: 50, width: 60, height: 46), "bottom": CGRect(x: 90, y: 144, width: 60, height: 46),
        ]
        let plan = ConnectorPlan([Connector(from: "core", to: "far", routing: .elbow)], ends: ends)
        #expect(plan.routes[0]?.waypoints == [CGPoint(x: 140, y: 120), CGPoint(x: 400, y: 120)])
        #expect(plan.notes.map(\.subject) == ["connector:core→far"])
        #expect(plan.notes.first?.mark == "no route")
    }

    @Test func aLabelMovesAlongItsRouteOffAView() throws {
        // A straight line from (40, 20) to (200, 20) with a 50 × 16 label; c (100…140, 24…64)
        // lies under its middle. Tried from the middle (120) outwards 2 at a time, the first
        // place whose plate, 2 points larger, covers neither c, a (x ≤ 40) nor the arrowhead
        // (x ≥ 192): x ≤ 100 − 27 = 73 and x ≥ 40 + 27 = 67; 120 − 2 × 24 = 72 comes first.
        var ends = Self.pair
        ends["c"] = CGRect(x: 100, y: 24, width: 40, height: 40)
        let plan = ConnectorPlan([Connector(from: "a", to: "b", label: "calls")], ends: ends)
        let centres = plan.labelCentres(sizes: [CGSize(width: 50, height: 16)], in: CGRect(x: 0, y: 0, width: 300, height: 100))
        #expect(centres == [CGPoint(x: 72, y: 20)])
        // With boxes under the whole line (d 40…100, c, e 140…200, all from y 24; the plate
        // reaches y 28) there is no room anywhere: it stays at the middle, for the layout
        // warning to report.
        ends["d"] = CGRect(x: 40, y: 24, width: 60, height: 40)
        ends["e"] = CGRect(x: 140, y: 24, width: 60, height: 40)
        let crowded = ConnectorPlan([Connector(from: "a", to: "b", label: "calls")], ends: ends)
        #expect(crowded.labelCentres(sizes: [CGSize(width: 50, height: 16)], in: CGRect(x: 0, y: 0, width: 300, height: 100)) == [CGPoint(x: 120, y: 20)])
    }

    @Test func aThousandConnectorsAmongAThousandViewsFinish() async throws {
        // 1,000 boxes 20 × 20 in a 40 × 25 grid 40 apart, 1,000 connectors between pairs picked
        // by two fixed strides: the searches are bounded (Limits.connectorRoutingGridPoints), so
        // the plan finishes; connectors past the budget are drawn directly and noted.
        var ends: [String: CGRect] = [:]
        for i in 0 ..< 1000 { ends["v\(i)"] = CGRect(x: CGFloat(i % 40) * 40, y: CGFloat(i / 40) * 40, width: 20, height: 20) }
        let connectors = (0 ..< 1000).map { k in
            Connector(from: "v\((k * 7919) % 1000)", to: "v\((k * 104_729 + 13) % 1000)", routing: .elbow, label: "c\(k)")
        }
        let task = Task.detached { () -> (Int, Int, Int) in
            let plan = ConnectorPlan(connectors, ends: ends)
            let centres = plan.labelCentres(sizes: Array(repeating: CGSize(width: 30, height: 14), count: 1000),
                                            in: CGRect(x: 0, y: 0, width: 1600, height: 1000))
            return (plan.routes.compactMap { $0 }.count, plan.notes.filter { $0.mark == "not routed" }.count, centres.compactMap { $0 }.count)
        }
        // A generous deadline, polled: this is about finishing at all, not about speed.
        let deadline = Date().addingTimeInterval(600)
        var outcome: (Int, Int, Int)?
        let box = OutcomeBox()
        Task { await box.set(await task.value) }
        while Date() < deadline {
            outcome = await box.value
            if outcome != nil { break }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        let (routed, unrouted, labelled) = try #require(outcome, "routing 1,000 connectors among 1,000 views did not finish in 600 s")
        // Connectors from a view to itself (k × 7919 ≡ k × 104729 + 13) are drawn too.
        #expect(routed == 1000 && labelled == 1000)
        #expect(unrouted > 0)
    }
}

/// Where the large plan's outcome lands, read by the polling loop.
private actor OutcomeBox {
    var value: (Int, Int, Int)?
    func set(_ outcome: (Int, Int, Int)) { value = outcome }
}
