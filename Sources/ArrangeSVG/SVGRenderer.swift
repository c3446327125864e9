import Arrange
import Foundation

/// Draws a display list as an SVG document whose `width` and `height` are the canvas in points
/// (the `viewBox` too), whatever the scale: an SVG is a vector picture, so the scale only sets the
/// pixel grid frames were rounded to. The output is deterministic: the same list and options
/// give the same bytes.
///
/// Text is drawn as `textMode` says; the default, `.outlines`, makes the file look the same on
/// every viewer whatever fonts it has.
public struct SVGRenderer: Renderer, Sendable {
    /// How text is written.
    public enum TextMode: String, Sendable, CaseIterable {
        /// Every glyph used is written once as an outline in `<defs>` and placed with `<use>` (colour
        /// emoji as PNG images), the exact glyphs layout measured; an invisible `<text>` layer
        /// keeps the words selectable, searchable and readable by screen readers.
        case outlines
        /// The faces used are cut down to the characters drawn and embedded as `@font-face` data;
        /// `<text>` places every character where layout put it.
        case embedded
        /// `<text>` names the family, with a generic family after it, and places every character
        /// where layout put it; the viewer's installed fonts draw it.
        case system
    }

    /// How text is written; `.outlines` by default.
    public var textMode: TextMode
    /// Where glyph outlines and font files come from: the library layout measured with.
    public var fonts: FontLibrary

    public init(textMode: TextMode = .outlines, fonts: FontLibrary = .system) {
        self.textMode = textMode
        self.fonts = fonts
    }

    public func render(_ list: DisplayList, options: RenderOptions = RenderOptions()) throws -> String {
        let scale = options.resolvedScale(for: list)
        try Limits.checkCanvas(list.size, scale: scale, pixelLimit: false)
        var writer = SVGWriter(textMode: textMode, fonts: fonts)
        if let background = options.background {
            writer.line("<rect width=\"\(SVGNumber.format(list.size.width))\" height=\"\(SVGNumber.format(list.size.height))\"\(SVGWriter.paint("fill", background))/>")
        }
        list.walk(&writer)
        if let error = writer.error { throw error }
        let width = SVGNumber.format(list.size.width), height = SVGNumber.format(list.size.height)
        var document = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">\n"
        document += writer.definitions()
        document += writer.output
        document += "</svg>\n"
        return document
    }
}

/// Writes one element per item: the visitor behind `SVGRenderer`.
struct SVGWriter: DisplayListVisitor {
    let textMode: SVGRenderer.TextMode
    let fonts: FontLibrary
    var output = ""
    var depth = 0
    private var clipCount = 0
    /// Glyphs drawn so far, by face and glyph id, with the id of their definition.
    private var glyphIDs: [GlyphKey: String] = [:]
    /// Their definitions, in first-use order.
    private var glyphDefinitions: [String] = []
    /// Characters drawn per face, for `.embedded`.
    private var embeddedCharacters: [FontFaceID: Set<Character>] = [:]
    /// The first font problem met; `render` throws it.
    private(set) var error: (any Error)?

    struct GlyphKey: Hashable {
        let face: FontFaceID
        let glyph: UInt32
    }

    init(textMode: SVGRenderer.TextMode, fonts: FontLibrary) {
        self.textMode = textMode
        self.fonts = fonts
    }

    mutating func line(_ text: String) {
        output += String(repeating: "  ", count: depth) + text + "\n"
    }

    /// `<defs>` with every glyph outline, or the `@font-face` rules; empty when there are none.
    func definitions() -> String {
        var text = ""
        if !glyphDefinitions.isEmpty {
            text += "<defs>\n"
            for definition in glyphDefinitions { text += "  " + definition + "\n" }
            text += "</defs>\n"
        }
        if textMode == .embedded, !embeddedCharacters.isEmpty {
            text += "<style>\n"
            for face in embeddedCharacters.keys.sorted() {
                guard let characters = embeddedCharacters[face], let data = fonts.subset(face, characters: characters) else { continue }
                text += "  @font-face { font-family: \"\(Self.embeddedFamily(face))\"; src: url(data:font/ttf;base64,\(data.base64EncodedString())); }\n"
            }
            text += "</style>\n"
        }
        return text
    }

    mutating func fill(_ shape: ShapeKind, color: Color, in frame: CGRect, identity: ViewIdentity) {
        guard SVGWriter.isDrawable(frame) else { return }
        line(Self.element(shape, frame) + Self.paint("fill", color) + Self.identity(identity) + "/>")
    }

    mutating func strokeBorder(_ shape: ShapeKind, color: Color, lineWidth: CGFloat, in frame: CGRect, identity: ViewIdentity) {
        guard SVGWriter.isDrawable(frame), lineWidth > 0 else { return }
        // The outline inset by half the line width, so the band lies inside the frame.
        let inset = frame.insetBy(dx: lineWidth / 2, dy: lineWidth / 2)
        // A band as wide as half the frame covers all of it: fill the shape (SVG draws no
        // stroke of a rectangle with no width, where Cairo would).
        guard inset.width > 0, inset.height > 0 else {
            fill(shape, color: color, in: frame, identity: identity)
            return
        }
        line(Self.element(shape, inset, radiusInset: lineWidth / 2) + " fill=\"none\"" + Self.paint("stroke", color)
             + " stroke-width=\"\(SVGNumber.format(lineWidth))\"" + Self.identity(identity) + "/>")
    }

    mutating func text(_ run: TextRun, in frame: CGRect, identity: ViewIdentity) {
        for line in run.lines where !line.text.isEmpty {
            let origin = CGPoint(x: frame.minX + line.origin.x, y: frame.minY + line.origin.y)
            guard origin.x.isFinite, origin.y.isFinite else { continue }
            switch textMode {
            case .outlines: outlines(line, at: origin, run: run, identity: identity)
            case .embedded, .system: characters(line, at: origin, run: run, identity: identity)
            }
        }
    }

    /// Glyph outlines placed with `<use>`, one group per face, then the invisible text.
    private mutating func outlines(_ line: TextRun.Line, at origin: CGPoint, run: TextRun, identity: ViewIdentity) {
        let f: (CGFloat) -> String = SVGNumber.format
        var start = 0
        while start < line.glyphs.count {
            var end = start + 1
            while end < line.glyphs.count, line.glyphs[end].face == line.glyphs[start].face { end += 1 }
            defer { start = end }
            guard let face = line.glyphs[start].face else { continue }
            var uses = ""
            var unitsPerEm: Double = 1000
            for glyph in line.glyphs[start..<end] {
                guard let (id, upem) = definition(of: glyph.id, in: face) else { continue }
                unitsPerEm = upem
                guard let id else { continue }
                let units = CGFloat(upem) / run.font.size
                let y = glyph.y != 0 ? " y=\"" + f(glyph.y * units) + "\"" : ""
                uses += "<use href=\"#" + id + "\" x=\"" + f(glyph.x * units) + "\"" + y + "/>"
            }
            guard !uses.isEmpty else { continue }
            let scale = run.font.size / CGFloat(unitsPerEm)
            self.line("<g transform=\"translate(\(f(origin.x)) \(f(origin.y))) scale(\(SVGNumber.format(scale, decimals: 8)))\""
                      + Self.paint("fill", run.color) + Self.identity(identity) + ">" + uses + "</g>")
        }
        // Invisible, selectable words over the drawn ones.
        self.line("<text x=\"\(f(origin.x))\" y=\"\(f(origin.y))\" font-family=\"sans-serif\" font-size=\"\(f(run.font.size))\""
                  + " textLength=\"\(f(line.width))\" lengthAdjust=\"spacingAndGlyphs\" fill-opacity=\"0\" xml:space=\"preserve\">"
                  + SVGEscaping.escape(line.text) + "</text>")
    }

    /// The definition id of a glyph (nil for one that draws nothing) and its face's units per em,
    /// defining it on first use.
    private mutating func definition(of glyph: UInt32, in face: FontFaceID) -> (String?, Double)? {
        let key = GlyphKey(face: face, glyph: glyph)
        do {
            if let image = try fonts.colorImage(of: glyph, in: face) {
                if let id = glyphIDs[key] { return (id, image.unitsPerEm) }
                let id = "g\(glyphDefinitions.count + 1)"
                let f: (CGFloat) -> String = SVGNumber.format
                glyphDefinitions.append("<image id=\"\(id)\" x=\"\(f(image.frame.minX))\" y=\"\(f(image.frame.minY))\" width=\"\(f(image.frame.width))\" height=\"\(f(image.frame.height))\" href=\"data:image/png;base64,\(image.png.base64EncodedString())\"/>")
                glyphIDs[key] = id
                return (id, image.unitsPerEm)
            }
            let outline = try fonts.outline(of: glyph, in: face)
            guard !outline.path.isEmpty else { return (nil, outline.unitsPerEm) }
            if let id = glyphIDs[key] { return (id, outline.unitsPerEm) }
            let id = "g\(glyphDefinitions.count + 1)"
            glyphDefinitions.append("<path id=\"\(id)\" d=\"\(outline.path)\"/>")
            glyphIDs[key] = id
            return (id, outline.unitsPerEm)
        } catch {
            if self.error == nil { self.error = error }
            return nil
        }
    }

    /// `<text>` with one `<tspan>` per stretch of glyphs in one face and one direction, placed
    /// where layout put it and held to its measured width, so the viewer shapes each stretch
    /// (ligatures, Arabic joining) with the named or embedded font.
    private mutating func characters(_ line: TextRun.Line, at origin: CGPoint, run: TextRun, identity: ViewIdentity) {
        let f: (CGFloat) -> String = SVGNumber.format
        let units = Array(line.text.utf16)
        // Where each glyph cluster starts: a stretch's text runs to the next cluster after its
        // last one (a ligature's cluster holds all the characters it draws).
        let clusterStarts = Set(line.glyphs.map(\.cluster)).sorted()
        let generic = switch run.font.design {
        case .serif: "serif"
        case .monospaced: "monospace"
        case .default, .rounded: "sans-serif"
        }
        var spans = ""
        var start = 0
        while start < line.glyphs.count {
            let first = line.glyphs[start]
            var end = start + 1
            while end < line.glyphs.count, line.glyphs[end].face == first.face, line.glyphs[end].level == first.level { end += 1 }
            defer { start = end }
            let stretch = line.glyphs[start..<end]
            let low = stretch.map(\.cluster).min() ?? 0, high = stretch.map(\.cluster).max() ?? 0
            let upper = clusterStarts.first { $0 > high } ?? units.count
            guard low < upper, upper <= units.count else { continue }
            let text = String(decoding: units[low..<upper], as: UTF16.self)
            let left = stretch.map(\.x).min() ?? 0
            let width = stretch.reduce(0) { $0 + $1.advance }
            var family: String
            if textMode == .embedded, let face = first.face {
                embeddedCharacters[face, default: []].formUnion(text)
                family = Self.embeddedFamily(face)
            } else {
                family = first.face.flatMap { fonts.familyName(of: $0) } ?? "DejaVu Sans"
            }
            family += ", " + generic
            let rightToLeft = first.level % 2 == 1
            // Right to left, a stretch starts at its right end.
            let x = origin.x + left + (rightToLeft ? width : 0)
            spans += "<tspan x=\"\(f(x))\" font-family=\"\(SVGEscaping.escape(family))\""
                + (rightToLeft ? " direction=\"rtl\" unicode-bidi=\"bidi-override\"" : "")
                + (width > 0 ? " textLength=\"\(f(width))\" lengthAdjust=\"spacingAndGlyphs\"" : "")
                + ">" + SVGEscaping.escape(text) + "</tspan>"
        }
        var style = " font-size=\"\(f(run.font.size))\""
        if run.font.weight.cssWeight != 400 { style += " font-weight=\"\(run.font.weight.cssWeight)\"" }
        if run.font.isItalic { style += " font-style=\"italic\"" }
        self.line("<text y=\"\(f(origin.y))\"" + style + " xml:space=\"preserve\"" + Self.paint("fill", run.color)
                  + Self.identity(identity) + ">" + spans + "</text>")
    }

    static func embeddedFamily(_ face: FontFaceID) -> String {
        // A name derived from the face, stable from run to run.
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in face.description.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
        return "arrange-" + String(hash % 0xFFFFFF, radix: 16)
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
        let f: (CGFloat) -> String = SVGNumber.format
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

/// Numbers as SVG writes them: at most four decimals (or as many as asked), no trailing zeros,
/// no "-0", so that 0.1 stays "0.1" and 26.666666 becomes "26.6667". Magnitudes beyond 1e15 are
/// written in full without decimals rather than trapping.
public enum SVGNumber {
    public static func format(_ value: CGFloat) -> String { format(value, decimals: 4) }

    public static func format(_ value: CGFloat, decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        let decimals = min(max(decimals, 0), 9)
        var power: Double = 1
        for _ in 0..<decimals { power *= 10 }
        let scaled = (Double(value) * power).rounded()
        if scaled == 0 { return "0" }
        guard abs(scaled) < 9e18 else { return String(format: "%.0f", Double(value)) }
        let negative = scaled < 0
        let magnitude = UInt64(abs(scaled))
        let unit = UInt64(power)
        let whole = magnitude / unit, fraction = magnitude % unit
        var text = String(whole)
        if fraction > 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: decimals - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return negative ? "-" + text : text
    }
}
