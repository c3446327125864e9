import Arrange
import Foundation

/// Path items: one `<path>` filled or stroked with a colour or gradient, its points written where
/// they land on the canvas (the item frame's corner added, as every other element's numbers are).
///
/// An angular gradient, which SVG has no element for, is the wedges of
/// `DisplayPaint.angularWedges` (the ones Cairo fills too), each one colour, in a `<g>` masked by
/// the item's path painted white: filled, or stroked with the item's stroke style.
extension SVGWriter {
    mutating func path(_ drawing: PathDrawing, in frame: CGRect, identity: ViewIdentity) {
        flushPendingFill()
        guard DrawnBounds.isDrawable(frame), !drawing.path.isEmpty, drawing.path.isFinite else { return }
        let stroke = drawing.stroke?.sanitized
        // SVG draws no stroke of no width (nor does Cairo).
        if let stroke, stroke.lineWidth <= 0 { return }
        if case .angular(let gradient, let center, let startAngle, let endAngle) = drawing.paint {
            angular(drawing, gradient: gradient, center: center, startAngle: startAngle, endAngle: endAngle, stroke: stroke,
                    frame: frame, id: identity.id)
            return
        }
        let paint = paintValue(drawing.paint, at: frame.origin)
        if case .none = paint { return }
        body.indent(depth)
        body.write("<path d=\"")
        body.write(pathData: drawing.path, dx: frame.minX, dy: frame.minY)
        body.write(byte: UInt8(ascii: "\""))
        if let stroke {
            body.write(" fill=\"none\"")
            body.write(paint: "stroke", paint)
            body.write(stroke: stroke)
        } else {
            body.write(paint: "fill", paint)
            if drawing.evenOdd { body.write(" fill-rule=\"evenodd\"") }
        }
        body.write(id: identity.id)
        body.write("/>\n")
    }

    /// The wedges of an angular gradient around `center` in a `<g>` masked by the item's path.
    private mutating func angular(_ drawing: PathDrawing, gradient: Gradient, center: CGPoint, startAngle: Angle, endAngle: Angle,
                                  stroke: StrokeStyle?, frame: CGRect, id: String?) {
        guard !gradient.drawnStops.isEmpty, Self.isFinite(center) else { return }
        // The wedges must reach every point painted, stroke included.
        let reach = stroke?.reach ?? 0
        let radius = DisplayPaint.angularRadius(center: center, covering: drawing.path.boundingRect.insetBy(dx: -reach, dy: -reach))
        let wedges = DisplayPaint.angularWedges(gradient, center: center, startAngle: startAngle, endAngle: endAngle, radius: radius)
        guard !wedges.isEmpty else { return }
        // The mask: the item's path in white, over the square the wedges cover.
        let mask = SVGBuffer()
        mask.write(" maskUnits=\"userSpaceOnUse\" x=\"")
        mask.write(number: frame.minX + center.x - radius)
        mask.write("\" y=\"")
        mask.write(number: frame.minY + center.y - radius)
        mask.write("\" width=\"")
        mask.write(number: 2 * radius)
        mask.write("\" height=\"")
        mask.write(number: 2 * radius)
        mask.write("\"><path d=\"")
        mask.write(pathData: drawing.path, dx: frame.minX, dy: frame.minY)
        mask.write(byte: UInt8(ascii: "\""))
        if let stroke {
            mask.write(" fill=\"none\" stroke=\"#ffffff\"")
            mask.write(stroke: stroke)
        } else {
            mask.write(" fill=\"#ffffff\"")
            if drawing.evenOdd { mask.write(" fill-rule=\"evenodd\"") }
        }
        mask.write("/></mask>")
        let number = define("mask", prefix: "mask", content: mask)
        body.indent(depth)
        body.write("<g")
        body.write(reference: "mask", prefix: "mask", number)
        body.write(id: id)
        body.write(">\n")
        for wedge in wedges {
            body.indent(depth + 1)
            body.write("<path d=\"")
            body.write(pathData: wedge.path, dx: frame.minX, dy: frame.minY)
            body.write(byte: UInt8(ascii: "\""))
            body.write(paint: "fill", wedge.color)
            body.write("/>\n")
        }
        body.indent(depth)
        body.write("</g>\n")
    }

}

extension SVGBuffer {
    /// Path data, moved by (`dx`, `dy`): `M x y`, `L x y`, `Q cx cy x y`, `C c1x c1y c2x c2y x y`
    /// and `Z`, commands written next to the numbers before them.
    func write(pathData path: Path, dx: CGFloat, dy: CGFloat) {
        for element in path.elements {
            switch element {
            case .move(let p):
                write(byte: UInt8(ascii: "M"))
                write(point: p, dx, dy)
            case .line(let p):
                write(byte: UInt8(ascii: "L"))
                write(point: p, dx, dy)
            case .quadCurve(let p, let c):
                write(byte: UInt8(ascii: "Q"))
                write(point: c, dx, dy)
                write(byte: UInt8(ascii: " "))
                write(point: p, dx, dy)
            case .curve(let p, let c1, let c2):
                write(byte: UInt8(ascii: "C"))
                write(point: c1, dx, dy)
                write(byte: UInt8(ascii: " "))
                write(point: c2, dx, dy)
                write(byte: UInt8(ascii: " "))
                write(point: p, dx, dy)
            case .closeSubpath:
                write(byte: UInt8(ascii: "Z"))
            }
        }
    }

    private func write(point: CGPoint, _ dx: CGFloat, _ dy: CGFloat) {
        write(number: point.x + dx)
        write(byte: UInt8(ascii: " "))
        write(number: point.y + dy)
    }

    /// The stroke attributes of `style` (sanitized) that differ from SVG's defaults; the miter
    /// limit always, with miter joins, since SVG's default is 4 and Core Graphics' and Cairo's 10.
    func write(stroke style: StrokeStyle) {
        if style.lineWidth != 1 {
            write(" stroke-width=\"")
            write(number: style.lineWidth)
            write(byte: UInt8(ascii: "\""))
        }
        switch style.lineCap {
        case .butt: break
        case .round: write(" stroke-linecap=\"round\"")
        case .square: write(" stroke-linecap=\"square\"")
        }
        switch style.lineJoin {
        case .miter:
            if style.miterLimit != 4 {
                write(" stroke-miterlimit=\"")
                write(number: style.miterLimit)
                write(byte: UInt8(ascii: "\""))
            }
        case .round: write(" stroke-linejoin=\"round\"")
        case .bevel: write(" stroke-linejoin=\"bevel\"")
        }
        if !style.dash.isEmpty {
            write(" stroke-dasharray=\"")
            for (index, length) in style.dash.enumerated() {
                if index > 0 { write(byte: UInt8(ascii: " ")) }
                write(number: length)
            }
            write(byte: UInt8(ascii: "\""))
            if style.dashPhase != 0 {
                write(" stroke-dashoffset=\"")
                write(number: style.dashPhase)
                write(byte: UInt8(ascii: "\""))
            }
        }
    }
}
