import CFontconfig
import CHarfBuzz
import Foundation
import Synchronization

/// The fonts text is measured and drawn with: faces from font files and folders you name, and the
/// families installed on the machine, found through fontconfig. Pass one to layout and to the
/// renderers, so that all of them use the same files; `FontLibrary.system` has the installed
/// fonts only.
///
/// ```swift
/// let fonts = try FontLibrary(fonts: [URL(fileURLWithPath: "Fonts/Inter.ttf")])
/// let result = LayoutResult(of: Text("Hi").font(.custom("Inter", size: 20)), fonts: fonts)
/// ```
///
/// A `Font` resolves to the face of its family whose slant matches and whose weight is nearest, as
/// CSS chooses (below 400 lighter faces first, above 500 heavier ones). Characters that face lacks
/// are drawn from the first of `fallbackFamilies` that has them. Faces you add come before
/// installed ones of the same family name.
public final class FontLibrary: Sendable {
    /// The families tried, in order, for characters the chosen face lacks: DejaVu Sans for most
    /// scripts (Latin, Greek, Cyrillic, Arabic, Hebrew…), Noto Sans CJK for Chinese, Japanese and
    /// Korean, Noto Color Emoji for emoji. Set-up installs all three; missing ones are skipped.
    public static let fallbackFamilies = ["DejaVu Sans", "Noto Sans CJK SC", "Noto Color Emoji"]

    /// The family of `Font.Design.default` and `.rounded`, which every library must have.
    public static let defaultFamily = "DejaVu Sans"

    /// The installed fonts, found through fontconfig once per process, when a family is first
    /// looked up: a scene without text never starts fontconfig (a third of start-up otherwise).
    /// The DejaVu families are read from Debian's folder for them when it has them, without
    /// fontconfig, so text in the default faces does not start it either.
    public static let system = FontLibrary(source: .installed)

    /// Where Debian and Ubuntu install DejaVu (fonts-dejavu-core and -extra).
    static let dejaVuFolder = "/usr/share/fonts/truetype/dejavu"

    /// Faces by family name, lowercased, the ones given by the user first; and the family names as
    /// written, for listing and suggestions.
    private struct Catalog: Sendable {
        let families: [String: [FaceDescriptor]]
        let familyNames: [String]
    }

    /// Where the catalog comes from: fontconfig's list, read on first use, or faces given.
    private enum Source: Sendable {
        case installed
        case faces(Catalog)
    }

    /// The faces of the DejaVu folder, read without fontconfig; empty where it is not.
    private static let dejaVuDescriptors = dejaVuFaces()
    private static let dejaVuCatalog = catalog(of: dejaVuDescriptors)
    /// Every installed face: DejaVu's from its folder, then fontconfig's faces of other families
    /// (fontconfig's DejaVu entries are left out, so both ways to a family give the same faces).
    private static let installedCatalog = catalog(of: dejaVuDescriptors + installedFaces().filter { face in
        !face.families.contains { dejaVuCatalog.families[$0.lowercased()] != nil }
    })
    private let source: Source
    private var catalog: Catalog {
        switch source {
        case .installed: Self.installedCatalog
        case .faces(let catalog): catalog
        }
    }
    private var families: [String: [FaceDescriptor]] { catalog.families }

    /// The faces of a family (`key` lowercased), or nil when none is known: the DejaVu families of
    /// the installed fonts without starting fontconfig.
    private func faces(ofFamily key: String) -> [FaceDescriptor]? {
        if case .installed = source, let faces = Self.dejaVuCatalog.families[key] { return faces }
        return families[key]
    }
    /// The family names as written, for listing and suggestions.
    public var familyNames: [String] { catalog.familyNames }
    private let loaded = Mutex<[FontFaceID: LoadedFace]>([:])
    let shapeCache = Mutex(ShapeCache())

    /// A library of the font files in `fonts` (files, or folders searched recursively for .ttf,
    /// .otf, .ttc and .otc files), in front of the installed fonts unless `includeSystemFonts` is
    /// false.
    /// - Throws: `FontError` for a path that does not exist, a file that is not a readable font,
    ///   or a folder without fonts.
    public convenience init(fonts: [URL], includeSystemFonts: Bool = true) throws {
        try self.init(fonts: fonts, over: includeSystemFonts ? .system : FontLibrary(descriptors: []))
    }

    /// A library of the font files in `fonts`, in front of every face of `base`.
    /// - Throws: `FontError` as `init(fonts:includeSystemFonts:)` does.
    public convenience init(fonts: [URL], over base: FontLibrary) throws {
        var descriptors: [FaceDescriptor] = []
        for url in fonts {
            descriptors += try Self.faces(at: url)
        }
        self.init(descriptors: descriptors + base.allDescriptors)
    }

    /// A library of faces already loaded (from memory, as the font fuzzer does).
    convenience init(faces: [LoadedFace], descriptors: [FaceDescriptor]) {
        self.init(descriptors: descriptors)
        loaded.withLock { table in
            for face in faces { table[face.id] = face }
        }
    }

    init(descriptors: [FaceDescriptor]) {
        source = .faces(Self.catalog(of: descriptors))
    }

    private init(source: Source) {
        self.source = source
    }

    private static func catalog(of descriptors: [FaceDescriptor]) -> Catalog {
        var families: [String: [FaceDescriptor]] = [:]
        var names: [String] = []
        for descriptor in descriptors {
            for family in descriptor.families {
                let key = family.lowercased()
                if families[key] == nil { names.append(family) }
                if families[key]?.contains(where: { $0.id == descriptor.id }) != true {
                    families[key, default: []].append(descriptor)
                }
            }
        }
        return Catalog(families: families, familyNames: names.sorted())
    }

    /// Every face, each once, in the order they were added.
    private var allDescriptors: [FaceDescriptor] {
        var seen = Set<FontFaceID>()
        var result: [FaceDescriptor] = []
        for name in familyNames {
            for face in families[name.lowercased()] ?? [] where seen.insert(face.id).inserted { result.append(face) }
        }
        return result
    }

    /// Whether a family of that name (any case) is known.
    public func hasFamily(_ name: String) -> Bool { faces(ofFamily: name.lowercased()) != nil }

    /// The known family nearest to a misspelt `name`, for "did you mean" messages.
    public func suggestion(for name: String) -> String? {
        let target = name.lowercased()
        var best: (name: String, distance: Int)?
        for family in familyNames {
            let distance = Spelling.distance(Array(target), Array(family.lowercased()))
            if distance <= max(2, target.count / 3), distance < best?.distance ?? .max { best = (family, distance) }
        }
        return best?.name
    }

    /// The family a font asks for.
    static func family(of font: Font) -> String {
        if let family = font.family { return family }
        switch font.design {
        case .default, .rounded: return defaultFamily
        case .serif: return "DejaVu Serif"
        case .monospaced: return "DejaVu Sans Mono"
        }
    }

    /// The face that draws `font`.
    /// - Throws: `FontError.unknownFamily` (with a suggestion) when no face of the family is
    ///   known, `FontError.defaultFamilyMissing` when the system family is not installed.
    public func faceID(for font: Font) throws -> FontFaceID {
        let family = Self.family(of: font)
        guard let faces = faces(ofFamily: family.lowercased()), !faces.isEmpty else {
            if font.family == nil { throw FontError.defaultFamilyMissing(family) }
            throw FontError.unknownFamily(family, suggestion: suggestion(for: family))
        }
        return Self.choose(from: faces, weight: font.weight.cssWeight, italic: font.isItalic).id
    }

    /// CSS font matching, reduced to weight and slant: the slant first (upright faces stand in for
    /// italic ones, never the other way), then the nearest weight.
    static func choose(from faces: [FaceDescriptor], weight: Int, italic: Bool) -> FaceDescriptor {
        let slanted = faces.filter { $0.isItalic == italic }
        let pool = slanted.isEmpty ? faces : slanted
        func rank(_ face: FaceDescriptor) -> (Int, Int) {
            let w = face.weight
            if w == weight { return (0, 0) }
            if weight >= 400 && weight <= 500 {
                // 400 tries 500 next, 500 tries 400; then lighter, then heavier.
                if w >= weight && w <= 500 { return (1, w - weight) }
                if w < weight { return (2, weight - w) }
                return (3, w - weight)
            }
            if weight < 400 { return w < weight ? (1, weight - w) : (2, w - weight) }
            return w > weight ? (1, w - weight) : (2, weight - w)
        }
        return pool.min { a, b in
            let ra = rank(a), rb = rank(b)
            return ra != rb ? ra < rb : a.id < b.id
        } ?? faces[0]
    }

    /// The fallback faces for `font`, in order, without the face itself.
    func fallbackChain(for font: Font, primary: FontFaceID) -> [FontFaceID] {
        var chain: [FontFaceID] = []
        for family in Self.fallbackFamilies {
            guard let faces = faces(ofFamily: family.lowercased()), !faces.isEmpty else { continue }
            let id = Self.choose(from: faces, weight: font.weight.cssWeight, italic: font.isItalic).id
            if id != primary, !chain.contains(id) { chain.append(id) }
        }
        return chain
    }

    /// The loaded face, loading it on first use.
    func face(_ id: FontFaceID) throws -> LoadedFace {
        if let face = loaded.withLock({ $0[id] }) { return face }
        let face = try LoadedFace(id)
        return loaded.withLock { table in
            if let existing = table[id] { return existing }
            table[id] = face
            return face
        }
    }

    /// The vertical metrics of the face that draws `font`.
    /// - Throws: `FontError` when the family is unknown or its file cannot be read.
    public func faceMetrics(of font: Font) throws -> FontMetrics {
        try face(faceID(for: font)).metrics(size: font.size)
    }

    /// A glyph's outline as SVG path data in design units (y down), and the face's units per em.
    public func outline(of glyph: UInt32, in id: FontFaceID) throws -> (path: String, unitsPerEm: Double) {
        let face = try face(id)
        return (face.outlinePath(glyph), face.unitsPerEm)
    }

    /// The box around a glyph's outline and its face's units per em, in design units from the pen
    /// on the baseline (y down): empty for a glyph that draws nothing, nil for one that cannot be
    /// measured.
    public func inkBounds(of glyph: UInt32, in id: FontFaceID) -> (bounds: CGRect, unitsPerEm: Double)? {
        guard let face = try? face(id), let bounds = face.inkBounds(glyph) else { return nil }
        return (bounds, face.unitsPerEm)
    }

    /// A colour glyph's PNG image and its frame in design units from the pen (y down), or nil for
    /// a glyph drawn as an outline.
    public func colorImage(of glyph: UInt32, in id: FontFaceID) throws -> (png: Data, frame: CGRect, unitsPerEm: Double)? {
        let face = try face(id)
        return face.colorImage(glyph).map { ($0.png, $0.frame, face.unitsPerEm) }
    }

    /// The face cut down to the glyphs of `characters` (HarfBuzz's subsetter), as TrueType or
    /// OpenType bytes to embed in a document; nil when the face cannot be subset.
    public func subset(_ id: FontFaceID, characters: Set<Character>) -> Data? {
        guard let face = try? face(id), let input = hb_subset_input_create_or_fail() else { return nil }
        defer { hb_subset_input_destroy(input) }
        let unicodes = hb_subset_input_unicode_set(input)
        for scalar in characters.flatMap(\.unicodeScalars).sorted(by: { $0.value < $1.value }) { hb_set_add(unicodes, scalar.value) }
        guard let subset = hb_subset_or_fail(face.face, input) else { return nil }
        defer { hb_face_destroy(subset) }
        guard let blob = hb_face_reference_blob(subset) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let bytes = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        return Data(bytes: bytes, count: Int(length))
    }

    /// The family names of a face, as its file states them.
    public func familyName(of id: FontFaceID) -> String? {
        (try? face(id))?.descriptor.families.first
    }

    // MARK: Finding faces

    /// The faces of a font file, or of every font file under a folder.
    static func faces(at url: URL) throws -> [FaceDescriptor] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw FontError.unreadable(path: url.path, reason: "no such file or folder")
        }
        guard isFolder.boolValue else { return try facesOfFile(url.path) }
        guard let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) else {
            throw FontError.unreadable(path: url.path, reason: "the folder cannot be read")
        }
        var paths: [String] = []
        for case let file as URL in walker where ["ttf", "otf", "ttc", "otc"].contains(file.pathExtension.lowercased()) {
            paths.append(file.path)
        }
        guard !paths.isEmpty else { throw FontError.noFonts(path: url.path) }
        return try paths.sorted().flatMap { try facesOfFile($0) }
    }

    private static func facesOfFile(_ path: String) throws -> [FaceDescriptor] {
        let first = try LoadedFace(FontFaceID(path: path, index: 0))
        var result = [first.descriptor]
        let count = LoadedFace.faceCount(path)
        if count > 1 {
            for index in 1..<min(count, 64) { result.append(try LoadedFace(FontFaceID(path: path, index: index)).descriptor) }
        }
        guard result.allSatisfy({ !$0.families.isEmpty }) else {
            throw FontError.unreadable(path: path, reason: "it has no family name")
        }
        return result
    }

    /// The faces of the DejaVu folder's files (DejaVu*.ttf), in a stable order; empty where the
    /// folder is missing.
    static func dejaVuFaces() -> [FaceDescriptor] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dejaVuFolder) else { return [] }
        return names.filter { $0.hasPrefix("DejaVu") && $0.hasSuffix(".ttf") }.sorted().compactMap { name in
            try? LoadedFace(FontFaceID(path: dejaVuFolder + "/" + name, index: 0)).descriptor
        }.filter { !$0.families.isEmpty }
    }

    /// The installed faces, through fontconfig, in a stable order.
    static func installedFaces() -> [FaceDescriptor] {
        guard let config = FcInitLoadConfigAndFonts() else { return [] }
        defer { FcConfigDestroy(config) }
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        guard let objects = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        for name in [FC_FAMILY, FC_FILE, FC_INDEX, FC_WEIGHT, FC_SLANT] { FcObjectSetAdd(objects, name) }
        guard let list = FcFontList(config, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(list) }
        var result: [FaceDescriptor] = []
        for index in 0..<Int(list.pointee.nfont) {
            guard let font = list.pointee.fonts[index] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            var faceIndex: Int32 = 0
            _ = FcPatternGetInteger(font, FC_INDEX, 0, &faceIndex)
            // Variable-font instances share a file and face; only plain faces are listed.
            guard faceIndex >= 0, faceIndex < 0x10000 else { continue }
            var names: [String] = []
            var n: Int32 = 0
            var family: UnsafeMutablePointer<FcChar8>?
            while FcPatternGetString(font, FC_FAMILY, n, &family) == FcResultMatch, let family {
                names.append(String(cString: family))
                n += 1
            }
            var weight: Double = 80
            _ = FcPatternGetDouble(font, FC_WEIGHT, 0, &weight)
            var slant: Int32 = 0
            _ = FcPatternGetInteger(font, FC_SLANT, 0, &slant)
            let id = FontFaceID(path: String(cString: file), index: Int(faceIndex))
            result.append(FaceDescriptor(id: id, families: names, weight: Int(FcWeightToOpenTypeDouble(weight).rounded()),
                                         isItalic: slant != 0))
        }
        return result.sorted { $0.id < $1.id }
    }
}
