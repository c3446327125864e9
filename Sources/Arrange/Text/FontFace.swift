import CHarfBuzz
import Foundation

/// Names one face of one font file: the file's path and the face's index in it (a collection such
/// as `NotoSansCJK-Regular.ttc` holds several). Display lists carry it, so every renderer draws
/// the glyphs layout measured from the very same file.
public struct FontFaceID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The font file.
    public var path: String
    /// The face's index in the file; 0 for a single-face file.
    public var index: Int

    public init(path: String, index: Int = 0) {
        self.path = path
        self.index = index
    }

    public static func < (lhs: FontFaceID, rhs: FontFaceID) -> Bool { (lhs.path, lhs.index) < (rhs.path, rhs.index) }
    public var description: String { index == 0 ? path : "\(path)#\(index)" }
}

/// What a library knows of a face before loading it: enough to choose it for a `Font`.
struct FaceDescriptor: Hashable, Sendable {
    let id: FontFaceID
    /// Every family name the face answers to (fontconfig lists localised names too).
    let families: [String]
    /// 100…900, as in CSS and the OS/2 table.
    let weight: Int
    let isItalic: Bool
}

/// One face loaded with HarfBuzz: metrics, the character map, shaping, outlines and colour glyph
/// images. HarfBuzz objects are immutable once made and safe to use from many threads, so a face
/// is loaded once per library and shared.
final class LoadedFace: @unchecked Sendable {
    let id: FontFaceID
    let face: OpaquePointer
    let font: OpaquePointer
    /// Design units per em: HarfBuzz reports positions in these (the font's scale is left at it,
    /// so nothing is hinted or rounded).
    let unitsPerEm: Double
    let ascender: Double
    let descender: Double
    let lineGap: Double
    let capHeight: Double
    /// Underline and strikeout: top (up from the baseline) and thickness, in design units; 0
    /// thickness where the font gives none.
    let underline: (position: Double, thickness: Double)
    let strikeout: (position: Double, thickness: Double)
    /// Whether glyphs are colour bitmaps (CBDT, sbix): they draw as images, not outlines.
    let hasColorBitmaps: Bool
    /// Which ASCII characters the face draws (`covers`), a bit each: most text is ASCII, and is
    /// checked a byte at a time against these.
    private let asciiCoverage: (low: UInt64, high: UInt64)

    /// Loads face `index` of the file at `path`.
    /// - Throws: `FontError.unreadable` when the file is missing, unreadable, not a font, or
    ///   has no glyphs.
    convenience init(_ id: FontFaceID) throws {
        guard let blob = hb_blob_create_from_file_or_fail(id.path) else {
            throw FontError.unreadable(path: id.path, reason: "the file cannot be read")
        }
        defer { hb_blob_destroy(blob) }
        try self.init(blob: blob, id: id)
    }

    /// Loads face `id.index` of a font held in memory (the fuzzer's way in); `id.path` only names it.
    convenience init(data: Data, id: FontFaceID) throws {
        let blob = data.withUnsafeBytes { bytes in
            hb_blob_create(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), UInt32(min(bytes.count, Int(UInt32.max))),
                           HB_MEMORY_MODE_DUPLICATE, nil, nil)
        }
        guard let blob else { throw FontError.unreadable(path: id.path, reason: "the data cannot be read") }
        defer { hb_blob_destroy(blob) }
        try self.init(blob: blob, id: id)
    }

    private init(blob: OpaquePointer, id: FontFaceID) throws {
        let count = hb_face_count(blob)
        guard count > 0 else { throw FontError.unreadable(path: id.path, reason: "it is not a TrueType, OpenType or CFF font") }
        guard id.index >= 0, id.index < Int(count) else {
            throw FontError.unreadable(path: id.path, reason: "it has \(count) faces, not a face \(id.index)")
        }
        guard let face = hb_face_create(blob, UInt32(id.index)) else {
            throw FontError.unreadable(path: id.path, reason: "HarfBuzz cannot open it")
        }
        let upem = hb_face_get_upem(face)
        guard hb_face_get_glyph_count(face) > 0, upem > 0, let font = hb_font_create(face) else {
            hb_face_destroy(face)
            throw FontError.unreadable(path: id.path, reason: "it has no glyphs (the file is damaged or truncated)")
        }
        hb_face_make_immutable(face)
        hb_font_make_immutable(font)
        self.id = id
        self.face = face
        self.font = font
        unitsPerEm = Double(upem)
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        ascender = Double(extents.ascender)
        descender = Double(-extents.descender)
        lineGap = Double(max(extents.line_gap, 0))
        var cap: Int32 = 0
        if hb_ot_metrics_get_position(font, HB_OT_METRICS_TAG_CAP_HEIGHT, &cap) != 0, cap > 0 {
            capHeight = Double(cap)
        } else {
            // Old OS/2 tables lack the cap height: measure the top of "H" instead.
            var glyph: hb_codepoint_t = 0
            var glyphExtents = hb_glyph_extents_t()
            if hb_font_get_nominal_glyph(font, 0x48, &glyph) != 0, hb_font_get_glyph_extents(font, glyph, &glyphExtents) != 0 {
                capHeight = Double(glyphExtents.y_bearing)
            } else {
                capHeight = Double(extents.ascender) * 0.7
            }
        }
        hasColorBitmaps = hb_ot_color_has_png(face) != 0
        func position(_ tag: hb_ot_metrics_tag_t) -> Double? {
            var value: Int32 = 0
            return hb_ot_metrics_get_position(font, tag, &value) != 0 ? Double(value) : nil
        }
        let underlineSize = position(HB_OT_METRICS_TAG_UNDERLINE_SIZE) ?? 0
        underline = (position(HB_OT_METRICS_TAG_UNDERLINE_OFFSET) ?? 0, max(underlineSize, 0))
        let strikeoutSize = position(HB_OT_METRICS_TAG_STRIKEOUT_SIZE) ?? 0
        strikeout = (position(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET) ?? 0, max(strikeoutSize, 0))
        var coverage: (low: UInt64, high: UInt64) = (0, 0)
        for value in UInt32(0) ..< 128 {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(font, value, &glyph) != 0 else { continue }
            if value < 64 { coverage.low |= 1 << UInt64(value) } else { coverage.high |= 1 << UInt64(value - 64) }
        }
        asciiCoverage = coverage
    }

    /// How many faces the file holds (0 when it is not a font).
    static func faceCount(_ path: String) -> Int {
        guard let blob = hb_blob_create_from_file_or_fail(path) else { return 0 }
        defer { hb_blob_destroy(blob) }
        return Int(hb_face_count(blob))
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
    }

    /// The family name, weight and slant, from the `name` and `OS/2` tables.
    var descriptor: FaceDescriptor {
        var names: [String] = []
        for nameID in [hb_ot_name_id_t(HB_OT_NAME_ID_TYPOGRAPHIC_FAMILY), hb_ot_name_id_t(HB_OT_NAME_ID_FONT_FAMILY)] {
            var length: UInt32 = 256
            var buffer = [CChar](repeating: 0, count: 257)
            let total = hb_ot_name_get_utf8(face, nameID, hb_language_from_string("en", -1), &length, &buffer)
            if total > 0 {
                let name = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if !name.isEmpty, !names.contains(name) { names.append(name) }
            }
        }
        let weight = Int(hb_style_get_value(font, HB_STYLE_TAG_WEIGHT).rounded())
        let italic = hb_style_get_value(font, HB_STYLE_TAG_ITALIC) > 0 || hb_style_get_value(font, HB_STYLE_TAG_SLANT_ANGLE) != 0
        return FaceDescriptor(id: id, families: names, weight: min(max(weight, 1), 1000), isItalic: italic)
    }

    /// The glyph for a character, or nil when the face has none.
    func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// The glyph's horizontal advance in design units, unshaped: an icon's width.
    func advance(_ glyph: UInt32) -> Double {
        Double(hb_font_get_glyph_h_advance(font, glyph))
    }

    /// Whether the face draws every scalar of `character` that needs a glyph of its own (joiners
    /// and variation selectors need none).
    func covers(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { scalar in
            Self.isInvisibleControl(scalar) || glyph(for: scalar) != nil
        }
    }

    /// Whether the face draws every character of `text` when it is all ASCII (as `covers` would
    /// say); nil for text with other characters.
    func coversASCII(_ text: String) -> Bool? {
        var covered = true
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            let bit = UInt64(byte & 63)
            covered = covered && ((byte < 64 ? asciiCoverage.low : asciiCoverage.high) >> bit) & 1 == 1
        }
        return covered
    }

    /// Joiners, variation selectors and invisible break controls (soft hyphen, zero-width space,
    /// word joiner): they steer shaping or breaking but draw nothing.
    static func isInvisibleControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00AD, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0xFE00...0xFE0F, 0xE0100...0xE01EF: true
        default: false
        }
    }

    /// Vertical metrics at `size` points.
    func metrics(size: CGFloat) -> FontMetrics {
        let scale = size / CGFloat(unitsPerEm)
        return FontMetrics(ascent: CGFloat(ascender) * scale, descent: CGFloat(descender) * scale,
                           leading: CGFloat(lineGap) * scale, capHeight: CGFloat(capHeight) * scale,
                           underlinePosition: CGFloat(underline.position) * scale, underlineThickness: CGFloat(underline.thickness) * scale,
                           strikeoutPosition: CGFloat(strikeout.position) * scale, strikeoutThickness: CGFloat(strikeout.thickness) * scale)
    }

    /// The box around the glyph's outline in design units from the pen position on the baseline,
    /// y pointing down: empty for a glyph that draws nothing (a space), nil for one HarfBuzz
    /// cannot measure.
    func inkBounds(_ glyph: UInt32) -> CGRect? {
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(font, glyph, &extents) != 0 else { return nil }
        guard extents.width != 0, extents.height != 0 else { return .zero }
        return CGRect(x: CGFloat(extents.x_bearing), y: CGFloat(-extents.y_bearing),
                      width: CGFloat(extents.width), height: CGFloat(-extents.height)).standardized
    }

    /// The glyph's outline as SVG path data in design units, y pointing down (the SVG way), with
    /// whole-unit coordinates written as integers. Empty for a glyph with no outline (a space).
    func outlinePath(_ glyph: UInt32) -> String {
        recordOutline(glyph).text
    }

    /// The glyph's outline as a `Path` in design units, y pointing down from the baseline, the
    /// pen at the origin: what an icon draws, scaled to its frame. Empty for a glyph with no outline.
    func outline(_ glyph: UInt32) -> Path {
        recordOutline(glyph).path
    }

    /// The glyph's outline as HarfBuzz draws it, y flipped to point down.
    private func recordOutline(_ glyph: UInt32) -> OutlineRecorder {
        var path = OutlineRecorder()
        withUnsafeMutablePointer(to: &path) { pointer in
            guard let funcs = hb_draw_funcs_create() else { return }
            defer { hb_draw_funcs_destroy(funcs) }
            hb_draw_funcs_set_move_to_func(funcs, { _, data, _, x, y, _ in
                data?.assumingMemoryBound(to: OutlineRecorder.self).pointee.command(.move, [x, -y])
            }, nil, nil)
            hb_draw_funcs_set_line_to_func(funcs, { _, data, _, x, y, _ in
                data?.assumingMemoryBound(to: OutlineRecorder.self).pointee.command(.line, [x, -y])
            }, nil, nil)
            hb_draw_funcs_set_quadratic_to_func(funcs, { _, data, _, cx, cy, x, y, _ in
                data?.assumingMemoryBound(to: OutlineRecorder.self).pointee.command(.quadratic, [cx, -cy, x, -y])
            }, nil, nil)
            hb_draw_funcs_set_cubic_to_func(funcs, { _, data, _, c1x, c1y, c2x, c2y, x, y, _ in
                data?.assumingMemoryBound(to: OutlineRecorder.self).pointee.command(.cubic, [c1x, -c1y, c2x, -c2y, x, -y])
            }, nil, nil)
            hb_draw_funcs_set_close_path_func(funcs, { _, data, _, _ in
                data?.assumingMemoryBound(to: OutlineRecorder.self).pointee.close()
            }, nil, nil)
            hb_font_get_glyph_shape(font, glyph, funcs, pointer)
        }
        return path
    }

    /// A colour glyph's image (PNG bytes) and where it sits, in design units from the pen position
    /// on the baseline (y down); nil for a glyph without an image.
    func colorImage(_ glyph: UInt32) -> (png: Data, frame: CGRect)? {
        guard hasColorBitmaps, let blob = hb_ot_color_glyph_reference_png(font, glyph) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let bytes = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(font, glyph, &extents) != 0 else { return nil }
        let data = Data(bytes: bytes, count: Int(length))
        let frame = CGRect(x: CGFloat(extents.x_bearing), y: CGFloat(-extents.y_bearing),
                           width: CGFloat(extents.width), height: CGFloat(-extents.height))
        return (data, frame)
    }
}

/// Collects path commands as HarfBuzz draws an outline: as SVG path data (glyphs in SVG) and
/// as a `Path` (icons, drawn as paths in every backend).
private struct OutlineRecorder {
    /// A command of the outline, named by its SVG letter.
    enum Command: String {
        case move = "M", line = "L", quadratic = "Q", cubic = "C"
    }

    var text = ""
    var path = Path()

    mutating func command(_ command: Command, _ numbers: [Float]) {
        text += command.rawValue
        for (index, number) in numbers.enumerated() {
            if index > 0, number >= 0 { text += " " }
            text += Self.format(number)
        }
        // HarfBuzz gives finite numbers for any font it opened; a path with others would draw nothing sensible.
        guard numbers.allSatisfy(\.isFinite) else { return }
        let points = stride(from: 0, to: numbers.count - 1, by: 2).map { CGPoint(x: CGFloat(numbers[$0]), y: CGFloat(numbers[$0 + 1])) }
        switch (command, points.count) {
        case (.move, 1): path.move(to: points[0])
        case (.line, 1): path.addLine(to: points[0])
        case (.quadratic, 2): path.addQuadCurve(to: points[1], control: points[0])
        case (.cubic, 3): path.addCurve(to: points[2], control1: points[0], control2: points[1])
        default: break
        }
    }

    mutating func close() {
        text += "Z"
        path.closeSubpath()
    }

    /// Design units are integers in TrueType fonts; CFF ones may carry fractions.
    static func format(_ value: Float) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (Double(value) * 100).rounded() / 100
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }
}
