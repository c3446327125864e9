import Arrange
import CCairo
import CFontconfig
import Foundation
import Synchronization

/// Cairo font faces for the faces a display list names, made from the font file itself (cairo-ft,
/// through a fontconfig pattern that holds only the file and index), so Cairo draws with exactly
/// the file layout measured, never a family fontconfig would pick. One table per picture, shared
/// by the threads that draw it: no table outlives the drawing or is seen by another list.
final class CairoFaces: Sendable {
    /// An empty table.
    init() {}

    /// Unhinted outlines at unhinted positions: glyphs land where layout put them.
    nonisolated(unsafe) static let options: OpaquePointer? = {
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        return options
    }()

    private let faces = Mutex<[FontFaceID: CairoFace]>([:])

    /// A face Cairo keeps alive while it is in the table.
    final class CairoFace: @unchecked Sendable {
        let face: OpaquePointer
        init(_ face: OpaquePointer) { self.face = face }
        deinit { cairo_font_face_destroy(face) }
    }

    /// The Cairo face of a font file's face, or nil when Cairo cannot make one.
    func face(_ id: FontFaceID) -> OpaquePointer? {
        faces.withLock { table in
            if let known = table[id] { return known.face }
            guard let pattern = FcPatternCreate() else { return nil }
            defer { FcPatternDestroy(pattern) }
            FcPatternAddString(pattern, FC_FILE, id.path)
            FcPatternAddInteger(pattern, FC_INDEX, Int32(id.index))
            guard let face = cairo_ft_font_face_create_for_pattern(pattern),
                  cairo_font_face_status(face) == CAIRO_STATUS_SUCCESS else { return nil }
            table[id] = CairoFace(face)
            return face
        }
    }
}
