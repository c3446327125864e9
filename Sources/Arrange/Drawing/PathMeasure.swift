import Foundation

/// Lengths along a path, for `trimmedPath(from:to:)` and for placing a label at a connector's
/// middle. Curves are measured as 32 chords each (within 0.01% for the quarter arcs and connector
/// curves drawn here); trimming splits them at the parameter found, so a trimmed path keeps the
/// very curves of the whole one.
struct PathMeasure {
    /// A drawable piece: a line or cubic curve (quadratic ones raised to cubic) from `start`.
    struct Segment {
        var start: CGPoint
        var c1: CGPoint
        var c2: CGPoint
        var end: CGPoint
        var isLine: Bool
        /// Whether a new subpath starts here.
        var startsSubpath: Bool
        /// Cumulative lengths at the 32 chord ends: `lengths[i]` is the length up to t = (i+1)/32.
        var lengths: [CGFloat]
        var length: CGFloat { lengths.last ?? 0 }

        func point(at t: CGFloat) -> CGPoint {
            if isLine { return CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t) }
            let u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            return CGPoint(x: a * start.x + b * c1.x + c * c2.x + d * end.x, y: a * start.y + b * c1.y + c * c2.y + d * end.y)
        }

        /// The parameter at which the segment has run `distance`.
        func parameter(at distance: CGFloat) -> CGFloat {
            guard length > 0 else { return 0 }
            if isLine { return min(max(distance / length, 0), 1) }
            var previous: CGFloat = 0
            for (index, total) in lengths.enumerated() {
                if distance <= total {
                    let piece = total - previous
                    let local = piece > 0 ? (distance - previous) / piece : 0
                    return (CGFloat(index) + local) / CGFloat(Self.chords)
                }
                previous = total
            }
            return 1
        }

        /// The part between parameters `t0` and `t1`, by de Casteljau.
        func part(_ t0: CGFloat, _ t1: CGFloat) -> (start: CGPoint, c1: CGPoint, c2: CGPoint, end: CGPoint) {
            if isLine { return (point(at: t0), point(at: t0), point(at: t1), point(at: t1)) }
            func lerp(_ p: CGPoint, _ q: CGPoint, _ t: CGFloat) -> CGPoint { CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t) }
            // Keep [t0, 1], then the first (t1 - t0) / (1 - t0) of that.
            func tail(_ s: (CGPoint, CGPoint, CGPoint, CGPoint), _ t: CGFloat) -> (CGPoint, CGPoint, CGPoint, CGPoint) {
                let ab = lerp(s.0, s.1, t), bc = lerp(s.1, s.2, t), cd = lerp(s.2, s.3, t)
                let abc = lerp(ab, bc, t), bcd = lerp(bc, cd, t), m = lerp(abc, bcd, t)
                return (m, bcd, cd, s.3)
            }
            func head(_ s: (CGPoint, CGPoint, CGPoint, CGPoint), _ t: CGFloat) -> (CGPoint, CGPoint, CGPoint, CGPoint) {
                let ab = lerp(s.0, s.1, t), bc = lerp(s.1, s.2, t), cd = lerp(s.2, s.3, t)
                let abc = lerp(ab, bc, t), bcd = lerp(bc, cd, t), m = lerp(abc, bcd, t)
                return (s.0, ab, abc, m)
            }
            let after = tail((start, c1, c2, end), t0)
            let cut = head(after, t0 < 1 ? (t1 - t0) / (1 - t0) : 0)
            return cut
        }

        static let chords = 32
    }

    private(set) var segments: [Segment] = []
    /// Whether each subpath (by index of its first segment) was closed.
    var length: CGFloat { segments.reduce(0) { $0 + $1.length } }

    init(_ path: Path) {
        var current = CGPoint.zero, start = CGPoint.zero, newSubpath = true
        func add(_ c1: CGPoint, _ c2: CGPoint, _ end: CGPoint, line: Bool) {
            var segment = Segment(start: current, c1: c1, c2: c2, end: end, isLine: line, startsSubpath: newSubpath, lengths: [])
            if line {
                segment.lengths = [hypot(end.x - current.x, end.y - current.y)]
            } else {
                var total: CGFloat = 0, previous = current
                segment.lengths.reserveCapacity(Segment.chords)
                for index in 1...Segment.chords {
                    let p = segment.point(at: CGFloat(index) / CGFloat(Segment.chords))
                    total += hypot(p.x - previous.x, p.y - previous.y)
                    segment.lengths.append(total)
                    previous = p
                }
            }
            if !(segment.length.isFinite) { segment.lengths = segment.lengths.map { _ in 0 } }
            segments.append(segment)
            newSubpath = false
            current = end
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                current = p
                start = p
                newSubpath = true
            case .line(let p):
                add(current, p, p, line: true)
            case .quadCurve(let p, let c):
                let c1 = CGPoint(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y))
                let c2 = CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
                add(c1, c2, p, line: false)
            case .curve(let p, let c1, let c2):
                add(c1, c2, p, line: false)
            case .closeSubpath:
                if current != start { add(current, start, start, line: true) }
                current = start
                newSubpath = true
            }
        }
    }

    /// The point `distance` along the path, and the direction of travel there (a unit vector, as a point).
    func point(at distance: CGFloat) -> (point: CGPoint, direction: CGPoint)? {
        var left = max(distance, 0)
        for (index, segment) in segments.enumerated() {
            guard left <= segment.length || index == segments.count - 1 else {
                left -= segment.length
                continue
            }
            let t = segment.parameter(at: left)
            let p = segment.point(at: t)
            let q = segment.point(at: min(t + 1e-3, 1)), o = segment.point(at: max(t - 1e-3, 0))
            let dx = q.x - o.x, dy = q.y - o.y, d = hypot(dx, dy)
            return (p, d > 0 ? CGPoint(x: dx / d, y: dy / d) : CGPoint(x: 1, y: 0))
        }
        return nil
    }

    /// The part of the path from `from` to `to`, as lengths along it.
    func trimmed(from: CGFloat, to: CGFloat) -> Path {
        var result = Path()
        guard to > from else { return result }
        var position: CGFloat = 0, lastEnd: CGPoint?
        for segment in segments {
            let a = position, b = position + segment.length
            position = b
            guard b > from || (segment.length == 0 && a >= from && a < to), a < to else { continue }
            let t0 = segment.parameter(at: max(from - a, 0)), t1 = segment.parameter(at: min(to - a, segment.length))
            let piece = segment.part(t0, t1)
            if segment.startsSubpath || lastEnd != piece.start { result.move(to: piece.start) }
            if segment.isLine {
                result.addLine(to: piece.end)
            } else {
                result.addCurve(to: piece.end, control1: piece.c1, control2: piece.c2)
            }
            lastEnd = piece.end
        }
        return result
    }
}

extension Path {
    /// The part of the path between fractions `from` and `to` of its length (0...1), as
    /// SwiftUI's `trimmedPath`; closed subpaths come back open.
    public func trimmedPath(from: CGFloat, to: CGFloat) -> Path {
        let from = from.isNaN ? 0 : min(max(from, 0), 1), to = to.isNaN ? 1 : min(max(to, 0), 1)
        if from <= 0, to >= 1 { return self }
        let measure = PathMeasure(self)
        let length = measure.length
        return measure.trimmed(from: from * length, to: to * length)
    }

    /// The length of the path: its lines and curves, closing lines included.
    public var length: CGFloat { PathMeasure(self).length }
}
