import Arrange
import Foundation

/// Groups: a `<g>` with what the group applies, or none when it applies nothing.
///
/// SVG applies an element's filter, then its clip, then its opacity, then its blend mode, which
/// is the order Arrange composites a group in (clip outermost, the shadow under the drawing, the
/// whole at `opacity` with `blendMode`). Clips and the shadow's filter region are in the group's
/// frame, before its translation; since an element's `transform` would move them too, a group
/// that clips or shadows and also moves puts the translation on a `<g>` of its own inside.
///
/// librsvg 2.54 ignores a clip on a `<clipPath>`, so a group with both a shape clip and a clip
/// path nests a second `<g>` for the path's, which also takes the filter: the shadow is then
/// clipped by both. The blend mode stays on the outermost `<g>`, since a clip, filter or opacity
/// on an element around it would make a group of its own for it to blend into.
extension SVGWriter {
    mutating func beginGroup(_ group: DisplayGroup, frame: CGRect, identity: ViewIdentity) {
        flushPendingFill()
        if group.accessibilityLabel != nil || group.accessibilityHidden {
            // The label's (or hiding) `<g>` around whatever else the group applies, closed with it.
            openAccessibility(label: group.accessibilityLabel, hidden: group.accessibilityHidden)
            var rest = group
            rest.accessibilityLabel = nil
            rest.accessibilityHidden = false
            beginGroup(rest, frame: frame, identity: identity)
            openGroups[openGroups.count - 1] += 1
            return
        }
        if group.hasDrawingEffects { return beginEffectGroup(group, frame: frame, identity: identity) }
        groups.push(group, frame: frame)
        let drawable = DrawnBounds.isDrawable(frame)
        let shapeClip = drawable ? group.clip : nil
        let clipPath = drawable ? group.clipPath.flatMap { $0.isFinite ? $0 : nil } : nil
        let shadow = drawable ? group.shadow.flatMap(Self.visible) : nil
        let moves = group.translation != .zero
        // A group that clips, shadows, fades, blends, moves or is named needs a `<g>`; any other
        // draws its items as they are.
        guard shapeClip != nil || clipPath != nil || shadow != nil || group.opacity < 1 || group.blendMode != .normal || moves
                || identity.id != nil else {
            openGroups.append(0)
            return
        }
        let clips = defineClips(shapeClip, clipPath, frame: frame)
        let filter = shadow.map { defineShadow($0, group: group, frame: frame) }
        // The translation can go on the outer `<g>` only when nothing there is placed in its frame.
        let translationInside = moves && (!clips.isEmpty || filter != nil)
        var opened = 0
        open(clip: clips.first, filter: clips.count > 1 ? nil : filter, opacity: group.opacity,
             translation: moves && !translationInside ? group.translation : nil, blendMode: group.blendMode, id: identity.id, count: &opened)
        if clips.count > 1 {
            open(clip: clips[1], filter: filter, count: &opened)
        }
        if translationInside {
            open(translation: group.translation, count: &opened)
        }
        openGroups.append(opened)
    }

    mutating func endGroup() {
        flushPendingFill()
        groups.pop()
        for _ in 0..<(openGroups.popLast() ?? 0) {
            depth -= 1
            body.indent(depth)
            body.write("</g>\n")
        }
    }

    /// Writes `<clipPath id="clipN">` with the next clip number, and returns the number.
    /// Writes the `<clipPath>` definitions of a group's shape clip and custom clip path, in that
    /// order, and returns their numbers.
    mutating func defineClips(_ shapeClip: ShapeKind?, _ clipPath: Path?, frame: CGRect) -> [Int] {
        var clips: [Int] = []
        if let shapeClip {
            clips.append(beginClipPath())
            body.element(shapeClip, frame)
            body.write("/></clipPath>\n")
        }
        if let clipPath {
            clips.append(beginClipPath())
            body.write("<path d=\"")
            body.write(pathData: clipPath, dx: frame.minX, dy: frame.minY)
            body.write("\"/></clipPath>\n")
        }
        return clips
    }

    mutating func beginClipPath() -> Int {
        clipCount += 1
        body.indent(depth)
        body.write("<clipPath id=\"clip")
        body.write(integer: clipCount)
        body.write("\">")
        return clipCount
    }

    /// One `<g …>` line, one level deeper after it.
    mutating func open(clip: Int? = nil, filter: Int? = nil, opacity: Double = 1, translation: CGSize? = nil,
                       blendMode: BlendMode = .normal, id: String? = nil, count: inout Int) {
        body.indent(depth)
        body.write("<g")
        if let clip { body.write(reference: "clip-path", prefix: "clip", clip) }
        if let filter { body.write(reference: "filter", prefix: "shadow", filter) }
        if opacity < 1 {
            body.write(" opacity=\"")
            body.write(number: opacity)
            body.write(byte: UInt8(ascii: "\""))
        }
        if let translation {
            body.write(" transform=\"translate(")
            body.write(number: translation.width)
            body.write(byte: UInt8(ascii: " "))
            body.write(number: translation.height)
            body.write(")\"")
        }
        if blendMode != .normal {
            body.write(" style=\"mix-blend-mode:")
            body.write(Self.cssName(blendMode))
            body.write(byte: UInt8(ascii: "\""))
        }
        body.write(id: id)
        body.write(">\n")
        depth += 1
        count += 1
    }

    /// The shadow, with its numbers made safe, or nil when it draws nothing.
    static func visible(_ shadow: Shadow) -> Shadow? {
        guard shadow.color.alpha * 255 >= 0.5 else { return nil }
        var shadow = shadow
        shadow.radius = shadow.radius.isFinite ? max(shadow.radius, 0) : 0
        shadow.offset.width = shadow.offset.width.isFinite ? shadow.offset.width : 0
        shadow.offset.height = shadow.offset.height.isFinite ? shadow.offset.height : 0
        return shadow
    }

    /// The number of a `<filter>` drawing `shadow` under the group's drawing: its alpha blurred
    /// (a Gaussian of standard deviation `radius`), moved by the offset, filled with the colour,
    /// and the drawing over it. That is `<feDropShadow>`, written as the primitives it stands for,
    /// since librsvg 2.54 does not know it (and drops the element it filters); with no radius
    /// there is no blur. Colours are blended in sRGB, as Cairo blurs, not SVG's default linearRGB.
    ///
    /// The filter region (which clips the drawing as well as the shadow) is everything the group
    /// draws and its frame, before the translation, grown by three radii and the offset on each
    /// side, so no visible part of the blur is cut.
    mutating func defineShadow(_ shadow: Shadow, group: DisplayGroup, frame: CGRect) -> Int {
        var region = frame
        // Nested shadows reach three deviations, as this one.
        let drawn = DrawnBounds.of(group.items) { 3 * $0.radius }
        if !drawn.isNull { region = region.union(drawn.offsetBy(dx: group.translation.width, dy: group.translation.height)) }
        let margin = 3 * shadow.radius
        region = region.insetBy(dx: -(margin + abs(shadow.offset.width)), dy: -(margin + abs(shadow.offset.height)))
        let content = SVGBuffer()
        content.write(" filterUnits=\"userSpaceOnUse\"")
        content.write(frame: region)
        content.write(" color-interpolation-filters=\"sRGB\">")
        if shadow.radius > 0 {
            content.write("<feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"")
            content.write(number: shadow.radius)
            content.write("\"/><feOffset dx=\"")
        } else {
            content.write("<feOffset in=\"SourceAlpha\" dx=\"")
        }
        content.write(number: shadow.offset.width)
        content.write("\" dy=\"")
        content.write(number: shadow.offset.height)
        content.write("\" result=\"shadow\"/><feFlood flood-color=\"")
        content.write(hex: shadow.color)
        content.write(byte: UInt8(ascii: "\""))
        if shadow.color.alpha * 255 < 254.5 {
            content.write(" flood-opacity=\"")
            content.write(number: SVGBuffer.byteOpacity(shadow.color.alpha))
            content.write(byte: UInt8(ascii: "\""))
        }
        content.write("/><feComposite in2=\"shadow\" operator=\"in\"/><feMerge><feMergeNode/><feMergeNode in=\"SourceGraphic\"/></feMerge></filter>")
        return define("filter", prefix: "shadow", content: content)
    }

    /// The CSS name of a blend mode: `colorDodge` is `color-dodge`.
    static func cssName(_ mode: BlendMode) -> StaticString {
        switch mode {
        case .normal: "normal"
        case .multiply: "multiply"
        case .screen: "screen"
        case .overlay: "overlay"
        case .darken: "darken"
        case .lighten: "lighten"
        case .colorDodge: "color-dodge"
        case .colorBurn: "color-burn"
        case .softLight: "soft-light"
        case .hardLight: "hard-light"
        case .difference: "difference"
        case .exclusion: "exclusion"
        case .hue: "hue"
        case .saturation: "saturation"
        case .color: "color"
        case .luminosity: "luminosity"
        }
    }
}
