import Arrange
import CCairo
import Foundation

/// Groups with drawing effects (`DisplayGroup.hasDrawingEffects`), in `DisplayGroup`'s order, as
/// the SVG backend nests them: clips; a layer for opacity, blend mode or isolation; the shadow;
/// the mask; the filters; the translation and transform.
///
/// A mask draws the group into a pushed group and its items into another, and masks the first
/// with the second's alpha (`cairo_mask`), so PDFs stay vector. Filters work on pixels: the
/// drawing is made on an image surface (`LayerCapture`) in device pixels (PNG) or at
/// `ShadowCapture.vectorResolution` pixels a point (PDF), filtered there and painted back.
extension CairoPainter {
    /// What the end of a group with drawing effects finishes, innermost last.
    struct EffectState {
        var filters: [DisplayFilter]
        var capture: LayerCapture?
        var mask: [DisplayItem]?
        var transform: CGAffineTransform
        var frame: CGRect
        /// For a filtered group with nothing that can show: the context it draws on instead, and
        /// the one to go back to.
        var standIn: (context: OpaquePointer?, outer: OpaquePointer?)?
    }

    mutating func beginEffectGroup(_ group: DisplayGroup, frame: CGRect) {
        cairo_save(context)
        let drawable = DrawnBounds.isDrawable(frame)
        let clip = drawable ? group.clip : nil
        let clipPath = drawable ? group.clipPath.flatMap { $0.isFinite ? $0 : nil } : nil
        let blend = Self.blendOperator(group.blendMode)
        let composited = group.opacity < 1 || blend != nil || group.isolated
        if composited {
            Self.clipToPixels(context, Self.clipBounds(clip, clipPath, frame))
            cairo_push_group(context)
        } else {
            Self.clip(context, clip, clipPath, frame)
        }
        var transform = group.itemTransform(in: drawable ? frame : .zero)
        if ![transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].allSatisfy(\.isFinite) { transform = .identity }
        var open = OpenGroup(composited: composited, opacity: group.opacity, blend: blend, clip: clip, clipPath: clipPath, frame: frame,
                             shadow: nil, effects: EffectState(filters: group.filters, capture: nil, mask: group.mask, transform: transform, frame: frame))
        if let shadow = group.shadow {
            // What casts the shadow: the group as drawn, without its shadow and clips.
            var inner = group
            inner.shadow = nil
            inner.clip = nil
            inner.clipPath = nil
            let cast = [DisplayItem(frame: frame, identity: ViewIdentity(path: "", kind: "shadow"), content: .group(inner))]
            if let capture = ShadowCapture.begin(shadow, items: cast, on: context, vector: textAsText) {
                open.shadow = capture
                context = capture.context
            }
        }
        if group.mask != nil { cairo_push_group(context) }
        if !group.filters.isEmpty {
            var unfiltered = group
            unfiltered.filters = []
            unfiltered.mask = nil
            unfiltered.shadow = nil
            unfiltered.clip = nil
            unfiltered.clipPath = nil
            var matrix = cairo_matrix_t()
            cairo_get_matrix(context, &matrix)
            let scale = (matrix.xx * matrix.yy - matrix.xy * matrix.yx).magnitude.squareRoot()
            let reach: DrawnBounds.ShadowReach = { ShadowMargin.of($0, scale: scale).blur }
            var region = DrawnBounds.contentBounds(of: unfiltered, in: frame, shadowReach: reach)
            var spread = 0.0
            for filter in group.filters {
                guard case .blur(let radius, let opaque) = filter else { continue }
                if opaque {
                    region = region.intersection(frame.standardized)
                } else {
                    let grow = DrawnBounds.blurReach(radius, reach)
                    region = region.insetBy(dx: -grow, dy: -grow)
                    spread += Double(grow)
                }
            }
            let capture = LayerCapture.begin(region, on: context, vector: textAsText, margin: spread)
            open.effects?.capture = capture
            if let capture {
                context = capture.context
            } else {
                // Nothing can show (an empty or too large region): the group draws nowhere.
                if let standIn = Self.nullContext() {
                    open.effects?.standIn = (standIn, context)
                    context = standIn
                }
            }
        }
        applyTransform(context, transform)
        groups.append(open)
    }

    mutating func endEffectGroup(_ open: OpenGroup, _ effects: EffectState) {
        if let capture = effects.capture {
            capture.filter(effects.filters)
            context = capture.outer
            capture.finish()
        } else if let standIn = effects.standIn {
            cairo_destroy(standIn.context)
            context = standIn.outer
        }
        if let mask = effects.mask {
            let content = cairo_pop_group(context)
            defer { cairo_pattern_destroy(content) }
            cairo_push_group(context)
            cairo_save(context)
            applyTransform(context, effects.transform)
            DisplayList.walk(mask, &self)
            cairo_restore(context)
            let alpha = cairo_pop_group(context)
            defer { cairo_pattern_destroy(alpha) }
            cairo_set_source(context, content)
            cairo_mask(context, alpha)
        }
        finish(open)
    }

    /// A context on a 1×1 surface that is never painted back: where a filtered group with
    /// nothing that can show draws.
    private static func nullContext() -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1) else { return nil }
        defer { cairo_surface_destroy(surface) }
        return cairo_create(surface)
    }
}

/// Multiplies the context's matrix by `t` (applied to points first); nothing for the identity.
private func applyTransform(_ context: OpaquePointer?, _ t: CGAffineTransform) {
    guard !t.isIdentity else { return }
    var matrix = cairo_matrix_t(xx: Double(t.a), yx: Double(t.b), xy: Double(t.c), yy: Double(t.d), x0: Double(t.tx), y0: Double(t.ty))
    cairo_transform(context, &matrix)
}

/// A group's drawing made on an image surface of its own, to be filtered pixel by pixel and
/// painted back where it would have been drawn: device pixels for a PNG, `resolution` pixels a
/// point for a PDF (whose canvas space is points).
final class LayerCapture {
    /// The context drawn on before, which the filtered drawing goes onto.
    let outer: OpaquePointer?
    /// The context the group's items draw on meanwhile.
    let context: OpaquePointer?
    private let surface: OpaquePointer
    /// Where the surface's top-left pixel is, in pixels of `resolution` per canvas unit.
    private let origin: (x: Int, y: Int)
    private let size: (width: Int, height: Int)
    /// Pixels per canvas unit: 1 for a PNG, more for a PDF.
    private let resolution: Double
    /// Canvas units a pixel of the group's user space covers, for the blur's deviation.
    private let userScale: Double

    private init(outer: OpaquePointer?, context: OpaquePointer?, surface: OpaquePointer, origin: (x: Int, y: Int), size: (width: Int, height: Int),
                 resolution: Double, userScale: Double) {
        self.outer = outer
        self.context = context
        self.surface = surface
        self.origin = origin
        self.size = size
        self.resolution = resolution
        self.userScale = userScale
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Starts drawing aside over `region` (the outer context's user space), as far as it can show
    /// within the outer clip grown by `margin` (user units a blur can bring in); nil when
    /// nothing of it can show or the surface would be too large.
    static func begin(_ region: CGRect, on outer: OpaquePointer?, vector: Bool, margin: Double) -> LayerCapture? {
        guard let outer, !region.isNull, DrawnBounds.isDrawable(region) else { return nil }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(outer, &matrix)
        let userScale = (matrix.xx * matrix.yy - matrix.xy * matrix.yx).magnitude.squareRoot()
        let r = vector ? ShadowCapture.vectorResolution : 1
        let content = ShadowCapture.canvasRect(region, matrix)
        let reach = margin * userScale + 2
        let visible = ShadowCapture.clipExtents(outer).insetBy(dx: -reach, dy: -reach)
        let box = content.intersection(visible)
        guard !box.isNull, box.width > 0, box.height > 0 else { return nil }
        let limit = Double(1 << 40)
        let x0 = Int(max(-limit, (box.minX * r).rounded(.down))), y0 = Int(max(-limit, (box.minY * r).rounded(.down)))
        let x1 = Int(min(limit, (box.maxX * r).rounded(.up))), y1 = Int(min(limit, (box.maxY * r).rounded(.up)))
        let width = x1 - x0, height = y1 - y0
        guard width > 0, height > 0, width <= 32767, height <= 32767, width * height <= ShadowCapture.pixelLimit,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_set_device_offset(surface, -Double(x0), -Double(y0))
        let context = cairo_create(surface)
        var scaled = cairo_matrix_t(xx: matrix.xx * r, yx: matrix.yx * r, xy: matrix.xy * r, yy: matrix.yy * r, x0: matrix.x0 * r, y0: matrix.y0 * r)
        cairo_set_matrix(context, &scaled)
        cairo_set_antialias(context, cairo_get_antialias(outer))
        return LayerCapture(outer: outer, context: context, surface: surface, origin: (x0, y0), size: (width, height), resolution: r,
                            userScale: userScale)
    }

    /// Applies `filters` to the drawing, in order.
    func filter(_ filters: [DisplayFilter]) {
        guard cairo_status(context) == CAIRO_STATUS_SUCCESS else { return }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let width = size.width, height = size.height
        for filter in filters {
            switch filter {
            case .blur(let radius, let opaque):
                let sigma = radius.isFinite && radius > 0 ? Double(radius) * userScale * resolution : 0
                if sigma > 0 { Self.blur(data, stride: stride, width: width, height: height, sigma: sigma) }
                if opaque { Self.eachPixel(data, stride: stride, width: width, height: height) { r, g, b, a in a > 0 ? (r, g, b, 1) : (0, 0, 0, 0) } }
            case .brightness, .contrast, .saturation:
                Self.eachPixel(data, stride: stride, width: width, height: height) { r, g, b, a in
                    guard a > 0 else { return (0, 0, 0, 0) }
                    let c = filter.apply(red: r, green: g, blue: b)
                    return (c.red, c.green, c.blue, a)
                }
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// Paints the drawing on `outer`, pixel for pixel where it would have been drawn.
    func finish() {
        guard cairo_status(context) == CAIRO_STATUS_SUCCESS else { return }
        cairo_surface_flush(surface)
        cairo_surface_set_device_offset(surface, 0, 0)
        cairo_save(outer)
        cairo_identity_matrix(outer)
        if resolution != 1 { cairo_scale(outer, 1 / resolution, 1 / resolution) }
        cairo_set_source_surface(outer, surface, Double(origin.x), Double(origin.y))
        cairo_paint(outer)
        cairo_restore(outer)
    }

    /// Every pixel with its colour unpremultiplied, components 0...1, through `change`, then
    /// premultiplied again and rounded.
    private static func eachPixel(_ data: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int,
                                  _ change: (Double, Double, Double, Double) -> (Double, Double, Double, Double)) {
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let pixel = row[x]
                let a = Double(pixel >> 24) / 255
                let unpremultiply = a > 0 ? 1 / (a * 255) : 0
                let r = Double((pixel >> 16) & 0xFF) * unpremultiply
                let g = Double((pixel >> 8) & 0xFF) * unpremultiply
                let b = Double(pixel & 0xFF) * unpremultiply
                let (r2, g2, b2, a2) = change(min(r, 1), min(g, 1), min(b, 1), a)
                func byte(_ value: Double) -> UInt32 { UInt32(min(max((value * a2 * 255).rounded(), 0), 255)) }
                let alpha = UInt32(min(max((a2 * 255).rounded(), 0), 255))
                row[x] = alpha << 24 | byte(r2) << 16 | byte(g2) << 8 | byte(b2)
            }
        }
    }

    /// Blurs each of the four premultiplied channels as the shadow blurs its alpha.
    private static func blur(_ data: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int, sigma: Double) {
        var plane = [UInt8](repeating: 0, count: width * height)
        for shift in [UInt32(0), 8, 16, 24] {
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { plane[y * width + x] = UInt8(truncatingIfNeeded: row[x] >> shift) }
            }
            ShadowBlur.blur(&plane, width: width, height: height, sigma: sigma)
            for y in 0..<height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    row[x] = row[x] & ~(UInt32(0xFF) << shift) | UInt32(plane[y * width + x]) << shift
                }
            }
        }
        // Blurred separately, a colour channel can round above its alpha: premultiplied colour
        // never exceeds alpha.
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let pixel = row[x], a = pixel >> 24
                let r = min((pixel >> 16) & 0xFF, a), g = min((pixel >> 8) & 0xFF, a), b = min(pixel & 0xFF, a)
                row[x] = a << 24 | r << 16 | g << 8 | b
            }
        }
    }
}
