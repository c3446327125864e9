import Arrange
import CCairo
import CFontconfig
import Foundation

/// Draws a display list with Cairo, as PNG or PDF (a vector page in points). Anti-aliased;
/// borders on pixel-aligned frames are crisp because the band of an inner stroke then starts and
/// ends on pixel edges.
///
/// A PNG is drawn at the render scale in horizontal bands and encoded by Arrange's own writer
/// (`BandedPNG`), on every core: any height works, in memory for a few bands, and the pixels are
/// those of Cairo's own PNG of one big surface.
public struct CairoRenderer: Renderer, Sendable {
    /// The file format.
    public enum Format: String, Sendable, CaseIterable {
        case png, pdf
    }

    public var format: Format
    /// Where colour glyphs (emoji) come from: the library layout measured with.
    public var fonts: FontLibrary
    /// Whether edges are anti-aliased (the default); off gives hard, jagged edges.
    public var antialias: Bool
    /// The most pixels a PNG may have, `Limits.pngPixels` unless raised: drawing in bands keeps
    /// memory small at any size, so this bounds only the time taken and the size of the file.
    public var pixelLimit: Int
    /// Rows per band; nil chooses about 1 MiB of pixels. Tests set small bands.
    var bandRows: Int?
    /// Threads drawing and compressing a PNG's bands; nil uses one per core, up to 8. The bytes
    /// are the same for any number; 1 draws on the calling thread, the choice for a program that
    /// already keeps every core busy with pictures of its own (`arrange render` of many scenes).
    public var threads: Int?
    /// Whether a PNG is RGBA even when every pixel is opaque (it is RGB then by default), so
    /// that the frames of an animation share one format.
    public var alwaysRGBA = false

    public init(format: Format = .png, fonts: FontLibrary = .system, antialias: Bool = true,
                pixelLimit: Int = Int(Limits.pngPixels)) {
        self.format = format
        self.fonts = fonts
        self.antialias = antialias
        self.pixelLimit = pixelLimit
    }

    /// The tallest PNG, in pixels: Cairo's coordinates are 24.8 fixed point (±8,388,607 pixels),
    /// and an item as tall as the picture is drawn at up to its height from a band's top.
    static let maximumRows = 1 << 22

    /// The encoded image.
    /// - Throws: `RenderError` for a canvas that is empty or unbounded; for a PNG over 32,767
    ///   pixels wide, over 4,194,304 tall or over `pixelLimit` pixels, and for a PDF over
    ///   32,767 points a side (all checked before drawing); or when Cairo fails.
    public func render(_ list: DisplayList, options: RenderOptions = RenderOptions()) throws -> Data {
        switch format {
        case .png:
            return try bandedPNG(list, options: options).encode()
        case .pdf:
            return try cairoRender(list, options: options)
        }
    }

    /// The banded writer for a PNG of `list`, once the canvas passed every check.
    private func bandedPNG(_ list: DisplayList, options: RenderOptions) throws -> BandedPNG {
        let scale = options.resolvedScale(for: list)
        try Limits.checkCanvas(list.size, scale: scale, pixelLimit: false)
        let w = (list.size.width * scale).rounded(.up), h = (list.size.height * scale).rounded(.up)
        if w > Limits.canvasPixelsPerSide || h > CGFloat(Self.maximumRows) {
            throw RenderError.canvasTooLarge(width: Int(min(w, 1e15)), height: Int(min(h, 1e15)),
                                             limit: w > Limits.canvasPixelsPerSide ? Int(Limits.canvasPixelsPerSide) : Self.maximumRows)
        }
        let width = Int(w), height = Int(h)
        guard width * height <= pixelLimit else {
            throw RenderError.backend("the picture would be \(width) × \(height) = \(width * height) pixels, over the limit of \(pixelLimit) (CairoRenderer.pixelLimit)")
        }
        var png = BandedPNG(list: list, scale: scale, background: options.background, antialias: antialias, fonts: fonts,
                            width: width, height: height, bandRows: max(1, bandRows ?? BandedPNG.bandRows(width: width)),
                            threads: max(1, threads ?? BandedPNG.defaultThreads))
        png.alwaysRGBA = alwaysRGBA
        png.description = options.accessibility?.pngDescription
        return png
    }

    /// Where a PNG's time went, for the benchmarks: drawing and encoding overlap on several
    /// threads, so each is the sum over every thread of its bands' durations, not wall time.
    @_spi(Benchmarks)
    public struct PNGTimings: Sendable {
        /// Building the band index (which items touch which rows), before any band.
        public var indexNanoseconds: UInt64 = 0
        /// Clearing and drawing bands with Cairo, summed over the threads (bands drawn again
        /// after a switch to RGBA count twice).
        public var drawNanoseconds: UInt64 = 0
        /// Straightening, filtering, deflating and joining bands, summed over the threads.
        public var encodeNanoseconds: UInt64 = 0
        /// The whole `render`, start to end.
        public var wallNanoseconds: UInt64 = 0
        /// Threads that drew and encoded.
        public var threads: Int
        /// Bands in the picture.
        public var bands = 0
        /// Bands drawn and encoded: more than `bands` after a switch to RGBA.
        public var bandsDrawn = 0

        init(threads: Int) { self.threads = threads }

        mutating func add(_ other: PNGTimings) {
            drawNanoseconds += other.drawNanoseconds
            encodeNanoseconds += other.encodeNanoseconds
            bandsDrawn += other.bandsDrawn
        }
    }

    /// A PNG, as `render` makes it (the same bytes), with where its time went.
    /// - Throws: what `render` throws.
    @_spi(Benchmarks)
    public func renderPNGWithTimings(_ list: DisplayList, options: RenderOptions = RenderOptions()) throws -> (png: Data, timings: PNGTimings) {
        try bandedPNG(list, options: options).encode(timed: true)
    }

    /// Cairo's own PNG of the list drawn on one image surface (`cairo_surface_write_to_png`), the
    /// way PNGs were made before `BandedPNG`: kept to check that the two agree pixel for pixel.
    func cairoPNG(_ list: DisplayList, options: RenderOptions = RenderOptions()) throws -> Data {
        var renderer = self
        renderer.format = .png
        return try renderer.cairoRender(list, options: options)
    }

    /// The list drawn on one Cairo surface of `format` and written by Cairo.
    private func cairoRender(_ list: DisplayList, options: RenderOptions) throws -> Data {
        let scale = options.resolvedScale(for: list)
        try Limits.checkCanvas(list.size, scale: scale, pixelLimit: true)
        let sink = CairoSink()
        let surface: OpaquePointer?
        switch format {
        case .png:
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32((list.size.width * scale).rounded(.up)),
                                                 Int32((list.size.height * scale).rounded(.up)))
        case .pdf:
            surface = cairo_pdf_surface_create_for_stream(CairoSink.write, Unmanaged.passUnretained(sink).toOpaque(),
                                                          Double(list.size.width), Double(list.size.height))
            // A fixed date keeps the same picture the same bytes.
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z")
            // The description as the document's title and subject, which PDF readers show and read.
            if let label = options.accessibility?.label { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, label) }
            if let long = options.accessibility?.longDescription { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_SUBJECT, long) }
        }
        defer { cairo_surface_destroy(surface) }
        try Self.check(cairo_surface_status(surface))

        let context = cairo_create(surface)
        defer { cairo_destroy(context) }
        try Self.check(cairo_status(context))
        if format == .png { cairo_scale(context, Double(scale), Double(scale)) }
        if !antialias { cairo_set_antialias(context, CAIRO_ANTIALIAS_NONE) }
        if let background = options.background {
            CairoPainter.setColor(context, background)
            cairo_paint(context)
        }
        var painter = CairoPainter(context: context, fonts: fonts, faces: CairoFaces(), textAsText: format == .pdf)
        list.walk(&painter)
        try Self.check(cairo_status(context))
        cairo_surface_flush(surface)

        switch format {
        case .png:
            let (png, status) = CairoSink.png(surface)
            try Self.check(status)
            return png
        case .pdf:
            cairo_surface_finish(surface)
            try Self.check(cairo_surface_status(surface))
        }
        return sink.data
    }

    /// Renders and writes the file whole or not at all.
    public func write(_ list: DisplayList, options: RenderOptions = RenderOptions(), to url: URL) throws {
        try FileOutput.write(render(list, options: options), to: url)
    }

    static func check(_ status: cairo_status_t) throws {
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError.backend(String(cString: cairo_status_to_string(status))) }
    }
}

/// Hands PNG bytes to Cairo's PNG reader: the one way PNGs are read, by colour glyphs here and
/// by ArrangeSnapshot's `Bitmap` (hence `package`).
package final class PNGSource {
    let data: Data
    var offset = 0
    /// Whether Cairo asked for more than was left: the PNG is cut short.
    var ranOut = false
    init(_ data: Data) { self.data = data }

    static let read: cairo_read_func_t = { closure, buffer, length in
        guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
        let source = Unmanaged<PNGSource>.fromOpaque(closure).takeUnretainedValue()
        let count = Int(length)
        guard source.offset + count <= source.data.count else {
            source.ranOut = true
            return CAIRO_STATUS_READ_ERROR
        }
        source.data.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { buffer.update(from: base.advanced(by: source.offset).assumingMemoryBound(to: UInt8.self), count: count) }
        }
        source.offset += count
        return CAIRO_STATUS_SUCCESS
    }

    /// Cairo's image surface of PNG `data` (the caller checks its status and destroys it), and
    /// whether the data ran out before the image did.
    package static func surface(_ data: Data) -> (surface: OpaquePointer?, ranOut: Bool) {
        let source = PNGSource(data)
        let surface = withExtendedLifetime(source) {
            cairo_image_surface_create_from_png_stream(read, Unmanaged.passUnretained(source).toOpaque())
        }
        return (surface, source.ranOut)
    }
}

/// Collects the bytes Cairo streams out: PDFs and Cairo's PNGs, here and in ArrangeSnapshot's
/// `Bitmap` (hence `package`).
package final class CairoSink {
    var data = Data()

    static let write: cairo_write_func_t = { closure, bytes, length in
        guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
        Unmanaged<CairoSink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
        return CAIRO_STATUS_SUCCESS
    }

    /// `surface` as Cairo's PNG, and the status Cairo ended with.
    package static func png(_ surface: OpaquePointer?) -> (data: Data, status: cairo_status_t) {
        let sink = CairoSink()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(surface, write, Unmanaged.passUnretained(sink).toOpaque())
        }
        return (sink.data, status)
    }
}

/// Draws items on a Cairo context, one function per item kind.
struct CairoPainter: DisplayListVisitor {
    /// The context drawn on; the banded PNG writer moves one painter (and its decoded colour
    /// glyphs) from band to band.
    var context: OpaquePointer?
    let fonts: FontLibrary
    /// The Cairo faces of the picture being drawn.
    let faces: CairoFaces
    /// The open groups, innermost last: what `endGroup` must undo.
    var groups: [OpenGroup] = []
    /// Inside a group whose clip is drawn as its background's outline instead (see
    /// `CairoPainter.clipDrawnAsFill`): the clip's shape and frame.
    var clipAsFill: (shape: ShapeKind, frame: CGRect)?
    /// Image surfaces made so far, by source.
    var images: [ObjectIdentifier: ImageSurface] = [:]
    /// SVG images parsed so far, by source.
    var svgDocuments: [ObjectIdentifier: SVGDocument] = [:]
    /// Colour glyph images decoded so far, with their frames in design units and units per em;
    /// nil for glyphs that are outlines.
    private var colorGlyphs: [ColorGlyphKey: ColorGlyph?] = [:]

    struct ColorGlyphKey: Hashable {
        let face: FontFaceID
        let glyph: UInt32
    }

    final class ColorGlyph {
        let surface: OpaquePointer
        let frame: CGRect
        let unitsPerEm: Double
        init(surface: OpaquePointer, frame: CGRect, unitsPerEm: Double) {
            self.surface = surface
            self.frame = frame
            self.unitsPerEm = unitsPerEm
        }
        deinit { cairo_surface_destroy(surface) }
    }

    /// Whether glyphs are drawn as text (PDF: selectable, the font embedded) or filled as outlines
    /// (PNG: the very paths the SVG holds, rasterised the same way, so the two agree pixel for pixel).
    /// Also whether the output is vector (PDF), where a shadowed group stays vector and only its
    /// shadow is a bitmap.
    let textAsText: Bool

    init(context: OpaquePointer?, fonts: FontLibrary, faces: CairoFaces, textAsText: Bool) {
        self.context = context
        self.fonts = fonts
        self.faces = faces
        self.textAsText = textAsText
    }

    /// The decoded image of a colour glyph (emoji), or nil for an outline glyph.
    private mutating func colorGlyph(_ glyph: UInt32, in face: FontFaceID) -> ColorGlyph? {
        let key = ColorGlyphKey(face: face, glyph: glyph)
        if let known = colorGlyphs[key] { return known }
        var result: ColorGlyph?
        if let image = try? fonts.colorImage(of: glyph, in: face) {
            let surface = PNGSource.surface(image.png).surface
            if let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS {
                result = ColorGlyph(surface: surface, frame: image.frame, unitsPerEm: image.unitsPerEm)
            } else if let surface {
                cairo_surface_destroy(surface)
            }
        }
        colorGlyphs[key] = result
        return result
    }

    /// Whether a colour glyph's image has been painted: Cairo samples a scaled image differently
    /// at different distances from the surface's origin, so such a picture is drawn whole.
    private(set) var paintedImage = false

    /// Paints a colour glyph's image into its frame, scaled from design units to points.
    private mutating func paint(_ image: ColorGlyph, at x: Double, _ y: Double, size: CGFloat) {
        paintedImage = true
        let scale = Double(size) / image.unitsPerEm
        let width = Double(cairo_image_surface_get_width(image.surface)), height = Double(cairo_image_surface_get_height(image.surface))
        guard width > 0, height > 0, image.frame.width > 0, image.frame.height > 0 else { return }
        cairo_save(context)
        cairo_translate(context, x + Double(image.frame.minX) * scale, y + Double(image.frame.minY) * scale)
        cairo_scale(context, Double(image.frame.width) * scale / width, Double(image.frame.height) * scale / height)
        cairo_set_source_surface(context, image.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
        cairo_paint(context)
        cairo_restore(context)
    }

    mutating func fill(_ shape: ShapeKind, color: Color, in frame: CGRect, identity: ViewIdentity) {
        guard DrawnBounds.isDrawable(frame) else { return }
        if let clip = clipAsFill, shape == .rectangle, frame.contains(clip.frame) {
            // The background under a clip that was left out: what the clip leaves of it.
            Self.path(context, clip.shape, clip.frame)
        } else {
            Self.path(context, shape, frame)
        }
        Self.setColor(context, color)
        cairo_fill(context)
    }

    mutating func strokeBorder(_ shape: ShapeKind, color: Color, lineWidth: CGFloat, in frame: CGRect, identity: ViewIdentity) {
        guard DrawnBounds.isDrawable(frame), lineWidth > 0 else { return }
        let inset = frame.insetBy(dx: lineWidth / 2, dy: lineWidth / 2)
        // A band as wide as half the frame covers all of it: fill the shape, as the SVG does.
        guard inset.width > 0, inset.height > 0 else {
            fill(shape, color: color, in: frame, identity: identity)
            return
        }
        Self.path(context, shape, inset, radiusInset: lineWidth / 2)
        Self.setColor(context, color)
        cairo_set_line_width(context, Double(lineWidth))
        cairo_stroke(context)
    }

    /// Draws the run's glyphs, one `cairo_show_text_glyphs` per stretch of a line in one face: the
    /// glyphs layout shaped, from the same font file, at the same positions. In a PDF the line's
    /// characters go with them, so its text can be selected and searched.
    mutating func text(_ run: TextRun, in frame: CGRect, identity: ViewIdentity) {
        cairo_save(context)
        defer { cairo_restore(context) }
        Self.setColor(context, run.color)
        cairo_set_font_options(context, CairoFaces.options)
        for line in run.lines {
            let x = Double(frame.minX + line.origin.x), y = Double(frame.minY + line.origin.y)
            guard x.isFinite, y.isFinite else { continue }
            var start = 0
            while start < line.glyphs.count {
                var end = start + 1
                while end < line.glyphs.count, line.glyphs[end].face == line.glyphs[start].face { end += 1 }
                defer { start = end }
                guard let id = line.glyphs[start].face else { continue }
                // A stretch in a colour face (emoji) is painted as images, glyph by glyph.
                if colorGlyph(line.glyphs[start].id, in: id) != nil {
                    for glyph in line.glyphs[start..<end] {
                        if let image = colorGlyph(glyph.id, in: id) { paint(image, at: x + Double(glyph.x), y + Double(glyph.y), size: run.font.size) }
                    }
                    Self.setColor(context, run.color)
                    continue
                }
                guard let face = faces.face(id) else { continue }
                cairo_set_font_face(context, face)
                cairo_set_font_size(context, Double(run.font.size))
                var glyphs = line.glyphs[start..<end].map {
                    cairo_glyph_t(index: UInt($0.id), x: x + Double($0.x), y: y + Double($0.y))
                }
                // The characters this stretch draws, as one cluster: enough for PDF text extraction.
                let text = Self.characters(of: line, glyphs: line.glyphs[start..<end], whole: start == 0 && end == line.glyphs.count)
                var cluster = cairo_text_cluster_t(num_bytes: Int32(text.utf8.count), num_glyphs: Int32(glyphs.count))
                if !textAsText {
                    cairo_new_path(context)
                    cairo_glyph_path(context, &glyphs, Int32(glyphs.count))
                    cairo_fill(context)
                } else if text.isEmpty {
                    cairo_show_glyphs(context, &glyphs, Int32(glyphs.count))
                } else {
                    cairo_show_text_glyphs(context, text, Int32(text.utf8.count), &glyphs, Int32(glyphs.count), &cluster, 1, cairo_text_cluster_flags_t(0))
                }
            }
        }
    }

    /// The part of the line's text that `glyphs` draw.
    static func characters(of line: TextRun.Line, glyphs: ArraySlice<TextRun.Glyph>, whole: Bool) -> String {
        if whole { return line.text }
        let clusters = Set(glyphs.map(\.cluster))
        var text = "", offset = 0
        for character in line.text {
            if clusters.contains(offset) { text.append(character) }
            offset += character.utf16.count
        }
        return text
    }

    /// Sets the colour at 8 bits a channel (opacity too), the precision the SVG backend writes,
    /// so both draw exactly the same colour.
    static func setColor(_ context: OpaquePointer?, _ color: Color) {
        func byte(_ v: Double) -> Double { (v * 255).rounded() / 255 }
        cairo_set_source_rgba(context, byte(color.red), byte(color.green), byte(color.blue), byte(color.alpha))
    }

    /// The outline of `shape` in `frame`, as the SVG backend draws it.
    static func path(_ context: OpaquePointer?, _ shape: ShapeKind, _ frame: CGRect, radiusInset: CGFloat = 0) {
        let x = Double(frame.minX), y = Double(frame.minY), w = Double(frame.width), h = Double(frame.height)
        cairo_new_path(context)
        switch shape {
        case .rectangle:
            cairo_rectangle(context, x, y, w, h)
        case .roundedRectangle(let radius, let style):
            let r = min(max(Double(radius - radiusInset), 0), w / 2, h / 2)
            if style == .continuous, r > 0 {
                append(context, Path(roundedRect: frame, cornerRadius: CGFloat(r), style: .continuous), at: .zero)
            } else {
                roundedRectangle(context, x, y, w, h, r)
            }
        case .capsule:
            roundedRectangle(context, x, y, w, h, min(w, h) / 2)
        case .circle:
            let r = min(w, h) / 2
            ellipse(context, x + w / 2, y + h / 2, r, r)
        case .ellipse:
            guard w > 0, h > 0 else { return }
            ellipse(context, x + w / 2, y + h / 2, w / 2, h / 2)
        }
    }

    /// The control distance of a quarter circle drawn as one cubic Bézier: 4/3 · tan(π/8).
    private static let kappa = 0.5522847498307936

    /// An ellipse as four cubic Béziers, one a quadrant, starting at its right end: the outline
    /// librsvg draws for `<circle>` and `<ellipse>`, so that both backends fill the same shape.
    private static func ellipse(_ c: OpaquePointer?, _ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double) {
        let kx = kappa * rx, ky = kappa * ry
        cairo_move_to(c, cx + rx, cy)
        cairo_curve_to(c, cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry)
        cairo_curve_to(c, cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy)
        cairo_curve_to(c, cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry)
        cairo_curve_to(c, cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy)
        cairo_close_path(c)
    }

    private static func roundedRectangle(_ c: OpaquePointer?, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double) {
        guard r > 0 else {
            cairo_rectangle(c, x, y, w, h)
            return
        }
        // Corners as quarter-circle Béziers, as librsvg draws `<rect rx>`.
        let k = kappa * r
        cairo_move_to(c, x + r, y)
        cairo_line_to(c, x + w - r, y)
        cairo_curve_to(c, x + w - r + k, y, x + w, y + r - k, x + w, y + r)
        cairo_line_to(c, x + w, y + h - r)
        cairo_curve_to(c, x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h)
        cairo_line_to(c, x + r, y + h)
        cairo_curve_to(c, x + r - k, y + h, x, y + h - r + k, x, y + h - r)
        cairo_line_to(c, x, y + r)
        cairo_curve_to(c, x, y + r - k, x + r - k, y, x + r, y)
        cairo_close_path(c)
    }
}
