import Foundation

/// The drawings between two states' items (docs/layout-rules.md §8). Each `interpolate` gives nil
/// when the two have no values between them (other glyphs, another image, a dash pattern of
/// another length, a circle becoming a capsule); the item is then crossfaded rather than
/// switched at once, so nothing a keyframe changes jumps on its own.
extension LayoutTransition {
    /// `x` moved a fraction `t` of the way to `y`.
    static func mix(_ x: CGFloat, _ y: CGFloat, _ t: Double) -> CGFloat { x + (y - x) * CGFloat(t) }

    static func mix(_ p: CGPoint, _ q: CGPoint, _ t: Double) -> CGPoint { CGPoint(x: mix(p.x, q.x, t), y: mix(p.y, q.y, t)) }

    static func mix(_ a: CGSize, _ b: CGSize, _ t: Double) -> CGSize { CGSize(width: mix(a.width, b.width, t), height: mix(a.height, b.height, t)) }

    static func interpolate(_ a: CGRect, _ b: CGRect, _ t: Double) -> CGRect {
        CGRect(origin: mix(a.origin, b.origin, t), size: mix(a.size, b.size, t))
    }

    static func interpolate(_ a: Color, _ b: Color, _ t: Double) -> Color {
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        return Color(red: mix(a.red, b.red), green: mix(a.green, b.green), blue: mix(a.blue, b.blue), opacity: mix(a.alpha, b.alpha))
    }

    /// The end item moved back towards the start item: its frame and every value of its drawing,
    /// or, when the drawings have no values between, both crossfaded.
    static func interpolate(_ begin: DisplayItem, _ finish: DisplayItem, _ t: Double) -> DisplayItem {
        var item = finish
        item.frame = interpolate(begin.frame, finish.frame, t)
        let content: DisplayItem.Content? = switch (begin.content, finish.content) {
        case let (.fill(s0, c0), .fill(s1, c1)):
            interpolate(s0, s1, t).map { .fill($0, interpolate(c0, c1, t)) }
        case let (.strokeBorder(s0, c0, w0), .strokeBorder(s1, c1, w1)):
            interpolate(s0, s1, t).map { .strokeBorder($0, interpolate(c0, c1, t), lineWidth: mix(w0, w1, t)) }
        case let (.group(g0), .group(g1)):
            .group(interpolate(g0, g1, t))
        case let (.text(r0), .text(r1)):
            interpolate(r0, r1, t).map { .text($0) }
        case let (.path(p0), .path(p1)):
            interpolate(p0, p1, t).map { .path($0) }
        case let (.image(i0), .image(i1)):
            i0 == i1 ? finish.content : nil
        default:
            nil
        }
        guard let content else { return crossfade(begin, finish, in: item.frame, t) }
        item.content = content
        return item
    }

    /// Both items in `frame`, the start fading out as the end fades in: other words, another
    /// image file, another shape.
    private static func crossfade(_ begin: DisplayItem, _ finish: DisplayItem, in frame: CGRect, _ t: Double) -> DisplayItem {
        var old = begin, new = finish
        old.frame = frame
        new.frame = frame
        // The view's id names one element of an SVG: the fading copy and the group do not take it.
        old.identity.id = nil
        var identity = finish.identity
        identity.id = nil
        return DisplayItem(frame: frame, identity: identity, content: .group(DisplayGroup(items: [faded(old, 1 - t), faded(new, t)])))
    }

    /// A group's opacity, translation, shadow and rounded clip mixed; its items are blended
    /// one by one by the caller. A clip of another shape, and the blend mode, are the end's
    /// (the scene reader warns of those).
    private static func interpolate(_ g0: DisplayGroup, _ g1: DisplayGroup, _ t: Double) -> DisplayGroup {
        var group = g1
        group.opacity = g0.opacity + (g1.opacity - g0.opacity) * t
        group.translation = mix(g0.translation, g1.translation, t)
        if let c0 = g0.clip, let c1 = g1.clip, let clip = interpolate(c0, c1, t) { group.clip = clip }
        if let p0 = g0.clipPath, let p1 = g1.clipPath, let path = interpolate(p0, p1, t) { group.clipPath = path }
        // A shadow only one state has grows from, or fades to, the same shadow in no colour.
        if let s0 = g0.shadow ?? g1.shadow.map(invisible), let s1 = g1.shadow ?? g0.shadow.map(invisible) {
            group.shadow = Shadow(color: interpolate(s0.color, s1.color, t), radius: mix(s0.radius, s1.radius, t), offset: mix(s0.offset, s1.offset, t))
        }
        // Transforms mix number by number (a turn mixes through a smaller drawing: the scene
        // reader's key motion says rotations jump), filters amount by amount when they match.
        let m0 = g0.transform, m1 = g1.transform
        group.transform = CGAffineTransform(a: mix(m0.a, m1.a, t), b: mix(m0.b, m1.b, t), c: mix(m0.c, m1.c, t), d: mix(m0.d, m1.d, t),
                                            tx: mix(m0.tx, m1.tx, t), ty: mix(m0.ty, m1.ty, t))
        if g0.filters.count == g1.filters.count {
            group.filters = zip(g0.filters, g1.filters).map { mix($0, $1, t) }
        }
        return group
    }

    /// Two filters of one kind mixed; of different kinds, the end's.
    private static func mix(_ f0: DisplayFilter, _ f1: DisplayFilter, _ t: Double) -> DisplayFilter {
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        switch (f0, f1) {
        case let (.blur(r0, _), .blur(r1, opaque)): return .blur(radius: Self.mix(r0, r1, t), opaque: opaque)
        case let (.brightness(a), .brightness(b)): return .brightness(mix(a, b))
        case let (.contrast(a), .contrast(b)): return .contrast(mix(a, b))
        case let (.saturation(a), .saturation(b)): return .saturation(mix(a, b))
        default: return f1
        }
    }

    private static func invisible(_ shadow: Shadow) -> Shadow {
        Shadow(color: shadow.color.opacity(0), radius: shadow.radius, offset: shadow.offset)
    }

    /// The same shape with its corner radius mixed (a rectangle has radius 0); nil for two shapes.
    static func interpolate(_ a: ShapeKind, _ b: ShapeKind, _ t: Double) -> ShapeKind? {
        switch (a, b) {
        case let (.roundedRectangle(r0, _), .roundedRectangle(r1, style)): .roundedRectangle(cornerRadius: mix(r0, r1, t), style: style)
        case let (.rectangle, .roundedRectangle(r1, style)): .roundedRectangle(cornerRadius: mix(0, r1, t), style: style)
        case let (.roundedRectangle(r0, style), .rectangle): .roundedRectangle(cornerRadius: mix(r0, 0, t), style: style)
        default: a == b ? b : nil
        }
    }

    /// The same glyphs moved and resized: a new font size, tracking or alignment. Nil when the
    /// words, the lines they break into or the font's face differ.
    static func interpolate(_ r0: TextRun, _ r1: TextRun, _ t: Double) -> TextRun? {
        var font = r0.font
        font.size = r1.font.size
        guard font == r1.font, r0.lines.count == r1.lines.count else { return nil }
        var run = r1
        for (index, (l0, l1)) in zip(r0.lines, r1.lines).enumerated() {
            guard l0.text == l1.text, l0.glyphs.count == l1.glyphs.count else { return nil }
            var line = l1
            line.origin = mix(l0.origin, l1.origin, t)
            line.width = mix(l0.width, l1.width, t)
            for (at, (a, b)) in zip(l0.glyphs, l1.glyphs).enumerated() {
                guard a.id == b.id, a.face == b.face, a.cluster == b.cluster, a.level == b.level else { return nil }
                line.glyphs[at].x = mix(a.x, b.x, t)
                line.glyphs[at].y = mix(a.y, b.y, t)
                line.glyphs[at].advance = mix(a.advance, b.advance, t)
            }
            run.lines[index] = line
        }
        run.font.size = mix(r0.font.size, r1.font.size, t)
        run.color = interpolate(r0.color, r1.color, t)
        run.metrics = FontMetrics(ascent: mix(r0.metrics.ascent, r1.metrics.ascent, t), descent: mix(r0.metrics.descent, r1.metrics.descent, t),
                                  leading: mix(r0.metrics.leading, r1.metrics.leading, t), capHeight: mix(r0.metrics.capHeight, r1.metrics.capHeight, t))
        return run
    }

    /// A path's points, paint and stroke mixed; a trimmed path is cut again from its mixed
    /// outline at the mixed fractions, so the drawn part grows along the outline.
    static func interpolate(_ p0: PathDrawing, _ p1: PathDrawing, _ t: Double) -> PathDrawing? {
        guard p0.evenOdd == p1.evenOdd, let paint = interpolate(p0.paint, p1.paint, t) else { return nil }
        var drawing = p1
        drawing.paint = paint
        switch (p0.stroke, p1.stroke) {
        case (nil, nil): break
        case let (s0?, s1?):
            guard let stroke = interpolate(s0, s1, t) else { return nil }
            drawing.stroke = stroke
        default: return nil
        }
        if let trim0 = p0.trim, let trim1 = p1.trim {
            guard let outline = interpolate(trim0.outline, trim1.outline, t) else { return nil }
            let trim = PathTrim(outline: outline, from: mix(trim0.from, trim1.from, t), to: mix(trim0.to, trim1.to, t))
            drawing.trim = trim
            drawing.path = outline.trimmedPath(from: trim.from, to: trim.to)
        } else {
            guard let path = interpolate(p0.path, p1.path, t) else { return nil }
            drawing.path = path
        }
        return drawing
    }

    /// Widths, miter limit, dash lengths and phase mixed; nil when the caps, joins or the number
    /// of dash lengths differ.
    static func interpolate(_ s0: StrokeStyle, _ s1: StrokeStyle, _ t: Double) -> StrokeStyle? {
        guard s0.lineCap == s1.lineCap, s0.lineJoin == s1.lineJoin, s0.dash.count == s1.dash.count else { return nil }
        var stroke = s1
        stroke.lineWidth = mix(s0.lineWidth, s1.lineWidth, t)
        stroke.miterLimit = mix(s0.miterLimit, s1.miterLimit, t)
        stroke.dash = zip(s0.dash, s1.dash).map { mix($0, $1, t) }
        stroke.dashPhase = mix(s0.dashPhase, s1.dashPhase, t)
        // A spring's overshoot may carry a width past zero.
        return stroke.sanitized
    }

    /// Colours blended, or gradients of one kind with their stops and placement mixed.
    static func interpolate(_ a: DisplayPaint, _ b: DisplayPaint, _ t: Double) -> DisplayPaint? {
        switch (a, b) {
        case let (.color(c0), .color(c1)):
            .color(interpolate(c0, c1, t))
        case let (.linear(g0, s0, e0), .linear(g1, s1, e1)):
            interpolate(g0, g1, t).map { .linear($0, start: mix(s0, s1, t), end: mix(e0, e1, t)) }
        case let (.radial(g0, c0, r0, q0), .radial(g1, c1, r1, q1)):
            interpolate(g0, g1, t).map { .radial($0, center: mix(c0, c1, t), startRadius: mix(r0, r1, t), endRadius: mix(q0, q1, t)) }
        case let (.angular(g0, c0, a0, b0), .angular(g1, c1, a1, b1)):
            interpolate(g0, g1, t).map { .angular($0, center: mix(c0, c1, t), startAngle: mix(a0, a1, t), endAngle: mix(b0, b1, t)) }
        default:
            nil
        }
    }

    private static func mix(_ a: Angle, _ b: Angle, _ t: Double) -> Angle { .radians(a.radians + (b.radians - a.radians) * t) }

    /// Stops' colours and locations mixed; nil for gradients of different numbers of stops.
    static func interpolate(_ g0: Gradient, _ g1: Gradient, _ t: Double) -> Gradient? {
        guard g0.stops.count == g1.stops.count else { return nil }
        return Gradient(stops: zip(g0.stops, g1.stops).map { Gradient.Stop(color: interpolate($0.color, $1.color, t), location: mix($0.location, $1.location, t)) })
    }

    /// An item that only one state has, at opacity `t` (clamped to 0...1: a spring overshoots).
    static func faded(_ item: DisplayItem, _ t: Double) -> DisplayItem {
        let t = min(max(t, 0), 1)
        var faded = item
        switch item.content {
        case let .fill(shape, color): faded.content = .fill(shape, color.opacity(t))
        case let .strokeBorder(shape, color, width): faded.content = .strokeBorder(shape, color.opacity(t), lineWidth: width)
        case .group(var group):
            group.opacity *= t
            faded.content = .group(group)
        case .text(var run):
            run.color = run.color.opacity(t)
            faded.content = .text(run)
        case .path, .image:
            faded.content = .group(DisplayGroup(opacity: t, items: [item]))
        }
        return faded
    }

    /// Two paths of the same elements, point by point (a connector following a moving view);
    /// nil when their elements differ in kind.
    static func interpolate(_ a: Path, _ b: Path, _ t: Double) -> Path? {
        guard a.elements.count == b.elements.count else { return nil }
        var path = Path()
        for (e0, e1) in zip(a.elements, b.elements) {
            switch (e0, e1) {
            case let (.move(p0), .move(p1)): path.move(to: mix(p0, p1, t))
            case let (.line(p0), .line(p1)): path.addLine(to: mix(p0, p1, t))
            case let (.quadCurve(p0, c0), .quadCurve(p1, c1)): path.addQuadCurve(to: mix(p0, p1, t), control: mix(c0, c1, t))
            case let (.curve(p0, a0, b0), .curve(p1, a1, b1)): path.addCurve(to: mix(p0, p1, t), control1: mix(a0, a1, t), control2: mix(b0, b1, t))
            case (.closeSubpath, .closeSubpath): path.closeSubpath()
            default: return nil
            }
        }
        return path
    }
}
