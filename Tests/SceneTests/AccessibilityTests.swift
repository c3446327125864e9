import Arrange
import ArrangeCairo
@testable import ArrangeScene
import ArrangeSVG
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Accessible pictures (issue 27): the SVG root is one image named by its `<title>` and `<desc>`,
/// a labelled view is a labelled group, and a PNG carries the description as text. Expected
/// texts are the scenes' own strings; what the files hold is read back by an XML parser and a
/// PNG chunk walk written here, not by the code that wrote them.
@Suite struct AccessibilityTests {
    /// What an XML parser finds in an SVG: the root's attributes, every id, the text of the
    /// root's `<title>` and `<desc>`, and each `<g role="img">` with its label, its `<title>` and
    /// the elements inside it.
    final class SVGReading: NSObject, XMLParserDelegate {
        struct LabelledGroup {
            var label: String?
            var title = ""
            /// The names of the elements inside, `<title>` excepted, in document order.
            var elements: [String] = []
        }

        var root: [String: String] = [:]
        var ids: [String] = []
        /// The root's children, in order.
        var rootChildren: [String] = []
        var title: (id: String?, text: String)?
        var desc: (id: String?, text: String)?
        var groups: [LabelledGroup] = []
        private var path: [String] = []
        /// The labelled group each open element is inside, if any.
        private var openGroups: [Int?] = []
        private var text: String?

        static func read(_ svg: String) -> (SVGReading, Bool) {
            let reading = SVGReading()
            let parser = XMLParser(data: Data(svg.utf8))
            parser.delegate = reading
            return (reading, parser.parse())
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if let id = attributes["id"] { ids.append(id) }
            if path.isEmpty { root = attributes }
            if path.count == 1 { rootChildren.append(name) }
            let inside = openGroups.last ?? nil
            if let inside, name != "title" || path.last != "g" { groups[inside].elements.append(name) }
            if name == "g", attributes["role"] == "img" {
                groups.append(LabelledGroup(label: attributes["aria-label"]))
                openGroups.append(groups.count - 1)
            } else {
                openGroups.append(inside)
            }
            if name == "title" || name == "desc" { text = "" }
            path.append(name)
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text? += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            path.removeLast()
            let group = openGroups.removeLast()
            guard name == "title" || name == "desc", let found = text else { return }
            text = nil
            if path.count == 1 {
                if name == "title" { title = (nil, found) } else { desc = (nil, found) }
            } else if name == "title", path.last == "g", let group {
                groups[group].title = found
            }
        }
    }

    static func svg(_ scene: Scene) throws -> String {
        String(decoding: try SceneRenderer().layout(scene).data(as: .svg), as: UTF8.self)
    }

    @Test func everyFixtureSVGIsAnImageNamedByItsDescription() throws {
        let fixtures = try validFixtures()
        #expect(fixtures.count >= 30)
        for path in fixtures {
            let scene = try Scene.load(contentsOf: path)
            let (reading, parsed) = SVGReading.read(try Self.svg(scene))
            #expect(parsed, "\(path)")
            #expect(reading.root["role"] == "img", "\(path)")
            // Ids are unique, and every id aria-labelledby names is one of them.
            #expect(Set(reading.ids).count == reading.ids.count, "\(path): \(reading.ids)")
            let named = reading.root["aria-labelledby"]?.split(separator: " ").map(String.init) ?? []
            for id in named { #expect(reading.ids.contains(id), "\(path): \(id)") }
            if let description = scene.description, !description.isEmpty {
                // The title is the first child, and the label names it.
                #expect(reading.rootChildren.first == "title", "\(path)")
                #expect(reading.title?.text == description, "\(path)")
                #expect(named.first == "arrange-title", "\(path)")
            } else {
                #expect(reading.title == nil && named.isEmpty, "\(path)")
            }
        }
    }

    @Test func titleAndDescriptionReadBackWithTheCharactersThatNeedEscaping() throws {
        let description = #"A "card" <b>bold</b> & 'quoted'"#
        let long = "Two lines: <one> & \"two\"\nand 'three'."
        let yaml = """
        canvas: {width: 40, height: 20}
        description: '\(description.replacingOccurrences(of: "'", with: "''"))'
        longDescription: "Two lines: <one> & \\"two\\"\\nand 'three'."
        view: {rectangle: {}}
        """
        let loaded = try scene(yaml)
        #expect(loaded.description == description && loaded.longDescription == long)
        let svg = try Self.svg(loaded)
        // Nothing of the texts is markup: no raw '<b>' in the file.
        #expect(!svg.contains("<b>"))
        let (reading, parsed) = SVGReading.read(svg)
        #expect(parsed)
        #expect(reading.rootChildren.prefix(2) == ["title", "desc"])
        #expect(reading.title?.text == description)
        #expect(reading.desc?.text == long)
        #expect(reading.root["aria-labelledby"] == "arrange-title arrange-desc")
        #expect(reading.ids.prefix(2) == ["arrange-title", "arrange-desc"])
    }

    @Test func anSVGWithoutADescriptionIsStillOneImage() throws {
        let svg = try SVGRenderer().render(LayoutResult(of: Color.red.frame(width: 10, height: 10)).displayList)
        let (reading, parsed) = SVGReading.read(svg)
        #expect(parsed)
        #expect(reading.root["role"] == "img" && reading.root["aria-labelledby"] == nil && reading.title == nil)
        // The Swift caller's description, through the render options.
        let options = RenderOptions(accessibility: PictureAccessibility(label: "A red square"))
        let (described, _) = SVGReading.read(try SVGRenderer().render(LayoutResult(of: Color.red.frame(width: 10, height: 10)).displayList,
                                                                    options: options))
        #expect(described.title?.text == "A red square" && described.root["aria-labelledby"] == "arrange-title")
    }

    /// The labelled groups of a list, with their items.
    static func labelled(_ items: [DisplayItem]) -> [(label: String, items: [DisplayItem])] {
        items.flatMap { item -> [(label: String, items: [DisplayItem])] in
            guard case .group(let group) = item.content else { return [] }
            return (group.accessibilityLabel.map { [($0, group.items)] } ?? []) + labelled(group.items)
        }
    }

    @Test func aLabelledViewIsALabelledGroupAroundExactlyItsDrawing() throws {
        let label = #"Red & <square> "one""#
        let view = HStack {
            Color.red.frame(width: 10, height: 10).accessibilityLabel(label)
            Color.blue.frame(width: 10, height: 10)
        }
        let list = LayoutResult(of: view).displayList
        let groups = Self.labelled(list.items)
        #expect(groups.count == 1)
        #expect(groups.first?.label == label)
        // Exactly the red square: one fill at the stack's start, 10 × 10 (docs/layout-rules.md:
        // the stack hugs its children, the first at x 0).
        let inside = groups.first?.items ?? []
        #expect(inside.count == 1)
        if case .fill(.rectangle, let color)? = inside.first?.content { #expect(color == Color.red) } else { Issue.record("not the red fill") }
        #expect(inside.first?.frame == CGRect(x: 0, y: 0, width: 10, height: 10))

        let (reading, parsed) = SVGReading.read(try SVGRenderer().render(list))
        #expect(parsed)
        #expect(reading.groups.count == 1)
        #expect(reading.groups.first?.label == label)
        #expect(reading.groups.first?.title == label)
        #expect(reading.groups.first?.elements == ["rect"])
        // The other square is outside it: two rectangles in all.
        #expect(try SVGRenderer().render(list).components(separatedBy: "<rect").count - 1 == 2)

        // LocalizedStringKey and Text forms give the words.
        let keyed = Self.labelled(LayoutResult(of: Color.red.frame(width: 1, height: 1).accessibilityLabel(LocalizedStringKey("A **bold** word"))).displayList.items)
        #expect(keyed.first?.label == "A bold word")
        let texted = Self.labelled(LayoutResult(of: Color.red.frame(width: 1, height: 1).accessibilityLabel(Text("Plain"))).displayList.items)
        #expect(texted.first?.label == "Plain")
    }

    @Test func theSceneModifierLabelsTheViewsDrawing() throws {
        let loaded = try scene("""
        canvas: {width: 40, height: 20}
        view:
          hstack: {spacing: 0}
          children:
            - rectangle: {}
              modifiers: [{fill: red}, {frame: {width: 20, height: 20}}, {accessibilityLabel: "Stop & go"}]
            - rectangle: {}
              modifiers: [{fill: blue}, {frame: {width: 20, height: 20}}]
        """)
        let rendered = try SceneRenderer().layout(loaded)
        let groups = Self.labelled(rendered.displayList.items)
        #expect(groups.map(\.label) == ["Stop & go"])
        #expect(groups.first?.items.count == 1)
        // The first of two 20-point squares with no spacing: x 0…20.
        #expect(groups.first?.items.first?.frame == CGRect(x: 0, y: 0, width: 20, height: 20))
        // Pixels do not change: the PNG equals the one without the label.
        let unlabelled = try scene("""
        canvas: {width: 40, height: 20}
        view:
          hstack: {spacing: 0}
          children:
            - rectangle: {}
              modifiers: [{fill: red}, {frame: {width: 20, height: 20}}]
            - rectangle: {}
              modifiers: [{fill: blue}, {frame: {width: 20, height: 20}}]
        """)
        #expect(try rendered.data(as: .png) == SceneRenderer().layout(unlabelled).data(as: .png))
    }

    // MARK: PNG

    /// CRC-32 as the PNG specification's annex D computes it (polynomial 0xEDB88320), written
    /// here so the check does not use the writer's own.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// The chunks of a PNG, each with its CRC checked; nil when the signature or a CRC is wrong.
    static func chunks(_ data: Data) -> [(type: String, contents: [UInt8])]? {
        let bytes = [UInt8](data)
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        var found: [(type: String, contents: [UInt8])] = [], offset = 8
        func word(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        while offset + 12 <= bytes.count {
            let length = word(offset), end = offset + 8 + length
            guard end + 4 <= bytes.count else { return nil }
            let typed = Array(bytes[(offset + 4)..<end])
            guard crc32(typed) == UInt32(word(end)) else { return nil }
            found.append((String(decoding: typed.prefix(4), as: UTF8.self), Array(typed.dropFirst(4))))
            offset = end + 4
        }
        return found
    }

    /// The text of the first `iTXt` chunk with keyword `Description`, read by the layout of PNG
    /// specification §11.3.4.5: keyword, null, compression flag, method, language tag, null,
    /// translated keyword, null, text. Only uncompressed text is expected (flag 0).
    static func description(in chunks: [(type: String, contents: [UInt8])]) -> String? {
        for chunk in chunks where chunk.type == "iTXt" {
            let parts = chunk.contents.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, String(decoding: parts[0], as: UTF8.self) == "Description" else { continue }
            let rest = Array(parts[1])
            guard rest.count >= 4, rest[0] == 0, rest[1] == 0, rest[2] == 0, rest[3] == 0 else { return nil }
            return String(decoding: rest[4...], as: UTF8.self)
        }
        return nil
    }

    // By hand: `python3 -c "from PIL import Image; print(Image.open(p).info)"` prints
    // {'Description': 'Ein Bild: "Grün" & <Kasten>\n\nLonger.'} for the file this test writes.
    @Test func aPNGCarriesTheDescriptionAsUncompressedInternationalText() throws {
        let loaded = try scene("""
        canvas: {width: 20, height: 10}
        description: 'Ein Bild: "Grün" & <Kasten>'
        longDescription: Longer.
        view: {rectangle: {}}
        """)
        let png = try SceneRenderer().layout(loaded).data(as: .png)
        let found = try #require(Self.chunks(png))
        // Before the image data, after the header.
        let types = found.map(\.type)
        let text = try #require(types.firstIndex(of: "iTXt")), data = try #require(types.firstIndex(of: "IDAT"))
        #expect(types.first == "IHDR" && text < data)
        #expect(Self.description(in: found) == "Ein Bild: \"Grün\" & <Kasten>\n\nLonger.")

        // Without a description, no text chunk; the SwiftUI path writes one too.
        let plain = try #require(Self.chunks(try SceneRenderer().layout(scene("canvas: {width: 20, height: 10}\nview: {rectangle: {}}")).data(as: .png)))
        #expect(!plain.map(\.type).contains("iTXt"))
        let renderer = ImageRenderer(content: Color.red.frame(width: 4, height: 4))
        renderer.accessibility = PictureAccessibility(label: "A red square")
        #expect(Self.description(in: try #require(Self.chunks(try renderer.pngData()))) == "A red square")
    }

    @Test func anAnimatedSVGAndAPDFCarryTheDescriptionToo() throws {
        let list = LayoutResult(of: Color.red.frame(width: 10, height: 10)).displayList
        let options = RenderOptions(accessibility: PictureAccessibility(label: "A red square", longDescription: "It does not move."))
        let animated = try SVGRenderer().animation([list], times: [0], duration: 1, options: options)
        let (reading, parsed) = SVGReading.read(animated)
        #expect(parsed)
        #expect(reading.title?.text == "A red square" && reading.desc?.text == "It does not move.")
        // Cairo writes an ASCII metadata string as a PDF literal string: "(…)".
        let pdf = String(decoding: try CairoRenderer(format: .pdf).render(list, options: options), as: UTF8.self)
        #expect(pdf.contains("/Title (A red square)"))
        #expect(pdf.contains("/Subject (It does not move.)"))
    }

    @Test func aHiddenViewIsAGroupScreenReadersSkip() throws {
        let loaded = try scene("""
        canvas: {width: 300, height: 40}
        view:
          hstack: {spacing: 0}
          children:
            - text: Decoration
              modifiers: [accessibilityHidden]
            - text: Words
              modifiers: [{accessibilityHidden: false}]
        """)
        let list = try SceneRenderer().layout(loaded).displayList
        func hidden(_ items: [DisplayItem]) -> [DisplayGroup] {
            items.flatMap { item -> [DisplayGroup] in
                guard case .group(let group) = item.content else { return [] }
                return (group.accessibilityHidden ? [group] : []) + hidden(group.items)
            }
        }
        // One hidden group (`false` adds none), holding the one text.
        let groups = hidden(list.items)
        #expect(groups.count == 1)
        if case .text(let run)? = groups.first?.items.first?.content, groups.first?.items.count == 1 {
            #expect(run.lines.map(\.text) == ["Decoration"])
        } else {
            Issue.record("the hidden group does not hold exactly the text")
        }
        let svg = try SVGRenderer().render(list)
        #expect(svg.components(separatedBy: "<g aria-hidden=\"true\">").count - 1 == 1)
        #expect(SVGReading.read(svg).1)
    }
}

