import Arrange
import CCairo
import Foundation

/// Groups: clip, clip path, translation, drop shadow, opacity and blend mode, applied as the SVG
/// backend's nested `<g>`s are (`DisplayGroup` gives the order).
extension CairoPainter {
    /// What `endGroup` undoes for one open group.
    struct OpenGroup {
        /// Whether a Cairo group was pushed, to be composited at `opacity` with `blend` through
        /// the group's clips.
        var composited: Bool
        var opacity: Double
        var blend: cairo_operator_t?
        var clip: ShapeKind?
        var clipPath: Path?
        var frame: CGRect
        /// The drawing of a group with a shadow, made aside until the group ends.
        var shadow: ShadowCapture?
        /// A group with drawing effects: what its end must finish.
        var effects: EffectState?
        /// The painter's `clipAsFill` outside this group, restored at its end.
        var outerClipAsFill: (shape: ShapeKind, frame: CGRect)?
    }

    mutating func beginGroup(_ group: DisplayGroup, frame: CGRect, identity: ViewIdentity) {
        if group.hasDrawingEffects { return beginEffectGroup(group, frame: frame) }
        cairo_save(context)
        var clip = DrawnBounds.isDrawable(frame) ? group.clip : nil
        let clipPath = DrawnBounds.isDrawable(frame) ? group.clipPath.flatMap { $0.isFinite ? $0 : nil } : nil
        let blend = Self.blendOperator(group.blendMode)
        let composited = group.opacity < 1 || blend != nil
        let outerClipAsFill = clipAsFill
        if !composited, clipPath == nil, let shape = clip, Self.clipDrawnAsFill(group, shape: shape, frame: frame, fonts: fonts) {
            clipAsFill = (shape, frame)
            clip = nil
        }
        if composited {
            // The clips apply once, when the group is painted back (as in librsvg); drawn under
            // them too, an anti-aliased edge would be faded twice. Clipped to their bounds in
            // whole pixels meanwhile, which fades nothing, the pushed group stays small.
            Self.clipToPixels(context, Self.clipBounds(clip, clipPath, frame))
            cairo_push_group(context)
        } else {
            Self.clip(context, clip, clipPath, frame)
        }
        cairo_translate(context, Double(group.translation.width), Double(group.translation.height))
        var open = OpenGroup(composited: composited, opacity: group.opacity, blend: blend, clip: clip, clipPath: clipPath, frame: frame, shadow: nil,
                             effects: nil, outerClipAsFill: outerClipAsFill)
        if let shadow = group.shadow, let capture = ShadowCapture.begin(shadow, items: group.items, on: context, vector: textAsText) {
            open.shadow = capture
            context = capture.context
        }
        groups.append(open)
    }

    mutating func endGroup() {
        guard let open = groups.popLast() else { return }
        if let effects = open.effects { return endEffectGroup(open, effects) }
        finish(open)
    }

    /// Ends what every group opens: its shadow is painted under it, then the group is composited
    /// through its clips with its blend mode and opacity, and the saved state comes back.
    mutating func finish(_ open: OpenGroup) {
        clipAsFill = open.outerClipAsFill
        if let capture = open.shadow {
            context = capture.outer
            capture.finish()
        }
        if open.composited {
            // Back to the coordinates before the translation, where the clips are drawn.
            cairo_pop_group_to_source(context)
            Self.clip(context, open.clip, open.clipPath, open.frame)
            if let blend = open.blend { cairo_set_operator(context, blend) }
            cairo_paint_with_alpha(context, open.opacity)
        }
        cairo_restore(context)
    }

    /// Whether a group clipped to a rounded rectangle (a tag's, a card's `cornerRadius`) can be
    /// drawn without the clip: each item either is a rectangle filled over the whole frame (drawn
    /// as the clip's outline instead) or draws only where the clip keeps everything, away from the
    /// corners (a fill's frame, a text's glyph boxes). Cairo draws under a curved clip through a
    /// mask made for every item, which took a third of a tag cloud's PNG; the pixels are those of
    /// the clip (coverage of the same outline by the same rasteriser).
    static func clipDrawnAsFill(_ group: DisplayGroup, shape: ShapeKind, frame: CGRect, fonts: FontLibrary) -> Bool {
        guard group.shadow == nil, group.translation == .zero, !group.items.isEmpty,
              case .roundedRectangle(let radius, .circular) = shape, radius.isFinite, radius >= 0 else { return false }
        // The corners' squares, of the radius the outline draws (at most half the shorter side):
        // a box inside the frame and outside all four lies in one of the two bands between them.
        let r = min(radius, frame.width / 2, frame.height / 2)
        let across = frame.insetBy(dx: 0, dy: r), down = frame.insetBy(dx: r, dy: 0)
        func inside(_ box: CGRect) -> Bool {
            let slack: CGFloat = 1e-6
            func holds(_ band: CGRect) -> Bool {
                band.width >= 0 && band.height >= 0 && box.minX >= band.minX - slack && box.maxX <= band.maxX + slack
                    && box.minY >= band.minY - slack && box.maxY <= band.maxY + slack
            }
            return holds(across) || holds(down)
        }
        for item in group.items {
            switch item.content {
            case .fill(let kind, _):
                if kind == .rectangle, item.frame.contains(frame) { continue }
                guard inside(item.frame.standardized) else { return false }
            case .text(let run):
                for line in run.lines {
                    for glyph in line.glyphs {
                        guard let face = glyph.face else { continue }
                        // A glyph HarfBuzz cannot measure may draw anywhere; one that draws
                        // nothing (a space) is nowhere.
                        guard let ink = fonts.inkBounds(of: glyph.id, in: face) else { return false }
                        if ink.bounds.isEmpty { continue }
                        let scale = run.font.size / CGFloat(ink.unitsPerEm)
                        let box = CGRect(x: item.frame.minX + line.origin.x + glyph.x + ink.bounds.minX * scale,
                                         y: item.frame.minY + line.origin.y + glyph.y + ink.bounds.minY * scale,
                                         width: ink.bounds.width * scale, height: ink.bounds.height * scale)
                        guard box.minX.isFinite, box.minY.isFinite, box.width.isFinite, box.height.isFinite, inside(box) else { return false }
                    }
                }
            default:
                return false
            }
        }
        return true
    }

    /// Clips to the shape `clip` in `frame` and to `clipPath` from its corner.
    static func clip(_ context: OpaquePointer?, _ clip: ShapeKind?, _ clipPath: Path?, _ frame: CGRect) {
        if let clip {
            path(context, clip, frame)
            cairo_clip(context)
        }
        if let clipPath {
            append(context, clipPath, at: frame.origin)
            cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
            cairo_clip(context)
        }
    }

    /// What the clips can leave, in user space; nil for no clip.
    static func clipBounds(_ clip: ShapeKind?, _ clipPath: Path?, _ frame: CGRect) -> CGRect? {
        var bounds: CGRect?
        if clip != nil { bounds = frame.standardized }
        if let clipPath {
            let box = clipPath.boundingRect
            let moved = box.isNull ? CGRect.null : box.offsetBy(dx: frame.minX, dy: frame.minY)
            bounds = bounds.map { $0.intersection(moved) } ?? moved
        }
        return bounds
    }

    /// Clips to `rect` (user space) rounded out to whole device pixels: a clip with no partly
    /// covered pixels.
    static func clipToPixels(_ context: OpaquePointer?, _ rect: CGRect?) {
        guard let rect else { return }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        let box = ShadowCapture.canvasRect(rect, matrix)
        let limit = Double(1 << 30)
        cairo_save(context)
        cairo_identity_matrix(context)
        cairo_new_path(context)
        if !rect.isNull, box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite {
            let x0 = max(-limit, box.minX.rounded(.down)), y0 = max(-limit, box.minY.rounded(.down))
            let x1 = min(limit, box.maxX.rounded(.up)), y1 = min(limit, box.maxY.rounded(.up))
            if x1 > x0, y1 > y0 { cairo_rectangle(context, x0, y0, x1 - x0, y1 - y0) }
        }
        // An empty path clips everything away.
        cairo_restore(context)
        cairo_clip(context)
    }

    /// Cairo's operator for a blend mode (the same ones librsvg uses for `mix-blend-mode`), nil
    /// for normal.
    static func blendOperator(_ mode: BlendMode) -> cairo_operator_t? {
        switch mode {
        case .normal: nil
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        }
    }
}

/// A shadowed group's drawing, made on a surface of its own so that its alpha can be blurred:
/// then the shadow colour is painted through the blurred alpha, offset, and the drawing over it
/// (SVG's drop shadow: `feGaussianBlur` of `SourceAlpha`, `feOffset`, `feFlood`, `feComposite
/// in`, `feMerge` under `SourceGraphic`, with `color-interpolation-filters="sRGB"`).
///
/// For a PNG the drawing is made on an image surface in device pixels, the pixels of the
/// picture where it lies, and painted back as it is. For a PDF it is recorded, so that it stays
/// vector: only the shadow is a bitmap, at `vectorResolution` pixels a point.
///
/// Work happens in the context's device space without its device offset ("canvas space": canvas
/// pixels for a PNG, points for a PDF), whatever surface, band or pushed group is drawn on.
final class ShadowCapture {
    /// The context drawn on before, which the shadow and drawing go onto.
    let outer: OpaquePointer?
    /// The context the group's items draw on meanwhile.
    let context: OpaquePointer?
    private let surface: OpaquePointer
    private let color: Color
    /// The blur's standard deviation and the offset, in canvas space.
    private let sigma: Double
    private let offset: (x: Double, y: Double)
    /// For a PNG: where the surface's top-left pixel is, in canvas pixels. The rows and columns a
    /// shadow can reach in what is visible.
    private let origin: (x: Int, y: Int)
    private let size: (width: Int, height: Int)
    private let vector: Bool

    /// Pixels a point of a PDF's shadow bitmap.
    static let vectorResolution = 2.0
    /// The largest surface a shadow is drawn on; beyond it the group is drawn without its shadow.
    static let pixelLimit = 1 << 26

    private init(outer: OpaquePointer?, context: OpaquePointer?, surface: OpaquePointer, color: Color, sigma: Double,
                 offset: (x: Double, y: Double), origin: (x: Int, y: Int), size: (width: Int, height: Int), vector: Bool) {
        self.outer = outer
        self.context = context
        self.surface = surface
        self.color = color
        self.sigma = sigma
        self.offset = offset
        self.origin = origin
        self.size = size
        self.vector = vector
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// The shadow's standard deviation and offset in canvas space, under `matrix`.
    static func deviceGeometry(_ shadow: Shadow, _ matrix: cairo_matrix_t) -> (sigma: Double, offset: (x: Double, y: Double)) {
        let scale = (matrix.xx * matrix.yy - matrix.xy * matrix.yx).magnitude.squareRoot()
        let radius = Double(shadow.radius)
        let sigma = radius.isFinite && radius > 0 ? radius * scale : 0
        let dx = shadow.offset.width.isFinite ? Double(shadow.offset.width) : 0
        let dy = shadow.offset.height.isFinite ? Double(shadow.offset.height) : 0
        return (sigma, (matrix.xx * dx + matrix.xy * dy, matrix.yx * dx + matrix.yy * dy))
    }

    /// Starts drawing a group with `shadow` aside, or nil to draw it as if it had none: a shadow
    /// that cannot show (transparent), or one whose surface would be too large.
    static func begin(_ shadow: Shadow, items: [DisplayItem], on outer: OpaquePointer?, vector: Bool) -> ShadowCapture? {
        guard let outer, (shadow.color.alpha * 255).rounded() >= 1 else { return nil }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(outer, &matrix)
        let (sigma, offset) = deviceGeometry(shadow, matrix)
        let antialias = cairo_get_antialias(outer)
        if vector {
            guard let surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil) else { return nil }
            let context = cairo_create(surface)
            cairo_set_matrix(context, &matrix)
            cairo_set_antialias(context, antialias)
            return ShadowCapture(outer: outer, context: context, surface: surface, color: shadow.color, sigma: sigma, offset: offset,
                                 origin: (0, 0), size: (0, 0), vector: true)
        }
        // The drawing's bounds, and the part of them that can show, itself or as shadow.
        let scale = (matrix.xx * matrix.yy - matrix.xy * matrix.yx).magnitude.squareRoot()
        let user = DrawnBounds.of(items) { ShadowMargin.of($0, scale: scale).blur }
        guard !user.isNull else { return nil }
        let content = canvasRect(user, matrix)
        let visible = clipExtents(outer)
        let reach = Double(ShadowBlur.reach(sigma: sigma) + 2)
        let shown = visible.union(visible.offsetBy(dx: -offset.x, dy: -offset.y))
        let region = content.insetBy(dx: -reach, dy: -reach).intersection(shown.insetBy(dx: -reach, dy: -reach))
        guard !region.isNull, region.width > 0, region.height > 0 else { return nil }
        let limit = Double(1 << 40)
        let x0 = Int(max(-limit, region.minX.rounded(.down))), y0 = Int(max(-limit, region.minY.rounded(.down)))
        let x1 = Int(min(limit, region.maxX.rounded(.up))), y1 = Int(min(limit, region.maxY.rounded(.up)))
        let width = x1 - x0, height = y1 - y0
        guard width > 0, height > 0, width <= 32767, height <= 32767, width * height <= pixelLimit,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_set_device_offset(surface, -Double(x0), -Double(y0))
        let context = cairo_create(surface)
        cairo_set_matrix(context, &matrix)
        cairo_set_antialias(context, antialias)
        return ShadowCapture(outer: outer, context: context, surface: surface, color: shadow.color, sigma: sigma, offset: offset,
                             origin: (x0, y0), size: (width, height), vector: false)
    }

    /// Paints the shadow and then the drawing on `outer`.
    func finish() {
        guard cairo_status(context) == CAIRO_STATUS_SUCCESS else { return }
        if vector { finishVector() } else { finishRaster() }
    }

    private func finishRaster() {
        cairo_surface_flush(surface)
        if let mask = Self.blurredAlpha(of: surface, width: size.width, height: size.height, sigma: sigma) {
            defer { cairo_surface_destroy(mask) }
            cairo_save(outer)
            cairo_identity_matrix(outer)
            CairoPainter.setColor(outer, color)
            cairo_mask_surface(outer, mask, Double(origin.x) + offset.x, Double(origin.y) + offset.y)
            cairo_restore(outer)
        }
        // The drawing itself, pixel for pixel where it would have been drawn.
        cairo_surface_set_device_offset(surface, 0, 0)
        cairo_save(outer)
        cairo_identity_matrix(outer)
        cairo_set_source_surface(outer, surface, Double(origin.x), Double(origin.y))
        cairo_paint(outer)
        cairo_restore(outer)
    }

    private func finishVector() {
        cairo_surface_flush(surface)
        var x = 0.0, y = 0.0, w = 0.0, h = 0.0
        cairo_recording_surface_ink_extents(surface, &x, &y, &w, &h)
        guard w > 0, h > 0 else { return }
        let r = Self.vectorResolution
        let reach = Double(ShadowBlur.reach(sigma: sigma * r) + 2) / r
        let visible = Self.clipExtents(outer)
        let shown = visible.union(visible.offsetBy(dx: -offset.x, dy: -offset.y))
        let region = CGRect(x: x, y: y, width: w, height: h).insetBy(dx: -reach, dy: -reach)
            .intersection(shown.insetBy(dx: -reach, dy: -reach))
        if !region.isNull, region.width > 0, region.height > 0 {
            // Clamped as the PNG path clamps: a huge offset from Swift code must not trap in Int().
            let limit = Double(1 << 40)
            let x0 = Int(max(-limit, (region.minX * r).rounded(.down))), y0 = Int(max(-limit, (region.minY * r).rounded(.down)))
            let width = Int(min(limit, (region.maxX * r).rounded(.up))) - x0, height = Int(min(limit, (region.maxY * r).rounded(.up))) - y0
            if width > 0, height > 0, width <= 32767, height <= 32767, width * height <= Self.pixelLimit,
               let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) {
                defer { cairo_surface_destroy(image) }
                cairo_surface_set_device_offset(image, -Double(x0), -Double(y0))
                let raster = cairo_create(image)
                cairo_scale(raster, r, r)
                cairo_set_source_surface(raster, surface, 0, 0)
                cairo_paint(raster)
                cairo_destroy(raster)
                cairo_surface_flush(image)
                if cairo_surface_status(image) == CAIRO_STATUS_SUCCESS,
                   let mask = Self.blurredAlpha(of: image, width: width, height: height, sigma: sigma * r) {
                    defer { cairo_surface_destroy(mask) }
                    cairo_save(outer)
                    cairo_identity_matrix(outer)
                    CairoPainter.setColor(outer, color)
                    cairo_translate(outer, offset.x, offset.y)
                    cairo_scale(outer, 1 / r, 1 / r)
                    cairo_mask_surface(outer, mask, Double(x0), Double(y0))
                    cairo_restore(outer)
                }
            }
        }
        // The drawing, replayed as vectors.
        cairo_save(outer)
        cairo_identity_matrix(outer)
        cairo_set_source_surface(outer, surface, 0, 0)
        cairo_paint(outer)
        cairo_restore(outer)
    }

    /// An A8 surface of `surface`'s alpha (ARGB32, `width × height`), blurred.
    static func blurredAlpha(of surface: OpaquePointer, width: Int, height: Int, sigma: Double) -> OpaquePointer? {
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var plane = [UInt8](repeating: 0, count: width * height)
        plane.withUnsafeMutableBufferPointer { plane in
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { plane[y * width + x] = UInt8(truncatingIfNeeded: row[x] >> 24) }
            }
        }
        ShadowBlur.blur(&plane, width: width, height: height, sigma: sigma)
        guard let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)) else { return nil }
        guard cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS, let out = cairo_image_surface_get_data(mask) else {
            cairo_surface_destroy(mask)
            return nil
        }
        cairo_surface_flush(mask)
        let maskStride = Int(cairo_image_surface_get_stride(mask))
        plane.withUnsafeBufferPointer { plane in
            guard let base = plane.baseAddress else { return }
            for y in 0..<height { (out + y * maskStride).update(from: base + y * width, count: width) }
        }
        cairo_surface_mark_dirty(mask)
        return mask
    }

    /// The context's clip extents in canvas space.
    static func clipExtents(_ context: OpaquePointer?) -> CGRect {
        cairo_save(context)
        cairo_identity_matrix(context)
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(context, &x1, &y1, &x2, &y2)
        cairo_restore(context)
        return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    /// `rect` in user space, in canvas space under `matrix`: the bounds of its corners.
    static func canvasRect(_ rect: CGRect, _ matrix: cairo_matrix_t) -> CGRect {
        var m = matrix
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (cx, cy) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)] {
            var x = Double(cx), y = Double(cy)
            cairo_matrix_transform_point(&m, &x, &y)
            minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

/// How far a shadow reaches as Cairo draws it: its blur kernel's reach in pixels at the scale
/// drawn, in points, and its offset; for the bounds of what a group draws (`DrawnBounds`) and the
/// rows a band must draw.
enum ShadowMargin {
    /// How far a shadow reaches, in points: its blur (in points at `scale`) and its offset.
    static func of(_ shadow: Shadow, scale: Double) -> (blur: CGFloat, offset: CGSize) {
        let s = scale.isFinite && scale > 0 ? scale : 1
        let radius = Double(shadow.radius)
        let sigma = radius.isFinite && radius > 0 ? radius * s : 0
        let blur = CGFloat(Double(ShadowBlur.reach(sigma: sigma) + 2) / s)
        let dx = shadow.offset.width.isFinite ? shadow.offset.width : 0
        let dy = shadow.offset.height.isFinite ? shadow.offset.height : 0
        return (blur, CGSize(width: dx, height: dy))
    }
}
