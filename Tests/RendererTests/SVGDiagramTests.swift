import Arrange
import ArrangeSVG
import ArrangeSnapshot
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport

/// The SVG writer's paths, gradients, images and group effects, against numbers worked out by
/// hand: absolute coordinates, stroke attributes, gradient definitions, data URIs, shadows and
/// blend modes, escaping, and a document XMLParser accepts.
@Suite struct SVGDiagramTests {
    static func item(_ frame: CGRect, _ content: DisplayItem.Content, id: String? = nil) -> DisplayItem {
        DisplayItem(frame: frame, identity: ViewIdentity(path: "0", kind: "test", id: id), content: content)
    }

    /// The document of `items` on a 200 × 100 canvas.
    static func svg(_ items: [DisplayItem], renderer: SVGRenderer = SVGRenderer()) throws -> String {
        try renderer.render(DisplayList(size: CGSize(width: 200, height: 100), items: items))
    }

    /// The root of a document without images.
    static let header = ##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100" viewBox="0 0 200 100" role="img">"##
    /// The root of a document with images, which names XLink for their `xlink:href`.
    static let imageHeader = ##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100" viewBox="0 0 200 100" role="img">"##

    /// The document's lines between `<svg …>` (which must be `header`) and `</svg>`.
    static func lines(_ items: [DisplayItem], renderer: SVGRenderer = SVGRenderer(), header: String = header) throws -> [String] {
        let lines = try svg(items, renderer: renderer).split(separator: "\n").map(String.init)
        #expect(lines.first == header)
        #expect(lines.last == "</svg>")
        return Array(lines.dropFirst().dropLast())
    }

    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)
    static let black = Color(red: 0, green: 0, blue: 0)

    /// A 2 × 2 RGBA PNG (red, green, blue, half-transparent white), 82 bytes, made with Pillow.
    static let png: [UInt8] = [
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x02,
        0x00, 0x00, 0x00, 0x02, 0x08, 0x06, 0x00, 0x00, 0x00, 0x72, 0xb6, 0x0d, 0x24, 0x00, 0x00, 0x00, 0x19, 0x49, 0x44, 0x41,
        0x54, 0x78, 0xda, 0x05, 0xc1, 0x01, 0x0d, 0x00, 0x00, 0x08, 0xc0, 0x20, 0xdc, 0x2c, 0x6e, 0xf2, 0x0b, 0x22, 0x69, 0x47,
        0xe2, 0x1e, 0x3f, 0x80, 0x06, 0x81, 0xa3, 0x55, 0xfe, 0xf0, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42,
        0x60, 0x82,
    ]

    static func image(named name: String = "tiny.png") throws -> ImageSource {
        try ImageSource(data: Data(png), name: name)
    }

    // MARK: Paths

    @Test func aPathIsOnePathElementInCanvasCoordinates() throws {
        // Relative to the frame's corner (10, 20): every x gets 10 and every y 20.
        var path = Path()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 30, y: 0))
        path.addQuadCurve(to: CGPoint(x: 30, y: 40), control: CGPoint(x: 40, y: 20))
        path.addCurve(to: CGPoint(x: 0, y: 40), control1: CGPoint(x: 20, y: 50), control2: CGPoint(x: 10, y: 50))
        path.closeSubpath()
        let frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        #expect(try Self.lines([Self.item(frame, .path(PathDrawing(path: path, paint: .color(Self.red))), id: "shape")]) == [
            ##"<path d="M10 20L40 20Q50 40 40 60C30 70 20 70 10 60Z" fill="#ff0000" data-id="shape"/>"##,
        ])
        // Even-odd, and a translucent fill: 0.25 × 255 = 63.75 rounds to 64, 64 / 255 = 0.25098.
        let square = PathDrawing(path: Path(CGRect(x: 0, y: 0, width: 5, height: 5)), paint: .color(Color(red: 0, green: 0, blue: 1, opacity: 0.25)),
                                 evenOdd: true)
        #expect(try Self.lines([Self.item(CGRect(x: 1.5, y: 2, width: 5, height: 5), .path(square))]) == [
            ##"<path d="M1.5 2L6.5 2L6.5 7L1.5 7Z" fill="#0000ff" fill-opacity="0.251" fill-rule="evenodd"/>"##,
        ])
    }

    @Test func strokesWriteTheirStyle() throws {
        let line = Path { $0.move(to: CGPoint(x: 0, y: 5)); $0.addLine(to: CGPoint(x: 20, y: 5)) }
        let frame = CGRect(x: 100, y: 50, width: 20, height: 10)
        let dashed = StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .round, dash: [4, 2.5], dashPhase: 1)
        #expect(try Self.lines([Self.item(frame, .path(PathDrawing(path: line, paint: .color(Self.black), stroke: dashed)))]) == [
            ##"<path d="M100 55L120 55" fill="none" stroke="#000000" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" stroke-dasharray="4 2.5" stroke-dashoffset="1"/>"##,
        ])
        // The default style: width 1 and butt caps are SVG's defaults too, its miter limit (4) is not 10.
        #expect(try Self.lines([Self.item(frame, .path(PathDrawing(path: line, paint: .color(Self.black), stroke: StrokeStyle())))]) == [
            ##"<path d="M100 55L120 55" fill="none" stroke="#000000" stroke-miterlimit="10"/>"##,
        ])
        // Square caps, bevel joins; a negative dash length makes the line solid (as `sanitized` says).
        let bevel = StrokeStyle(lineWidth: 0.5, lineCap: .square, lineJoin: .bevel, dash: [-1, 2])
        #expect(try Self.lines([Self.item(frame, .path(PathDrawing(path: line, paint: .color(Self.black), stroke: bevel)))]) == [
            ##"<path d="M100 55L120 55" fill="none" stroke="#000000" stroke-width="0.5" stroke-linecap="square" stroke-linejoin="bevel"/>"##,
        ])
        // No width, nothing drawn.
        #expect(try Self.lines([Self.item(frame, .path(PathDrawing(path: line, paint: .color(Self.black), stroke: StrokeStyle(lineWidth: 0))))]).isEmpty)
    }

    @Test func aPathWithAPointThatIsNotFiniteIsNotDrawn() throws {
        let path = Path { $0.move(to: .zero); $0.addLine(to: CGPoint(x: CGFloat.nan, y: 1)) }
        #expect(try Self.lines([Self.item(CGRect(x: 0, y: 0, width: 10, height: 10), .path(PathDrawing(path: path, paint: .color(Self.red))))]).isEmpty)
    }

    // MARK: Gradients

    @Test func aLinearGradientIsADefinitionInCanvasCoordinates() throws {
        // The frame's corner (10, 20) plus (0, 25) and (100, 25): from (10, 45) to (110, 45).
        let frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        let rect = Path(CGRect(x: 0, y: 0, width: 100, height: 50))
        let paint = DisplayPaint.linear(Gradient(colors: [Self.red, Self.blue]), start: CGPoint(x: 0, y: 25), end: CGPoint(x: 100, y: 25))
        let filled = Self.item(frame, .path(PathDrawing(path: rect, paint: paint)))
        // The same gradient stroking a path one point lower is the same definition: the numbers
        // are in canvas coordinates, and these are the same.
        let stroked = Self.item(frame, .path(PathDrawing(path: rect, paint: paint, stroke: StrokeStyle(lineWidth: 3, lineJoin: .round))))
        // Half-opaque blue: 127.5 rounds to 128, 128 / 255 = 0.50196.
        let faded = DisplayPaint.linear(Gradient(stops: [.init(color: Self.red, location: 0.2),
                                                         .init(color: Color(red: 0, green: 0, blue: 1, opacity: 0.5), location: 0.8)]),
                                        start: CGPoint(x: 0, y: 0), end: CGPoint(x: 0, y: 50))
        let third = Self.item(frame, .path(PathDrawing(path: rect, paint: faded)))
        #expect(try Self.lines([filled, stroked, third]) == [
            "<defs>",
            ##"  <linearGradient id="grad1" gradientUnits="userSpaceOnUse" x1="10" y1="45" x2="110" y2="45"><stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/></linearGradient>"##,
            ##"  <linearGradient id="grad2" gradientUnits="userSpaceOnUse" x1="10" y1="20" x2="10" y2="70"><stop offset="0.2" stop-color="#ff0000"/><stop offset="0.8" stop-color="#0000ff" stop-opacity="0.502"/></linearGradient>"##,
            "</defs>",
            ##"<path d="M10 20L110 20L110 70L10 70Z" fill="url(#grad1)"/>"##,
            ##"<path d="M10 20L110 20L110 70L10 70Z" fill="none" stroke="url(#grad1)" stroke-width="3" stroke-linejoin="round"/>"##,
            ##"<path d="M10 20L110 20L110 70L10 70Z" fill="url(#grad2)"/>"##,
        ])
    }

    @Test func aRadialGradientMovesItsFirstStopOutToTheStartRadius() throws {
        // Start radius 10 of 40: the first stop is at 10 / 40 = 0.25, the last stays at 1.
        // Centre (20, 20) of the frame at (50, 10): (70, 30).
        let paint = DisplayPaint.radial(Gradient(colors: [Self.red, Self.blue]), center: CGPoint(x: 20, y: 20), startRadius: 10, endRadius: 40)
        let circle = Self.item(CGRect(x: 50, y: 10, width: 40, height: 40),
                               .path(PathDrawing(path: Path(CGRect(x: 0, y: 0, width: 40, height: 40)), paint: paint)))
        let lines = try Self.lines([circle])
        #expect(lines.contains(##"  <radialGradient id="grad1" gradientUnits="userSpaceOnUse" cx="70" cy="30" r="40"><stop offset="0.25" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/></radialGradient>"##))
        #expect(lines.last == ##"<path d="M50 10L90 10L90 50L50 50Z" fill="url(#grad1)"/>"##)
        #expect(!lines.joined().contains(" fr="))
    }

    @Test func gradientsSVGWouldDrawInOneColourAreThatColour() throws {
        let rect = Path(CGRect(x: 0, y: 0, width: 10, height: 10))
        let frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        // A line of no length paints the last stop, as SVG says; so does a radius of 0.
        let flat = DisplayPaint.linear(Gradient(colors: [Self.red, Self.blue]), start: CGPoint(x: 5, y: 5), end: CGPoint(x: 5, y: 5))
        let point = DisplayPaint.radial(Gradient(colors: [Self.red, Self.blue]), center: CGPoint(x: 5, y: 5), startRadius: 0, endRadius: 0)
        // No stops: nothing.
        let empty = DisplayPaint.linear(Gradient(stops: []), start: .zero, end: CGPoint(x: 10, y: 0))
        #expect(try Self.lines([Self.item(frame, .path(PathDrawing(path: rect, paint: flat))), Self.item(frame, .path(PathDrawing(path: rect, paint: point))),
                                Self.item(frame, .path(PathDrawing(path: rect, paint: empty)))]) == [
            ##"<path d="M0 0L10 0L10 10L0 10Z" fill="#0000ff"/>"##,
            ##"<path d="M0 0L10 0L10 10L0 10Z" fill="#0000ff"/>"##,
        ])
    }

    @Test func anAngularGradientIsWedgesMaskedByThePath() throws {
        // A 20 × 10 rectangle round its centre (10, 5): the farthest corner is √(10² + 5²) =
        // 11.18034 away, so the wedges reach 12.18034; the mask covers the square round the centre.
        let paint = DisplayPaint.angular(Gradient(colors: [Self.red, Self.blue]), center: CGPoint(x: 10, y: 5), startAngle: .zero,
                                         endAngle: .degrees(360))
        let rect = Path(CGRect(x: 0, y: 0, width: 20, height: 10))
        let lines = try Self.lines([Self.item(CGRect(x: 0, y: 0, width: 20, height: 10), .path(PathDrawing(path: rect, paint: paint)), id: "dial")])
        #expect(Array(lines.prefix(5)) == [
            "<defs>",
            ##"  <mask id="mask1" maskUnits="userSpaceOnUse" x="-2.1803" y="-7.1803" width="24.3607" height="24.3607"><path d="M0 0L20 0L20 10L0 10Z" fill="#ffffff"/></mask>"##,
            "</defs>",
            ##"<g mask="url(#mask1)" data-id="dial">"##,
            // The first wedge: its own degree, 0° to 1°, three more under the next wedges and one
            // back under the last wedge's end: −1° to 4°. Coloured at its middle, 0.5 / 360 of the
            // way from red to blue: still #ff0000. 10 + 12.18034 · cos −1° = 22.17848,
            // 5 + 12.18034 · sin −1° = 4.78743; 10 + 12.18034 · cos 4° = 22.15067,
            // 5 + 12.18034 · sin 4° = 5.84966.
            ##"  <path d="M10 5L22.1785 4.7874L22.1507 5.8497Z" fill="#ff0000"/>"##,
        ])
        #expect(lines.filter { $0.hasPrefix("  <path d=\"M10 5L") }.count == 360)
        #expect(lines.last == "</g>")
        // Stroked, the mask strokes the path in white with the item's style.
        let stroked = try Self.lines([Self.item(CGRect(x: 0, y: 0, width: 20, height: 10),
                                                .path(PathDrawing(path: rect, paint: paint, stroke: StrokeStyle(lineWidth: 2, lineJoin: .round))))])
        // The stroke reaches 1 past the path: the corner is √(11² + 6²) = 12.52996 away, 13.52996 with the point more.
        #expect(stroked[1] == ##"  <mask id="mask1" maskUnits="userSpaceOnUse" x="-3.53" y="-8.53" width="27.0599" height="27.0599"><path d="M0 0L20 0L20 10L0 10Z" fill="none" stroke="#ffffff" stroke-width="2" stroke-linejoin="round"/></mask>"##)
    }

    // MARK: Images

    @Test func anImageIsDefinedOnceAndShownInAViewportOverEachFrame() throws {
        let source = try Self.image()
        let item = Self.item(CGRect(x: 10, y: 20, width: 40, height: 30), .image(ImageDrawing(source: source)))
        // The same image twice: one definition of its 2 × 2 pixels, two viewports stretching it.
        let moved = Self.item(CGRect(x: 60, y: 0, width: 4, height: 4), .image(ImageDrawing(source: source)))
        let lines = try Self.lines([item, moved], header: Self.imageHeader)
        try #require(lines.count == 5)
        let prefix = ##"  <image id="image1" width="2" height="2" xlink:href="data:image/png;base64,"##
        #expect(lines[0] == "<defs>")
        #expect(lines[1].hasPrefix(prefix))
        #expect(lines[1].hasSuffix(##""/>"##))
        // The file holds only IHDR, IDAT and IEND, all kept: the data is the file's bytes.
        let encoded = lines[1].dropFirst(prefix.count).dropLast(##""/>"##.count)
        #expect(Data(base64Encoded: String(encoded)) == Data(Self.png))
        #expect(lines[2] == "</defs>")
        #expect(lines[3] == ##"<svg x="10" y="20" width="40" height="30" viewBox="0 0 2 2" preserveAspectRatio="none"><use xlink:href="#image1"/></svg>"##)
        #expect(lines[4] == ##"<svg x="60" y="0" width="4" height="4" viewBox="0 0 2 2" preserveAspectRatio="none"><use xlink:href="#image1"/></svg>"##)
        // An SVG file is embedded the same way, as image/svg+xml, sanitised: its script is gone,
        // and its markup never enters the page.
        let markup = #"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><script>alert(1)</script></svg>"#
        let svgLines = try Self.lines([Self.item(CGRect(x: 0, y: 0, width: 4, height: 4), .image(ImageDrawing(source: ImageSource(data: Data(markup.utf8)))))],
                                      header: Self.imageHeader)
        let svgPrefix = ##"  <image id="image1" width="4" height="4" xlink:href="data:image/svg+xml;base64,"##
        try #require(svgLines.count == 4 && svgLines[1].hasPrefix(svgPrefix))
        let inner = Data(base64Encoded: String(svgLines[1].dropFirst(svgPrefix.count).dropLast(##""/>"##.count)))
        #expect(inner.map { String(decoding: $0, as: UTF8.self) }
            == ##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="4" height="4"/>"##)
        // Nearest-pixel sampling, inherited by the viewport's image.
        let pixelated = try Self.lines([Self.item(CGRect(x: 0, y: 0, width: 8, height: 8), .image(ImageDrawing(source: source, interpolation: .none)))],
                                       header: Self.imageHeader)
        #expect(pixelated[3] == ##"<svg x="0" y="0" width="8" height="8" viewBox="0 0 2 2" preserveAspectRatio="none" image-rendering="optimizeSpeed"><use xlink:href="#image1"/></svg>"##)
        // A frame of no size draws nothing, and defines nothing.
        #expect(try Self.lines([Self.item(CGRect(x: 0, y: 0, width: 0, height: 8), .image(ImageDrawing(source: source)))]).isEmpty)
    }

    @Test func linkedImagesAreNamedAndEscaped() throws {
        let links = SVGRenderer(imageLinks: true)
        let frame = CGRect(x: 0, y: 0, width: 2, height: 2)
        func symbol(_ name: String) throws -> String {
            let lines = try Self.lines([Self.item(frame, .image(ImageDrawing(source: Self.image(named: name))))], renderer: links, header: Self.imageHeader)
            #expect(lines.count == 4 && lines[3] == ##"<svg x="0" y="0" width="2" height="2" viewBox="0 0 2 2" preserveAspectRatio="none"><use xlink:href="#image1"/></svg>"##)
            return lines.count > 1 ? lines[1] : ""
        }
        #expect(try symbol("images/tiny.png")
            == ##"  <image id="image1" width="2" height="2" xlink:href="images/tiny.png"/>"##)
        // Quotes and angle brackets cannot end the attribute or open an element: they are
        // percent-encoded in the URL (" %22, < %3C, > %3E, space %20, # %23), and & is escaped.
        #expect(try symbol(##"a"/><script>x</script> & #1.png"##).contains(##"xlink:href="a%22/%3E%3Cscript%3Ex%3C/script%3E%20&amp;%20%231.png"/>"##))
        // A name that would read as a scheme or a host stays a path.
        #expect(try symbol("javascript:alert(1)").contains(##"xlink:href="./javascript:alert(1)""##))
        #expect(try symbol("//example.com/a.png").contains(##"xlink:href=".//example.com/a.png""##))
    }

    // MARK: Groups

    @Test func aShadowIsAFilterBlurringInSRGB() throws {
        // 33% black (0.33 × 255 = 84.15, 84 / 255 = 0.32941), radius 4, offset (2, 3), round a
        // box at (10, 10), 40 × 30: the region grows by 3 × 4 + 2 = 14 across and 12 + 3 = 15 down.
        let shadow = Shadow(color: Color(white: 0, opacity: 0.33), radius: 4, offset: CGSize(width: 2, height: 3))
        let frame = CGRect(x: 10, y: 10, width: 40, height: 30)
        let group = Self.item(frame, .group(DisplayGroup(shadow: shadow, items: [Self.item(frame, .fill(.rectangle, Self.red))])))
        #expect(try Self.lines([group]) == [
            "<defs>",
            ##"  <filter id="shadow1" filterUnits="userSpaceOnUse" x="-4" y="-5" width="68" height="60" color-interpolation-filters="sRGB"><feGaussianBlur in="SourceAlpha" stdDeviation="4"/><feOffset dx="2" dy="3" result="shadow"/><feFlood flood-color="#000000" flood-opacity="0.3294"/><feComposite in2="shadow" operator="in"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>"##,
            "</defs>",
            ##"<g filter="url(#shadow1)">"##,
            ##"  <rect x="10" y="10" width="40" height="30" fill="#ff0000"/>"##,
            "</g>",
        ])
        // No radius: a hard shadow, no blur; an opaque colour writes no opacity.
        let hard = Self.item(frame, .group(DisplayGroup(shadow: Shadow(color: Self.blue, radius: 0, offset: CGSize(width: -1, height: 0)),
                                                        items: [Self.item(frame, .fill(.rectangle, Self.red))])))
        #expect(try Self.lines([hard])[1] == ##"  <filter id="shadow1" filterUnits="userSpaceOnUse" x="9" y="10" width="42" height="30" color-interpolation-filters="sRGB"><feOffset in="SourceAlpha" dx="-1" dy="0" result="shadow"/><feFlood flood-color="#0000ff"/><feComposite in2="shadow" operator="in"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>"##)
    }

    @Test func theShadowRegionHoldsWhatSpillsOutOfTheFrame() throws {
        // A line from (−10, 5) to (60, 5) of the 40 × 30 frame at (10, 10), stroked 2 wide with
        // butt caps and round joins: on the canvas from x 0 to 70 at y 15, counted as reaching a
        // half width (1) past its ends too, x −1 to 71. With radius 1 and no offset the region
        // grows 3 more: x −4 to 74, and the frame's top 10 − 3 = 7 to its bottom 40 + 3 = 43.
        let line = Path { $0.move(to: CGPoint(x: -10, y: 5)); $0.addLine(to: CGPoint(x: 60, y: 5)) }
        let frame = CGRect(x: 10, y: 10, width: 40, height: 30)
        let stroke = StrokeStyle(lineWidth: 2, lineJoin: .round)
        let group = Self.item(frame, .group(DisplayGroup(shadow: Shadow(color: Self.black, radius: 1, offset: .zero),
                                                         items: [Self.item(frame, .path(PathDrawing(path: line, paint: .color(Self.red), stroke: stroke)))])))
        #expect(try Self.lines([group])[1].hasPrefix(##"  <filter id="shadow1" filterUnits="userSpaceOnUse" x="-4" y="7" width="78" height="36" "##))
    }

    @Test func clipsShadowsAndBlendingStayOutsideTheTranslation() throws {
        // A shape clip and a clip path together nest: librsvg ignores a clip on a <clipPath>.
        // The clip path, relative to the frame's corner (10, 10), is written in canvas
        // coordinates; the translation goes inside both, so neither clip moves with it.
        let frame = CGRect(x: 10, y: 10, width: 40, height: 30)
        let group = DisplayGroup(clip: .rectangle, clipPath: Path(CGRect(x: 0, y: 0, width: 20, height: 30)), opacity: 0.5,
                                 translation: CGSize(width: 5, height: 0), blendMode: .multiply,
                                 items: [Self.item(CGRect(x: 10, y: 10, width: 10, height: 10), .fill(.circle, Self.red))])
        #expect(try Self.lines([Self.item(frame, .group(group), id: "card")]) == [
            ##"<clipPath id="clip1"><rect x="10" y="10" width="40" height="30"/></clipPath>"##,
            ##"<clipPath id="clip2"><path d="M10 10L30 10L30 40L10 40Z"/></clipPath>"##,
            ##"<g clip-path="url(#clip1)" opacity="0.5" style="mix-blend-mode:multiply" data-id="card">"##,
            ##"  <g clip-path="url(#clip2)">"##,
            ##"    <g transform="translate(5 0)">"##,
            ##"      <circle cx="15" cy="15" r="5" fill="#ff0000"/>"##,
            "    </g>",
            "  </g>",
            "</g>",
        ])
        // A clip path and a shadow on one group: the filter and the clip on one <g> (SVG filters
        // first, then clips), the translation inside.
        let shadowed = DisplayGroup(clipPath: Path(CGRect(x: 0, y: 0, width: 20, height: 30)), translation: CGSize(width: 0, height: 2),
                                    shadow: Shadow(color: Self.black, radius: 1, offset: .zero),
                                    items: [Self.item(CGRect(x: 10, y: 10, width: 10, height: 10), .fill(.rectangle, Self.red))])
        let lines = try Self.lines([Self.item(frame, .group(shadowed))])
        #expect(Array(lines.dropFirst(3)) == [
            ##"<clipPath id="clip1"><path d="M10 10L30 10L30 40L10 40Z"/></clipPath>"##,
            ##"<g clip-path="url(#clip1)" filter="url(#shadow1)">"##,
            ##"  <g transform="translate(0 2)">"##,
            ##"    <rect x="10" y="10" width="10" height="10" fill="#ff0000"/>"##,
            "  </g>",
            "</g>",
        ])
        // Moved and faded only: one <g>, as before.
        let moved = DisplayGroup(opacity: 0.5, translation: CGSize(width: 3, height: 4), items: [Self.item(frame, .fill(.rectangle, Self.red))])
        #expect(try Self.lines([Self.item(frame, .group(moved))]) == [
            ##"<g opacity="0.5" transform="translate(3 4)">"##,
            ##"  <rect x="10" y="10" width="40" height="30" fill="#ff0000"/>"##,
            "</g>",
        ])
    }

    @Test(arguments: [
        (BlendMode.multiply, "multiply"), (.screen, "screen"), (.overlay, "overlay"), (.darken, "darken"), (.lighten, "lighten"),
        (.colorDodge, "color-dodge"), (.colorBurn, "color-burn"), (.softLight, "soft-light"), (.hardLight, "hard-light"),
        (.difference, "difference"), (.exclusion, "exclusion"), (.hue, "hue"), (.saturation, "saturation"), (.color, "color"),
        (.luminosity, "luminosity"),
    ])
    func blendModesHaveTheirCSSNames(mode: BlendMode, name: String) throws {
        let frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        let group = Self.item(frame, .group(DisplayGroup(blendMode: mode, items: [Self.item(frame, .fill(.rectangle, Self.red))])))
        #expect(try Self.lines([group]).first == "<g style=\"mix-blend-mode:\(name)\">")
    }

    // MARK: The document

    @Test func colorsCannotWriteMarkup() throws {
        // Components out of range or NaN are clamped to bytes: hex digits only, whatever they are.
        let odd = Color(red: .nan, green: 2, blue: -1, opacity: .infinity)
        let frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        let paint = DisplayPaint.linear(Gradient(colors: [odd, odd]), start: .zero, end: CGPoint(x: 10, y: 0))
        let svg = try Self.svg([Self.item(frame, .path(PathDrawing(path: Path(frame), paint: paint))),
                                Self.item(frame, .group(DisplayGroup(shadow: Shadow(color: odd, radius: 2, offset: .zero), items: [])))])
        #expect(svg.contains(##"<stop offset="0" stop-color="#00ff00"/>"##))
        try Self.expectWellFormed(svg)
    }

    @Test func everythingTogetherIsWellFormedXMLAndTheSameEveryTime() throws {
        let list = try Self.diagram()
        let svg = try SVGRenderer().render(list)
        try Self.expectWellFormed(svg)
        #expect(try SVGRenderer().render(list) == svg)
        // Linked, too, with a name full of markup.
        try Self.expectWellFormed(SVGRenderer(imageLinks: true).render(list))
    }

    @Test func pathsAndImagesThatOnlyMoveAreAnimatedAsOneElement() throws {
        func frame(_ x: CGFloat) throws -> DisplayList {
            let line = Path { $0.move(to: .zero); $0.addLine(to: CGPoint(x: 10, y: 10)) }
            return DisplayList(size: CGSize(width: 100, height: 20), items: [
                Self.item(CGRect(x: x, y: 0, width: 10, height: 10), .path(PathDrawing(path: line, paint: .color(Self.red), stroke: StrokeStyle()))),
                Self.item(CGRect(x: x, y: 10, width: 10, height: 10), .image(ImageDrawing(source: try Self.image()))),
            ])
        }
        let svg = try SVGRenderer().animation([frame(0), frame(50)], times: [0, 1], duration: 1)
        #expect(svg.components(separatedBy: "<path").count == 2)
        #expect(svg.components(separatedBy: "<image").count == 2)
        #expect(svg.contains(##"values="0 0;50 0""##))
        // A shadow that changes is not a move: a flipbook.
        func shadowed(_ radius: CGFloat) -> DisplayList {
            let box = CGRect(x: 10, y: 0, width: 10, height: 10)
            return DisplayList(size: CGSize(width: 100, height: 20), items: [
                Self.item(box, .group(DisplayGroup(shadow: Shadow(color: Self.black, radius: radius, offset: .zero),
                                                   items: [Self.item(box, .fill(.rectangle, Self.red))]))),
            ])
        }
        let flipbook = try SVGRenderer().animation([shadowed(1), shadowed(2)], times: [0, 1], duration: 1)
        #expect(flipbook.contains(##"<g display="none">"##))
    }

    @Test func theDiagramDrawsInRsvg() throws {
        // librsvg 2.54 is what the PNG comparisons use; a filter it does not know (such as
        // <feDropShadow>) would make it drop the whole card. Drawn at 4×, where the angular
        // gradient's wedges (a degree each) are two pixels wide at 30 points from the centre.
        let rsvg = try ExternalTool.locate("rsvg-convert", package: "librsvg2-bin")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("diagram.svg"), picture = folder.appendingPathComponent("diagram.png")
        try FileOutput.write(SVGRenderer().render(Self.diagram()), to: file)
        let result = try ExternalTool.run(rsvg, ["--zoom", "4", "-o", picture.path, file.path])
        #expect(result.status == 0, "rsvg-convert: \(result.errors)")
        let bitmap = try Bitmap(contentsOfPNG: picture)
        /// The pixel whose top-left corner is at (`x`, `y`) points: its centre is 0.125 further.
        func expect(_ x: Int, _ y: Int, _ color: (Int, Int, Int), within tolerance: Int = 3, _ what: String) {
            let pixel = bitmap[4 * x, 4 * y]
            #expect(abs(Int(pixel.red) - color.0) <= tolerance && abs(Int(pixel.green) - color.1) <= tolerance
                    && abs(Int(pixel.blue) - color.2) <= tolerance, "\(what) at (\(x), \(y)): \(pixel)")
        }
        // Color.red (255, 59, 48) to Color.blue (0, 122, 255) from x 20 to 160: at 25.125 it is
        // 5.125 / 140 = 0.0366 of the way, (245.7, 61.3, 55.6).
        expect(25, 60, (246, 61, 56), "the linear gradient's left end")
        // The angular gradient round (220, 60), red, yellow, green, blue, red: at 0.24° the first
        // wedge, coloured at 0.5°, 0.5 / 90 of the way to Color.yellow (255, 204, 0):
        // (255, 59.8, 47.7). Straight down, at 89.76°, the wedge from 89° (coloured at 89.5°,
        // 89.5 / 90 of the way): (255, 203.2, 0.3).
        expect(250, 60, (255, 60, 48), "the angular gradient at 0°")
        expect(220, 90, (255, 203, 0), "the angular gradient at 90°")
        // The card, #f2f2f2 (0.95 × 255 = 242.25), beside its images.
        expect(185, 215, (242, 242, 242), "the card")
        // Its shadow: 50% black, offset 4 down, blurred with σ 6. Under the middle of the card's
        // bottom edge (220, so the shadow's is 224), 224 − 222.125 = 1.875 inside the shadow's
        // edge, there is 0.5 × Φ(1.875 / 6) = 0.5 × 0.6227 = 0.3113 of it: 255 × 0.6887 = 175.6.
        expect(260, 222, (176, 176, 176), within: 6, "the shadow under the card")
        // The image's top-left pixel is red.
        expect(200, 150, (255, 0, 0), "the image")
        // Color.yellow multiplied: over white it stays (255, 204, 0); over the gradient at x
        // 140.125 (0.8580 of the way: (36.2, 113.1, 225.6)) it is (36.2, 113.1 × 0.8, 0).
        expect(140, 110, (255, 204, 0), "the blended triangle over white")
        expect(140, 90, (36, 90, 0), "the blended triangle over the gradient")
        // Inside the triangle but 37.5 from the centre of the circle clip (140, 90) of radius 30:
        // not drawn.
        expect(115, 118, (255, 255, 255), "outside the circle clip")
    }

    static func expectWellFormed(_ svg: String) throws {
        let parser = XMLParser(data: Data(svg.utf8))
        let parsed = parser.parse()
        #expect(parsed, "\(parser.parserError.map { "\($0)" } ?? "")")
    }

    /// A path, a gradient-filled rounded rectangle, an angular-gradient circle, a shadowed card
    /// with a clip path and an image: the picture `aDiagramLooksRightInRsvg` looks at.
    static func diagram() throws -> DisplayList {
        var items: [DisplayItem] = []
        items.append(item(CGRect(x: 0, y: 0, width: 400, height: 240), .fill(.rectangle, Color(white: 1))))
        // A curved connector with an arrowhead-ish dash.
        let curve = Path {
            $0.move(to: CGPoint(x: 0, y: 40))
            $0.addCurve(to: CGPoint(x: 120, y: 0), control1: CGPoint(x: 40, y: 40), control2: CGPoint(x: 80, y: 0))
        }
        items.append(item(CGRect(x: 20, y: 180, width: 120, height: 40),
                          .path(PathDrawing(path: curve, paint: .color(Color(red: 0.2, green: 0.2, blue: 0.2)),
                                            stroke: StrokeStyle(lineWidth: 3, lineCap: .round, dash: [8, 6])))))
        // A rounded rectangle filled with a linear gradient, left to right.
        let rounded = Path(roundedRect: CGRect(x: 0, y: 0, width: 140, height: 80), cornerRadius: 16)
        items.append(item(CGRect(x: 20, y: 20, width: 140, height: 80),
                          .path(PathDrawing(path: rounded, paint: .linear(Gradient(colors: [.red, .blue]), start: CGPoint(x: 0, y: 40),
                                                                          end: CGPoint(x: 140, y: 40))))))
        // A circle with an angular gradient, and a radial one in a ring.
        let circle = Path(ellipseIn: CGRect(x: 0, y: 0, width: 80, height: 80))
        items.append(item(CGRect(x: 180, y: 20, width: 80, height: 80),
                          .path(PathDrawing(path: circle, paint: .angular(Gradient(colors: [.red, .yellow, .green, .blue, .red]),
                                                                          center: CGPoint(x: 40, y: 40), startAngle: .zero, endAngle: .degrees(360))))))
        items.append(item(CGRect(x: 280, y: 20, width: 80, height: 80),
                          .path(PathDrawing(path: circle, paint: .radial(Gradient(colors: [.white, .blue]), center: CGPoint(x: 40, y: 40),
                                                                         startRadius: 10, endRadius: 40),
                                            stroke: StrokeStyle(lineWidth: 10)))))
        // A card with a shadow, clipped to a rounded outline, holding an image.
        let card = CGRect(x: 180, y: 130, width: 160, height: 90)
        let image = try Self.image(named: ##"pic "1" <&>.png"##)
        items.append(item(card, .group(DisplayGroup(clipPath: nil, shadow: Shadow(color: Color(white: 0, opacity: 0.5), radius: 6, offset: CGSize(width: 0, height: 4)),
                                                   items: [item(card, .path(PathDrawing(path: Path(roundedRect: CGRect(origin: .zero, size: card.size), cornerRadius: 12),
                                                                                        paint: .color(Color(white: 0.95))))),
                                                           item(CGRect(x: 195, y: 145, width: 60, height: 60), .image(ImageDrawing(source: image, interpolation: .none))),
                                                           item(CGRect(x: 265, y: 145, width: 60, height: 60), .image(ImageDrawing(source: image)))])),
                          id: "card"))
        // A multiply-blended translucent disc over the gradient, clipped by a star-ish path.
        let triangle = Path { $0.move(to: CGPoint(x: 30, y: 0)); $0.addLine(to: CGPoint(x: 60, y: 60)); $0.addLine(to: CGPoint(x: 0, y: 60)); $0.closeSubpath() }
        items.append(item(CGRect(x: 110, y: 60, width: 60, height: 60),
                          .group(DisplayGroup(clip: .circle, clipPath: triangle, blendMode: .multiply,
                                              items: [item(CGRect(x: 110, y: 60, width: 60, height: 60), .fill(.rectangle, .yellow))]))))
        return DisplayList(size: CGSize(width: 400, height: 240), items: items)
    }
}

