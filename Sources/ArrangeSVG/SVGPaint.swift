import Arrange
import Foundation

/// What a fill or stroke attribute says: nothing, a colour, or a gradient in the `<defs>`.
enum SVGPaintValue {
    case none
    case color(Color)
    /// The number of a `gradN` definition.
    case gradient(Int)
}

/// Colours and linear and radial gradients as paint. A gradient is a `<linearGradient>` or
/// `<radialGradient>` in the `<defs>` with `gradientUnits="userSpaceOnUse"`, its points written
/// where they land on the canvas (the item's corner added), so it does not depend on the bounding
/// box of what it paints. Angular gradients have no SVG element; `SVGPaths` draws them as wedges.
extension SVGWriter {
    /// The paint value of `paint`, a linear or radial gradient placed at `origin` (the item
    /// frame's top-left corner), defining the gradient on first use.
    ///
    /// As SVG draws them, a gradient without stops paints nothing, one with a single stop, a
    /// line of no length or a circle of no radius paints the last stop's colour: those are written
    /// as that colour, which draws the same without a definition.
    mutating func paintValue(_ paint: DisplayPaint, at origin: CGPoint) -> SVGPaintValue {
        switch paint {
        case .color(let color):
            return .color(color)
        case .linear(let gradient, let start, let end):
            let stops = gradient.drawnStops
            guard let last = stops.last else { return .none }
            let from = CGPoint(x: origin.x + start.x, y: origin.y + start.y), to = CGPoint(x: origin.x + end.x, y: origin.y + end.y)
            guard stops.count > 1, Self.isFinite(from), Self.isFinite(to), from != to else { return .color(last.color) }
            let content = SVGBuffer()
            content.write(" gradientUnits=\"userSpaceOnUse\" x1=\"")
            content.write(number: from.x)
            content.write("\" y1=\"")
            content.write(number: from.y)
            content.write("\" x2=\"")
            content.write(number: to.x)
            content.write("\" y2=\"")
            content.write(number: to.y)
            content.write("\">")
            content.write(stops: stops)
            content.write("</linearGradient>")
            return .gradient(define("linearGradient", prefix: "grad", content: content))
        case .radial(let gradient, let center, let startRadius, let endRadius):
            let stops = DisplayPaint.radialStops(gradient, startRadius: startRadius, endRadius: endRadius)
            guard let last = stops.last else { return .none }
            let middle = CGPoint(x: origin.x + center.x, y: origin.y + center.y)
            guard stops.count > 1, Self.isFinite(middle), endRadius.isFinite, endRadius > 0 else { return .color(last.color) }
            let content = SVGBuffer()
            content.write(" gradientUnits=\"userSpaceOnUse\" cx=\"")
            content.write(number: middle.x)
            content.write("\" cy=\"")
            content.write(number: middle.y)
            content.write("\" r=\"")
            content.write(number: endRadius)
            content.write("\">")
            content.write(stops: stops)
            content.write("</radialGradient>")
            return .gradient(define("radialGradient", prefix: "grad", content: content))
        case .angular(let gradient, _, _, _):
            // Drawn as wedges by the caller; as a plain paint, its first colour.
            return gradient.drawnStops.first.map { .color($0.color) } ?? .none
        }
    }

    static func isFinite(_ point: CGPoint) -> Bool { point.x.isFinite && point.y.isFinite }
}

extension SVGBuffer {
    /// ` fill="…"` (or `stroke`) for `value`: a colour as `write(paint:_:)` writes it, a gradient
    /// as a reference, or `none`.
    func write(paint attribute: StaticString, _ value: SVGPaintValue) {
        switch value {
        case .none:
            write(byte: UInt8(ascii: " "))
            write(attribute)
            write("=\"none\"")
        case .color(let color):
            write(paint: attribute, color)
        case .gradient(let number):
            write(reference: attribute, prefix: "grad", number)
        }
    }

    /// `<stop offset="…" stop-color="#rrggbb"/>` for each stop, with `stop-opacity` when it is
    /// not opaque (at 8 bits, as colours are written everywhere).
    func write(stops: [Gradient.Stop]) {
        for stop in stops {
            write("<stop offset=\"")
            write(number: stop.location)
            write("\" stop-color=\"")
            write(hex: stop.color)
            write(byte: UInt8(ascii: "\""))
            if stop.color.alpha * 255 < 254.5 {
                write(" stop-opacity=\"")
                write(number: Self.byteOpacity(stop.color.alpha))
                write(byte: UInt8(ascii: "\""))
            }
            write("/>")
        }
    }

    /// An opacity at 8 bits, as Cairo draws it: 0 for NaN or less, 1 for 1 or more.
    static func byteOpacity(_ alpha: Double) -> Double {
        guard alpha > 0 else { return 0 }
        return (min(alpha, 1) * 255).rounded() / 255
    }
}
