// PNG (libpng) and JPEG (libjpeg-turbo) decoding for `Image`: C, because both libraries report
// errors by longjmp, which Swift cannot catch. SVG images are sized by the reader the program's
// SVG drawing code installs (CSVGImage, with ArrangeCairo): the core links no renderer library.
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

/// Decodes a PNG into straight (not premultiplied) RGBA, 8 bits a channel, `width × 4` bytes a
/// row, for image comparison: expanded as Cairo's PNG reader expands before it premultiplies
/// (palette and grey to RGB, tRNS to alpha, 16 bits to their high byte, no gamma), so counts
/// stay pixelmatch's. `width` and `height` are the header's, checked by the caller. Returns 0;
/// -1 with the reason in `error` for corrupt data; -2 when the data ends before the image does.
int arrange_png_decode_rgba(const uint8_t *bytes, size_t length, uint32_t width, uint32_t height, uint8_t *pixels,
                            char *error, size_t error_size);

/// Reads an SVG document's size in CSS pixels: its width and height, else its viewBox's. Returns
/// 0, or -1 with the reason in `error` for markup the reader refuses or a document without a size.
typedef int (*arrange_svg_size_reader)(const uint8_t *bytes, size_t length, double *width, double *height,
                                       char *error, size_t error_size);

/// Installs the reader `arrange_svg_size` asks. CSVGImage installs librsvg's when the program
/// loads, so that an SVG image is sized by the library that draws it, without the core linking it.
void arrange_svg_install_size_reader(arrange_svg_size_reader reader);

/// An SVG document's size through the installed reader: 0, or -1 with the reason in `error`;
/// -2 when no reader is installed (the program links no SVG image drawing).
int arrange_svg_size(const uint8_t *bytes, size_t length, double *width, double *height, char *error, size_t error_size);

#endif
