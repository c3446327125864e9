import Foundation
import Testing
@testable import Arrange

// Issue 14: connectors between views, built on anchor preferences and drawn in an overlay.

/// The connector's line and arrowhead as drawn, in canvas coordinates: the path items of the
/// display list, each moved by the groups around it (a curve's control points come before its end).
private func drawnPaths(_ list: DisplayList) -> [(id: String?, points: [CGPoint])] {
    var result: [(String?, [CGPoint])] = []
    func walk(_ items: [DisplayItem], _ shift: CGSize) {
        for item in items {
            switch item.content {
            case .path(let drawing):
                var points: [CGPoint] = []
                for element in drawing.path.elements {
                    switch element {
                    case .move(let p), .line(let p), .quadCurve(let p, _):
                        points.append(CGPoint(x: p.x + item.frame.minX + shift.width, y: p.y + item.frame.minY + shift.height))
                    case .curve(let p, let c1, let c2):
                        for q in [c1, c2, p] {
                            points.append(CGPoint(x: q.x + item.frame.minX + shift.width, y: q.y + item.frame.minY + shift.height))
                        }
                    case .closeSubpath: break
                    }
                }
                result.append((item.identity.id, points))
            case .group(let group):
                walk(group.items, CGSize(width: shift.width + group.translation.width, height: shift.height + group.translation.height))
            default: break
            }
        }
    }
    walk(list.items, .zero)
    return result
}

private func onBorder(_ p: CGPoint, _ r: CGRect) -> Bool {
    let tolerance: CGFloat = 1e-9
    let inX = p.x >= r.minX - tolerance && p.x <= r.maxX + tolerance, inY = p.y >= r.minY - tolerance && p.y <= r.maxY + tolerance
    let onVertical = abs(p.x - r.minX) < tolerance || abs(p.x - r.maxX) < tolerance
    let onHorizontal = abs(p.y - r.minY) < tolerance || abs(p.y - r.maxY) < tolerance
    return (onVertical && inY) || (onHorizontal && inX)
}

@Suite struct ConnectorTests {
    /// Two boxes 100 apart in a padded HStack: a is at (20, 20, 60, 40), b at (180, 20, 80, 40);
    /// `shift` offsets b's drawing (and so its anchor).
    func diagram(_ routing: Connector.Routing, shift: CGFloat = 0) -> some View {
        HStack(spacing: 100) {
            Color.blue.frame(width: 60, height: 40).connectorEnd("a").id("a")
            Color.green.frame(width: 80, height: 40).offset(y: shift).connectorEnd("b").id("b")
        }
        .padding(20)
        .connectors([Connector(from: "a", to: "b", routing: routing)])
    }

    @Test func aStraightConnectorRunsBetweenTheFacingSides() throws {
        let result = LayoutResult(of: diagram(.straight))
        let a = try #require(result.frames["a"]), b = try #require(result.frames["b"])
        #expect(a == CGRect(x: 20, y: 20, width: 60, height: 40))
        #expect(b == CGRect(x: 180, y: 20, width: 80, height: 40))
        let paths = drawnPaths(result.displayList)
        let line = try #require(paths.first { $0.id == "connector:a→b" })
        // The gap is horizontal (100 > −40): from a's trailing middle (80, 40) towards b's leading
        // middle (180, 40); the line stops under the arrowhead, 0.6 × 8 = 4.8 short.
        #expect(line.points.first == CGPoint(x: 80, y: 40))
        #expect(line.points.last == CGPoint(x: 175.2, y: 40))
        let arrow = try #require(paths.first { $0.id != "connector:a→b" })
        #expect(arrow.points.first == CGPoint(x: 180, y: 40), "the arrowhead's tip")
        #expect(onBorder(line.points[0], a) && onBorder(arrow.points[0], b))
    }

    @Test func itStaysAttachedWhenAViewMoves() throws {
        // b drawn 30 lower: its leading middle is (180, 70). The elbow bends halfway, at x = 130.
        let still = drawnPaths(LayoutResult(of: diagram(.elbow)).displayList)
        let moved = LayoutResult(of: diagram(.elbow, shift: 30))
        let b = try #require(moved.frames["b"])
        #expect(b == CGRect(x: 180, y: 50, width: 80, height: 40))
        let paths = drawnPaths(moved.displayList)
        let line = try #require(paths.first { $0.id == "connector:a→b" })
        #expect(line.points == [CGPoint(x: 80, y: 40), CGPoint(x: 130, y: 40), CGPoint(x: 130, y: 70), CGPoint(x: 175.2, y: 70)])
        let tip = try #require(paths.first { $0.id != "connector:a→b" }?.points.first)
        #expect(tip == CGPoint(x: 180, y: 70) && onBorder(tip, b))
        // Before the move the same connector was straight across at y = 40.
        #expect(still.first { $0.id == "connector:a→b" }?.points.last == CGPoint(x: 175.2, y: 40))
    }

    @Test func verticalGapsConnectBottomToTopAndCurvesLeaveAtRightAngles() throws {
        // a above b: gapY = 50 > gapX → a's bottom middle (50, 40) to b's top middle (50, 90).
        let view = VStack(spacing: 50) {
            Color.blue.frame(width: 100, height: 40).connectorEnd("a").id("a")
            Color.green.frame(width: 100, height: 40).connectorEnd("b").id("b")
        }
        .connectors([Connector(from: "a", to: "b", routing: .curve, endArrow: false)])
        let result = LayoutResult(of: view)
        let line = try #require(drawnPaths(result.displayList).first { $0.id == "connector:a→b" })
        // Without an arrowhead the route is drawn whole: one cubic whose controls reach half the
        // distance (25) straight down from a and straight up from b.
        #expect(line.points == [CGPoint(x: 50, y: 40), CGPoint(x: 50, y: 65), CGPoint(x: 50, y: 65), CGPoint(x: 50, y: 90)])
    }

    @Test func explicitAnchorsAndUnknownEnds() throws {
        let route = ConnectorRoute(Connector(from: "a", to: "b", fromAnchor: .top, toAnchor: .bottomTrailing),
                                   from: CGRect(x: 0, y: 0, width: 10, height: 10), to: CGRect(x: 50, y: 50, width: 20, height: 20))
        #expect(route.start == CGPoint(x: 5, y: 0) && route.end == CGPoint(x: 70, y: 70))
        // An end no view marks draws nothing.
        let view = Color.red.frame(width: 10, height: 10).connectorEnd("a").connectors([Connector(from: "a", to: "nowhere")])
        #expect(drawnPaths(LayoutResult(of: view).displayList).isEmpty)
    }
}
