import Arrange
@testable import ArrangeScene
import Foundation
import Testing

// Issue 28, point 4: connectors routed around views. The two diagram fixtures, laid out, are
// checked from what their display lists draw, with geometry written here, not the router's:
// every line against every view it must keep its margin from, every label plate against views,
// arrowheads and other plates, and no two connectors on one line.

/// What a display list draws for connectors, in canvas coordinates.
private struct DrawnConnectors {
    struct Drawn {
        /// "connector:FROM→TO".
        var id: String
        /// The line as drawn, cubic curves cut into 64 chords.
        var points: [CGPoint]
        var arrowheads: [[CGPoint]] = []
        var plates: [CGRect] = []
    }

    var connectors: [Drawn] = []

    /// Walks `list`: a path item tagged "connector:…" starts a connector; the closed paths
    /// (arrowheads) and fills (label plates) drawn after it beside it, up to the next line, are its.
    init(_ list: DisplayList) {
        var items: [(item: DisplayItem, dx: CGFloat, dy: CGFloat)] = []
        func walk(_ list: [DisplayItem], _ dx: CGFloat, _ dy: CGFloat) {
            for item in list {
                items.append((item, dx, dy))
                if case .group(let group) = item.content { walk(group.items, dx + group.translation.width, dy + group.translation.height) }
            }
        }
        walk(list.items, 0, 0)
        var drawing: String?
        for (item, dx, dy) in items {
            let path = item.identity.path
            if case .path(let shape) = item.content, let id = item.identity.id, id.hasPrefix("connector:") {
                connectors.append(Drawn(id: id, points: Self.points(shape.path, dx + item.frame.minX, dy + item.frame.minY).points))
                drawing = String(path[..<(path.lastIndex(of: ".") ?? path.endIndex)]) + "."
                continue
            }
            guard let prefix = drawing, path.hasPrefix(prefix), !connectors.isEmpty else { continue }
            switch item.content {
            case .path(let shape):
                let outline = Self.points(shape.path, dx + item.frame.minX, dy + item.frame.minY)
                if outline.closed { connectors[connectors.count - 1].arrowheads.append(outline.points) }
            case .fill:
                connectors[connectors.count - 1].plates.append(item.frame.offsetBy(dx: dx, dy: dy))
            default:
                break
            }
        }
    }

    static func points(_ path: Path, _ dx: CGFloat, _ dy: CGFloat) -> (points: [CGPoint], closed: Bool) {
        var points: [CGPoint] = [], closed = false, current = CGPoint.zero
        for element in path.elements {
            switch element {
            case .move(let p), .line(let p):
                points.append(CGPoint(x: p.x + dx, y: p.y + dy))
                current = p
            case .curve(let p, let c1, let c2):
                for step in 1 ... 64 {
                    let t = CGFloat(step) / 64, u = 1 - t
                    let x = u * u * u * current.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p.x
                    let y = u * u * u * current.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p.y
                    points.append(CGPoint(x: x + dx, y: y + dy))
                }
                current = p
            case .quadCurve(let p, _):
                points.append(CGPoint(x: p.x + dx, y: p.y + dy))
                current = p
            case .closeSubpath:
                closed = true
            }
        }
        return (points, closed)
    }
}

/// Whether `r` holds `inner`, give or take half a point.
private func holds(_ r: CGRect, _ inner: CGRect) -> Bool {
    inner.minX >= r.minX - 0.5 && inner.maxX <= r.maxX + 0.5 && inner.minY >= r.minY - 0.5 && inner.maxY <= r.maxY + 0.5
}

/// Whether the open interiors of two rectangles overlap.
private func overlap(_ a: CGRect, _ b: CGRect) -> Bool {
    a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
}

/// The first point of the segment p–q strictly inside `r`, walked a tenth of a point at a time,
/// or nil.
private func pointInside(_ p: CGPoint, _ q: CGPoint, _ r: CGRect) -> CGPoint? {
    let length = hypot(q.x - p.x, q.y - p.y)
    let steps = max(Int((length * 10).rounded(.up)), 1)
    for step in 0 ... steps {
        let t = CGFloat(step) / CGFloat(steps)
        let x = p.x + (q.x - p.x) * t, y = p.y + (q.y - p.y) * t
        if x > r.minX, x < r.maxX, y > r.minY, y < r.maxY { return CGPoint(x: x, y: y) }
    }
    return nil
}

/// Whether a triangle and a rectangle's open interior share a point: points of the triangle
/// (its corners and a grid of 1/20 steps inside it) tested against the rectangle.
private func triangle(_ corners: [CGPoint], touches r: CGRect) -> Bool {
    guard corners.count == 3 else { return false }
    for i in 0 ... 20 {
        for j in 0 ... (20 - i) {
            let a = CGFloat(i) / 20, b = CGFloat(j) / 20, c = 1 - a - b
            let x = a * corners[0].x + b * corners[1].x + c * corners[2].x, y = a * corners[0].y + b * corners[1].y + c * corners[2].y
            if x > r.minX, x < r.maxX, y > r.minY, y < r.maxY { return true }
        }
    }
    return false
}

@Suite struct ConnectorRoutingFixtureTests {
    @Test(arguments: ["Fixtures/architecture-diagram.yaml", "Fixtures/service-mesh.yaml"])
    func routesKeepClearOfViewsAndLabelsOfEverything(_ fixture: String) throws {
        let scene = try Scene.load(contentsOf: repositoryPath(fixture))
        let result = try scene.layout().result
        let drawn = DrawnConnectors(result.displayList)
        let boxes = result.frames.filter { !$0.key.hasPrefix("connector:") }
        #expect(drawn.connectors.count == scene.connectors.count, "every connector is drawn")
        if fixture.hasSuffix("service-mesh.yaml") {
            // The brief's scene: 12 boxes (and the title), 16 connectors.
            #expect(boxes.count == 13 && scene.connectors.count == 16)
        }
        let everyHead = drawn.connectors.flatMap(\.arrowheads)
        var plates: [(id: String, plate: CGRect)] = []
        for line in drawn.connectors {
            let connector = try #require(scene.connectors.first { "connector:\($0.connector.from)→\($0.connector.to)" == line.id }?.connector)
            let from = try #require(boxes.first { $0.key == connector.from }?.value), to = try #require(boxes.first { $0.key == connector.to }?.value)
            // Obstacles: every view with an id but the ends, views inside them and views
            // holding one (ConnectorPlan's rule), kept `margin` away; half a point of slack.
            let obstacles = boxes.filter { box in
                box.key != connector.from && box.key != connector.to && !holds(box.value, from) && !holds(box.value, to)
                    && !holds(from, box.value) && !holds(to, box.value)
            }
            let slack = connector.margin - 0.5
            for (p, q) in zip(line.points, line.points.dropFirst()) {
                for (id, frame) in obstacles {
                    let inside = pointInside(p, q, frame.insetBy(dx: -slack, dy: -slack))
                    #expect(inside == nil, "\(line.id) comes within \(connector.margin) of '\(id)' at \(String(describing: inside))")
                }
            }
            // Labels: no view but those holding an end, no arrowhead, no other label.
            let views = boxes.filter { !(holds($0.value, from) && $0.key != connector.from) && !(holds($0.value, to) && $0.key != connector.to) }
            #expect(line.plates.count == ((connector.label ?? "").isEmpty ? 0 : 1), "\(line.id) draws its label's plate")
            for plate in line.plates {
                let inner = plate.insetBy(dx: 0.5, dy: 0.5)
                for (id, frame) in views where overlap(inner, frame) {
                    Issue.record("\(line.id): its label \(plate) covers '\(id)' \(frame)")
                }
                for head in everyHead where triangle(head, touches: inner) {
                    Issue.record("\(line.id): its label \(plate) covers the arrowhead at \(head[0])")
                }
                for other in plates where overlap(inner, other.plate.insetBy(dx: 0.5, dy: 0.5)) {
                    Issue.record("\(line.id): its label \(plate) covers the label of \(other.id)")
                }
                plates.append((line.id, plate))
            }
        }
        // No two connectors on one line: horizontal (or vertical) segments at the same height
        // (within a hundredth) that overlap along it by more than half a point.
        for (i, a) in drawn.connectors.enumerated() {
            for b in drawn.connectors[(i + 1)...] {
                for (p, q) in zip(a.points, a.points.dropFirst()) {
                    for (r, s) in zip(b.points, b.points.dropFirst()) {
                        let horizontal = abs(p.y - q.y) < 0.01 && abs(r.y - s.y) < 0.01 && abs(p.y - r.y) < 0.01
                        let vertical = abs(p.x - q.x) < 0.01 && abs(r.x - s.x) < 0.01 && abs(p.x - r.x) < 0.01
                        guard horizontal || vertical else { continue }
                        let (a0, a1) = horizontal ? (min(p.x, q.x), max(p.x, q.x)) : (min(p.y, q.y), max(p.y, q.y))
                        let (b0, b1) = horizontal ? (min(r.x, s.x), max(r.x, s.x)) : (min(r.y, s.y), max(r.y, s.y))
                        #expect(min(a1, b1) - max(a0, b0) <= 0.5, "\(a.id) and \(b.id) share the line from \(p) to \(q)")
                    }
                }
            }
        }
    }
}
