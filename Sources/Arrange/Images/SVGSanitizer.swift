import Foundation

/// An SVG image from a file Arrange did not write, rewritten as picture only, and checked against
/// what makes librsvg slow or abort, before librsvg or any SVG output sees it.
///
/// Kept: an allow-list of drawing elements and attributes. Dropped: scripts, event attributes,
/// `<foreignObject>`, animation, metadata, elements of other namespaces, links other than to an
/// id in the document or to an embedded PNG or JPEG, `url()` and `@import` reaching outside the
/// document, comments, processing instructions and the DOCTYPE.
///
/// Refused (`ImageError.refused`): more than `elementLimit` elements, also once `<use>` and
/// `url(#…)` references are followed; nesting deeper than `depthLimit`; a reference back to
/// itself; and filter primitives whose parameters make librsvg abort or take minutes.
enum SVGSanitizer {
    /// The most elements an SVG image may have, and may expand to through its references.
    static let elementLimit = 100_000
    /// The deepest elements may nest, references followed.
    static let depthLimit = 256
    /// The largest `feConvolveMatrix` order: librsvg 2.54 aborts on a kernel of more than 400
    /// numbers, and every number is a multiplication at every pixel.
    static let convolveOrderLimit = 9
    /// The most `feTurbulence` octaves: each is another pass of noise at every pixel.
    static let octaveLimit = 10
    /// The largest `feMorphology` radius: librsvg visits (2r + 1)² pixels for each pixel.
    static let morphologyRadiusLimit = 10

    /// The clean document, UTF-8.
    static func sanitize(_ data: Data) throws(ImageError) -> Data {
        let markup = try SVGMarkup(data, elementLimit: elementLimit, depthLimit: depthLimit)
        guard markup.svgName(markup.elements[0].name) == "svg" else {
            throw ImageError.corrupt("the root element is <\(markup.elements[0].name)>, not <svg>")
        }
        var writer = Writer(markup: markup)
        try writer.write(0, root: true)
        var limits = SVGImageLimits(writer.kept)
        try limits.check()
        return Data(writer.out.utf8)
    }

    /// Elements drawn or referred to by drawing; `a` is written as `g`, without its link.
    static let elements: Set<String> = [
        "svg", "g", "defs", "symbol", "use", "image", "switch", "a",
        "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
        "text", "tspan", "textPath", "style",
        "linearGradient", "radialGradient", "stop", "pattern", "clipPath", "mask", "marker",
        "filter", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix",
        "feDiffuseLighting", "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA",
        "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur", "feImage", "feMerge", "feMergeNode", "feMorphology",
        "feOffset", "fePointLight", "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence",
    ]

    /// Attributes kept (besides `href`, checked on its own): geometry, presentation, and the
    /// parameters of gradients, patterns, masks, markers, filters and text.
    static let attributes: Set<String> = [
        "id", "class", "style", "transform", "x", "y", "width", "height", "rx", "ry", "cx", "cy", "r",
        "fx", "fy", "fr", "x1", "y1", "x2", "y2", "d", "points", "pathLength", "viewBox", "preserveAspectRatio",
        "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity", "stroke-linecap",
        "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "opacity", "color",
        "display", "visibility", "overflow", "clip", "clip-path", "clip-rule", "mask", "filter", "marker",
        "marker-start", "marker-mid", "marker-end", "stop-color", "stop-opacity", "flood-color", "flood-opacity",
        "lighting-color", "color-interpolation", "color-interpolation-filters", "color-rendering",
        "shape-rendering", "text-rendering", "image-rendering", "paint-order", "vector-effect", "mix-blend-mode",
        "isolation", "font", "font-family", "font-size", "font-size-adjust", "font-stretch", "font-style",
        "font-variant", "font-weight", "letter-spacing", "word-spacing", "text-anchor", "text-decoration",
        "dominant-baseline", "alignment-baseline", "baseline-shift", "writing-mode", "direction", "unicode-bidi",
        "enable-background", "xml:space",
        "gradientUnits", "gradientTransform", "spreadMethod", "offset", "patternUnits", "patternContentUnits",
        "patternTransform", "clipPathUnits", "maskUnits", "maskContentUnits", "markerUnits", "markerWidth",
        "markerHeight", "refX", "refY", "orient", "filterUnits", "primitiveUnits", "in", "in2", "result",
        "mode", "type", "values", "operator", "k1", "k2", "k3", "k4", "stdDeviation", "dx", "dy", "order",
        "kernelMatrix", "divisor", "bias", "targetX", "targetY", "edgeMode", "kernelUnitLength", "preserveAlpha",
        "surfaceScale", "diffuseConstant", "specularConstant", "specularExponent", "scale", "xChannelSelector",
        "yChannelSelector", "radius", "baseFrequency", "numOctaves", "seed", "stitchTiles", "azimuth",
        "elevation", "z", "pointsAtX", "pointsAtY", "pointsAtZ", "limitingConeAngle", "tableValues", "slope",
        "intercept", "amplitude", "exponent", "textLength", "lengthAdjust", "rotate", "startOffset", "method",
        "spacing", "side", "systemLanguage", "requiredFeatures", "requiredExtensions",
    ]

    /// Elements whose text is drawn or read.
    static let textElements: Set<String> = ["text", "tspan", "textPath", "style"]

    /// `value` without anything that reaches outside the document, or nil when it cannot be kept:
    /// every `url()` must name an id here (`url(#a)`); no `://` or `javascript:` may remain, nor a
    /// backslash (a CSS escape can spell `url` or `@import` in other letters).
    static func localOnly(_ value: String, css: Bool) -> String? {
        // Most values (numbers, colours, path data) hold none of the characters that start a
        // function, an at-rule, a scheme or an escape: no searching needed.
        guard value.utf8.contains(where: { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "\\") }) else {
            return value
        }
        guard !value.contains("\\") else { return nil }
        var value = value
        if css {
            // `@import …;` rules go; a stylesheet keeps the rest.
            while let start = value.range(of: "@import", options: .caseInsensitive) {
                let end = value[start.upperBound...].firstIndex(of: ";").map { value.index(after: $0) } ?? value.endIndex
                value.removeSubrange(start.lowerBound..<end)
            }
        }
        var searchFrom = value.startIndex
        while let start = value.range(of: "url(", options: .caseInsensitive, range: searchFrom..<value.endIndex) {
            guard let close = value[start.upperBound...].firstIndex(of: ")") else { return nil }
            let target = value[start.upperBound..<close].trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\n\"'"))
            if target.hasPrefix("#") {
                searchFrom = value.index(after: close)
            } else {
                // A stylesheet loses the one value; an attribute is dropped whole.
                guard css else { return nil }
                value.replaceSubrange(start.lowerBound...close, with: "none")
                searchFrom = value.startIndex
            }
        }
        let lowered = value.lowercased()
        guard !lowered.contains("://"), !lowered.contains("javascript:") else { return nil }
        return value
    }

    /// The `href` as it may stay, or nil: a reference to an id in the document, or an embedded PNG
    /// or JPEG, cut to its image data like any image (`ImageStripping`). An embedded image's
    /// pixels count towards `pixels`, which may not pass `ImageSource.pixelLimit`: librsvg decodes
    /// them all.
    static func safeLink(_ value: String, pixels: inout Int) throws(ImageError) -> String? {
        let link = value.trimmingCharacters(in: .whitespacesAndNewlines)
        if link.hasPrefix("#") {
            return link.dropFirst().allSatisfy { !$0.isWhitespace && $0 != "'" && $0 != "\"" } ? link : nil
        }
        guard link.lowercased().hasPrefix("data:image/png;base64,") || link.lowercased().hasPrefix("data:image/jpeg;base64,"),
              let comma = link.firstIndex(of: ","),
              let data = Data(base64Encoded: String(link[link.index(after: comma)...]), options: .ignoreUnknownCharacters) else { return nil }
        let image: EmbeddedImage
        do {
            image = try EmbeddedImage(data)
        } catch .tooLarge(let width, let height, _), .sideTooLong(let width, let height, _) {
            throw ImageError.refused("it embeds a \(width) × \(height) image, over the limits of an image (\(ImageSource.pixelLimit) pixels, \(ImageSource.sideLimit) a side)")
        } catch {
            // Not a whole PNG or JPEG: librsvg would draw nothing for it either.
            return nil
        }
        pixels += image.pixels
        guard pixels <= ImageSource.pixelLimit else {
            throw ImageError.refused("its embedded images have more than \(ImageSource.pixelLimit) pixels together, the limit for an image")
        }
        return "data:\(image.format.mimeType);base64," + image.data.base64EncodedString()
    }

    /// Writes the elements kept and remembers them for the limits.
    struct Writer {
        let markup: SVGMarkup
        var out = ""
        /// The elements written, their children and references, for `Limits`.
        var kept = KeptTree()
        /// The pixels of the PNGs and JPEGs embedded so far.
        var embeddedPixels = 0

        init(markup: SVGMarkup) {
            self.markup = markup
        }

        /// Writes element `index` and what it holds; returns its number in `kept`, or nil when
        /// it is dropped.
        @discardableResult
        mutating func write(_ index: Int, root: Bool = false) throws(ImageError) -> Int? {
            let element = markup.elements[index]
            guard let local = keptName(index) else { return nil }
            let name = local == "a" ? "g" : local
            let number = kept.add(name)
            out += "<" + name
            if root { out += " xmlns=\"\(SVGMarkup.svgNamespace)\" xmlns:xlink=\"\(SVGMarkup.xlinkNamespace)\"" }
            for (attribute, value) in element.attributes {
                if attribute == "href" || markup.isXLinkHref(attribute) {
                    guard local != "a", let link = try SVGSanitizer.safeLink(value, pixels: &embeddedPixels) else { continue }
                    writeAttribute("xlink:href", link)
                    if link.hasPrefix("#") { kept.references[number].append(String(link.dropFirst())) }
                } else if SVGSanitizer.attributes.contains(attribute), let clean = SVGSanitizer.localOnly(value, css: attribute == "style") {
                    writeAttribute(attribute, clean)
                    kept.attributes[number].append((attribute, clean))
                    if attribute == "id" { kept.ids[clean] = kept.ids[clean] ?? number }
                    kept.references[number] += Self.urlReferences(clean)
                }
            }
            var opened = false
            func open(_ out: inout String) {
                if !opened { out += ">" }
                opened = true
            }
            if name == "style" {
                let css = element.children.map { if case .text(let text) = $0 { text } else { "" } }.joined()
                if let clean = SVGSanitizer.localOnly(css, css: true), !clean.isEmpty {
                    open(&out)
                    out += XMLEscaping.markup(clean, attribute: false)
                }
            } else {
                for child in element.children {
                    switch child {
                    case .element(let childIndex):
                        guard keptName(childIndex) != nil else { continue }
                        open(&out)
                        if let childNumber = try write(childIndex) { kept.children[number].append(childNumber) }
                    case .text(let text):
                        guard SVGSanitizer.textElements.contains(name) else { continue }
                        open(&out)
                        out += XMLEscaping.markup(text, attribute: false)
                    }
                }
            }
            out += opened ? "</\(name)>" : "/>"
            return number
        }

        /// The element's name without its prefix, or nil when it is dropped with all it holds.
        func keptName(_ index: Int) -> String? {
            guard let local = markup.svgName(markup.elements[index].name), SVGSanitizer.elements.contains(local) else { return nil }
            return local
        }

        mutating func writeAttribute(_ name: String, _ value: String) {
            out += " \(name)=\"" + XMLEscaping.markup(value, attribute: true) + "\""
        }

        /// The ids `value` names in `url(#id)`.
        static func urlReferences(_ value: String) -> [String] {
            guard value.utf8.contains(UInt8(ascii: "(")) else { return [] }
            var ids: [String] = []
            var rest = value[...]
            while let start = rest.range(of: "url(#", options: .caseInsensitive) {
                let id = rest[start.upperBound...].prefix { $0 != ")" && $0 != "'" && $0 != "\"" && !$0.isWhitespace }
                ids.append(String(id))
                rest = rest[start.upperBound...]
            }
            return ids
        }

    }

    /// The elements kept: each one's name, attributes, child elements and the ids it refers to.
    struct KeptTree {
        var names: [String] = []
        var attributes: [[(String, String)]] = []
        var children: [[Int]] = []
        var references: [[String]] = []
        /// Each id's element (the first with it).
        var ids: [String: Int] = [:]

        mutating func add(_ name: String) -> Int {
            names.append(name)
            attributes.append([])
            children.append([])
            references.append([])
            return names.count - 1
        }

        func attribute(_ name: String, of element: Int) -> String? {
            attributes[element].first { $0.0 == name }?.1
        }
    }
}
