import Foundation

/// An outline made of straight lines and Bézier curves, as SwiftUI's `Path`: the drawing of a
/// custom `Shape`, a connector, a trimmed stroke.
///
/// Arcs, ellipses and rounded corners are kept as cubic Béziers (a quarter circle each at most),
/// the way both backends draw them, so every renderer reads the same five kinds of element.
public struct Path: Hashable, Sendable {
    /// One step of an outline.
    public enum Element: Equatable, Sendable {
        case move(to: CGPoint)
        case line(to: CGPoint)
        case quadCurve(to: CGPoint, control: CGPoint)
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        case closeSubpath
    }

    /// The elements, in order.
    public private(set) var elements: [Element] = []
    /// Where the current subpath started, for `closeSubpath`.
    private var subpathStart: CGPoint?

    /// An empty path.
    public init() {}

    /// A path made by `build`, as `Path { path in … }` in SwiftUI.
    public init(_ build: (inout Path) -> Void) {
        build(&self)
    }

    /// A rectangle.
    public init(_ rect: CGRect) { addRect(rect) }

    /// A rectangle with circular corners of `cornerRadius`.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }

    /// A rectangle with corners of `cornerSize`.
    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerSize: cornerSize, style: style)
    }

    /// The ellipse inscribed in `rect`.
    public init(ellipseIn rect: CGRect) { addEllipse(in: rect) }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// Whether every point of the path, control points included, is finite: renderers draw no
    /// other.
    public var isFinite: Bool {
        func finite(_ p: CGPoint) -> Bool { p.x.isFinite && p.y.isFinite }
        return elements.allSatisfy { element in
            switch element {
            case .move(let p), .line(let p): finite(p)
            case .quadCurve(let p, let c): finite(p) && finite(c)
            case .curve(let p, let c1, let c2): finite(p) && finite(c1) && finite(c2)
            case .closeSubpath: true
            }
        }
    }

    /// The point the next element starts from, or nil before the first `move`.
    public var currentPoint: CGPoint? {
        guard let last = elements.last else { return nil }
        switch last {
        case .move(let p), .line(let p), .quadCurve(let p, _), .curve(let p, _, _): return p
        case .closeSubpath: return subpathStart
        }
    }

    // MARK: Building

    /// Starts a new subpath at `point`.
    public mutating func move(to point: CGPoint) {
        elements.append(.move(to: point))
        subpathStart = point
    }

    /// A straight line to `point` (a move, when the path has no current point).
    public mutating func addLine(to point: CGPoint) {
        guard currentPoint != nil else { return move(to: point) }
        elements.append(.line(to: point))
    }

    /// A move to the first point and lines through the rest.
    public mutating func addLines(_ points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }

    /// A quadratic Bézier curve to `point`.
    public mutating func addQuadCurve(to point: CGPoint, control: CGPoint) {
        guard currentPoint != nil else { return move(to: point) }
        elements.append(.quadCurve(to: point, control: control))
    }

    /// A cubic Bézier curve to `point`.
    public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        guard currentPoint != nil else { return move(to: point) }
        elements.append(.curve(to: point, control1: control1, control2: control2))
    }

    /// Closes the current subpath with a line back to its start.
    public mutating func closeSubpath() {
        guard currentPoint != nil, elements.last != .closeSubpath else { return }
        elements.append(.closeSubpath)
    }

    /// A closed rectangle, clockwise on screen from its top-left corner.
    public mutating func addRect(_ rect: CGRect) {
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY))
        addLine(to: CGPoint(x: r.minX, y: r.maxY))
        closeSubpath()
    }

    /// Closed rectangles.
    public mutating func addRects(_ rects: [CGRect]) {
        for rect in rects { addRect(rect) }
    }

    /// The ellipse inscribed in `rect`, four quarter Béziers from its right end, clockwise on
    /// screen: the outline librsvg draws for `<ellipse>`.
    public mutating func addEllipse(in rect: CGRect) {
        let r = rect.standardized
        guard r.width.isFinite, r.height.isFinite else { return }
        let rx = r.width / 2, ry = r.height / 2, cx = r.midX, cy = r.midY
        let kx = Self.kappa * rx, ky = Self.kappa * ry
        move(to: CGPoint(x: cx + rx, y: cy))
        addCurve(to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + ky), control2: CGPoint(x: cx + kx, y: cy + ry))
        addCurve(to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - kx, y: cy + ry), control2: CGPoint(x: cx - rx, y: cy + ky))
        addCurve(to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - ky), control2: CGPoint(x: cx - kx, y: cy - ry))
        addCurve(to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + kx, y: cy - ry), control2: CGPoint(x: cx + rx, y: cy - ky))
        closeSubpath()
    }

    /// A rectangle with elliptical corners of `cornerSize`, each clamped to half the side:
    /// quarter ellipses for `.circular`, Apple's smoother curve for `.continuous`
    /// (`addContinuousCorners`, docs/layout-rules.md §2.7).
    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        let r = rect.standardized
        let rx = min(max(cornerSize.width.isNaN ? 0 : cornerSize.width, 0), r.width / 2)
        let ry = min(max(cornerSize.height.isNaN ? 0 : cornerSize.height, 0), r.height / 2)
        guard rx > 0, ry > 0 else { return addRect(r) }
        if style == .continuous {
            let corner = CGSize(width: rx, height: ry)
            return addCorners(in: r, [corner, corner, corner, corner], style: .continuous)
        }
        let kx = Self.kappa * rx, ky = Self.kappa * ry
        let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
        move(to: CGPoint(x: x0 + rx, y: y0))
        addLine(to: CGPoint(x: x1 - rx, y: y0))
        addCurve(to: CGPoint(x: x1, y: y0 + ry), control1: CGPoint(x: x1 - rx + kx, y: y0), control2: CGPoint(x: x1, y: y0 + ry - ky))
        addLine(to: CGPoint(x: x1, y: y1 - ry))
        addCurve(to: CGPoint(x: x1 - rx, y: y1), control1: CGPoint(x: x1, y: y1 - ry + ky), control2: CGPoint(x: x1 - rx + kx, y: y1))
        addLine(to: CGPoint(x: x0 + rx, y: y1))
        addCurve(to: CGPoint(x: x0, y: y1 - ry), control1: CGPoint(x: x0 + rx - kx, y: y1), control2: CGPoint(x: x0, y: y1 - ry + ky))
        addLine(to: CGPoint(x: x0, y: y0 + ry))
        addCurve(to: CGPoint(x: x0 + rx, y: y0), control1: CGPoint(x: x0, y: y0 + ry - ky), control2: CGPoint(x: x0 + rx - kx, y: y0))
        closeSubpath()
    }

    /// A rectangle whose corners each have their own radius, as `UnevenRoundedRectangle` draws
    /// it: top-leading, top-trailing, bottom-trailing, bottom-leading. Each radius is clamped to
    /// half the shorter side, so that corners never overlap.
    mutating func addRoundedRect(in rect: CGRect, radii: RectangleCornerRadii, style: RoundedCornerStyle) {
        let r = rect.standardized
        let limit = min(r.width, r.height) / 2
        func clamp(_ v: CGFloat) -> CGSize {
            let c = min(max(v.isNaN ? 0 : v, 0), max(limit, 0))
            return CGSize(width: c, height: c)
        }
        addCorners(in: r, [clamp(radii.topLeading), clamp(radii.topTrailing), clamp(radii.bottomTrailing), clamp(radii.bottomLeading)],
                   style: style)
    }

    /// Apple's continuous corner, for a radius of 1, walked from the edge it is entered by to
    /// the one it leaves by: each point is (along the entering edge back from the corner, along
    /// the leaving edge from the corner). A corner reaches 1.52866483 radii along each edge
    /// instead of 1: a curve eases into a near-circular middle (whose curve stands for the arc)
    /// and out again, so the curvature grows gradually and there is no visible kink where the
    /// edge meets the arc. The numbers are the iOS 7 `UIBezierPath(roundedRect:cornerRadius:)`
    /// outline as PaintCode measured it ("Drawing Code for iOS 7 Rounded Rectangles",
    /// https://www.paintcodeapp.com/news/code-for-ios-7-rounded-rectangles), which SwiftUI's
    /// `.continuous` style draws.
    static let continuousCorner: [(CGFloat, CGFloat)] = [
        (1.52866483, 0),
        (1.08849323, 0), (0.86840689, 0), (0.66993427, 0.06549600),
        (0.63149399, 0.07491100),
        (0.37282392, 0.16905899), (0.16905899, 0.37282392), (0.07491100, 0.63149399),
        (0.06549600, 0.66993427),
        (0, 0.86840689), (0, 1.08849323), (0, 1.52866483),
    ]
    /// A circular corner in the same eleven steps (the curves that ease in and out reduced to
    /// points), so that a continuous corner too large for its rectangle can be blended into one.
    static let circularCorner: [(CGFloat, CGFloat)] = [
        (1, 0),
        (1, 0), (1, 0), (1, 0),
        (1, 0),
        (1 - kappa, 0), (0, 1 - kappa), (0, 1),
        (0, 1),
        (0, 1), (0, 1), (0, 1),
    ]
    /// How far a continuous corner reaches along each edge, in radii.
    public static let continuousCornerReach: CGFloat = 1.52866483

    /// The outline with the four corners of `corners` (top-leading, top-trailing,
    /// bottom-trailing, bottom-leading), each already at most half the shorter side. A
    /// continuous corner that would reach past half the shorter side (a radius over
    /// 1 / (2 × 1.52866483) ≈ 0.327 of it) is blended towards a circular one until it reaches
    /// exactly that far, so that at half the side it is a circle's quarter: a capsule's end.
    private mutating func addCorners(in r: CGRect, _ corners: [CGSize], style: RoundedCornerStyle) {
        let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
        // Corner points, and the directions back along the entering edge and along the leaving one.
        let points = [CGPoint(x: x0, y: y0), CGPoint(x: x1, y: y0), CGPoint(x: x1, y: y1), CGPoint(x: x0, y: y1)]
        let back: [(CGFloat, CGFloat)] = [(0, 1), (-1, 0), (0, -1), (1, 0)]
        let ahead: [(CGFloat, CGFloat)] = [(1, 0), (0, 1), (-1, 0), (0, -1)]
        var steps: [[CGPoint]] = []
        for (index, size) in corners.enumerated() {
            let corner = points[index]
            guard size.width > 0, size.height > 0 else {
                steps.append([corner])
                continue
            }
            let shape: [(CGFloat, CGFloat)]
            if style == .continuous {
                let room = min(r.width / 2 / size.width, r.height / 2 / size.height)
                let blend = min(max((room - 1) / (Self.continuousCornerReach - 1), 0), 1)
                shape = zip(Self.circularCorner, Self.continuousCorner).map { c, s in (c.0 + (s.0 - c.0) * blend, c.1 + (s.1 - c.1) * blend) }
            } else {
                shape = [(1, 0), (1 - Self.kappa, 0), (0, 1 - Self.kappa), (0, 1)]
            }
            // (a, b) in radii: a back along the entering edge, b along the leaving one.
            steps.append(shape.map { a, b in
                let (bx, by) = back[index], (ax, ay) = ahead[index]
                return CGPoint(x: corner.x + (a * bx + b * ax) * size.width, y: corner.y + (a * by + b * ay) * size.height)
            })
        }
        // Start where the top-leading corner leaves the top edge, then each corner clockwise.
        move(to: steps[0].last ?? points[0])
        for index in [1, 2, 3, 0] {
            let corner = steps[index]
            guard corner.count > 1 else {
                addLine(to: corner[0])
                continue
            }
            addLine(to: corner[0])
            if corner.count == 4 {
                addCurve(to: corner[3], control1: corner[1], control2: corner[2])
            } else {
                addCurve(to: corner[3], control1: corner[1], control2: corner[2])
                addLine(to: corner[4])
                addCurve(to: corner[7], control1: corner[5], control2: corner[6])
                addLine(to: corner[8])
                addCurve(to: corner[11], control1: corner[9], control2: corner[10])
            }
        }
        closeSubpath()
    }

    /// An arc of the circle around `center`, from `startAngle` to `endAngle`, with a line to its
    /// start from the current point (a move when there is none).
    ///
    /// Angles grow from the x axis towards the y axis, which points down: `clockwise: false`
    /// sweeps the growing way, which looks clockwise on screen — SwiftUI's (and Core Graphics')
    /// convention in a flipped space.
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool) {
        guard radius.isFinite, radius >= 0, startAngle.radians.isFinite, endAngle.radians.isFinite else { return }
        let start = startAngle.radians, end = endAngle.radians
        var sweep = end - start
        let full = 2 * Double.pi
        if clockwise {
            // Decreasing angles: a sweep in (−2π, 0].
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: full) - (sweep.truncatingRemainder(dividingBy: full) > 0 ? full : 0) }
            if sweep < -full { sweep = -full }
        } else {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: full) + (sweep.truncatingRemainder(dividingBy: full) < 0 ? full : 0) }
            if sweep > full { sweep = full }
        }
        let first = CGPoint(x: center.x + radius * cos(start), y: center.y + radius * sin(start))
        if currentPoint == nil { move(to: first) } else { addLine(to: first) }
        // At most a quarter turn a curve, so each Bézier stays within 0.03% of the circle.
        let pieces = max(1, Int((abs(sweep) / (Double.pi / 2)).rounded(.up)))
        let step = sweep / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        var angle = start
        for _ in 0..<pieces {
            let next = angle + step
            let (c0, s0, c1, s1) = (cos(angle), sin(angle), cos(next), sin(next))
            addCurve(to: CGPoint(x: center.x + radius * c1, y: center.y + radius * s1),
                     control1: CGPoint(x: center.x + radius * (c0 - k * s0), y: center.y + radius * (s0 + k * c0)),
                     control2: CGPoint(x: center.x + radius * (c1 + k * s1), y: center.y + radius * (s1 - k * c1)))
            angle = next
        }
    }

    /// An arc of `delta` from `startAngle` (the sign gives the direction, positive is clockwise on screen).
    public mutating func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: Angle, delta: Angle) {
        addArc(center: center, radius: radius, startAngle: startAngle, endAngle: Angle(radians: startAngle.radians + delta.radians),
               clockwise: delta.radians < 0)
    }

    /// The elements of `path` after this path's.
    public mutating func addPath(_ path: Path) {
        for element in path.elements {
            elements.append(element)
            if case .move(let p) = element { subpathStart = p }
        }
    }

    /// Calls `body` with each element in order.
    public func forEach(_ body: (Element) -> Void) {
        elements.forEach(body)
    }

    /// The path moved by (`dx`, `dy`).
    public func offsetBy(dx: CGFloat, dy: CGFloat) -> Path {
        map { CGPoint(x: $0.x + dx, y: $0.y + dy) }
    }

    /// The path with every point transformed by `transform`.
    func map(_ transform: (CGPoint) -> CGPoint) -> Path {
        var result = Path()
        result.elements.reserveCapacity(elements.count)
        for element in elements {
            switch element {
            case .move(let p): result.move(to: transform(p))
            case .line(let p): result.elements.append(.line(to: transform(p)))
            case .quadCurve(let p, let c): result.elements.append(.quadCurve(to: transform(p), control: transform(c)))
            case .curve(let p, let c1, let c2): result.elements.append(.curve(to: transform(p), control1: transform(c1), control2: transform(c2)))
            case .closeSubpath: result.elements.append(.closeSubpath)
            }
        }
        return result
    }

    /// The smallest rectangle holding every point of the path, control points included; `.null`
    /// for an empty path.
    public var boundingRect: CGRect {
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        func add(_ p: CGPoint) {
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case .quadCurve(let p, let c): add(p); add(c)
            case .curve(let p, let c1, let c2): add(p); add(c1); add(c2)
            case .closeSubpath: break
            }
        }
        guard minX <= maxX, minY <= maxY else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Paths are equal when their elements are.
    public static func == (lhs: Path, rhs: Path) -> Bool { lhs.elements == rhs.elements }
    public func hash(into hasher: inout Hasher) { hasher.combine(elements.count) }

    /// The control distance of a quarter circle drawn as one cubic Bézier: 4/3 · tan(π/8).
    static let kappa: CGFloat = 0.5522847498307936
}
