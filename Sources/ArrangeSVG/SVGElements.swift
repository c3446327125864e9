import Arrange
import Foundation

/// The elements and attributes the writer draws with, written straight into the buffer.
extension SVGBuffer {
    /// One line: `shape` in `frame`, filled.
    func fillElement(_ shape: ShapeKind, color: Color, in frame: CGRect, id: String?, depth: Int) {
        indent(depth)
        element(shape, frame)
        write(paint: "fill", color)
        write(id: id)
        write("/>\n")
    }

    /// One line: `shape` in `inset` stroked `lineWidth` wide, so that the band lies inside the
    /// frame `inset` was made from, and filled with `fill` or not at all.
    func borderElement(_ shape: ShapeKind, fill: Color?, stroke: Color, lineWidth: CGFloat, in inset: CGRect, id: String?, depth: Int) {
        indent(depth)
        element(shape, inset, radiusInset: lineWidth / 2)
        if let fill {
            write(paint: "fill", fill)
        } else {
            write(" fill=\"none\"")
        }
        write(paint: "stroke", stroke)
        // SVG's default width is 1, the usual border.
        if lineWidth != 1 {
            write(" stroke-width=\"")
            write(number: lineWidth)
            write(byte: UInt8(ascii: "\""))
        }
        write(id: id)
        write("/>\n")
    }

    /// The opening of an element drawing `shape` in `frame` (no closing `/>`); a rounded
    /// rectangle's radius is made `radiusInset` smaller, for an outline inset by that much.
    func element(_ shape: ShapeKind, _ frame: CGRect, radiusInset: CGFloat = 0) {
        switch shape {
        case .rectangle:
            rect(frame, radius: nil)
        case .roundedRectangle(let radius, let style):
            let r = min(max(radius - radiusInset, 0), frame.width / 2, frame.height / 2)
            if style == .continuous, r > 0 {
                // Continuous corners have no SVG element: their outline as a path.
                write("<path d=\"")
                write(pathData: Path(roundedRect: frame, cornerRadius: r, style: .continuous), dx: 0, dy: 0)
                write(byte: UInt8(ascii: "\""))
            } else {
                rect(frame, radius: r > 0 ? r : nil)
            }
        case .capsule:
            rect(frame, radius: min(frame.width, frame.height) / 2)
        case .circle:
            write("<circle cx=\"")
            write(number: frame.midX)
            write("\" cy=\"")
            write(number: frame.midY)
            write("\" r=\"")
            write(number: min(frame.width, frame.height) / 2)
            write(byte: UInt8(ascii: "\""))
        case .ellipse:
            write("<ellipse cx=\"")
            write(number: frame.midX)
            write("\" cy=\"")
            write(number: frame.midY)
            write("\" rx=\"")
            write(number: frame.width / 2)
            write("\" ry=\"")
            write(number: frame.height / 2)
            write(byte: UInt8(ascii: "\""))
        }
    }

    private func rect(_ frame: CGRect, radius: CGFloat?) {
        write("<rect")
        write(frame: frame)
        if let radius {
            write(" rx=\"")
            write(number: radius)
            write("\" ry=\"")
            write(number: radius)
            write(byte: UInt8(ascii: "\""))
        }
    }

    /// ` fill="#rrggbb"` plus an opacity attribute when the colour is not opaque.
    func write(paint attribute: StaticString, _ color: Color) {
        write(byte: UInt8(ascii: " "))
        write(attribute)
        write("=\"")
        write(hex: color)
        write(byte: UInt8(ascii: "\""))
        // Opacity at 8 bits, as Cairo draws it, so both backends blend alike; 254.5 and above
        // round to opaque.
        if color.alpha * 255 < 254.5 {
            let alpha = (color.alpha * 255).rounded() / 255
            write(byte: UInt8(ascii: " "))
            write(attribute)
            write("-opacity=\"")
            write(number: alpha)
            write(byte: UInt8(ascii: "\""))
        }
    }

    /// ` data-id="…"` for a view tagged with `.id(_:)`, escaped.
    func write(id: String?) {
        guard let id else { return }
        write(" data-id=\"")
        write(escaping: id)
        write(byte: UInt8(ascii: "\""))
    }
}
