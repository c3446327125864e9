import Foundation
import Testing
@testable import Arrange

/// Fonts from files and folders, families by name, and font files that are broken or hostile.
/// Expected numbers come from `hb-shape` and `fc-scan` run on the same files.
@Suite struct FontLibraryTests {
    static let fixtureFonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/fonts")

    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("arrange-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aFolderOfFontsAddsItsFamilies() throws {
        // fc-scan: both files are family "Comic Neue", weights regular (80) and bold (200).
        let fonts = try FontLibrary(fonts: [Self.fixtureFonts])
        #expect(fonts.hasFamily("Comic Neue"))
        #expect(fonts.hasFamily("DejaVu Sans"))
        let regular = try fonts.faceID(for: .custom("Comic Neue", size: 17))
        let bold = try fonts.faceID(for: Font.custom("Comic Neue", size: 17).bold())
        #expect(regular.path.hasSuffix("Fixtures/fonts/ComicNeue-Regular.otf"))
        #expect(bold.path.hasSuffix("Fixtures/fonts/ComicNeue-Bold.otf"))
        // Without the installed fonts only the folder's family is known.
        let alone = try FontLibrary(fonts: [Self.fixtureFonts], includeSystemFonts: false)
        #expect(alone.familyNames == ["Comic Neue"])
    }

    @Test func aCFFFontShapesAsHBShapeSays() throws {
        // hb-shape ComicNeue-Regular.otf "Comic": C 614, o 529, m 827, i 227, c 482 = 2679 units
        // at 1000 units per em.
        let fonts = try FontLibrary(fonts: [Self.fixtureFonts])
        let shaped = fonts.shape("Comic", in: .custom("Comic Neue", size: 1000))
        #expect(shaped.glyphs.map(\.id) == [37, 81, 79, 75, 69])
        #expect(shaped.glyphs.map(\.advance) == [614, 529, 827, 227, 482])
        // Its outlines are cubic (CFF), and there is one for "C".
        let outline = try fonts.outline(of: 37, in: try fonts.faceID(for: .custom("Comic Neue", size: 17)))
        #expect(outline.unitsPerEm == 1000)
        #expect(outline.path.contains("C"))
        let layout = LayoutResult(of: Text("Comic").font(.custom("Comic Neue", size: 20)), fonts: fonts)
        // 2679 × 20 / 1000 = 53.58 → 54 at 1×.
        #expect(layout.rootSize.width == 54)
        #expect(layout.fontProblems.isEmpty)
    }

    @Test func anUnknownFamilyIsAnErrorWithASuggestion() throws {
        let fonts = try FontLibrary(fonts: [Self.fixtureFonts])
        #expect(throws: FontError.unknownFamily("Comic Nue", suggestion: "Comic Neue")) {
            try fonts.faceID(for: .custom("Comic Nue", size: 12))
        }
        #expect(FontError.unknownFamily("Comic Nue", suggestion: "Comic Neue").description
                == "no font family 'Comic Nue'; did you mean 'Comic Neue'?")
        // Layout goes on with the default face and reports the problem; it is never silent.
        let result = LayoutResult(of: Text("Hi").font(.custom("Comic Nue", size: 12)), fonts: fonts)
        #expect(result.fontProblems == [.unknownFamily("Comic Nue", suggestion: "Comic Neue")])
    }

    @Test func brokenAndHostileFilesAreErrorsNotCrashes() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dejavu = try FontLibrary.system.faceID(for: .body)
        let whole = try Data(contentsOf: URL(fileURLWithPath: dejavu.path))

        // Truncated: the table directory promises tables past the end of the file.
        let truncated = folder.appendingPathComponent("truncated.ttf")
        try whole.prefix(1000).write(to: truncated)
        // Not a font at all.
        let text = folder.appendingPathComponent("notes.ttf")
        try Data("hello, I am not a font".utf8).write(to: text)
        // A header that claims 4,096 tables whose offsets all point far past the end.
        var hostile = Data([0, 1, 0, 0, 0x10, 0, 0, 0, 0, 0, 0, 0])
        for index in 0..<4096 {
            hostile += Data("tb\(index % 10)x".utf8.prefix(4))
            hostile += Data([0, 0, 0, 0, 0x7F, 0xFF, 0xFF, 0xF0, 0x7F, 0xFF, 0xFF, 0xF0])
        }
        let claims = folder.appendingPathComponent("claims.ttf")
        try hostile.write(to: claims)
        // A real font whose glyph count in `maxp` is set to 65,535 with no glyphs behind it.
        var inflated = whole
        if let maxp = Self.tableOffset("maxp", in: whole) {
            inflated[maxp + 4] = 0xFF
            inflated[maxp + 5] = 0xFF
        }
        let huge = folder.appendingPathComponent("huge.ttf")
        try inflated.write(to: huge)

        for file in [truncated, text, claims] {
            #expect(throws: FontError.self, "\(file.lastPathComponent)") { try FontLibrary(fonts: [file]) }
        }
        // The inflated font either loads (HarfBuzz bounds every read) or is refused; shaping and
        // outlines with it never crash.
        if let fonts = try? FontLibrary(fonts: [huge]), let family = fonts.familyNames.first(where: { $0.hasPrefix("DejaVu") }) {
            let shaped = fonts.shape("Hello", in: .custom(family, size: 17))
            #expect(shaped.glyphs.count == 5)
            for glyph in [0, 100, 6000, 65_534] as [UInt32] {
                _ = try? fonts.outline(of: glyph, in: try fonts.faceID(for: .custom(family, size: 17)))
            }
        }
    }

    @Test func emptyAndMissingPlacesAreErrors() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: FontError.noFonts(path: folder.path)) { try FontLibrary(fonts: [folder]) }
        let missing = folder.appendingPathComponent("nowhere")
        #expect(throws: FontError.unreadable(path: missing.path, reason: "no such file or folder")) { try FontLibrary(fonts: [missing]) }
        #expect(FontError.defaultFamilyMissing("DejaVu Sans").description.contains("apt-get install fonts-dejavu-core"))
    }

    /// The offset of a table in a TrueType file, read from its table directory.
    static func tableOffset(_ tag: String, in data: Data) -> Int? {
        let bytes = [UInt8](data)
        guard bytes.count > 12 else { return nil }
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        for index in 0..<count {
            let record = 12 + 16 * index
            guard record + 16 <= bytes.count else { return nil }
            if String(decoding: bytes[record..<(record + 4)], as: UTF8.self) == tag {
                return Int(bytes[record + 8]) << 24 | Int(bytes[record + 9]) << 16 | Int(bytes[record + 10]) << 8 | Int(bytes[record + 11])
            }
        }
        return nil
    }

    /// The DejaVu faces are read from their Debian folder without fontconfig; they must be the
    /// faces fontconfig lists there, with its family names, weights and slants, or text would
    /// change with whether fontconfig had started. Numbers from `fc-list : family file weight`.
    @Test func theDejaVuFolderGivesTheFacesFontconfigLists() throws {
        let direct = FontLibrary.dejaVuFaces()
        let listed = FontLibrary.installedFaces().filter { $0.id.path.hasPrefix(FontLibrary.dejaVuFolder + "/") }
        // fonts-dejavu-core and -extra: 22 faces (Sans, Sans Mono, Serif with their condensed,
        // oblique, bold and light faces, and DejaVu Math TeX Gyre).
        #expect(direct.count == 22)
        #expect(direct.map(\.id) == listed.map(\.id))
        for (mine, theirs) in zip(direct, listed) {
            #expect(Set(mine.families) == Set(theirs.families), "\(mine.id.path)")
            #expect(mine.weight == theirs.weight && mine.isItalic == theirs.isItalic, "\(mine.id.path)")
        }
        let light = try #require(direct.first { $0.id.path.hasSuffix("/DejaVuSans-ExtraLight.ttf") })
        #expect(Set(light.families) == ["DejaVu Sans", "DejaVu Sans Light"] && light.weight == 200 && !light.isItalic)
        let condensed = try #require(direct.first { $0.id.path.hasSuffix("/DejaVuSansCondensed-BoldOblique.ttf") })
        #expect(Set(condensed.families) == ["DejaVu Sans", "DejaVu Sans Condensed"] && condensed.weight == 700 && condensed.isItalic)
        // Both ways to the default family choose the same file.
        let bold = try FontLibrary.system.faceID(for: Font.system(size: 12).bold())
        #expect(bold.path == FontLibrary.dejaVuFolder + "/DejaVuSans-Bold.ttf")
        let named = try FontLibrary(fonts: [Self.fixtureFonts]).faceID(for: Font.custom("DejaVu Sans", size: 12).bold())
        #expect(named == bold)
    }

    /// ASCII text is checked against a table of the face's ASCII glyphs; it must say what the
    /// character-by-character check says, for every ASCII character and for mixed text.
    @Test func asciiCoverageAgreesWithTheCharacterCheck() throws {
        let fonts = FontLibrary.system
        let face = try fonts.face(fonts.faceID(for: .system(size: 12)))
        for value in 0 ..< 128 {
            let character = Character(Unicode.Scalar(UInt8(value)))
            #expect(face.coversASCII(String(character)) == face.covers(character), "U+\(String(value, radix: 16))")
        }
        // DejaVu Sans has every printable ASCII character and no glyph for U+0001 (fc-query's
        // charset starts at U+0020).
        #expect(face.coversASCII("Hello, world! 0-9 #*") == true)
        #expect(face.coversASCII("a\u{01}b") == false)
        #expect(face.coversASCII("héllo") == nil)
        #expect(face.coversASCII("") == true)
        // Text the face draws alone takes one run of the face; "\r\n" is one character of two scalars.
        #expect(FontLibrary.draws("tag\r\nline", alone: face) == "tag\r\nline".allSatisfy { face.covers($0) })
        #expect(!FontLibrary.draws("ok 👍", alone: face))
    }

    @Test func weightsAndSlantsAreChosenAsCSSChoosesThem() {
        func face(_ weight: Int, _ italic: Bool = false) -> FaceDescriptor {
            FaceDescriptor(id: FontFaceID(path: "/f\(weight)\(italic ? "i" : "")"), families: ["F"], weight: weight, isItalic: italic)
        }
        let faces = [face(200), face(400), face(700), face(400, true)]
        #expect(FontLibrary.choose(from: faces, weight: 400, italic: false).weight == 400)
        // 600 (semibold): heavier first → 700. 500 (medium): 400 before heavier ones.
        #expect(FontLibrary.choose(from: faces, weight: 600, italic: false).weight == 700)
        #expect(FontLibrary.choose(from: faces, weight: 500, italic: false).weight == 400)
        // 300 (light): lighter first → 200.
        #expect(FontLibrary.choose(from: faces, weight: 300, italic: false).weight == 200)
        // Italic asked: the italic face; bold italic asked with no bold italic: the italic one.
        #expect(FontLibrary.choose(from: faces, weight: 700, italic: true).id.path == "/f400i")
    }
}
