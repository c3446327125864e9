import Arrange
import CCairo
import Foundation

/// Measures text with Cairo and FreeType: the same faces and unhinted metrics `CairoRenderer`
/// draws with. It agrees with `FontFileTextMeasurer` (which reads the font files directly) to the
/// last bit for the DejaVu faces; use it to check that, or where fontconfig chooses the fonts.
public struct CairoTextMeasurer: TextMeasurer {
    public init() {}

    /// Runs `body` with a scratch context set to `font`, unhinted.
    private func withFont<R>(_ font: Font, _ body: (OpaquePointer?) -> R) -> R {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        let context = cairo_create(surface)
        defer {
            cairo_destroy(context)
            cairo_surface_destroy(surface)
        }
        let face = font.face
        cairo_select_font_face(context, face.family, face.isItalic ? CAIRO_FONT_SLANT_OBLIQUE : CAIRO_FONT_SLANT_NORMAL,
                               face.isBold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, Double(font.size))
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_set_font_options(context, options)
        cairo_font_options_destroy(options)
        return body(context)
    }

    public func metrics(of font: Font) -> FontMetrics {
        withFont(font) { context in
            var extents = cairo_font_extents_t()
            cairo_font_extents(context, &extents)
            var capital = cairo_text_extents_t()
            cairo_text_extents(context, "H", &capital)
            let leading = max(extents.height - extents.ascent - extents.descent, 0)
            return FontMetrics(ascent: CGFloat(extents.ascent), descent: CGFloat(extents.descent),
                               leading: CGFloat(leading), capHeight: CGFloat(-capital.y_bearing))
        }
    }

    public func advance(of character: Character, in font: Font) -> CGFloat {
        withFont(font) { context in
            var extents = cairo_text_extents_t()
            cairo_text_extents(context, String(character), &extents)
            return CGFloat(extents.x_advance)
        }
    }
}
