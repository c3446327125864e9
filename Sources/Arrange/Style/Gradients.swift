import Foundation

/// Colours at locations from 0 to 1, for the gradient styles.
public struct Gradient: Hashable, Sendable {
    /// A colour at a location along the gradient.
    public struct Stop: Hashable, Sendable {
        /// The colour at `location`.
        public var color: Color
        /// 0...1 along the gradient.
        public var location: CGFloat
        /// `color` at `location`.
        public init(color: Color, location: CGFloat) {
            self.color = color
            self.location = location
        }
    }

    /// The stops in order along the gradient.
    public var stops: [Stop]

    /// Colours spread evenly from 0 to 1.
    public init(colors: [Color]) {
        let last = CGFloat(max(colors.count - 1, 1))
        stops = colors.enumerated().map { Stop(color: $1, location: colors.count == 1 ? 0 : CGFloat($0) / last) }
    }

    /// Colours at the given locations.
    public init(stops: [Stop]) { self.stops = stops }

    /// The stops as drawn: locations clamped to 0...1 (NaN is 0) and never decreasing, as SVG
    /// and Cairo both require.
    public var drawnStops: [Stop] {
        var previous: CGFloat = 0
        return stops.map { stop in
            let location = stop.location.isNaN ? 0 : min(max(stop.location, 0), 1)
            previous = max(previous, location)
            return Stop(color: stop.color, location: previous)
        }
    }

    /// The colour at `location` along `stops` (drawn stops: in order, in 0...1), straight between
    /// the stops around it (components not premultiplied), the end colours beyond them.
    static func color(at location: CGFloat, along stops: [Stop]) -> Color {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if location <= first.location { return first.color }
        if location >= last.location { return last.color }
        for (a, b) in zip(stops, stops.dropFirst()) where location <= b.location {
            let span = b.location - a.location
            let t = span > 0 ? Double((location - a.location) / span) : 1
            return Color(red: a.color.red + (b.color.red - a.color.red) * t, green: a.color.green + (b.color.green - a.color.green) * t,
                         blue: a.color.blue + (b.color.blue - a.color.blue) * t, opacity: a.color.alpha + (b.color.alpha - a.color.alpha) * t)
        }
        return last.color
    }
}

/// A paint as drawn: a colour or a gradient placed in points, relative to the top-left corner of
/// the item it paints (so moving the item moves its gradient).
public enum DisplayPaint: Hashable, Sendable {
    case color(Color)
    /// Colour changes along the line from `start` to `end` and stays the same across it.
    case linear(Gradient, start: CGPoint, end: CGPoint)
    /// Colour changes with the distance from `center`: `startRadius` has the first stop, `endRadius` the last.
    case radial(Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat)
    /// Colour changes with the angle around `center`, clockwise on screen from `startAngle` (0 points
    /// right) to `endAngle`.
    case angular(Gradient, center: CGPoint, startAngle: Angle, endAngle: Angle)

    /// The radial gradient's stops for a circle of `endRadius` from the centre, which is how SVG
    /// and Cairo both draw it: the first stop moves out to `startRadius / endRadius`.
    public static func radialStops(_ gradient: Gradient, startRadius: CGFloat, endRadius: CGFloat) -> [Gradient.Stop] {
        let stops = gradient.drawnStops
        guard endRadius > 0 else { return stops.last.map { [Gradient.Stop(color: $0.color, location: 0)] } ?? [] }
        let start = min(max(startRadius, 0), endRadius) / endRadius
        return stops.map { Gradient.Stop(color: $0.color, location: start + $0.location * (1 - start)) }
    }

    /// The radius angular wedges around `center` need to cover `box` (the path's bounds, grown by
    /// its stroke's reach): the farthest corner's distance and a point more.
    public static func angularRadius(center: CGPoint, covering box: CGRect) -> CGFloat {
        let corners = [CGPoint(x: box.minX, y: box.minY), CGPoint(x: box.maxX, y: box.minY),
                       CGPoint(x: box.minX, y: box.maxY), CGPoint(x: box.maxX, y: box.maxY)]
        return (corners.map { hypot($0.x - center.x, $0.y - center.y) }.max() ?? 0) + 1
    }

    /// An angular gradient as wedges of one colour each, one a degree, every wedge reaching three
    /// degrees on under the next ones, so that each pixel's edge lies on a wedge already covering
    /// it and no background shows between them (a 1 × 1 pixel is inside one 3° wedge from 30
    /// pixels out); both backends fill these same wedges, drawn as one layer and clipped to the
    /// shape (neither SVG 1.1 nor librsvg has a conic gradient). `radius` must reach every point
    /// to paint.
    ///
    /// As in SwiftUI, a range short of a full turn fills the rest with the last colour, then,
    /// halfway across, the first; a range over a full turn draws its last turn.
    public static func angularWedges(_ gradient: Gradient, center: CGPoint, startAngle: Angle, endAngle: Angle,
                                     radius: CGFloat) -> [(path: Path, color: Color)] {
        let full = 2 * Double.pi
        var start = startAngle.radians, end = endAngle.radians
        guard start.isFinite, end.isFinite, radius.isFinite, radius > 0 else { return [] }
        if end < start { swap(&start, &end) }
        if end - start > full { start = end - full }
        let span = end - start
        let count = 360
        let step = full / Double(count)
        let stops = gradient.drawnStops
        var wedges: [(path: Path, color: Color)] = []
        wedges.reserveCapacity(count)
        for index in 0..<count {
            let a0 = start + Double(index) * step
            let middle = a0 + step / 2 - start
            let color: Color
            if span > 0, middle <= span {
                color = Gradient.color(at: CGFloat(middle / span), along: stops)
            } else {
                let missing = full - span
                color = Gradient.color(at: middle - span < missing / 2 ? 1 : 0, along: stops)
            }
            // Three wedges more, under the next ones; the last ones stop where the first begins,
            // and the first reaches one wedge back, under the last one's end.
            let a1 = min(a0 + step * 4, start + full)
            let from = index == 0 ? a0 - step : a0
            var path = Path()
            path.move(to: center)
            path.addLine(to: CGPoint(x: center.x + radius * cos(from), y: center.y + radius * sin(from)))
            path.addLine(to: CGPoint(x: center.x + radius * cos(a1), y: center.y + radius * sin(a1)))
            path.closeSubpath()
            wedges.append((path, color))
        }
        return wedges
    }
}

/// A gradient along a line between two unit points of the shape's frame.
public struct LinearGradient: ShapeStyle, View, PrimitiveView, Hashable, Sendable {
    /// The colours and where they stand along the line.
    public var gradient: Gradient
    /// Where location 0 is, as a unit point of the frame.
    public var startPoint: UnitPoint
    /// Where location 1 is.
    public var endPoint: UnitPoint

    /// `gradient` from `startPoint` to `endPoint`.
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient
        self.startPoint = startPoint
        self.endPoint = endPoint
    }
    /// `colors` spread evenly from `startPoint` to `endPoint`.
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }
    /// `stops` from `startPoint` to `endPoint`.
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }

    public func _paint(in rect: CGRect) -> DisplayPaint {
        .linear(gradient, start: CGPoint(x: rect.minX + startPoint.x * rect.width, y: rect.minY + startPoint.y * rect.height),
                end: CGPoint(x: rect.minX + endPoint.x * rect.width, y: rect.minY + endPoint.y * rect.height))
    }
}

/// A gradient in circles around a unit point of the shape's frame; radii in points.
public struct RadialGradient: ShapeStyle, View, PrimitiveView, Hashable, Sendable {
    /// The colours and where they stand between the two radii.
    public var gradient: Gradient
    /// The circles' centre, as a unit point of the frame.
    public var center: UnitPoint
    /// The radius of location 0, in points.
    public var startRadius: CGFloat
    /// The radius of location 1, in points.
    public var endRadius: CGFloat

    /// `gradient` in circles from `startRadius` to `endRadius` around `center`.
    public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.gradient = gradient
        self.center = center
        self.startRadius = startRadius
        self.endRadius = endRadius
    }
    /// `colors` spread evenly from `startRadius` to `endRadius`.
    public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    /// `stops` from `startRadius` to `endRadius`.
    public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadius: startRadius, endRadius: endRadius)
    }

    public func _paint(in rect: CGRect) -> DisplayPaint {
        func safe(_ r: CGFloat) -> CGFloat { r.isFinite ? max(r, 0) : 0 }
        return .radial(gradient, center: CGPoint(x: rect.minX + center.x * rect.width, y: rect.minY + center.y * rect.height),
                       startRadius: safe(startRadius), endRadius: safe(endRadius))
    }
}

/// A gradient around a unit point of the shape's frame (a conic gradient).
public struct AngularGradient: ShapeStyle, View, PrimitiveView, Hashable, Sendable {
    /// The colours and where they stand between the two angles.
    public var gradient: Gradient
    /// The point the colours turn around, as a unit point of the frame.
    public var center: UnitPoint
    /// The angle of location 0, clockwise from the trailing direction.
    public var startAngle: Angle
    /// The angle of location 1.
    public var endAngle: Angle

    /// `gradient` turning from `startAngle` to `endAngle` around `center`; equal angles mean a
    /// full turn.
    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.gradient = gradient
        self.center = center
        self.startAngle = startAngle
        // SwiftUI's default: equal angles mean a full turn.
        self.endAngle = endAngle == startAngle ? startAngle + .degrees(360) : endAngle
    }
    /// A full turn starting at `angle`.
    public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: gradient, center: center, startAngle: angle, endAngle: angle + .degrees(360))
    }
    /// `colors` spread evenly from `startAngle` to `endAngle`.
    public init(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// `colors` spread evenly over a full turn starting at `angle`.
    public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(colors: colors), center: center, angle: angle)
    }

    public func _paint(in rect: CGRect) -> DisplayPaint {
        .angular(gradient, center: CGPoint(x: rect.minX + center.x * rect.width, y: rect.minY + center.y * rect.height),
                 startAngle: startAngle, endAngle: endAngle)
    }
}

extension LinearGradient {
    public var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself.
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        Rectangle().fill(view).resolve(in: environment, into: &builder)
    }
    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        Self._makeNodes(self, in: environment, into: &builder)
    }
}

extension RadialGradient {
    public var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself.
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        Rectangle().fill(view).resolve(in: environment, into: &builder)
    }
    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        Self._makeNodes(self, in: environment, into: &builder)
    }
}

extension AngularGradient {
    public var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself.
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        Rectangle().fill(view).resolve(in: environment, into: &builder)
    }
    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        Self._makeNodes(self, in: environment, into: &builder)
    }
}
