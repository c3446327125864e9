// PNG (libpng) and JPEG (libjpeg-turbo) decoding for `Image`: C, because both libraries report
// errors by longjmp, which Swift cannot catch.
#ifndef ARRANGE_CIMAGECODECS_H
#define ARRANGE_CIMAGECODECS_H

#include <stddef.h>
#include <stdint.h>

/// The file formats read.
typedef enum { ARRANGE_IMAGE_UNKNOWN = 0, ARRANGE_IMAGE_PNG = 1, ARRANGE_IMAGE_JPEG = 2 } arrange_image_format;

/// The format `bytes` start with (their signature), without reading further.
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

#endif
