import Arrange
import Foundation

/// Draws a display list as an SVG document whose `width` and `height` are the canvas in points
/// (the `viewBox` too), whatever the scale: an SVG is a vector picture, so the scale only sets the
/// pixel grid frames were rounded to. The output is deterministic: the same list and options
/// give the same bytes.
///
/// Each item is one element on its own line (an angular gradient, which SVG has no element for,
/// is a group of wedges). A rectangle's fill followed by a border of the same rectangle
/// (`.border`, `strokeBorder`) is written as one `<rect>` with both a fill and a stroke where that
/// draws the same pixels: an opaque border on the pixel grid. Gradients, masks and shadow filters
/// are `<defs>`, written once however many items use them.
///
/// Text is drawn as `textMode` says; the default, `.outlines`, makes the file look the same on
/// every viewer whatever fonts it has. Images are embedded as data URIs unless `imageLinks` is set.
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
    /// Whether images are referenced by their `ImageSource.name` (a path, for a file kept next to
    /// the images) rather than embedded as data URIs, which makes the file self-contained.
    public var imageLinks: Bool

    /// A renderer writing text as `textMode` says, with glyphs and font files from `fonts`, and
    /// images embedded, or linked by name when `imageLinks` is set.
    public init(textMode: TextMode = .outlines, fonts: FontLibrary = .system, imageLinks: Bool = false) {
        self.textMode = textMode
        self.fonts = fonts
        self.imageLinks = imageLinks
    }

    /// The SVG document of `list`; throws when the canvas cannot be drawn or a font cannot be read.
    public func render(_ list: DisplayList, options: RenderOptions = RenderOptions()) throws -> String {
        let scale = options.resolvedScale(for: list)
        try Limits.checkCanvas(list.size, scale: scale, pixelLimit: false)
        var writer = SVGWriter(textMode: textMode, fonts: fonts, scale: scale, expectedItems: list.items.count, imageLinks: imageLinks)
        writer.accessibility = options.accessibility
        writer.background(options.background, size: list.size)
        DisplayList.walk(list.items, &writer)
        writer.finish()
        if let error = writer.error { throw error }
        return writer.document(size: list.size)
    }
}

/// Writes one element per item, on its own line, except that a rectangle's fill and the border
/// drawn just after it share one where that draws the same pixels: the visitor behind
/// `SVGRenderer`.
struct SVGWriter: DisplayListVisitor {
    let textMode: SVGRenderer.TextMode
    let fonts: FontLibrary
    /// The pixel grid the picture is drawn on, for deciding when a fill and its border may merge.
    let scale: CGFloat
    /// Whether images are linked by name rather than embedded.
    let imageLinks: Bool
    /// The elements, after the `<defs>`.
    var body: SVGBuffer
    /// How many `<g>` are open: the indentation of the next element.
    var depth = 0
    var clipCount = 0
    /// How many `<g>` each open group wrote: none for one with nothing to apply, more than one
    /// when its effects must nest (two clips, a clip or shadow with a translation).
    var openGroups: [Int] = []
    /// The open groups, for where items land on the pixel grid.
    var groups = GroupStack()
    /// Gradients, masks and filters, one a line, for the `<defs>` after the glyphs.
    let definitions = SVGBuffer()
    /// The number of each definition written, by its element and content, so that identical
    /// ones are written once.
    var definitionNumbers: [String: Int] = [:]
    /// How many definitions of each id prefix there are.
    var definitionCounts: [String: Int] = [:]
    /// A rectangle's fill held back while the next item may be its border (plain fields, not an
    /// optional struct, which the compiler copies through slower generic code).
    private var hasPendingFill = false
    private var pendingColor = Color(white: 0)
    private var pendingFrame = CGRect.zero
    private var pendingID: String?
    /// Glyphs met so far, by face and glyph id: the number of their definition (nil for one that
    /// draws nothing) and their face's units per em. Looked up before the font is asked, so a
    /// glyph's outline is built and formatted once however often it is drawn.
    private var glyphIDs: [GlyphKey: (number: Int?, unitsPerEm: Double)] = [:]
    /// Their definitions, in first-use order, one a line.
    private let glyphDefinitions = SVGBuffer()
    private var glyphCount = 0
    /// Characters drawn per face, for `.embedded`.
    private var embeddedCharacters: [FontFaceID: Set<Character>] = [:]
    /// The `<use>` elements of one stretch of glyphs, kept to reuse its storage.
    private let uses = SVGBuffer()
    /// Each image's definition number, so that its data is encoded and written once however often
    /// it is drawn; the source is held so that its identifier cannot pass to another image.
    var imageNumbers: [ObjectIdentifier: (source: ImageSource, number: Int)] = [:]
    /// The picture's title and description, written first in the document.
    var accessibility: PictureAccessibility?
    /// The first font problem met; `render` throws it.
    private(set) var error: (any Error)?

    struct GlyphKey: Hashable {
        let face: FontFaceID
        let glyph: UInt32
    }

    init(textMode: SVGRenderer.TextMode, fonts: FontLibrary, scale: CGFloat, expectedItems: Int, imageLinks: Bool = false) {
        self.textMode = textMode
        self.fonts = fonts
        self.scale = scale
        self.imageLinks = imageLinks
        // About 90 bytes an element; a guess, so that a large list grows its storage rarely.
        body = SVGBuffer(capacity: min(expectedItems, 1 << 20) * 96 + 256)
    }

    /// Writes what is still held back; call after the walk.
    mutating func finish() {
        flushPendingFill()
    }

    /// A rectangle of `color` under everything, when there is a colour.
    func background(_ color: Color?, size: CGSize) {
        guard let color else { return }
        body.write("<rect width=\"")
        body.write(number: size.width)
        body.write("\" height=\"")
        body.write(number: size.height)
        body.write(byte: UInt8(ascii: "\""))
        body.write(paint: "fill", color)
        body.write("/>\n")
    }

    /// The whole document: the `<svg>` element of `size` points, the definitions, the body.
    func document(size: CGSize) -> String {
        let header = SVGBuffer()
        header.write("<svg xmlns=\"http://www.w3.org/2000/svg\"")
        // Glyphs and images are placed with xlink:href, which SVG 1.1 readers need (Inkscape 1.2
        // drew no text or image from a plain href); SVG 2 readers take it too.
        header.write(" xmlns:xlink=\"http://www.w3.org/1999/xlink\"")
        header.write(" width=\"")
        header.write(number: size.width)
        header.write("\" height=\"")
        header.write(number: size.height)
        header.write("\" viewBox=\"0 0 ")
        header.write(number: size.width)
        header.write(byte: UInt8(ascii: " "))
        header.write(number: size.height)
        header.write(byte: UInt8(ascii: "\""))
        writeAccessibility(header)
        header.write(definitionElements())
        body.write("</svg>\n")
        return SVGBuffer.string(header, body)
    }

    /// `<defs>` with every glyph outline, gradient, mask and filter, and the `@font-face` rules;
    /// empty when there are none.
    func definitionElements() -> SVGBuffer {
        let text = SVGBuffer()
        if !glyphDefinitions.isEmpty || !definitions.isEmpty {
            text.write("<defs>\n")
            text.write(glyphDefinitions)
            text.write(definitions)
            text.write("</defs>\n")
        }
        if textMode == .embedded, !embeddedCharacters.isEmpty {
            text.write("<style>\n")
            for face in embeddedCharacters.keys.sorted() {
                guard let characters = embeddedCharacters[face], let data = fonts.subset(face, characters: characters) else { continue }
                text.write("  @font-face { font-family: \"")
                text.write(text: Self.embeddedFamily(face))
                text.write("\"; src: url(data:font/ttf;base64,")
                text.write(text: data.base64EncodedString())
                text.write("); }\n")
            }
            text.write("</style>\n")
        }
        return text
    }

    // MARK: Shapes

    mutating func fill(_ shape: ShapeKind, color: Color, in frame: CGRect, identity: ViewIdentity) {
        fill(shape, color: color, in: frame, id: identity.id)
    }

    private mutating func fill(_ shape: ShapeKind, color: Color, in frame: CGRect, id: String?) {
        guard DrawnBounds.isDrawable(frame) else { return }
        flushPendingFill()
        if shape == .rectangle {
            hasPendingFill = true
            pendingColor = color
            pendingFrame = frame
            pendingID = id
            return
        }
        body.fillElement(shape, color: color, in: frame, id: id, depth: depth)
    }

    mutating func flushPendingFill() {
        guard hasPendingFill else { return }
        hasPendingFill = false
        body.fillElement(.rectangle, color: pendingColor, in: pendingFrame, id: pendingID, depth: depth)
    }

    mutating func strokeBorder(_ shape: ShapeKind, color: Color, lineWidth: CGFloat, in frame: CGRect, identity: ViewIdentity) {
        strokeBorder(shape, color: color, lineWidth: lineWidth, in: frame, id: identity.id)
    }

    private mutating func strokeBorder(_ shape: ShapeKind, color: Color, lineWidth: CGFloat, in frame: CGRect, id: String?) {
        guard DrawnBounds.isDrawable(frame), lineWidth > 0 else { return }
        // The outline inset by half the line width, so the band lies inside the frame.
        let inset = frame.insetBy(dx: lineWidth / 2, dy: lineWidth / 2)
        // A band as wide as half the frame covers all of it: fill the shape (SVG draws no
        // stroke of a rectangle with no width, where Cairo would).
        guard inset.width > 0, inset.height > 0 else {
            fill(shape, color: color, in: frame, id: id)
            return
        }
        if hasPendingFill {
            if shape == .rectangle, pendingFrame.origin == frame.origin, pendingFrame.size == frame.size, pendingID == id,
               mergesExactly(border: color, lineWidth: lineWidth, frame: frame) {
                hasPendingFill = false
                // The fill shrinks to the stroke's centre line, where the opaque stroke covers
                // its edge: the same pixels as the fill under the border, in one element.
                body.borderElement(.rectangle, fill: pendingColor, stroke: color, lineWidth: lineWidth, in: inset, id: id, depth: depth)
                return
            }
            flushPendingFill()
        }
        body.borderElement(shape, fill: nil, stroke: color, lineWidth: lineWidth, in: inset, id: id, depth: depth)
    }

    /// Whether a fill under this border draws the same pixels when it is shrunk to the border's
    /// centre line: the border must hide the fill wholly where it lies (opaque at the 8 bits both
    /// backends blend with), and every edge must lie on the pixel grid, where nothing is
    /// anti-aliased; elsewhere the fill would show through the border's soft edges.
    private func mergesExactly(border color: Color, lineWidth: CGFloat, frame: CGRect) -> Bool {
        // 254.5 and above round to 255, opaque.
        guard color.alpha * 255 >= 254.5, groups.translatesOnly else { return false }
        return Self.onGrid(lineWidth * scale) && Self.onGrid((frame.origin.x + groups.translation.width) * scale)
            && Self.onGrid((frame.origin.y + groups.translation.height) * scale) && Self.onGrid(frame.size.width * scale)
            && Self.onGrid(frame.size.height * scale)
    }

    /// Whether a length in pixels is whole, give or take the rounding error of a frame rounded to
    /// a third of a point.
    @inline(__always) private static func onGrid(_ pixels: CGFloat) -> Bool {
        guard pixels.magnitude < 1e15 else { return false }
        // Adding and taking away 1.5 × 2^52 rounds to a whole number in the FPU, without libm.
        let whole = (pixels + 6_755_399_441_055_744) - 6_755_399_441_055_744
        return (pixels - whole).magnitude < 1e-6
    }

    // MARK: Text

    mutating func text(_ run: TextRun, in frame: CGRect, identity: ViewIdentity) {
        flushPendingFill()
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
        var start = 0
        while start < line.glyphs.count {
            var end = start + 1
            while end < line.glyphs.count, line.glyphs[end].face == line.glyphs[start].face { end += 1 }
            defer { start = end }
            guard let face = line.glyphs[start].face else { continue }
            uses.removeAll()
            var unitsPerEm: Double = 1000
            for glyph in line.glyphs[start..<end] {
                guard let (number, upem) = definition(of: glyph.id, in: face) else { continue }
                unitsPerEm = upem
                guard let number else { continue }
                let units = CGFloat(upem) / run.font.size
                uses.write("<use xlink:href=\"#g")
                uses.write(integer: number)
                uses.write("\" x=\"")
                uses.write(number: glyph.x * units)
                if glyph.y != 0 {
                    uses.write("\" y=\"")
                    uses.write(number: glyph.y * units)
                }
                uses.write("\"/>")
            }
            guard !uses.isEmpty else { continue }
            body.indent(depth)
            body.write("<g transform=\"translate(")
            body.write(number: origin.x)
            body.write(byte: UInt8(ascii: " "))
            body.write(number: origin.y)
            body.write(") scale(")
            body.write(number: run.font.size / CGFloat(unitsPerEm), decimals: 8)
            body.write(")\"")
            body.write(paint: "fill", run.color)
            body.write(id: identity.id)
            body.write(byte: UInt8(ascii: ">"))
            body.write(uses)
            body.write("</g>\n")
        }
        // Invisible, selectable words over the drawn ones.
        body.indent(depth)
        body.write("<text x=\"")
        body.write(number: origin.x)
        body.write("\" y=\"")
        body.write(number: origin.y)
        body.write("\" font-family=\"sans-serif\" font-size=\"")
        body.write(number: run.font.size)
        body.write("\" textLength=\"")
        body.write(number: line.width)
        body.write("\" lengthAdjust=\"spacingAndGlyphs\" fill-opacity=\"0\" xml:space=\"preserve\">")
        body.write(escaping: line.text)
        body.write("</text>\n")
    }

    /// The definition number of a glyph (nil for one that draws nothing) and its face's units per
    /// em, defining it on first use.
    private mutating func definition(of glyph: UInt32, in face: FontFaceID) -> (Int?, Double)? {
        let key = GlyphKey(face: face, glyph: glyph)
        if let known = glyphIDs[key] { return known }
        do {
            if let image = try fonts.colorImage(of: glyph, in: face) {
                let number = newDefinition(key, unitsPerEm: image.unitsPerEm)
                glyphDefinitions.write(byte: UInt8(ascii: "\""))
                glyphDefinitions.write(frame: image.frame)
                glyphDefinitions.write(" xlink:href=\"data:image/png;base64,")
                glyphDefinitions.write(text: image.png.base64EncodedString())
                glyphDefinitions.write("\"/>\n")
                return (number, image.unitsPerEm)
            }
            let outline = try fonts.outline(of: glyph, in: face)
            guard !outline.path.isEmpty else {
                glyphIDs[key] = (nil, outline.unitsPerEm)
                return (nil, outline.unitsPerEm)
            }
            let number = newDefinition(key, unitsPerEm: outline.unitsPerEm, element: "path")
            glyphDefinitions.write("\" d=\"")
            glyphDefinitions.write(text: outline.path)
            glyphDefinitions.write("\"/>\n")
            return (number, outline.unitsPerEm)
        } catch {
            if self.error == nil { self.error = error }
            return nil
        }
    }

    /// Numbers the next definition and writes its opening up to the end of its id.
    private mutating func newDefinition(_ key: GlyphKey, unitsPerEm: Double, element: StaticString = "image") -> Int {
        glyphCount += 1
        glyphIDs[key] = (glyphCount, unitsPerEm)
        glyphDefinitions.write("  <")
        glyphDefinitions.write(element)
        glyphDefinitions.write(" id=\"g")
        glyphDefinitions.write(integer: glyphCount)
        return glyphCount
    }

    /// `<text>` with one `<tspan>` per stretch of glyphs in one face and one direction, placed
    /// where layout put it and held to its measured width, so the viewer shapes each stretch
    /// (ligatures, Arabic joining) with the named or embedded font.
    private mutating func characters(_ line: TextRun.Line, at origin: CGPoint, run: TextRun, identity: ViewIdentity) {
        let units = Array(line.text.utf16)
        // Where each glyph cluster starts: a stretch's text runs to the next cluster after its
        // last one (a ligature's cluster holds all the characters it draws).
        let clusterStarts = Set(line.glyphs.map(\.cluster)).sorted()
        let generic = switch run.font.design {
        case .serif: "serif"
        case .monospaced: "monospace"
        case .default, .rounded: "sans-serif"
        }
        let spans = SVGBuffer()
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
            var text = String(decoding: units[low..<upper], as: UTF16.self)
            // A line broken at a soft hyphen draws a hyphen on the soft hyphen's cluster; the
            // viewer shapes characters, so it is given the one layout drew.
            if let hyphen = line.hyphen, upper == units.count, units.last == 0xAD {
                text = String(text.dropLast()) + String(hyphen)
            }
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
            spans.write("<tspan x=\"")
            spans.write(number: x)
            spans.write("\" font-family=\"")
            spans.write(escaping: family)
            spans.write(byte: UInt8(ascii: "\""))
            if rightToLeft { spans.write(" direction=\"rtl\" unicode-bidi=\"bidi-override\"") }
            if width > 0 {
                spans.write(" textLength=\"")
                spans.write(number: width)
                spans.write("\" lengthAdjust=\"spacingAndGlyphs\"")
            }
            spans.write(byte: UInt8(ascii: ">"))
            spans.write(escaping: text)
            spans.write("</tspan>")
        }
        body.indent(depth)
        body.write("<text y=\"")
        body.write(number: origin.y)
        body.write("\" font-size=\"")
        body.write(number: run.font.size)
        body.write(byte: UInt8(ascii: "\""))
        if run.font.weight.cssWeight != 400 {
            body.write(" font-weight=\"")
            body.write(integer: run.font.weight.cssWeight)
            body.write(byte: UInt8(ascii: "\""))
        }
        if run.font.isItalic { body.write(" font-style=\"italic\"") }
        body.write(" xml:space=\"preserve\"")
        body.write(paint: "fill", run.color)
        body.write(id: identity.id)
        body.write(byte: UInt8(ascii: ">"))
        body.write(spans)
        body.write("</text>\n")
    }

    static func embeddedFamily(_ face: FontFaceID) -> String {
        // A name derived from the face, stable from run to run.
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in face.description.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
        return "arrange-" + String(hash % 0xFFFFFF, radix: 16)
    }
}
