// SVG images through librsvg, for ArrangeCairo: librsvg parses, sizes and draws them into a
// `cairo_t`, and its GLib types stay in C. When the program loads, this target installs its size
// reader in CImageCodecs, which sizes SVG images for the core without linking librsvg.
#ifndef ARRANGE_CSVGIMAGE_H
#define ARRANGE_CSVGIMAGE_H

#include <stddef.h>
#include <stdint.h>

/// A parsed SVG document.
typedef struct arrange_svg arrange_svg;

/// Parses an SVG document and gives its size in CSS pixels (its width and height, else its
/// viewBox's). Returns NULL with the reason in `error` for markup librsvg refuses or a document
/// without a size. The document cannot load other files.
arrange_svg *arrange_svg_open(const uint8_t *bytes, size_t length, double *width, double *height, char *error, size_t error_size);

/// Draws the document stretched over `width × height` at (`x`, `y`) in `cairo` (a `cairo_t *`).
/// Returns 0, or -1 if librsvg could not draw it.
int arrange_svg_draw(arrange_svg *svg, void *cairo, double x, double y, double width, double height);

/// Frees the document.
void arrange_svg_close(arrange_svg *svg);

#endif
