import Arrange
import Foundation

/// Groups with drawing effects (`DisplayGroup.hasDrawingEffects`): a transform, filters, a mask
/// or an isolated layer. Written as nested `<g>`s, outermost first, in `DisplayGroup`'s order:
///
/// ```text
/// <g clip-path opacity style="mix-blend-mode;isolation" id>   clip, opacity, blend, layer
///   <g clip-path>                                             a second clip (librsvg 2.54)
///     <g filter="shadow">                                     the shadow of what is inside
///       <g filter mask>                                       filters, then the mask
///         <g transform="matrix(…)">                           translation and transform
/// ```
///
/// An element's filter and mask work in its own user space, so no `<g>` that has one also moves:
/// their regions are in the coordinates the group sits in. Colour filters are `feColorMatrix`
/// with the matrices of `DisplayFilter.colorMatrix`, in sRGB (`color-interpolation-filters`), as
/// Cairo applies them; the mask's alpha becomes white of that alpha through a filter, since an
/// SVG mask is a luminance mask everywhere (`mask-type` is not in librsvg 2.54).
extension SVGWriter {
    mutating func beginEffectGroup(_ group: DisplayGroup, frame: CGRect, identity: ViewIdentity) {
        let drawable = DrawnBounds.isDrawable(frame)
        let shapeClip = drawable ? group.clip : nil
        let clipPath = drawable ? group.clipPath.flatMap { $0.isFinite ? $0 : nil } : nil
        let shadow = drawable ? group.shadow.flatMap(Self.visible) : nil
        let transform = group.itemTransform(in: drawable ? frame : .zero)
        let finite = [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].allSatisfy(\.isFinite)
        // The mask's content is written before the group's items, with the open groups as they
        // are outside this one.
        let mask = group.mask.map { defineMask($0, group: group, frame: frame, transform: finite ? transform : .identity) }
        let filter = group.filters.isEmpty ? nil : defineFilters(group, frame: frame)
        groups.push(group, frame: frame)
        let clips = defineClips(shapeClip, clipPath, frame: frame)
        var opened = 0
        openLayer(clip: clips.first, opacity: group.opacity, blendMode: group.blendMode, isolated: group.isolated, id: identity.id, count: &opened)
        if clips.count > 1 { open(clip: clips[1], count: &opened) }
        if let shadow {
            let number = defineShadow(shadow, group: group, frame: frame)
            open(filter: number, count: &opened)
        }
        if filter != nil || mask != nil {
            body.indent(depth)
            body.write("<g")
            if let filter { body.write(reference: "filter", prefix: "fx", filter) }
            if let mask { body.write(reference: "mask", prefix: "mask", mask) }
            body.write(">\n")
            depth += 1
            opened += 1
        }
        if finite, !transform.isIdentity {
            openTransform(transform, count: &opened)
        }
        openGroups.append(opened)
    }

    /// The outermost `<g>` of an effect group: its clip, opacity, blend mode, isolation and id;
    /// always written, so an isolated group is a group of its own.
    private mutating func openLayer(clip: Int?, opacity: Double, blendMode: BlendMode, isolated: Bool, id: String?, count: inout Int) {
        body.indent(depth)
        body.write("<g")
        if let clip { body.write(reference: "clip-path", prefix: "clip", clip) }
        if opacity < 1 {
            body.write(" opacity=\"")
            body.write(number: opacity)
            body.write(byte: UInt8(ascii: "\""))
        }
        if blendMode != .normal || isolated {
            body.write(" style=\"")
            if blendMode != .normal {
                body.write("mix-blend-mode:")
                body.write(Self.cssName(blendMode))
                if isolated { body.write(byte: UInt8(ascii: ";")) }
            }
            if isolated { body.write("isolation:isolate") }
            body.write(byte: UInt8(ascii: "\""))
        }
        body.write(id: id)
        body.write(">\n")
        depth += 1
        count += 1
    }

    /// `<g transform="matrix(a b c d e f)">`: a translation alone is written as `translate`.
    private mutating func openTransform(_ t: CGAffineTransform, count: inout Int) {
        if t.a == 1, t.b == 0, t.c == 0, t.d == 1 { return open(translation: CGSize(width: t.tx, height: t.ty), count: &count) }
        body.indent(depth)
        body.write("<g transform=\"matrix(")
        body.write(matrix: t)
        body.write(")\">\n")
        depth += 1
        count += 1
    }

    /// The number of a `<filter>` applying the group's filters in order, its region what the
    /// group draws after them (`DrawnBounds.contentBounds`), in the group's outer coordinates.
    private mutating func defineFilters(_ group: DisplayGroup, frame: CGRect) -> Int {
        let reach: DrawnBounds.ShadowReach = { 3 * max($0.radius, 0) }
        var region = DrawnBounds.contentBounds(of: group, in: frame, shadowReach: reach)
        if region.isNull { region = .zero }
        let content = SVGBuffer()
        content.write(" filterUnits=\"userSpaceOnUse\"")
        content.write(frame: region)
        content.write(" color-interpolation-filters=\"sRGB\">")
        for filter in group.filters {
            switch filter {
            case .blur(let radius, let opaque):
                let sigma = radius.isFinite ? max(radius, 0) : 0
                if sigma > 0 {
                    content.write("<feGaussianBlur stdDeviation=\"")
                    content.write(number: sigma)
                    content.write("\"/>")
                }
                if opaque {
                    // Every pixel with any ink made opaque: alpha × 255, clamped to 1.
                    content.write("<feComponentTransfer><feFuncA type=\"linear\" slope=\"255\"/></feComponentTransfer>")
                }
            case .brightness, .contrast, .saturation:
                guard let m = filter.colorMatrix else { continue }
                content.write("<feColorMatrix type=\"matrix\" values=\"")
                for row in m {
                    content.write(number: row[0], decimals: 4)
                    for value in [row[1], row[2], 0, row[3]] {
                        content.write(byte: UInt8(ascii: " "))
                        content.write(number: value, decimals: 4)
                    }
                    content.write(byte: UInt8(ascii: " "))
                }
                content.write("0 0 0 1 0\"/>")
            }
        }
        content.write("</filter>")
        return define("filter", prefix: "fx", content: content)
    }

    /// The number of a `<mask>` of `items` (in the group's item coordinates, moved by
    /// `transform`): their alpha, as white, over their drawn bounds.
    private mutating func defineMask(_ items: [DisplayItem], group: DisplayGroup, frame: CGRect, transform: CGAffineTransform) -> Int {
        var region = DrawnBounds.of(items) { 3 * max($0.radius, 0) }
        region = region.isNull ? .zero : (transform.isIdentity ? region : region.applying(transform))
        if !DrawnBounds.isDrawable(region) { region = .zero }
        let white = SVGBuffer()
        white.write(" filterUnits=\"userSpaceOnUse\"")
        white.write(frame: region)
        white.write(" color-interpolation-filters=\"sRGB\"><feColorMatrix type=\"matrix\" values=\"0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 1 0\"/></filter>")
        let whiteNumber = define("filter", prefix: "white", content: white)
        // The items are written into a buffer of their own, then into the definition.
        let outer = body, outerDepth = depth
        body = SVGBuffer()
        depth = 2
        var opened = 0
        if !transform.isIdentity { openTransform(transform, count: &opened) }
        DisplayList.walk(items, &self)
        flushPendingFill()
        for _ in 0..<opened {
            depth -= 1
            body.indent(depth)
            body.write("</g>\n")
        }
        let inner = body
        body = outer
        depth = outerDepth
        let content = SVGBuffer()
        content.write(" maskUnits=\"userSpaceOnUse\"")
        content.write(frame: region)
        content.write("><g")
        content.write(reference: "filter", prefix: "white", whiteNumber)
        content.write(">\n")
        content.write(inner)
        content.write("  </g></mask>")
        return define("mask", prefix: "mask", content: content)
    }
}

extension SVGBuffer {
    /// The six numbers of a `matrix(…)` transform.
    func write(matrix t: CGAffineTransform) {
        // Six decimals for the linear part, which long edges multiply; four for the shift.
        write(number: t.a, decimals: 6)
        for value in [t.b, t.c, t.d] {
            write(byte: UInt8(ascii: " "))
            write(number: value, decimals: 6)
        }
        for value in [t.tx, t.ty] {
            write(byte: UInt8(ascii: " "))
            write(number: value)
        }
    }
}
