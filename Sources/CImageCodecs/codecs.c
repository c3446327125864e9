#include "CImageCodecs.h"

#include "CPNG.h"

#include <stdio.h>
#include <jpeglib.h>
#include <libdeflate.h>
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static int is_space(uint8_t byte) { return byte == ' ' || byte == '\t' || byte == '\r' || byte == '\n'; }

/// The offset just past the first `needle` (of `size` bytes) at or after `from`, or `length`.
static size_t past(const uint8_t *bytes, size_t length, size_t from, const char *needle, size_t size) {
    for (size_t i = from; i + size <= length; i++) {
        if (memcmp(bytes + i, needle, size) == 0) return i + size;
    }
    return length;
}

/// The offset just past a DOCTYPE starting at `from`: its `>`, outside quotes and the internal subset.
static size_t past_doctype(const uint8_t *bytes, size_t length, size_t from) {
    uint8_t quote = 0;
    int brackets = 0;
    for (size_t i = from; i < length; i++) {
        uint8_t byte = bytes[i];
        if (quote) { if (byte == quote) quote = 0; }
        else if (byte == '"' || byte == '\'') quote = byte;
        else if (byte == '[') brackets++;
        else if (byte == ']') brackets--;
        else if (byte == '>' && brackets <= 0) return i + 1;
    }
    return length;
}

/// Whether markup starts with an `<svg>` root (or `<prefix:svg>`), after what may come before it.
static int is_svg_markup(const uint8_t *bytes, size_t length) {
    // SVG images are refused over 16 MiB, so the prolog is not read further.
    if (length > ARRANGE_SVG_SNIFF_LIMIT) length = ARRANGE_SVG_SNIFF_LIMIT;
    size_t i = length >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0;
    for (;;) {
        while (i < length && is_space(bytes[i])) i++;
        if (i + 4 <= length && memcmp(bytes + i, "<!--", 4) == 0) i = past(bytes, length, i + 4, "-->", 3);
        else if (i + 2 <= length && memcmp(bytes + i, "<?", 2) == 0) i = past(bytes, length, i + 2, "?>", 2);
        else if (i + 9 <= length && memcmp(bytes + i, "<!DOCTYPE", 9) == 0) i = past_doctype(bytes, length, i + 9);
        else break;
    }
    if (i >= length || bytes[i] != '<') return 0;
    size_t start = ++i;
    while (i < length && !is_space(bytes[i]) && bytes[i] != '>' && bytes[i] != '/') i++;
    if (i == length) return 0;
    size_t size = i - start;
    return size >= 3 && memcmp(bytes + i - 3, "svg", 3) == 0 && (size == 3 || bytes[i - 4] == ':');
}

arrange_image_format arrange_image_sniff(const uint8_t *bytes, size_t length) {
    static const uint8_t png[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    if (length >= 8 && memcmp(bytes, png, 8) == 0) return ARRANGE_IMAGE_PNG;
    if (length >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF) return ARRANGE_IMAGE_JPEG;
    return is_svg_markup(bytes, length) ? ARRANGE_IMAGE_SVG : ARRANGE_IMAGE_UNKNOWN;
}

static uint32_t big_endian(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

static int fail(char *error, size_t size, const char *message) {
    if (error && size > 0) snprintf(error, size, "%s", message);
    return -1;
}

/// JPEG: walk the markers up to the first start-of-frame, which holds the size.
static int jpeg_size(const uint8_t *b, size_t n, uint32_t *width, uint32_t *height, char *error, size_t size) {
    size_t i = 2;
    while (i + 4 <= n) {
        if (b[i] != 0xFF) return fail(error, size, "a JPEG marker is broken");
        uint8_t marker = b[i + 1];
        if (marker == 0xFF) { i += 1; continue; }
        if (marker == 0xD8 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01) { i += 2; continue; }
        if (marker == 0xD9 || marker == 0xDA) break;
        size_t segment = ((size_t)b[i + 2] << 8) | b[i + 3];
        if (segment < 2 || i + 2 + segment > n) return fail(error, size, "the JPEG data ends inside a segment");
        int frame = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
        if (frame) {
            if (segment < 7) return fail(error, size, "the JPEG frame header is too short");
            *height = ((uint32_t)b[i + 5] << 8) | b[i + 6];
            *width = ((uint32_t)b[i + 7] << 8) | b[i + 8];
            if (*width == 0 || *height == 0) return fail(error, size, "the JPEG has no pixels");
            return 0;
        }
        i += 2 + segment;
    }
    return fail(error, size, "the JPEG has no frame header");
}

int arrange_image_size(const uint8_t *bytes, size_t length, uint32_t *width, uint32_t *height, char *error, size_t size) {
    switch (arrange_image_sniff(bytes, length)) {
    case ARRANGE_IMAGE_PNG:
        // Signature, then the IHDR chunk: length, "IHDR", width, height.
        if (length < 24 || memcmp(bytes + 12, "IHDR", 4) != 0) return fail(error, size, "the PNG has no header chunk");
        *width = big_endian(bytes + 16);
        *height = big_endian(bytes + 20);
        if (*width == 0 || *height == 0) return fail(error, size, "the PNG has no pixels");
        return 0;
    case ARRANGE_IMAGE_JPEG:
        return jpeg_size(bytes, length, width, height, error, size);
    default:
        return fail(error, size, "not a PNG or JPEG file");
    }
}

/// Straight RGBA bytes to premultiplied native-endian ARGB32, in place (4 bytes a pixel either way).
static void premultiply(uint8_t *pixels, size_t count) {
    for (size_t i = 0; i < count; i++) {
        uint8_t *p = pixels + 4 * i;
        uint32_t r = p[0], g = p[1], b = p[2], a = p[3];
        if (a != 255) {
            // Rounded as Cairo's PNG reader does: (c × a + 127) / 255 by the usual trick.
            uint32_t t;
            t = r * a + 0x80; r = (t + (t >> 8)) >> 8;
            t = g * a + 0x80; g = (t + (t >> 8)) >> 8;
            t = b * a + 0x80; b = (t + (t >> 8)) >> 8;
        }
        uint32_t argb = (a << 24) | (r << 16) | (g << 8) | b;
        memcpy(p, &argb, 4);
    }
}

static int decode_png(const uint8_t *bytes, size_t length, uint32_t width, uint32_t height, uint8_t *pixels, char *error, size_t size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, bytes, length)) return fail(error, size, image.message);
    if (image.width != width || image.height != height) {
        png_image_free(&image);
        return fail(error, size, "the PNG's size changed while reading");
    }
    image.format = PNG_FORMAT_RGBA;
    if (!png_image_finish_read(&image, NULL, pixels, (png_int_32)(width * 4), NULL)) {
        int result = fail(error, size, image.message);
        png_image_free(&image);
        return result;
    }
    // A warning (a bad CRC in an ancillary chunk, say) still leaves a whole image.
    premultiply(pixels, (size_t)width * height);
    return 0;
}

struct jpeg_failure {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void jpeg_failed(j_common_ptr info) {
    struct jpeg_failure *failure = (struct jpeg_failure *)info->err;
    info->err->format_message(info, failure->message);
    longjmp(failure->jump, 1);
}

static void jpeg_warned(j_common_ptr info, int level) {
    // Corrupt data shows up as warnings (libjpeg then fills in grey): treat the first as an error.
    if (level < 0) jpeg_failed(info);
}

static int decode_jpeg(const uint8_t *bytes, size_t length, uint32_t width, uint32_t height, uint8_t *pixels, char *error, size_t size) {
    struct jpeg_decompress_struct info;
    struct jpeg_failure failure;
    memset(&failure, 0, sizeof failure);
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = jpeg_failed;
    failure.manager.emit_message = jpeg_warned;
    if (setjmp(failure.jump)) {
        jpeg_destroy_decompress(&info);
        return fail(error, size, failure.message[0] ? failure.message : "the JPEG data is corrupt");
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, bytes, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    info.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&info);
    if (info.output_width != width || info.output_height != height || info.output_components != 4) {
        jpeg_destroy_decompress(&info);
        return fail(error, size, "the JPEG's frame size differs from its header");
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + (size_t)info.output_scanline * width * 4;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    premultiply(pixels, (size_t)width * height);
    return 0;
}

int arrange_image_decode(const uint8_t *bytes, size_t length, uint32_t width, uint32_t height, uint8_t *pixels, char *error, size_t size) {
    switch (arrange_image_sniff(bytes, length)) {
    case ARRANGE_IMAGE_PNG: return decode_png(bytes, length, width, height, pixels, error, size);
    case ARRANGE_IMAGE_JPEG: return decode_jpeg(bytes, length, width, height, pixels, error, size);
    default: return fail(error, size, "not a PNG or JPEG file");
    }
}

/// Where `arrange_png_decode_rgba` reads from, and how it failed.
struct png_memory {
    const uint8_t *bytes;
    size_t length, offset;
    int ran_out;
    jmp_buf jump;
    char message[200];
};

static void png_memory_read(png_structp png, png_bytep out, size_t count) {
    struct png_memory *source = png_get_io_ptr(png);
    if (count > source->length - source->offset) {
        source->ran_out = 1;
        png_error(png, "the data ends early");
    }
    memcpy(out, source->bytes + source->offset, count);
    source->offset += count;
}

static void png_memory_failed(png_structp png, png_const_charp message) {
    struct png_memory *source = png_get_error_ptr(png);
    snprintf(source->message, sizeof source->message, "%s", message);
    longjmp(source->jump, 1);
}

// Warnings (a bad CRC in an ancillary chunk, say) leave a whole image, as for Cairo.
static void png_memory_warned(png_structp png, png_const_charp message) { (void)png; (void)message; }

static uint32_t big_endian_32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

/// The common PNG, decoded without libpng: 8-bit RGB or RGBA, not interlaced, no tRNS, every
/// chunk's CRC right, its IDAT chunks in one run and their zlib stream exactly the image's rows
/// (libdeflate inflates it whole, twice zlib's speed, checking its Adler-32). Returns 0 when
/// decoded; 1 for anything else, which libpng then decodes (or refuses with its own words), so
/// what is accepted and every error stay libpng's.
static int png_decode_plain(const uint8_t *bytes, size_t length, uint32_t width, uint32_t height, uint8_t *pixels) {
    static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    if (length < 8 || memcmp(bytes, signature, 8) != 0 || width == 0 || height == 0) return 1;
    size_t at = 8, channels = 0, idat_bytes = 0, idat_chunks = 0;
    const uint8_t *first_idat = NULL;
    int idat_over = 0, ended = 0;
    while (!ended) {
        if (length - at < 12) return 1;
        uint32_t size = big_endian_32(bytes + at);
        const uint8_t *type = bytes + at + 4, *data = bytes + at + 8;
        if (size > length - at - 12) return 1;
        if (crc32(crc32(0, Z_NULL, 0), type, size + 4) != big_endian_32(data + size)) return 1;
        if (memcmp(type, "IHDR", 4) == 0) {
            if (at != 8 || size != 13 || big_endian_32(data) != width || big_endian_32(data + 4) != height) return 1;
            // Bit depth 8; colour type 2 (RGB) or 6 (RGBA); compression, filter, interlace 0.
            if (data[8] != 8 || (data[9] != 2 && data[9] != 6) || data[10] || data[11] || data[12]) return 1;
            channels = data[9] == 2 ? 3 : 4;
        } else if (memcmp(type, "IDAT", 4) == 0) {
            if (!channels || idat_over) return 1;
            if (!first_idat) first_idat = bytes + at;
            idat_bytes += size;
            idat_chunks++;
        } else {
            if (!channels) return 1;
            if (first_idat) idat_over = 1;
            if (memcmp(type, "IEND", 4) == 0) ended = 1;
            else if (memcmp(type, "tRNS", 4) == 0) return 1;
            // A critical chunk other than PLTE (a suggested palette for RGB) is libpng's to judge.
            else if (!(type[0] & 0x20) && memcmp(type, "PLTE", 4) != 0) return 1;
        }
        at += 12 + (size_t)size;
    }
    if (!first_idat || !idat_bytes) return 1;
    size_t stride = (size_t)width * channels, filtered = (stride + 1) * (size_t)height;
    // The IDAT chunks' data, joined when there are several.
    uint8_t *joined = NULL;
    const uint8_t *stream = first_idat + 8;
    if (idat_chunks > 1) {
        joined = malloc(idat_bytes);
        if (!joined) return 1;
        size_t filled = 0;
        for (const uint8_t *chunk = first_idat; filled < idat_bytes; ) {
            uint32_t size = big_endian_32(chunk);
            memcpy(joined + filled, chunk + 8, size);
            filled += size;
            chunk += 12 + (size_t)size;
        }
        stream = joined;
    }
    uint8_t *rows = malloc(filtered);
    struct libdeflate_decompressor *inflater = rows ? libdeflate_alloc_decompressor() : NULL;
    enum libdeflate_result inflated = inflater ? libdeflate_zlib_decompress(inflater, stream, idat_bytes, rows, filtered, NULL)
                                               : LIBDEFLATE_BAD_DATA;
    if (inflater) libdeflate_free_decompressor(inflater);
    free(joined);
    if (inflated != LIBDEFLATE_SUCCESS) {
        free(rows);
        return 1;
    }
    const uint8_t *prior = NULL;
    for (uint32_t y = 0; y < height; y++) {
        uint8_t *row = rows + (size_t)y * (stride + 1);
        if (arrange_png_unfilter(row[0], row + 1, prior, stride, (int)channels) != 0) {
            free(rows);
            return 1;
        }
        prior = row + 1;
        uint8_t *out = pixels + (size_t)y * width * 4;
        if (channels == 4) {
            memcpy(out, row + 1, stride);
        } else {
            const uint8_t *in = row + 1;
            for (uint32_t x = 0; x < width; x++, in += 3, out += 4) {
                out[0] = in[0];
                out[1] = in[1];
                out[2] = in[2];
                out[3] = 0xff;
            }
        }
    }
    free(rows);
    return 0;
}

int arrange_png_decode_rgba(const uint8_t *bytes, size_t length, uint32_t width, uint32_t height, uint8_t *pixels,
                            char *error, size_t size) {
    if (png_decode_plain(bytes, length, width, height, pixels) == 0) return 0;
    struct png_memory source;
    memset(&source, 0, sizeof source);
    source.bytes = bytes;
    source.length = length;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &source, png_memory_failed, png_memory_warned);
    if (!png) return fail(error, size, "out of memory");
    png_infop info = png_create_info_struct(png);
    // Volatile: set after setjmp and read after a longjmp back to it.
    png_bytep *volatile rows = NULL;
    if (!info || setjmp(source.jump)) {
        free(rows);
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        if (source.ran_out) { fail(error, size, "the data ends before the image does"); return -2; }
        return fail(error, size, source.message[0] ? source.message : "out of memory");
    }
    png_set_read_fn(png, &source, png_memory_read);
    // The limits were checked on the header; libpng's own (a million a side) must not refuse less.
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    // zlib's Adler-32 of the whole stream is not summed again (a tenth of a decode): every chunk's
    // CRC, which covers the same bytes, is still checked.
#ifdef PNG_IGNORE_ADLER32
    png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    png_read_info(png, info);
    png_uint_32 w, h;
    int depth, color, interlace;
    png_get_IHDR(png, info, &w, &h, &depth, &color, &interlace, NULL, NULL);
    if (w != width || h != height) png_error(png, "the PNG's size changed while reading");
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (depth == 16) png_set_strip_16(png);
    if (depth < 8) png_set_packing(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (interlace != PNG_INTERLACE_NONE) png_set_interlace_handling(png);
    png_set_filler(png, 0xff, PNG_FILLER_AFTER);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) png_error(png, "the PNG's pixels do not expand to RGBA");
    rows = malloc(sizeof(png_bytep) * (height ? height : 1));
    if (!rows) png_error(png, "out of memory");
    for (uint32_t y = 0; y < height; y++) rows[y] = pixels + (size_t)y * width * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}
