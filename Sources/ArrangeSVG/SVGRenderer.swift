import Arrange
import Foundation

/// Draws a display list as an SVG document: `viewBox` in points, `width` and `height` in pixels
/// of the render scale. The output is deterministic: the same list and options give the same
/// bytes.
///
/// Text is written as `<text>` in the DejaVu face layout measured, with every character placed
/// at the position Arrange computed (one `<tspan x>` each), so every viewer draws each line at
/// the measured width even where its own kerning or hinting would differ; the text stays
/// selectable and searchable, which glyph outlines would not.
public struct SVGRenderer: Renderer, Sendable {
    public init() {}

    public func render(_ list: DisplayList, options: RenderOptions = RenderOptions()) throws -> String {
        let scale = options.resolvedScale(for: list)
        try Limits.checkCanvas(list.size, scale: scale, pixelLimit: false)
        var writer = SVGWriter()
        writer.line("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(SVGNumber.format(list.size.width * scale))\" "
                    + "height=\"\(SVGNumber.format(list.size.height * scale))\" "
                    + "viewBox=\"0 0 \(SVGNumber.format(list.size.width)) \(SVGNumber.format(list.size.height))\">")
        if let background = options.background {
            writer.line("<rect width=\"\(SVGNumber.format(list.size.width))\" height=\"\(SVGNumber.format(list.size.height))\"\(SVGWriter.paint("fill", background))/>")
        }
        list.walk(&writer)
        writer.line("</svg>")
        return writer.output
    }
}

/// Writes one element per item: the visitor behind `SVGRenderer`.
struct SVGWriter: DisplayListVisitor {
    var output = ""
    private var depth = 0
    private var clipCount = 0

    mutating func line(_ text: String) {
        output += String(repeating: "  ", count: depth) + text + "\n"
    }

    mutating func fill(_ shape: ShapeKind, color: Color, in frame: CGRect, identity: ViewIdentity) {
        guard SVGWriter.isDrawable(frame) else { return }
        line(Self.element(shape, frame) + Self.paint("fill", color) + Self.identity(identity) + "/>")
    }

    mutating func strokeBorder(_ shape: ShapeKind, color: Color, lineWidth: CGFloat, in frame: CGRect, identity: ViewIdentity) {
        guard SVGWriter.isDrawable(frame), lineWidth > 0 else { return }
        // The outline inset by half the line width, so the band lies inside the frame.
        let inset = frame.insetBy(dx: lineWidth / 2, dy: lineWidth / 2)
        guard inset.width >= 0, inset.height >= 0 else { return }
        line(Self.element(shape, inset, radiusInset: lineWidth / 2) + " fill=\"none\"" + Self.paint("stroke", color)
             + " stroke-width=\"\(SVGNumber.format(lineWidth))\"" + Self.identity(identity) + "/>")
    }

    mutating func text(_ run: TextRun, in frame: CGRect, identity: ViewIdentity) {
        let face = run.font.face
        var style = " font-family=\"\(SVGEscaping.escape(face.family))\" font-size=\"\(SVGNumber.format(run.font.size))\""
        if face.isBold { style += " font-weight=\"bold\"" }
        if face.isItalic { style += " font-style=\"oblique\"" }
        for line in run.lines where !line.text.isEmpty && line.origin.x.isFinite && line.origin.y.isFinite {
            // Each character starts where layout put it, so a viewer's own kerning or hinting
            // (librsvg applies both) cannot move the text; the line stays one selectable <text>.
            var spans = "", x = line.origin.x
            for (character, advance) in zip(line.text, line.advances) {
                spans += "<tspan x=\"\(SVGNumber.format(x))\">" + SVGEscaping.escape(String(character)) + "</tspan>"
                x += advance
            }
            self.line("<text y=\"\(SVGNumber.format(line.origin.y))\"" + style + " xml:space=\"preserve\""
                      + Self.paint("fill", run.color) + Self.identity(identity) + ">" + spans + "</text>")
        }
    }

    mutating func beginGroup(_ group: DisplayGroup, frame: CGRect, identity: ViewIdentity) {
        var attributes = ""
        if let clip = group.clip, SVGWriter.isDrawable(frame) {
            clipCount += 1
            let id = "clip\(clipCount)"
            line("<clipPath id=\"\(id)\">" + Self.element(clip, frame) + "/></clipPath>")
            attributes += " clip-path=\"url(#\(id))\""
        }
        if group.opacity < 1 { attributes += " opacity=\"\(SVGNumber.format(group.opacity))\"" }
        if group.translation != .zero {
            attributes += " transform=\"translate(\(SVGNumber.format(group.translation.width)) \(SVGNumber.format(group.translation.height)))\""
        }
        line("<g" + attributes + Self.identity(identity) + ">")
        depth += 1
    }

    mutating func endGroup() {
        depth -= 1
        line("</g>")
    }

    static func isDrawable(_ frame: CGRect) -> Bool {
        frame.minX.isFinite && frame.minY.isFinite && frame.width.isFinite && frame.height.isFinite
    }

    /// The opening of an element drawing `shape` in `frame` (no closing `/>`).
    static func element(_ shape: ShapeKind, _ frame: CGRect, radiusInset: CGFloat = 0) -> String {
        let f = SVGNumber.format
        let box = "x=\"\(f(frame.minX))\" y=\"\(f(frame.minY))\" width=\"\(f(frame.width))\" height=\"\(f(frame.height))\""
        switch shape {
        case .rectangle:
            return "<rect " + box
        case .roundedRectangle(let radius):
            let r = min(max(radius - radiusInset, 0), frame.width / 2, frame.height / 2)
            return "<rect " + box + (r > 0 ? " rx=\"\(f(r))\" ry=\"\(f(r))\"" : "")
        case .capsule:
            let r = min(frame.width, frame.height) / 2
            return "<rect " + box + " rx=\"\(f(r))\" ry=\"\(f(r))\""
        case .circle:
            return "<circle cx=\"\(f(frame.midX))\" cy=\"\(f(frame.midY))\" r=\"\(f(min(frame.width, frame.height) / 2))\""
        case .ellipse:
            return "<ellipse cx=\"\(f(frame.midX))\" cy=\"\(f(frame.midY))\" rx=\"\(f(frame.width / 2))\" ry=\"\(f(frame.height / 2))\""
        }
    }

    /// ` fill="#rrggbb"` plus an opacity attribute when the colour is not opaque.
    static func paint(_ attribute: String, _ color: Color) -> String {
        var text = " \(attribute)=\"\(color.hexRGB)\""
        // Opacity at 8 bits, as Cairo draws it, so both backends blend alike.
        let alpha = (color.alpha * 255).rounded() / 255
        if alpha < 1 { text += " \(attribute)-opacity=\"\(SVGNumber.format(alpha))\"" }
        return text
    }

    static func identity(_ identity: ViewIdentity) -> String {
        identity.id.map { " data-id=\"\(SVGEscaping.escape($0))\"" } ?? ""
    }
}

/// Escaping of user text for SVG (XML): the five special characters become entities, and
/// characters XML 1.0 forbids (most control characters) are dropped, so nothing a scene says can
/// add markup or break the document.
public enum SVGEscaping {
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                let v = scalar.value
                if v < 0x20 || (0xD800...0xDFFF).contains(v) || v == 0xFFFE || v == 0xFFFF { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// Numbers as SVG writes them: at most four decimals, no trailing zeros, no "-0", so that
/// 0.1 stays "0.1" and 26.666666 becomes "26.6667".
public enum SVGNumber {
    public static func format(_ value: CGFloat) -> String {
        guard value.isFinite else { return "0" }
        let scaled = (Double(value) * 10_000).rounded()
        if scaled == 0 { return "0" }
        let negative = scaled < 0
        let magnitude = UInt64(abs(scaled))
        let whole = magnitude / 10_000, fraction = magnitude % 10_000
        var text = String(whole)
        if fraction > 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: 4 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return negative ? "-" + text : text
    }
}
