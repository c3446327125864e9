#ifndef CBENCHMARKFLOORS_H
#define CBENCHMARKFLOORS_H

// Floors for arrange-benchmarks: the least work each stage of the anchor workload could cost,
// written plainly in C and timed in the same run as Arrange, so ratios stay comparable on a noisy
// machine. Each takes the anchor boxes (widths, heights, 0xRRGGBB colours) and touches no Arrange
// code. Lengths are doubles, as CGFloat is.

#include <stddef.h>
#include <stdint.h>

/// The anchor workload's flow: placed boxes and the size of the bordered, padded container.
typedef struct {
    double canvas_width;
    double canvas_height;
    /// Space between the canvas edge and the content: border plus padding.
    double inset;
    double border;
} floor_flow;

/// The greedy flow loop: left to right, a new row when the next box would end past the content
/// width (canvas width − 2·inset), row height the tallest box, `spacing` between boxes and rows.
/// Writes each box's top-left corner into x and y (canvas coordinates) and returns the flow with
/// its canvas height (content height + 2·inset).
floor_flow floor_greedy_flow(size_t count, const double *widths, const double *heights, double spacing,
                             double canvas_width, double padding, double border, double *x, double *y);

/// Bytes produced by a floor, in a buffer the caller frees with floor_free.
typedef struct {
    unsigned char *bytes;
    size_t count;
    /// Nanoseconds spent drawing (Cairo floors) and encoding or writing the output.
    uint64_t draw_ns;
    uint64_t encode_ns;
    /// 0 when the floor ran; otherwise a Cairo status (or -1 when out of memory).
    int status;
} floor_output;

/// Raw Cairo PNG: an ARGB32 image surface, each box filled and given a 1 pt border inside its
/// frame, the container's border around the canvas, then cairo_surface_write_to_png_stream into
/// memory. Drawing and encoding are timed apart.
floor_output floor_cairo_png(size_t count, const double *x, const double *y, const double *widths,
                             const double *heights, const uint32_t *colours, floor_flow flow);

/// The tallest image surface raw Cairo makes (its coordinate limit), and so the tallest chunk
/// of floor_cairo_png_chunked.
#define FLOOR_CAIRO_MAX_SIDE 32767

/// Raw Cairo PNG in chunks, for pictures taller than one image surface may be: the canvas cut
/// into horizontal chunks of at most `chunk_rows` rows (clamped to 1…FLOOR_CAIRO_MAX_SIDE), each
/// an ARGB32 image surface of its own, translated up to its top, on which the boxes reaching
/// its rows are drawn, then written with cairo_surface_write_to_png_stream into memory, the
/// chunks' files one after another. Draw and encode times are summed over the chunks. Not one
/// PNG file: the least a raw Cairo program would do to draw and encode the same pixels.
floor_output floor_cairo_png_chunked(size_t count, const double *x, const double *y, const double *widths,
                                     const double *heights, const uint32_t *colours, floor_flow flow, int chunk_rows);

/// Raw Cairo PDF: the same drawing on a PDF stream surface of the canvas size, finished into
/// memory (encode_ns is the finish).
floor_output floor_cairo_pdf(size_t count, const double *x, const double *y, const double *widths,
                             const double *heights, const uint32_t *colours, floor_flow flow);

/// snprintf SVG: one <rect> fill and one <rect> stroke per box, as the SVG writer draws a fill and
/// an inner border, plus the container's border (the fast-formatting floor).
floor_output floor_svg(size_t count, const double *x, const double *y, const double *widths,
                       const double *heights, const uint32_t *colours, floor_flow flow);

void floor_free(floor_output output);

/// What a floor_output status means, in Cairo's words.
const char *floor_status_message(int status);

/// From now on, floor_callgrind_toggle switches callgrind's collection (Scripts/callgrind.sh runs
/// with collection off at the start).
void floor_callgrind_arm(void);
/// Whether floor_callgrind_arm was called: a floor then runs its loop once, to be counted alone.
int floor_callgrind_armed(void);
/// Turns callgrind's collection on or off around a measured stretch, once armed; a no-op before,
/// outside valgrind, or when valgrind's headers were missing at build time.
void floor_callgrind_toggle(void);
/// Whether the process runs under valgrind (0 when valgrind's headers were missing at build time).
int floor_on_valgrind(void);

/// A monotonic clock in nanoseconds, the one the floors time themselves with.
uint64_t floor_now_ns(void);

#endif
