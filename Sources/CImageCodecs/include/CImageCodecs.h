// PNG (libpng) and JPEG (libjpeg-turbo) decoding for `Image`: C, because both libraries report
// errors by longjmp, which Swift cannot catch. SVG images through librsvg, whose GLib types stay
// in C.
#ifndef ARRANGE_CIMAGECODECS_H
#define ARRANGE_CIMAGECODECS_H

#include <stddef.h>
#include <stdint.h>

/// The file formats read.
typedef enum { ARRANGE_IMAGE_UNKNOWN = 0, ARRANGE_IMAGE_PNG = 1, ARRANGE_IMAGE_JPEG = 2, ARRANGE_IMAGE_SVG = 3 } arrange_image_format;

/// How far into SVG markup the sniffer looks for the `<svg` root: the most an SVG image may have.
#define ARRANGE_SVG_SNIFF_LIMIT (16 * 1024 * 1024)

/// The format `bytes` start with: their signature, or for SVG, markup whose root is `<svg>` after
/// any byte-order mark, white space, XML declaration, comments, processing instructions and
/// DOCTYPE. Reads no further than the root's name.
arrange_image_format arrange_image_sniff(const uint8_t *bytes, size_t length);

/// Reads the pixel size from the header alone (PNG: IHDR; JPEG: the first frame marker), so that
/// a huge image is refused before any pixel memory is taken. Returns 0, or -1 with `error`
/// (`error_size` bytes) holding the reason.
int arrange_image_size(const uint8_t *bytes, size_t length, uint32_t *width, uint32_t *height, char *error, size_t error_size);

/// Decodes the whole image into `pixels` (`width × height × 4` bytes, which the caller gives):
/// Cairo's ARGB32, premultiplied, native-endian. Returns 0, or -1 with the reason in `error`
/// (truncated or corrupt data, an unsupported kind).
int arrange_image_decode(const uint8_t *bytes, size_t length, uint32_t width, uint32_t height, uint8_t *pixels,
                         char *error, size_t error_size);

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
