// clock_gettime and CLOCK_MONOTONIC are POSIX, hidden by a strict C standard mode.
#define _POSIX_C_SOURCE 200809L
#include "CBenchmarkFloors.h"
#include <cairo/cairo.h>
#include <cairo/cairo-pdf.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// valgrind's client requests are header-only macros that do nothing outside valgrind; a machine
// without the headers still builds, and Scripts/callgrind.sh says to install valgrind.
#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define FLOOR_CALLGRIND 1
#endif
#endif

static int callgrind_armed;

void floor_callgrind_arm(void) { callgrind_armed = 1; }

int floor_callgrind_armed(void) { return callgrind_armed; }

void floor_callgrind_toggle(void) {
#ifdef FLOOR_CALLGRIND
    if (callgrind_armed) CALLGRIND_TOGGLE_COLLECT;
#endif
}

int floor_on_valgrind(void) {
#ifdef FLOOR_CALLGRIND
    return RUNNING_ON_VALGRIND ? 1 : 0;
#else
    return 0;
#endif
}

uint64_t floor_now_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

floor_flow floor_greedy_flow(size_t count, const double *widths, const double *heights, double spacing,
                             double canvas_width, double padding, double border, double *x, double *y) {
    double inset = padding + border;
    double limit = canvas_width - 2 * inset;
    double row_width = 0, row_height = 0, top = inset;
    int row_empty = 1;
    for (size_t i = 0; i < count; i++) {
        double w = widths[i], h = heights[i];
        if (!row_empty && row_width + spacing + w > limit) {
            top += row_height + spacing;
            row_width = 0;
            row_height = 0;
            row_empty = 1;
        }
        double left = row_empty ? 0 : row_width + spacing;
        row_empty = 0;
        x[i] = inset + left;
        y[i] = top;
        row_width = left + w;
        if (h > row_height) row_height = h;
    }
    floor_flow flow = {canvas_width, (count > 0 ? top + row_height : inset) + inset, inset, border};
    return flow;
}

/// A growing memory buffer Cairo streams into.
typedef struct {
    unsigned char *bytes;
    size_t count, capacity;
    int failed;
} sink;

static int sink_append(sink *s, const unsigned char *data, size_t length) {
    if (s->count + length > s->capacity) {
        size_t capacity = s->capacity ? s->capacity : 1 << 16;
        while (capacity < s->count + length) capacity *= 2;
        unsigned char *grown = realloc(s->bytes, capacity);
        if (!grown) {
            s->failed = 1;
            return 0;
        }
        s->bytes = grown;
        s->capacity = capacity;
    }
    memcpy(s->bytes + s->count, data, length);
    s->count += length;
    return 1;
}

static cairo_status_t sink_write(void *closure, const unsigned char *data, unsigned int length) {
    return sink_append(closure, data, length) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

/// A fill and a border band inside the frame, as Arrange's painter draws `.fill` and
/// `.strokeBorder`: the outline inset by half the line width.
/// Only boxes whose rows reach `top`…`bottom` (canvas units, a pixel of slack for anti-aliasing)
/// are drawn: a chunk skips the rest, as any program drawing in chunks would.
static void draw_boxes_between(cairo_t *cr, size_t count, const double *x, const double *y, const double *widths,
                               const double *heights, const uint32_t *colours, floor_flow flow, double top, double bottom) {
    cairo_set_line_width(cr, 1);
    for (size_t i = 0; i < count; i++) {
        if (y[i] + heights[i] < top - 1 || y[i] > bottom + 1) continue;
        uint32_t c = colours[i];
        cairo_set_source_rgb(cr, ((c >> 16) & 0xFF) / 255.0, ((c >> 8) & 0xFF) / 255.0, (c & 0xFF) / 255.0);
        cairo_rectangle(cr, x[i], y[i], widths[i], heights[i]);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_rectangle(cr, x[i] + 0.5, y[i] + 0.5, widths[i] - 1, heights[i] - 1);
        cairo_stroke(cr);
    }
    double b = flow.border;
    cairo_set_line_width(cr, b);
    cairo_rectangle(cr, b / 2, b / 2, flow.canvas_width - b, flow.canvas_height - b);
    cairo_stroke(cr);
}

static void draw_boxes(cairo_t *cr, size_t count, const double *x, const double *y, const double *widths,
                       const double *heights, const uint32_t *colours, floor_flow flow) {
    draw_boxes_between(cr, count, x, y, widths, heights, colours, flow, -INFINITY, INFINITY);
}

static floor_output failed(int status) {
    floor_output output = {NULL, 0, 0, 0, status};
    return output;
}

/* Draws the boxes in surfaces of `chunk_rows` rows from the top down, each written as a PNG
   after the last: one surface and one PNG when `chunk_rows` covers the canvas. With `cull`, a
   chunk draws only the boxes that touch its rows. */
static floor_output png_in_chunks(size_t count, const double *x, const double *y, const double *widths,
                                  const double *heights, const uint32_t *colours, floor_flow flow, int chunk_rows, int cull) {
    int width = (int)ceil(flow.canvas_width), height = (int)ceil(flow.canvas_height);
    uint64_t draw_ns = 0, encode_ns = 0;
    sink s = {NULL, 0, 0, 0};
    for (int top = 0; top < height; top += chunk_rows) {
        int rows = height - top < chunk_rows ? height - top : chunk_rows;
        uint64_t start = floor_now_ns();
        cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, rows);
        cairo_status_t status = cairo_surface_status(surface);
        if (status != CAIRO_STATUS_SUCCESS) {
            cairo_surface_destroy(surface);
            free(s.bytes);
            return failed((int)status);
        }
        cairo_t *cr = cairo_create(surface);
        cairo_translate(cr, 0, -(double)top);
        draw_boxes_between(cr, count, x, y, widths, heights, colours, flow,
                           cull ? top : -INFINITY, cull ? top + rows : INFINITY);
        cairo_destroy(cr);
        cairo_surface_flush(surface);
        uint64_t drawn = floor_now_ns();
        status = cairo_surface_write_to_png_stream(surface, sink_write, &s);
        uint64_t encoded = floor_now_ns();
        cairo_surface_destroy(surface);
        if (status != CAIRO_STATUS_SUCCESS || s.failed) {
            free(s.bytes);
            return failed(s.failed ? -1 : (int)status);
        }
        draw_ns += drawn - start;
        encode_ns += encoded - drawn;
    }
    floor_output output = {s.bytes, s.count, draw_ns, encode_ns, 0};
    return output;
}

floor_output floor_cairo_png(size_t count, const double *x, const double *y, const double *widths,
                             const double *heights, const uint32_t *colours, floor_flow flow) {
    int height = (int)ceil(flow.canvas_height);
    return png_in_chunks(count, x, y, widths, heights, colours, flow, height > 0 ? height : 1, 0);
}

floor_output floor_cairo_png_chunked(size_t count, const double *x, const double *y, const double *widths,
                                     const double *heights, const uint32_t *colours, floor_flow flow, int chunk_rows) {
    if (chunk_rows < 1) chunk_rows = 1;
    if (chunk_rows > FLOOR_CAIRO_MAX_SIDE) chunk_rows = FLOOR_CAIRO_MAX_SIDE;
    return png_in_chunks(count, x, y, widths, heights, colours, flow, chunk_rows, 1);
}

floor_output floor_cairo_pdf(size_t count, const double *x, const double *y, const double *widths,
                             const double *heights, const uint32_t *colours, floor_flow flow) {
    uint64_t start = floor_now_ns();
    sink s = {NULL, 0, 0, 0};
    cairo_surface_t *surface = cairo_pdf_surface_create_for_stream(sink_write, &s, flow.canvas_width, flow.canvas_height);
    cairo_t *cr = cairo_create(surface);
    draw_boxes(cr, count, x, y, widths, heights, colours, flow);
    cairo_destroy(cr);
    uint64_t drawn = floor_now_ns();
    cairo_surface_finish(surface);
    cairo_status_t status = cairo_surface_status(surface);
    uint64_t finished = floor_now_ns();
    cairo_surface_destroy(surface);
    if (status != CAIRO_STATUS_SUCCESS || s.failed) {
        free(s.bytes);
        return failed(s.failed ? -1 : (int)status);
    }
    floor_output output = {s.bytes, s.count, drawn - start, finished - drawn, 0};
    return output;
}

floor_output floor_svg(size_t count, const double *x, const double *y, const double *widths,
                       const double *heights, const uint32_t *colours, floor_flow flow) {
    uint64_t start = floor_now_ns();
    sink s = {NULL, 0, 0, 0};
    char line[256];
    int n = snprintf(line, sizeof line,
                     "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%g\" height=\"%g\" viewBox=\"0 0 %g %g\">\n",
                     flow.canvas_width, flow.canvas_height, flow.canvas_width, flow.canvas_height);
    sink_append(&s, (const unsigned char *)line, (size_t)n);
    for (size_t i = 0; i < count; i++) {
        n = snprintf(line, sizeof line,
                     "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"#%06x\"/>\n"
                     "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"none\" stroke=\"#000000\" stroke-width=\"1\"/>\n",
                     x[i], y[i], widths[i], heights[i], (unsigned)(colours[i] & 0xFFFFFF),
                     x[i] + 0.5, y[i] + 0.5, widths[i] - 1, heights[i] - 1);
        if (n < 0 || (size_t)n >= sizeof line || !sink_append(&s, (const unsigned char *)line, (size_t)n)) {
            free(s.bytes);
            return failed(-1);
        }
    }
    double b = flow.border;
    n = snprintf(line, sizeof line,
                 "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"none\" stroke=\"#000000\" stroke-width=\"%g\"/>\n</svg>\n",
                 b / 2, b / 2, flow.canvas_width - b, flow.canvas_height - b, b);
    sink_append(&s, (const unsigned char *)line, (size_t)n);
    if (s.failed) {
        free(s.bytes);
        return failed(-1);
    }
    floor_output output = {s.bytes, s.count, 0, floor_now_ns() - start, 0};
    return output;
}

void floor_free(floor_output output) { free(output.bytes); }

const char *floor_status_message(int status) {
    return status < 0 ? "out of memory" : cairo_status_to_string((cairo_status_t)status);
}
