import Arrange
import ArrangeCairo
import ArrangeSVG
import ArrangeSnapshot
import Foundation
import Testing
import TestSupport

/// The SVG writer's elements, written out by hand: a fill and the border of the same rectangle
/// become one `<rect>` exactly when that draws the same pixels, and not otherwise.
@Suite struct SVGOutputTests {
    static func item(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat, _ content: DisplayItem.Content,
                     id: String? = nil) -> DisplayItem {
        DisplayItem(frame: CGRect(x: x, y: y, width: width, height: height), identity: ViewIdentity(path: "0", kind: "test", id: id),
                    content: content)
    }

    /// A 20 × 10 canvas's elements, one a line, without the `<svg>` line and its end.
    static func lines(_ items: [DisplayItem], scale: CGFloat = 1, options: RenderOptions = RenderOptions()) throws -> [String] {
        let svg = try SVGRenderer().render(DisplayList(size: CGSize(width: 20, height: 10), scale: scale, items: items), options: options)
        var lines = svg.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"20\" height=\"10\" viewBox=\"0 0 20 10\" role=\"img\">")
        #expect(lines.suffix(2) == ["</svg>", ""])
        lines.removeFirst()
        lines.removeLast(2)
        return lines
    }

    static let red = Color.red // #ff3b30
    static let box = item(0, 0, 20, 10, .fill(.rectangle, red))
    static func border(_ color: Color = .black, width: CGFloat = 1, frame: CGRect = CGRect(x: 0, y: 0, width: 20, height: 10),
                       id: String? = nil) -> DisplayItem {
        item(frame.minX, frame.minY, frame.width, frame.height, .strokeBorder(.rectangle, color, lineWidth: width), id: id)
    }

    @Test func glyphsAndImagesAreReferencedWithXLinkForSVG11Readers() throws {
        // Inkscape 1.2 and other SVG 1.1 readers draw a <use> or <image> only through xlink:href,
        // declared on the root; one href attribute each, never both forms.
        let text = LayoutResult(of: Text("Hi"), in: ProposedViewSize(width: nil, height: nil)).displayList
        let png = try CairoRenderer().render(DisplayList(size: CGSize(width: 2, height: 2), items: [Self.box]), options: RenderOptions())
        let image = Self.item(0, 0, 20, 10, .image(ImageDrawing(source: try ImageSource(data: png))))
        let svg = try SVGRenderer().render(DisplayList(size: text.size, items: text.items + [image]), options: RenderOptions())
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "))
        let uses = svg.components(separatedBy: "<use ").dropFirst()
        // Two glyphs, H and i, and the image's one use.
        #expect(uses.count == 3)
        for use in uses {
            let element = use.prefix { $0 != ">" }
            #expect(element.components(separatedBy: "xlink:href=\"").count == 2, "\(element)")
            #expect(element.components(separatedBy: " href=\"").count == 1, "\(element)")
        }
        let images = svg.components(separatedBy: "<image ").dropFirst()
        #expect(images.count == 1)
        #expect(images.allSatisfy { $0.prefix { $0 != ">" }.contains("xlink:href=\"data:image/png;base64,") })
        #expect(!svg.contains(" href=\""))
    }

    @Test func aFilledRectangleWithItsBorderIsOneElement() throws {
        // The stroke's centre line is half a point in: x 0.5, width 20 − 1 = 19, height 10 − 1 = 9.
        let svg = try SVGRenderer().render(DisplayList(size: CGSize(width: 20, height: 10), items: [Self.box, Self.border()]))
        #expect(svg == """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20" height="10" viewBox="0 0 20 10" role="img">
            <rect x="0.5" y="0.5" width="19" height="9" fill="#ff3b30" stroke="#000000"/>
            </svg>

            """)
        // Two points wide: inset 1, 18 × 8, and the width written.
        #expect(try Self.lines([Self.box, Self.border(width: 2)])
                == [##"<rect x="1" y="1" width="18" height="8" fill="#ff3b30" stroke="#000000" stroke-width="2"/>"##])
    }

    @Test func theBorderModifierMerges() throws {
        // Red 1, green 0.5 (127.5 rounds to 128 = 0x80), blue 0.
        let view = Rectangle().fill(Color(red: 1, green: 0.5, blue: 0)).frame(width: 20, height: 10).border(Color.black, width: 1)
        let svg = try SVGRenderer().render(LayoutResult(of: view).displayList)
        #expect(svg == """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20" height="10" viewBox="0 0 20 10" role="img">
            <rect x="0.5" y="0.5" width="19" height="9" fill="#ff8000" stroke="#000000"/>
            </svg>

            """)
    }

    @Test func aBorderThatIsNotOpaqueStaysApart() throws {
        // Half opaque: 127.5 rounds to 128, and 128 / 255 = 0.50196 is written 0.502. The fill
        // must show under the border's outer half, which one element could not draw.
        let translucent = Color(white: 0, opacity: 0.5)
        #expect(try Self.lines([Self.box, Self.border(translucent)]) == [
            ##"<rect x="0" y="0" width="20" height="10" fill="#ff3b30"/>"##,
            ##"<rect x="0.5" y="0.5" width="19" height="9" fill="none" stroke="#000000" stroke-opacity="0.502"/>"##,
        ])
        // A translucent fill under an opaque border still merges: the border hides its edge.
        let faint = Self.item(0, 0, 20, 10, .fill(.rectangle, Color(red: 1, green: 0, blue: 0, opacity: 0.5)))
        #expect(try Self.lines([faint, Self.border()])
                == [##"<rect x="0.5" y="0.5" width="19" height="9" fill="#ff0000" fill-opacity="0.502" stroke="#000000"/>"##])
    }

    @Test func bordersOffThePixelGridStayApart() throws {
        // Half a point is half a pixel at 1×: the border's inner edge is soft, and the fill
        // shows through it.
        let thin = [Self.box, Self.border(width: 0.5)]
        #expect(try Self.lines(thin) == [
            ##"<rect x="0" y="0" width="20" height="10" fill="#ff3b30"/>"##,
            ##"<rect x="0.25" y="0.25" width="19.5" height="9.5" fill="none" stroke="#000000" stroke-width="0.5"/>"##,
        ])
        // At 2× it is one pixel.
        #expect(try Self.lines(thin, scale: 2)
                == [##"<rect x="0.25" y="0.25" width="19.5" height="9.5" fill="#ff3b30" stroke="#000000" stroke-width="0.5"/>"##])
        // The scale of the options, not the list's, sets the grid.
        #expect(try Self.lines(thin, scale: 2, options: RenderOptions(scale: 1)).count == 2)
        // A frame half a point off the grid at 1×.
        let shifted = CGRect(x: 0.5, y: 0, width: 19, height: 10)
        let offGrid = [Self.item(0.5, 0, 19, 10, .fill(.rectangle, Self.red)), Self.border(frame: shifted)]
        #expect(try Self.lines(offGrid) == [
            ##"<rect x="0.5" y="0" width="19" height="10" fill="#ff3b30"/>"##,
            ##"<rect x="1" y="0.5" width="18" height="9" fill="none" stroke="#000000"/>"##,
        ])
        #expect(try Self.lines(offGrid, scale: 2) == [##"<rect x="1" y="0.5" width="18" height="9" fill="#ff3b30" stroke="#000000"/>"##])
    }

    @Test func onlyTheSameRectangleWithTheSameIDMerges() throws {
        // Another frame.
        #expect(try Self.lines([Self.box, Self.border(frame: CGRect(x: 0, y: 0, width: 20, height: 8))]) == [
            ##"<rect x="0" y="0" width="20" height="10" fill="#ff3b30"/>"##,
            ##"<rect x="0.5" y="0.5" width="19" height="7" fill="none" stroke="#000000"/>"##,
        ])
        // Circles are not merged: their soft edges would lose the fill under the border.
        let circle = [Self.item(0, 0, 20, 10, .fill(.circle, Self.red)), Self.item(0, 0, 20, 10, .strokeBorder(.circle, .black, lineWidth: 1))]
        #expect(try Self.lines(circle) == [
            ##"<circle cx="10" cy="5" r="5" fill="#ff3b30"/>"##,
            ##"<circle cx="10" cy="5" r="4.5" fill="none" stroke="#000000"/>"##,
        ])
        // The same id is kept once; different ids keep both elements, each with its own.
        let tagged = Self.item(0, 0, 20, 10, .fill(.rectangle, Self.red), id: "a")
        #expect(try Self.lines([tagged, Self.border(id: "a")])
                == [##"<rect x="0.5" y="0.5" width="19" height="9" fill="#ff3b30" stroke="#000000" data-id="a"/>"##])
        #expect(try Self.lines([tagged, Self.border(id: "b")]) == [
            ##"<rect x="0" y="0" width="20" height="10" fill="#ff3b30" data-id="a"/>"##,
            ##"<rect x="0.5" y="0.5" width="19" height="9" fill="none" stroke="#000000" data-id="b"/>"##,
        ])
        #expect(try Self.lines([Self.box, Self.border(id: "b")]).count == 2)
        // An id is escaped in a merged element too.
        let hostile = Self.item(0, 0, 20, 10, .fill(.rectangle, Self.red), id: "\"/><script>")
        #expect(try Self.lines([hostile, Self.border(id: "\"/><script>")])
                == [##"<rect x="0.5" y="0.5" width="19" height="9" fill="#ff3b30" stroke="#000000" data-id="&quot;/&gt;&lt;script&gt;"/>"##])
    }

    @Test func onlyTheFillJustBeforeTheBorderMerges() throws {
        // Red, then blue over it, then the border: blue and the border merge after red.
        let blue = Self.item(0, 0, 20, 10, .fill(.rectangle, .blue))
        #expect(try Self.lines([Self.box, blue, Self.border()]) == [
            ##"<rect x="0" y="0" width="20" height="10" fill="#ff3b30"/>"##,
            ##"<rect x="0.5" y="0.5" width="19" height="9" fill="#007aff" stroke="#000000"/>"##,
        ])
        // A group between them keeps them apart.
        let group = Self.item(0, 0, 20, 10, .group(DisplayGroup(opacity: 0.5, items: [])))
        #expect(try Self.lines([Self.box, group, Self.border()]) == [
            ##"<rect x="0" y="0" width="20" height="10" fill="#ff3b30"/>"##,
            ##"<g opacity="0.5">"##,
            "</g>",
            ##"<rect x="0.5" y="0.5" width="19" height="9" fill="none" stroke="#000000"/>"##,
        ])
        // A border without a fill, and a fill last, are written as they are.
        #expect(try Self.lines([Self.border(), Self.box]) == [
            ##"<rect x="0.5" y="0.5" width="19" height="9" fill="none" stroke="#000000"/>"##,
            ##"<rect x="0" y="0" width="20" height="10" fill="#ff3b30"/>"##,
        ])
    }

    @Test func aBorderWiderThanHalfTheFrameFillsIt() throws {
        // 10 wide on a frame 10 tall: its centre line, 5 in from each side, encloses nothing, so
        // the frame is filled with the border's colour.
        #expect(try Self.lines([Self.box, Self.border(width: 10)]) == [
            ##"<rect x="0" y="0" width="20" height="10" fill="#ff3b30"/>"##,
            ##"<rect x="0" y="0" width="20" height="10" fill="#000000"/>"##,
        ])
        // 6 wide: the centre line is 3 in, a 14 × 4 rectangle, and the stroke covers all of it.
        #expect(try Self.lines([Self.box, Self.border(width: 6)])
                == [##"<rect x="3" y="3" width="14" height="4" fill="#ff3b30" stroke="#000000" stroke-width="6"/>"##])
    }

    @Test func groupsWriteAGOnlyWhenTheyApplySomething() throws {
        let plain = Self.item(0, 0, 20, 10, .group(DisplayGroup(items: [Self.box, Self.border()])))
        #expect(try Self.lines([plain]) == [##"<rect x="0.5" y="0.5" width="19" height="9" fill="#ff3b30" stroke="#000000"/>"##])
        let faded = Self.item(0, 0, 20, 10, .group(DisplayGroup(opacity: 0.5, items: [Self.box, Self.border()])))
        #expect(try Self.lines([faded]) == [
            ##"<g opacity="0.5">"##,
            ##"  <rect x="0.5" y="0.5" width="19" height="9" fill="#ff3b30" stroke="#000000"/>"##,
            "</g>",
        ])
        let named = DisplayItem(frame: CGRect(x: 0, y: 0, width: 20, height: 10), identity: ViewIdentity(path: "0", kind: "test", id: "n"),
                                content: .group(DisplayGroup(items: [Self.box])))
        #expect(try Self.lines([named]) == [##"<g data-id="n">"##, ##"  <rect x="0" y="0" width="20" height="10" fill="#ff3b30"/>"##, "</g>"])
        let clipped = Self.item(0, 0, 20, 10, .group(DisplayGroup(clip: .rectangle, items: [Self.box])))
        #expect(try Self.lines([clipped]) == [
            ##"<clipPath id="clip1"><rect x="0" y="0" width="20" height="10"/></clipPath>"##,
            ##"<g clip-path="url(#clip1)">"##,
            ##"  <rect x="0" y="0" width="20" height="10" fill="#ff3b30"/>"##,
            "</g>",
        ])
        // Moved half a point, the box lands off the grid and stays two elements; moved 3, it merges.
        let half = Self.item(0, 0, 20, 10, .group(DisplayGroup(translation: CGSize(width: 0.5, height: 0), items: [Self.box, Self.border()])))
        #expect(try Self.lines([half]) == [
            ##"<g transform="translate(0.5 0)">"##,
            ##"  <rect x="0" y="0" width="20" height="10" fill="#ff3b30"/>"##,
            ##"  <rect x="0.5" y="0.5" width="19" height="9" fill="none" stroke="#000000"/>"##,
            "</g>",
        ])
        let whole = Self.item(0, 0, 20, 10, .group(DisplayGroup(translation: CGSize(width: 3, height: 0), items: [Self.box, Self.border()])))
        #expect(try Self.lines([whole]) == [
            ##"<g transform="translate(3 0)">"##,
            ##"  <rect x="0.5" y="0.5" width="19" height="9" fill="#ff3b30" stroke="#000000"/>"##,
            "</g>",
        ])
    }

    @Test func theBackgroundComesFirst() throws {
        #expect(try Self.lines([Self.box, Self.border()], options: RenderOptions(background: .white)) == [
            ##"<rect width="20" height="10" fill="#ffffff"/>"##,
            ##"<rect x="0.5" y="0.5" width="19" height="9" fill="#ff3b30" stroke="#000000"/>"##,
        ])
    }

    /// Bordered boxes in a flow, as issue 13's benchmark draws them: w 20–120, h 10–40 and a
    /// colour from the LCG s·1664525 + 1013904223 (seed 42, value s >> 8), each with a 1-pt black
    /// border, in a bordered frame 1000 wide padded 9.
    static func anchorFlow(_ count: Int) -> some View {
        var state: UInt32 = 42
        func next() -> UInt32 {
            state = state &* 1_664_525 &+ 1_013_904_223
            return state >> 8
        }
        let boxes = (0..<count).map { _ in
            let width = 20 + next() % 101, height = 10 + next() % 31, rgb = next() & 0xFF_FFFF
            let color = Color(red: Double(rgb >> 16) / 255, green: Double((rgb >> 8) & 0xFF) / 255, blue: Double(rgb & 0xFF) / 255)
            return (CGFloat(width), CGFloat(height), color)
        }
        return FlowLayout(spacing: 8) {
            ForEach(0..<count) { index in
                Rectangle().fill(boxes[index].2).frame(width: boxes[index].0, height: boxes[index].1).border(Color.black, width: 1)
            }
        }
        .frame(maxWidth: .infinity, alignment: .topLeading)
        .padding(9)
        .border(Color.black, width: 1)
    }

    @Test func boxesTakeAtMostAHundredBytesEach() throws {
        let list = LayoutResult(of: Self.anchorFlow(500), in: ProposedViewSize(width: 1000, height: nil)).displayList
        let svg = try SVGRenderer().render(list)
        // One element a box and one for the frame's border: 501 lines between <svg> and </svg>.
        #expect(svg.split(separator: "\n").count == 503)
        // Issue 13's budget, header and all.
        #expect(svg.utf8.count <= 100 * 500, "\(svg.utf8.count) bytes")
    }

    @Test(arguments: [1, 2] as [CGFloat])
    func mergedBoxesDrawWhatCairoDraws(scale: CGFloat) throws {
        let rsvg = try ExternalTool.locate("rsvg-convert", package: "librsvg2-bin")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let options = RenderOptions(background: .white)
        let list = LayoutResult(of: Self.anchorFlow(300), in: ProposedViewSize(width: 1000, height: nil), scale: scale).displayList
        let svgFile = folder.appendingPathComponent("boxes.svg"), rasterised = folder.appendingPathComponent("boxes.png")
        try FileOutput.write(SVGRenderer().render(list, options: options), to: svgFile)
        let result = try ExternalTool.run(rsvg, ["--zoom", "\(scale)", "-o", rasterised.path, svgFile.path])
        #expect(result.status == 0, "rsvg-convert: \(result.errors)")
        let difference = try Bitmap(png: CairoRenderer().render(list, options: options)).difference(from: Bitmap(contentsOfPNG: rasterised))
        print("merged boxes at \(scale)×: \(difference.differingPixels)/\(difference.totalPixels) pixels differ, max channel difference \(difference.maxChannelDifference)")
        // The limits of AgreementTests.
        #expect(difference.fraction <= AgreementTests.maxDifferingFraction)
        #expect(difference.maxChannelDifference <= AgreementTests.maxChannelDifference)
    }

    @Test func mergedBoxesLookRightInChromium() throws {
        let chromium = try ExternalTool.locate("chromium", package: "chromium")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A red box 40 × 30 at (10, 10) with a 1-pt border, a blue one 30 × 30 at (60, 10) with a
        // 3-pt border, on white.
        let items = [
            Self.item(10, 10, 40, 30, .fill(.rectangle, .red)), Self.item(10, 10, 40, 30, .strokeBorder(.rectangle, .black, lineWidth: 1)),
            Self.item(60, 10, 30, 30, .fill(.rectangle, .blue)), Self.item(60, 10, 30, 30, .strokeBorder(.rectangle, .black, lineWidth: 3)),
        ]
        let svg = try SVGRenderer().render(DisplayList(size: CGSize(width: 100, height: 50), items: items), options: RenderOptions(background: .white))
        #expect(svg.components(separatedBy: "<rect").count == 4, "the background and two merged boxes")
        let file = folder.appendingPathComponent("boxes.svg"), shot = folder.appendingPathComponent("shot.png")
        try FileOutput.write(svg, to: file)
        let result = try ExternalTool.run(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                                     "--window-size=100,50", "--screenshot=\(shot.path)", file.absoluteString])
        #expect(result.status == 0, "chromium: \(result.errors)")
        let picture = try Bitmap(contentsOfPNG: shot)
        func expect(_ x: Int, _ y: Int, _ color: (Int, Int, Int), _ what: String) {
            let pixel = picture[x, y]
            #expect(abs(Int(pixel.red) - color.0) <= 2 && abs(Int(pixel.green) - color.1) <= 2 && abs(Int(pixel.blue) - color.2) <= 2,
                    "\(what) at (\(x), \(y)): \(pixel)")
        }
        // Color.red is (255, 59, 48), Color.blue (0, 122, 255).
        expect(10, 10, (0, 0, 0), "the red box's top-left border pixel")
        expect(49, 39, (0, 0, 0), "its bottom-right border pixel")
        expect(11, 11, (255, 59, 48), "its first inside pixel")
        expect(30, 25, (255, 59, 48), "its middle")
        expect(50, 25, (255, 255, 255), "just outside it")
        expect(62, 25, (0, 0, 0), "the blue box's border, 3 pixels: its third")
        expect(63, 25, (0, 122, 255), "its first inside pixel")
        expect(87, 37, (0, 0, 0), "its bottom-right border, 3 pixels in")
        expect(86, 36, (0, 122, 255), "its last inside pixel")
    }
}
