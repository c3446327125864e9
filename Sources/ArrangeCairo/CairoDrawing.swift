import Arrange
import CCairo
import CSVGImage
import Foundation

/// Paths, gradients and images, drawn as librsvg draws the SVG backend's `<path>`,
/// `<linearGradient>`, `<radialGradient>` and `<image>`, so that the two agree.
extension CairoPainter {
    mutating func path(_ drawing: PathDrawing, in frame: CGRect, identity: ViewIdentity) {
        guard DrawnBounds.isDrawable(frame), !drawing.path.isEmpty, drawing.path.isFinite else { return }
        let origin = frame.origin
        let style = drawing.stroke?.sanitized
        // SVG draws nothing for a zero stroke width.
        if let style, style.lineWidth <= 0 { return }
        paint(drawing.paint, path: drawing.path, at: origin, stroke: style, evenOdd: drawing.evenOdd)
    }

    /// Fills `path` (relative to `origin`) with `paint`, or strokes it with `stroke`.
    private func paint(_ paint: DisplayPaint, path: Path, at origin: CGPoint, stroke style: StrokeStyle?, evenOdd: Bool) {
        cairo_save(context)
        defer { cairo_restore(context) }
        let stroke = style != nil
        if let style { Self.setStroke(context, style) }
        cairo_set_fill_rule(context, evenOdd && !stroke ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        func draw() {
            Self.append(context, path, at: origin)
            if stroke { cairo_stroke(context) } else { cairo_fill(context) }
        }
        switch paint {
        case .color(let color):
            Self.setColor(context, color)
            draw()
        case .linear(let gradient, let start, let end):
            let stops = gradient.drawnStops
            guard let last = stops.last else { return }
            // SVG: a gradient from a point to itself paints its last stop's colour.
            guard stops.count > 1, start != end, Self.isFinite(start), Self.isFinite(end) else {
                Self.setColor(context, last.color)
                return draw()
            }
            let pattern = cairo_pattern_create_linear(Double(origin.x + start.x), Double(origin.y + start.y),
                                                      Double(origin.x + end.x), Double(origin.y + end.y))
            defer { cairo_pattern_destroy(pattern) }
            Self.addStops(pattern, stops)
            cairo_set_source(context, pattern)
            draw()
        case .radial(let gradient, let center, let startRadius, let endRadius):
            let stops = DisplayPaint.radialStops(gradient, startRadius: startRadius, endRadius: endRadius)
            guard let last = stops.last else { return }
            // SVG: a radius of zero paints the last stop's colour.
            guard stops.count > 1, endRadius > 0, endRadius.isFinite, Self.isFinite(center) else {
                Self.setColor(context, last.color)
                return draw()
            }
            let x = Double(origin.x + center.x), y = Double(origin.y + center.y)
            let pattern = cairo_pattern_create_radial(x, y, 0, x, y, Double(endRadius))
            defer { cairo_pattern_destroy(pattern) }
            Self.addStops(pattern, stops)
            cairo_set_source(context, pattern)
            draw()
        case .angular(let gradient, let center, let startAngle, let endAngle):
            guard Self.isFinite(center) else { return }
            // Wedges covering the path and its stroke, one colour each: the SVG's wedges.
            let reach = style?.reach ?? 0
            let bounds = path.boundingRect.insetBy(dx: -reach, dy: -reach)
            let radius = DisplayPaint.angularRadius(center: center, covering: bounds)
            let wedges = DisplayPaint.angularWedges(gradient, center: center, startAngle: startAngle, endAngle: endAngle, radius: radius)
            // The wedges, drawn together, become the source the path is filled or stroked with:
            // the SVG masks them with the path painted white. (Clipping each wedge instead would
            // fade the path's anti-aliased edge once for every wedge across it.)
            // Only where the path can paint, in whole pixels, so the pushed group stays small.
            Self.clipToPixels(context, bounds.offsetBy(dx: origin.x, dy: origin.y).insetBy(dx: -1, dy: -1))
            cairo_push_group(context)
            Self.fill(context, wedges, at: origin)
            cairo_pop_group_to_source(context)
            draw()
        }
    }

    /// Fills each wedge with its colour.
    private static func fill(_ context: OpaquePointer?, _ wedges: [(path: Path, color: Color)], at origin: CGPoint) {
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
        for wedge in wedges {
            append(context, wedge.path, at: origin)
            setColor(context, wedge.color)
            cairo_fill(context)
        }
    }

    /// The gradient's stops, their colours at 8 bits a channel as `setColor` sets them; past the
    /// ends the end colours continue (SVG's `spreadMethod="pad"`).
    private static func addStops(_ pattern: OpaquePointer?, _ stops: [Gradient.Stop]) {
        func byte(_ v: Double) -> Double { (min(max(v.isNaN ? 0 : v, 0), 1) * 255).rounded() / 255 }
        for stop in stops {
            let c = stop.color
            cairo_pattern_add_color_stop_rgba(pattern, Double(stop.location), byte(c.red), byte(c.green), byte(c.blue), byte(c.alpha))
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    }

    /// Sets the line width, caps, joins, miter limit and dashes of `style` (sanitised).
    static func setStroke(_ context: OpaquePointer?, _ style: StrokeStyle) {
        cairo_set_line_width(context, Double(style.lineWidth))
        switch style.lineCap {
        case .butt: cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(context, CAIRO_LINE_CAP_SQUARE)
        }
        switch style.lineJoin {
        case .miter: cairo_set_line_join(context, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(context, CAIRO_LINE_JOIN_BEVEL)
        }
        cairo_set_miter_limit(context, Double(style.miterLimit))
        let dashes = style.dash.map(Double.init)
        cairo_set_dash(context, dashes, Int32(dashes.count), Double(style.dashPhase))
    }

    /// Replaces the current path with `path` moved by `origin`; quadratic curves are raised to
    /// cubic ones (control points two thirds of the way to the quadratic's), as librsvg does.
    static func append(_ context: OpaquePointer?, _ path: Path, at origin: CGPoint) {
        let ox = Double(origin.x), oy = Double(origin.y)
        cairo_new_path(context)
        var current = (x: 0.0, y: 0.0), start = current
        path.forEach { element in
            switch element {
            case .move(let p):
                current = (ox + Double(p.x), oy + Double(p.y))
                start = current
                cairo_move_to(context, current.x, current.y)
            case .line(let p):
                current = (ox + Double(p.x), oy + Double(p.y))
                cairo_line_to(context, current.x, current.y)
            case .quadCurve(let p, let c):
                let end = (x: ox + Double(p.x), y: oy + Double(p.y)), control = (x: ox + Double(c.x), y: oy + Double(c.y))
                cairo_curve_to(context, current.x + 2.0 / 3.0 * (control.x - current.x), current.y + 2.0 / 3.0 * (control.y - current.y),
                               end.x + 2.0 / 3.0 * (control.x - end.x), end.y + 2.0 / 3.0 * (control.y - end.y), end.x, end.y)
                current = end
            case .curve(let p, let c1, let c2):
                current = (ox + Double(p.x), oy + Double(p.y))
                cairo_curve_to(context, ox + Double(c1.x), oy + Double(c1.y), ox + Double(c2.x), oy + Double(c2.y), current.x, current.y)
            case .closeSubpath:
                cairo_close_path(context)
                current = start
            }
        }
    }

    static func isFinite(_ point: CGPoint) -> Bool { point.x.isFinite && point.y.isFinite }


    // MARK: Images

    /// The image stretched over `frame`: clipped to the frame and painted with its edge pixels
    /// continuing outwards, so the edges stay sharp (librsvg's `<image>`). librsvg 2.54 samples
    /// every image with Cairo's GOOD filter, whatever its `image-rendering`; `.none` is sampled
    /// nearest, for pixel art.
    mutating func image(_ drawing: ImageDrawing, in frame: CGRect, identity: ViewIdentity) {
        guard DrawnBounds.isDrawable(frame), frame.width > 0, frame.height > 0 else { return }
        let source = drawing.source
        if source.format == .svg {
            svgImage(source, in: frame)
            return
        }
        guard source.pixelWidth > 0, source.pixelHeight > 0, let surface = imageSurface(source) else { return }
        cairo_save(context)
        defer { cairo_restore(context) }
        cairo_rectangle(context, Double(frame.minX), Double(frame.minY), Double(frame.width), Double(frame.height))
        cairo_clip(context)
        cairo_translate(context, Double(frame.minX), Double(frame.minY))
        cairo_scale(context, Double(frame.width) / Double(source.pixelWidth), Double(frame.height) / Double(source.pixelHeight))
        cairo_set_source_surface(context, surface.surface, 0, 0)
        let pattern = cairo_get_source(context)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(pattern, Self.filter(drawing.interpolation))
        cairo_paint(context)
    }

    static func filter(_ interpolation: Image.Interpolation) -> cairo_filter_t {
        switch interpolation {
        case .none: CAIRO_FILTER_NEAREST
        // What librsvg 2.54 draws every `<image>` with; FAST (nearest) and BEST would disagree with it.
        case .low, .medium, .high: CAIRO_FILTER_GOOD
        }
    }

    /// An SVG image drawn by librsvg as vectors at the device's resolution, stretched over
    /// `frame` and clipped to it.
    private mutating func svgImage(_ source: ImageSource, in frame: CGRect) {
        let key = ObjectIdentifier(source)
        let document: SVGDocument
        if let known = svgDocuments[key] {
            document = known
        } else {
            guard let opened = SVGDocument(source) else { return }
            svgDocuments[key] = opened
            document = opened
        }
        cairo_save(context)
        defer { cairo_restore(context) }
        cairo_rectangle(context, Double(frame.minX), Double(frame.minY), Double(frame.width), Double(frame.height))
        cairo_clip(context)
        _ = arrange_svg_draw(document.svg, UnsafeMutableRawPointer(context), Double(frame.minX), Double(frame.minY),
                             Double(frame.width), Double(frame.height))
    }

    /// A parsed SVG image; holds the source so that its identifier stays its own.
    final class SVGDocument {
        let source: ImageSource
        let svg: OpaquePointer
        init?(_ source: ImageSource) {
            var width = 0.0, height = 0.0
            let opened = source.embeddableData.withUnsafeBytes { raw -> OpaquePointer? in
                guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return nil }
                return arrange_svg_open(base, raw.count, &width, &height, nil, 0)
            }
            guard let opened else { return nil }
            self.source = source
            self.svg = opened
        }
        deinit { arrange_svg_close(svg) }
    }

    /// The Cairo surface of `source`'s pixels, made once a painter.
    private mutating func imageSurface(_ source: ImageSource) -> ImageSurface? {
        let key = ObjectIdentifier(source)
        // The cached surface holds its source, so the identifier cannot pass to another image.
        if let known = images[key] { return known }
        let width = source.pixelWidth, height = source.pixelHeight, pixels = source.pixelBytes
        // Cairo reads the source's own pixels, without a copy: ARGB32 rows of width × 4 bytes are
        // the stride Cairo asks for. The surface holds the source, so the pixels outlive it.
        guard pixels.count >= width * height * 4, width <= 32767, height <= 32767,
              Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width))) == width * 4,
              let base = pixels.baseAddress,
              let surface = cairo_image_surface_create_for_data(UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self)),
                                                                CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(width * 4)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        let image = ImageSurface(source: source, surface: surface)
        images[key] = image
        return image
    }

    /// An image's pixels as a Cairo surface; holds the source so that its identifier stays its own.
    final class ImageSurface {
        let source: ImageSource
        let surface: OpaquePointer
        init(source: ImageSource, surface: OpaquePointer) {
            self.source = source
            self.surface = surface
        }
        deinit { cairo_surface_destroy(surface) }
    }
}
