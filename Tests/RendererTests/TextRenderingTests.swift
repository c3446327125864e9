import Arrange
import ArrangeCairo
import ArrangeSVG
import ArrangeSnapshot
import Foundation
import Testing
import TestSupport

@Suite struct TextRenderingTests {
    /// One glyph as `hb-shape --output-format=json` prints it.
    struct HBGlyph: Decodable, Equatable {
        let g: UInt32
        let cl: Int
        let ax: Double
    }

    /// What HarfBuzz's own command-line shaper (libharfbuzz-bin) gives for `text` in the file.
    static func hbShape(_ font: String, _ text: String) throws -> [HBGlyph] {
        let tool = try ExternalTool.locate("hb-shape", package: "libharfbuzz-bin")
        let run = try ExternalTool.output(tool, ["--no-glyph-names", "--output-format=json", font, text])
        return try JSONDecoder().decode([HBGlyph].self, from: Data(run.utf8))
    }

    /// Kerning ("AVATAR Wo To"), Arabic joining in right-to-left order, and the "fi"/"fl"/"ffi"
    /// ligatures of DejaVu Sans: the glyph ids and advances Arrange shapes equal `hb-shape`'s for
    /// the same file and text. At a size equal to the font's units per em, advances in points are
    /// design units.
    @Test(arguments: ["AVATAR Wo To", "مرحبا بالعالم", "fi fl ffi office"])
    func shapingEqualsHBShape(text: String) throws {
        let fonts = FontLibrary.system
        let font = Font.custom("DejaVu Sans", size: 2048)
        let face = try fonts.faceID(for: font)
        let expected = try Self.hbShape(face.path, text)
        var shaped = fonts.shape(text, in: font).glyphs
        // hb-shape prints right-to-left text in visual order; Arrange keeps reading order.
        if shaped.first?.level == 1 { shaped.reverse() }
        #expect(shaped.map(\.id) == expected.map(\.g))
        #expect(shaped.map(\.cluster) == expected.map(\.cl))
        #expect(shaped.map { Double($0.advance) } == expected.map(\.ax))
        #expect(shaped.allSatisfy { $0.face == face })
    }

    /// Kerning and ligatures are there: "AV" is narrower than A + V alone, "fi" is one glyph.
    @Test func kerningAndLigaturesApply() {
        let fonts = FontLibrary.system
        #expect(fonts.width(of: "AV", in: .body) < fonts.width(of: "A", in: .body) + fonts.width(of: "V", in: .body))
        #expect(fonts.shape("fi", in: .body).glyphs.count == 1)
    }

    /// Seed 004's example: three texts in a flow with preferred spacing, in a red border. In the
    /// PNG and in the SVG rasterised by librsvg, the ink of each text lies in the same box within
    /// 1 px.
    @Test func seed004TextBoxesAgreeInSVGAndPNG() throws {
        let rsvg = try ExternalTool.locate("rsvg-convert", package: "librsvg2-bin")
        let view = FlowLayout {
            Text("Hello").font(.largeTitle)
            Text("World").font(.title)
            Text("!!!").font(.title3)
        }
        .border(Color.red)
        let scale: CGFloat = 2
        let list = LayoutResult(of: view, scale: scale).displayList
        let options = RenderOptions(background: .white)
        let png = try Bitmap(png: CairoRenderer().render(list, options: options))
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svgFile = folder.appendingPathComponent("seed004.svg"), rasterised = folder.appendingPathComponent("seed004.png")
        try FileOutput.write(SVGRenderer().render(list, options: options), to: svgFile)
        #expect(try ExternalTool.run(rsvg, ["--zoom", "\(scale)", "-o", rasterised.path, svgFile.path]).status == 0)
        let svg = try Bitmap(contentsOfPNG: rasterised)

        let texts = list.items.filter { if case .text = $0.content { true } else { false } }
        #expect(texts.count == 3)
        for item in texts {
            let inPNG = Self.inkBox(png, in: item.frame, scale: scale), inSVG = Self.inkBox(svg, in: item.frame, scale: scale)
            let a = try #require(inPNG), b = try #require(inSVG)
            #expect(abs(a.minX - b.minX) <= 1 && abs(a.maxX - b.maxX) <= 1 && abs(a.minY - b.minY) <= 1 && abs(a.maxY - b.maxY) <= 1,
                    "\(item.identity.path): PNG ink \(a), SVG ink \(b)")
        }
    }

    @Test func aSoftHyphenBreakDrawsAHyphenInEveryBackend() throws {
        // "Super" + U+00AD + "cali" is 6000 + 0 + 3519 units = 79.01 pt at 17 pt, over 60: the line
        // breaks at the soft hyphen and draws U+2010 after "Super" (hb-shape: glyph uni2010,
        // advance 739; its ink spans x 100…639 and y 479…643 units). "Super" ends at 6000 units =
        // 49.80 pt, so the hyphen's ink is at x 50.63…55.11 pt, y 15.78 − 5.34 … 15.78 − 3.98 pt.
        let rsvg = try ExternalTool.locate("rsvg-convert", package: "librsvg2-bin")
        let scale: CGFloat = 2
        let list = LayoutResult(of: Text("Super\u{AD}cali").frame(width: 60, alignment: .leading), scale: scale).displayList
        let options = RenderOptions(background: .white)
        let hyphenBox = CGRect(x: 50.5, y: 9.5, width: 5, height: 3)
        let png = try Bitmap(png: CairoRenderer().render(list, options: options))
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svgFile = folder.appendingPathComponent("hyphen.svg"), rasterised = folder.appendingPathComponent("hyphen.png")
        let svg = try SVGRenderer().render(list, options: options)
        try FileOutput.write(svg, to: svgFile)
        #expect(try ExternalTool.run(rsvg, ["--zoom", "\(scale)", "-o", rasterised.path, svgFile.path]).status == 0)
        for (name, image) in [("PNG", png), ("SVG", try Bitmap(contentsOfPNG: rasterised))] {
            let ink = try #require(Self.inkBox(image, in: hyphenBox, scale: scale), "\(name): no hyphen drawn")
            // 539 units wide = 4.47 pt = 8.9 px at scale 2; 164 units tall = 1.36 pt = 2.7 px.
            #expect(ink.maxX - ink.minX >= 7 && ink.maxY - ink.minY <= 4, "\(name): hyphen ink \(ink)")
        }
        // The invisible text is what a reader copies: the soft hyphen, no visible hyphen.
        #expect(svg.contains(">Super\u{AD}</text>"))
        #expect(!svg.contains("\u{2010}"))
        // Drawn as characters, the viewer must be given the hyphen it draws.
        let system = try SVGRenderer(textMode: .system).render(list, options: options)
        #expect(system.contains(">Super\u{2010}</tspan>"))
    }

    /// The pixel box of dark (text-coloured) pixels inside `frame`, in pixels.
    static func inkBox(_ image: Bitmap, in frame: CGRect, scale: CGFloat) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        let x0 = max(Int(frame.minX * scale), 0), y0 = max(Int(frame.minY * scale), 0)
        let x1 = min(Int(frame.maxX * scale), image.width), y1 = min(Int(frame.maxY * scale), image.height)
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in y0..<y1 {
            for x in x0..<x1 {
                let p = image[x, y]
                // Black text on white: count pixels at least half covered, grey and not red.
                guard Int(p.red) < 128, Int(p.green) < 128 else { continue }
                box = (min(box?.minX ?? x, x), min(box?.minY ?? y, y), max(box?.maxX ?? x, x), max(box?.maxY ?? y, y))
            }
        }
        return box
    }

    @Test func styledTextDrawsItsPiecesInReadingOrderWithTheirLinesAndNoLink() throws {
        // A literal's Markdown: "Ship " + bold underlined "fast" + " " + link "docs" + " now".
        // The underline's top is 40 units below the baseline (1901 units down), 90 units thick, at
        // 17 pt: 0.33 to 1.08 pt below the baseline; "fast" has no descender, so the only ink in
        // that band under it is the line, in the PNG and in the SVG as librsvg draws it.
        let rsvg = try ExternalTool.locate("rsvg-convert", package: "librsvg2-bin")
        let scale: CGFloat = 2
        let view = (Text("Ship ") + Text("**fast**").underline() + Text(" [docs](https://example.com/x) now")).fixedSize()
        let list = LayoutResult(of: view, in: ProposedViewSize(width: 200, height: 40), scale: scale).displayList
        let options = RenderOptions(background: .white)
        let svg = try SVGRenderer().render(list, options: options)
        // The invisible, selectable words come in reading order, and no link is written.
        let words = [">Ship </text>", ">fast</text>", ">docs</text>", "> now</text>"]
        let positions = words.compactMap { svg.range(of: $0)?.lowerBound }
        #expect(positions.count == words.count && positions == positions.sorted())
        #expect(!svg.contains("<a") && !svg.contains("example.com"))
        guard case .group(let group)? = list.items.first?.content else {
            Issue.record("no styled text group")
            return
        }
        let fast = try #require(group.items.first { item in
            if case .text(let run) = item.content { return run.lines.first?.text == "fast" }
            return false
        })
        guard case .text(let run) = fast.content, let line = run.lines.first else { return }
        let top = fast.frame.minY + line.origin.y + 40.0 / 2048 * 17
        // Inside the line, clear of the letters' overshoot below the baseline (at most 29 units,
        // 0.24 pt, plus a pixel of antialiasing).
        let band = CGRect(x: fast.frame.minX + line.origin.x + 1, y: top + 0.2, width: line.width - 2, height: 0.5)
        let png = try Bitmap(png: CairoRenderer().render(list, options: options))
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svgFile = folder.appendingPathComponent("styled.svg"), rasterised = folder.appendingPathComponent("styled.png")
        try FileOutput.write(svg, to: svgFile)
        #expect(try ExternalTool.run(rsvg, ["--zoom", "\(scale)", "-o", rasterised.path, svgFile.path]).status == 0)
        for (name, image) in [("PNG", png), ("SVG", try Bitmap(contentsOfPNG: rasterised))] {
            let ink = try #require(Self.inkBox(image, in: band, scale: scale), "\(name): no underline drawn")
            // The line spans the word: 4471 bold units = 37.1 pt = 74 px, less the 2 pt margins.
            #expect(ink.maxX - ink.minX >= 66, "\(name): underline ink \(ink)")
        }
    }

    @Test func hostileTextMakesWellFormedSVGWithoutScript() throws {
        let xmllint = try ExternalTool.locate("xmllint", package: "libxml2-utils")
        let svg = try SVGRenderer().render(LayoutResult(of: Text("</svg><script>alert(1)</script> & \"q\"")).displayList)
        #expect(!svg.contains("<script"))
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("text.svg")
        try FileOutput.write(svg, to: file)
        #expect(try ExternalTool.run(xmllint, ["--noout", file.path]).status == 0)
    }

    @Test func textRunsCarryBaselinesAndMeasuredWidths() throws {
        // "Hello" at body: 44 × 20 frame; baseline at ascent 1901/2048 × 17 = 15.7798; width 43.0894
        // (hb-shape: H 1540, e 1260, l 569, l 569, o 1253 = 5191 units, no kerning pair).
        let list = LayoutResult(of: Text("Hello")).displayList
        guard case .text(let run) = list.items.first?.content else {
            Issue.record("no text item")
            return
        }
        #expect(run.lines.count == 1)
        #expect(run.lines[0].origin == CGPoint(x: 0, y: 1901.0 / 2048 * 17))
        #expect(run.lines[0].width == 43.08935546875)
        #expect(run.lines[0].glyphs.map(\.id) == [43, 72, 79, 79, 82])
        let svg = try SVGRenderer(textMode: .system).render(list)
        // One stretch in one face: placed at 0, held to the measured 5191 × 17 / 2048 = 43.0894.
        #expect(svg.contains("<text y=\"15.7798\" font-size=\"17\" xml:space=\"preserve\" fill=\"#000000\">"
                             + "<tspan x=\"0\" font-family=\"DejaVu Sans, sans-serif\" textLength=\"43.0894\" lengthAdjust=\"spacingAndGlyphs\">Hello</tspan></text>"))
    }
}
