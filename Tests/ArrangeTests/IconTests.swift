import Foundation
import Testing
@testable import Arrange

/// Icons by name (issue 28, part 3): `Image(icon:)` sized like text or by its frame, coloured by
/// the foreground style, drawn from Material Icons as Debian's fonts-material-design-icons-iconfont
/// installs it (Scripts/setup.sh).
///
/// The numbers come from the font file, read with fonttools (`pip install fonttools`):
/// MaterialIcons-Regular.ttf has `head.unitsPerEm` 512, `hhea` ascent 512 and descent 0, and every
/// icon's `hmtx` advance is 512: an icon's box is 512/512 = 1 em across and (512 + 0)/512 = 1 em
/// down, the 24 × 24 design grid of Material Icons at 24 points. Glyph bounding boxes (`glyf`
/// xMin, yMin, xMax, yMax; y up from the baseline): `square` (U+EB36) 64 64 448 448, `storage`
/// (U+E1DB) 43 85 469 427.
@Suite struct IconTests {
    static func set() throws -> IconSet { try IconSet.standard.get() }

    /// The path items of a list, depth first.
    static func paths(_ items: [DisplayItem]) -> [(frame: CGRect, drawing: PathDrawing)] {
        items.flatMap { item -> [(frame: CGRect, drawing: PathDrawing)] in
            switch item.content {
            case .path(let drawing): [(item.frame, drawing)]
            case .group(let group): paths(group.items)
            default: []
            }
        }
    }

    @Test func theSetNamesEveryIconTheFontDraws() throws {
        // _variables.scss names 2,193 icons (fonttools and a regular expression over the file);
        // the cmap of the font maps 2,192 of their code points. Names are sorted.
        let set = try Self.set()
        #expect(set.names.count == 2_192)
        #expect(set.names == set.names.sorted())
        #expect(set.names.contains("storage") && set.names.contains("dns"))
        // The aliases are not names of the set, but they are names an icon may be asked for.
        #expect(!set.names.contains("database"))
        #expect(set.allNames.count == 2_194)
        #expect(try set.icon(named: "database") == set.icon(named: "storage"))
        #expect(try set.icon(named: "server").name == "dns")
        #expect(try set.icon(named: "storage").codepoint == "\u{E1DB}")
    }

    @Test func anIconIsOneEmOfTheFontSquare() throws {
        // 512/512 em across and down (the suite's comment): as wide and tall as the font size.
        #expect(try Self.set().icon(named: "storage").size == CGSize(width: 1, height: 1))
        #expect(LayoutResult(of: Image(icon: "storage").font(.system(size: 24)), in: .unspecified).rootSize == CGSize(width: 24, height: 24))
        #expect(LayoutResult(of: Image(icon: "storage").font(.system(size: 40)), in: .unspecified).rootSize == CGSize(width: 40, height: 40))
        // Body is 17 points (Apple's table for the large Dynamic Type size), and xxxLarge body 23.
        #expect(LayoutResult(of: Image(icon: "storage"), in: .unspecified).rootSize == CGSize(width: 17, height: 17))
        #expect(LayoutResult(of: Image(icon: "storage").dynamicTypeSize(.xxxLarge), in: .unspecified).rootSize == CGSize(width: 23, height: 23))
        // Not resizable: its own size whatever it is offered (docs/layout-rules.md §2.3).
        #expect(LayoutResult(of: Image(icon: "storage").font(.system(size: 24)), in: ProposedViewSize(width: 300, height: 5)).rootSize
            == CGSize(width: 24, height: 24))
    }

    @Test func theOutlineFillsItsDesignBoxAtTheFontSize() throws {
        // square: 64…448 of 512 a side = 1/8…7/8 em; at 48 points, 6…42 on both axes. TrueType
        // bounding boxes hold every point, control points included, as `boundingRect` does.
        let result = LayoutResult(of: Image(icon: "square").font(.system(size: 48)), in: .unspecified)
        let items = Self.paths(result.displayList.items)
        #expect(items.count == 1)
        #expect(items.first?.frame == CGRect(x: 0, y: 0, width: 48, height: 48))
        #expect(items.first?.drawing.path.boundingRect == CGRect(x: 6, y: 6, width: 36, height: 36))
        #expect(items.first?.drawing.stroke == nil && items.first?.drawing.evenOdd == false)
    }

    @Test func aResizableIconFillsItsFrame() throws {
        // storage in 100 × 50: x 43/512 × 100 = 8.3984375 … 469/512 × 100 = 91.6015625; y down from
        // the ascender, (512 − 427)/512 × 50 = 8.30078125 … (512 − 85)/512 × 50 = 41.69921875.
        let stretched = LayoutResult(of: Image(icon: "storage").resizable().frame(width: 100, height: 50), in: .unspecified)
        let item = try #require(Self.paths(stretched.displayList.items).first)
        #expect(item.frame == CGRect(x: 0, y: 0, width: 100, height: 50))
        let bounds = item.drawing.path.boundingRect
        #expect(bounds.minX == 8.3984375 && bounds.maxX == 91.6015625)
        #expect(bounds.minY == 8.30078125 && bounds.maxY == 41.69921875)
        // scaledToFit keeps the 1 : 1 box: 50 × 50, centred in the 100-point width (docs/layout-rules.md §3.9).
        let fitted = LayoutResult(of: Image(icon: "storage").resizable().scaledToFit().frame(width: 100, height: 50), in: .unspecified)
        #expect(Self.paths(fitted.displayList.items).first?.frame == CGRect(x: 25, y: 0, width: 50, height: 50))
        // An axis offered nothing takes the natural size, one em of body: 17.
        #expect(LayoutResult(of: Image(icon: "storage").resizable(), in: ProposedViewSize(width: 60, height: nil)).rootSize
            == CGSize(width: 60, height: 17))
    }

    @Test func theForegroundStyleReachesTheDisplayList() throws {
        let red = Color(red: 1, green: 0, blue: 0)
        let coloured = LayoutResult(of: Image(icon: "cloud").foregroundColor(red), in: .unspecified)
        #expect(Self.paths(coloured.displayList.items).first?.drawing.paint == .color(red))
        let styled = LayoutResult(of: Image(icon: "cloud").foregroundStyle(red), in: .unspecified)
        #expect(Self.paths(styled.displayList.items).first?.drawing.paint == .color(red))
        // A gradient runs across the icon's own box, as across a shape's: 17 × 17 at body size.
        let gradient = LinearGradient(colors: [red, Color(red: 0, green: 0, blue: 1)], startPoint: .top, endPoint: .bottom)
        let shaded = LayoutResult(of: Image(icon: "cloud").foregroundStyle(gradient), in: .unspecified)
        guard case .linear(_, let start, let end)? = Self.paths(shaded.displayList.items).first?.drawing.paint else {
            Issue.record("the gradient did not reach the icon")
            return
        }
        #expect(start == CGPoint(x: 8.5, y: 0) && end == CGPoint(x: 8.5, y: 17))
    }

    @Test func anIconSitsOnTheBaselineBesideText() {
        // The font's descent is 0: the icon's bottom edge is its baseline, as a browser sets the
        // icon font inline. Body text's first baseline is DejaVu Sans' ascender, 1901/2048 × 17 =
        // 15.7797851562 below its top; the 17-point icon is the taller, so it starts at 0.
        let result = LayoutResult(of: HStack(alignment: .firstTextBaseline) {
            Image(icon: "storage").id("icon")
            Text("Orders").id("text")
        })
        #expect(result.frames["icon"]?.minY == 0 && result.frames["icon"]?.maxY == 17)
        #expect(result.frames["text"]?.minY == 17 - 1901.0 / 2048 * 17)
    }

    @Test func aLabelTakesAnIconByName() {
        // The icon (17 × 17 at body size), the default gap of 8, then the title (docs/layout-rules.md §5e).
        let result = LayoutResult(of: Label("Orders", icon: "storage").id("label"))
        let items = Self.paths(result.displayList.items)
        #expect(items.count == 1)
        #expect(items.first?.frame.minX == 0 && items.first?.frame.width == 17)
        #expect(result.frames["label"]?.width == 17 + 8 + (LayoutResult(of: Text("Orders")).rootSize.width))
    }

    @Test func anUnknownNameIsAnErrorWithSuggestions() throws {
        // "databse" is one insertion from the alias "database", the nearest name (no name is
        // the same or one swap away); at most three are suggested.
        let set = try Self.set()
        do {
            _ = try set.icon(named: "databse")
            Issue.record("an unknown name gave an icon")
        } catch IconError.unknownName(let name, let suggestions) {
            #expect(name == "databse")
            #expect(suggestions.first == "database" && suggestions.count <= 3)
        }
        let message = IconError.unknownName("databse", suggestions: ["database"]).description
        #expect(message == "no icon named 'databse' in Material Icons; did you mean 'database'?")
        // In a view, as SwiftUI does for an unknown symbol: the space of an icon, nothing drawn.
        let result = LayoutResult(of: Image(icon: "no_such_icon"), in: .unspecified)
        #expect(result.rootSize == CGSize(width: 17, height: 17))
        #expect(Self.paths(result.displayList.items).isEmpty)
    }

    @Test func aMissingSetSaysWhichPackageToInstall() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("arrange-icons-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(throws: IconError.notInstalled(root: empty.path, missing: "MaterialIcons-Regular.ttf")) {
            try IconSet(root: empty.path)
        }
        let message = IconError.notInstalled(root: empty.path, missing: "MaterialIcons-Regular.ttf").description
        #expect(message.contains("install Debian's package fonts-material-design-icons-iconfont"))
        #expect(message.contains("Scripts/setup.sh"))
    }

    @Test func theNamesFileIsReadLineByLine() {
        // The lines of Debian's _variables.scss, and ones that are not names.
        let text = """
        $material-icons-codepoints: map-merge((
        \t"10k": e951,
        \t"storage": e1db,
        \t"Bad Name": e000,
        \t"huge": 110000,
        ), $material-icons-codepoints);
        """
        #expect(IconSet.codepoints(in: text) == ["10k": "\u{E951}", "storage": "\u{E1DB}"])
    }

    @Test func searchesPutTheBestMatchFirst() {
        let names = ["history", "sd_storage", "storage", "store", "storm", "cloud"]
        // The name itself, then names starting with it (shorter first), then names containing it.
        #expect(Spelling.matches(containing: "stor", in: names) == ["store", "storm", "storage", "history", "sd_storage"])
        #expect(Spelling.matches(containing: "STORAGE", in: names) == ["storage", "sd_storage"])
        #expect(Spelling.matches(containing: "xyz", in: names).isEmpty)
        // Suggestions: near by edits first ("clod" is one from "cloud"), then prefixes, then
        // substrings, then names the word contains.
        #expect(Spelling.suggestions(for: "clod", in: names) == ["cloud"])
        #expect(Spelling.suggestions(for: "sto", in: names) == ["store", "storm", "storage"])
        // "my_storage_box" (14 letters) is 6 edits or more from every name, over its allowance of
        // 14/3 = 4, and holds "storage" (7 letters, half its length).
        #expect(Spelling.suggestions(for: "my_storage_box", in: names) == ["storage"])
        // A short name inside a longer word is no suggestion: "tab" is under half of "databse".
        #expect(Spelling.suggestions(for: "databse", in: names + ["tab"]).isEmpty)
    }
}
