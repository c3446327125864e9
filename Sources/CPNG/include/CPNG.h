// PNG scanlines and zlib streams for ArrangeCairo's banded PNG writer: the loops that touch every
// pixel, in C so they are fast in debug builds too, and zlib, which Swift cannot import directly.
#ifndef ARRANGE_CPNG_H
#define ARRANGE_CPNG_H

#include <stddef.h>
#include <stdint.h>

/// Whether every pixel of `rows` rows of Cairo ARGB32 pixels (native-endian, `stride` bytes a row)
/// has full alpha.
int arrange_png_opaque(const uint8_t *pixels, size_t stride, uint32_t width, uint32_t rows);

/// Turns `rows` rows of Cairo ARGB32 pixels (premultiplied, native-endian) into PNG scanlines:
/// a filter byte, then `width` pixels of straight RGB (`channels` 3) or RGBA (4) bytes, rounded
/// as Cairo's own PNG writer does. The first row is filtered with Sub (it has no row above in this
/// band), the others with Paeth, or every row with None when `filter` is 0. `out` holds
/// `rows × (1 + width × channels)` bytes; `scratch` holds `2 × width × channels` bytes.
void arrange_png_scanlines(const uint8_t *pixels, size_t stride, uint32_t width, uint32_t rows, int channels,
                           int filter, uint8_t *out, uint8_t *scratch);

/// Undoes a scanline's filter in place: `row` (without its filter byte) is `length` bytes of
/// `bpp`-byte pixels, `prior` the row above already unfiltered (NULL for the first row).
/// Returns 0, or -1 for an unknown filter type.
int arrange_png_unfilter(int filter, uint8_t *row, const uint8_t *prior, size_t length, int bpp);

/// A raw deflate compressor for one band at a time (zlib, run-length strategy).
typedef struct arrange_deflater arrange_deflater;

/// A compressor, or NULL when memory runs out.
arrange_deflater *arrange_deflater_create(void);
void arrange_deflater_destroy(arrange_deflater *deflater);

/// The most bytes `arrange_deflate_band` can write for `length` input bytes.
size_t arrange_deflate_bound(arrange_deflater *deflater, size_t length);

/// Compresses `length` bytes as an independent raw deflate stream that ends on a byte boundary
/// with a sync flush (an empty stored block), so streams can be joined end to end as parallel
/// gzip does, or, when `last`, with the final block. Returns the bytes written to `out`, or -1.
long arrange_deflate_band(arrange_deflater *deflater, const uint8_t *input, size_t length, int last,
                          uint8_t *out, size_t capacity);

/// zlib's Adler-32 and CRC-32 checksums, and the Adler-32 of two runs joined.
uint32_t arrange_adler32(uint32_t adler, const uint8_t *bytes, size_t length);
uint32_t arrange_adler32_combine(uint32_t first, uint32_t second, size_t second_length);
uint32_t arrange_crc32(uint32_t crc, const uint8_t *bytes, size_t length);

/// A zlib-stream decompressor that hands out its output piece by piece, for reading PNGs of any
/// height a band at a time.
typedef struct arrange_inflater arrange_inflater;

arrange_inflater *arrange_inflater_create(void);
void arrange_inflater_destroy(arrange_inflater *inflater);

/// Decompresses from `input` into `out` until the input is used up or `out` is full. Sets
/// `consumed` and `produced`. Returns 1 at the end of the stream, 0 when it goes on, -1 for
/// corrupt data.
int arrange_inflate(arrange_inflater *inflater, const uint8_t *input, size_t length, size_t *consumed,
                    uint8_t *out, size_t capacity, size_t *produced);

#endif
