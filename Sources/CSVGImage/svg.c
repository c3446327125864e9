#include "CSVGImage.h"

#include "CImageCodecs.h"

#include "rsvg-api.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct arrange_svg {
    ArrangeRsvgHandle *handle;
    double width, height;
};

static void failed(char *error, size_t size, ArrangeGError *problem, const char *otherwise) {
    if (error && size > 0) snprintf(error, size, "%s", problem && problem->message ? problem->message : otherwise);
    if (problem) g_error_free(problem);
}

/// The document's size in CSS pixels: its width and height, or else its viewBox's.
static int natural_size(ArrangeRsvgHandle *handle, double *width, double *height) {
    if (rsvg_handle_get_intrinsic_size_in_pixels(handle, width, height) && *width > 0 && *height > 0) return 0;
    int has_width, has_height, has_viewbox;
    ArrangeRsvgLength w, h;
    ArrangeRsvgRectangle viewbox;
    rsvg_handle_get_intrinsic_dimensions(handle, &has_width, &w, &has_height, &h, &has_viewbox, &viewbox);
    if (!has_viewbox || !(viewbox.width > 0) || !(viewbox.height > 0)) return -1;
    *width = viewbox.width;
    *height = viewbox.height;
    return 0;
}

arrange_svg *arrange_svg_open(const uint8_t *bytes, size_t length, double *width, double *height, char *error, size_t error_size) {
    ArrangeGError *problem = NULL;
    // From memory, with no base file: the document cannot reach other files.
    ArrangeRsvgHandle *handle = rsvg_handle_new_from_data(bytes, length, &problem);
    if (!handle) {
        failed(error, error_size, problem, "the SVG cannot be read");
        return NULL;
    }
    rsvg_handle_set_dpi(handle, 96);
    double w = 0, h = 0;
    if (natural_size(handle, &w, &h) != 0 || !isfinite(w) || !isfinite(h)) {
        failed(error, error_size, NULL, "the SVG has no size: give its root a width and height, or a viewBox");
        g_object_unref(handle);
        return NULL;
    }
    arrange_svg *svg = malloc(sizeof *svg);
    if (!svg) {
        failed(error, error_size, NULL, "out of memory");
        g_object_unref(handle);
        return NULL;
    }
    svg->handle = handle;
    svg->width = w;
    svg->height = h;
    *width = w;
    *height = h;
    return svg;
}

int arrange_svg_draw(arrange_svg *svg, void *context, double x, double y, double width, double height) {
    if (!svg || !context || !(width > 0) || !(height > 0) || !isfinite(width) || !isfinite(height)) return -1;
    ArrangeCairo *cr = context;
    cairo_save(cr);
    // Stretched over the frame like any image: the document at its own size, scaled.
    cairo_translate(cr, x, y);
    cairo_scale(cr, width / svg->width, height / svg->height);
    ArrangeRsvgRectangle viewport = {0, 0, svg->width, svg->height};
    int drawn = rsvg_handle_render_document(svg->handle, cr, &viewport, NULL);
    cairo_restore(cr);
    return drawn ? 0 : -1;
}

void arrange_svg_close(arrange_svg *svg) {
    if (!svg) return;
    g_object_unref(svg->handle);
    free(svg);
}

/// The size `arrange_svg_open` reads, for the core: the document parsed and freed again.
static int size_reader(const uint8_t *bytes, size_t length, double *width, double *height, char *error, size_t error_size) {
    arrange_svg *svg = arrange_svg_open(bytes, length, width, height, error, error_size);
    if (!svg) return -1;
    arrange_svg_close(svg);
    return 0;
}

// Installed as the program loads: every program that can draw an SVG image (it links this target)
// sizes SVG images with the same librsvg, and the core needs no call to set it up.
__attribute__((constructor)) static void install_size_reader(void) { arrange_svg_install_size_reader(size_reader); }
