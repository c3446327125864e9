#include "CSVGImage.h"

#include "CImageCodecs.h"

#include "rsvg-api.h"
#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct arrange_svg {
    ArrangeRsvgHandle *handle;
    double width, height;
};

/// librsvg's functions, found when the first SVG image is read: loading librsvg and the GLib, Pango
/// and GIO libraries it needs took a third of the start-up of every `arrange` run, most of which
/// draw no SVG image. The prototypes in rsvg-api.h give the pointers their types (and are checked
/// against the real headers by a test).
static struct {
    __typeof__(&rsvg_handle_new_from_data) new_from_data;
    __typeof__(&rsvg_handle_set_dpi) set_dpi;
    __typeof__(&rsvg_handle_get_intrinsic_size_in_pixels) size_in_pixels;
    __typeof__(&rsvg_handle_get_intrinsic_dimensions) dimensions;
    __typeof__(&rsvg_handle_render_document) render_document;
    __typeof__(&g_error_free) error_free;
    __typeof__(&g_object_unref) object_unref;
    char problem[200];
} rsvg;
static pthread_once_t rsvg_once = PTHREAD_ONCE_INIT;

static void load_rsvg(void) {
    void *library = dlopen("librsvg-2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(rsvg.problem, sizeof rsvg.problem, "SVG images need librsvg (Debian: apt-get install librsvg2-2): %s",
                 reason ? reason : "librsvg-2.so.2 cannot be loaded");
        return;
    }
    // dlsym returns void *; POSIX guarantees it converts to a function pointer.
#define ARRANGE_FIND(field, name) *(void **)&rsvg.field = dlsym(library, name)
    ARRANGE_FIND(new_from_data, "rsvg_handle_new_from_data");
    ARRANGE_FIND(set_dpi, "rsvg_handle_set_dpi");
    ARRANGE_FIND(size_in_pixels, "rsvg_handle_get_intrinsic_size_in_pixels");
    ARRANGE_FIND(dimensions, "rsvg_handle_get_intrinsic_dimensions");
    ARRANGE_FIND(render_document, "rsvg_handle_render_document");
    ARRANGE_FIND(error_free, "g_error_free");
    ARRANGE_FIND(object_unref, "g_object_unref");
#undef ARRANGE_FIND
    if (!rsvg.new_from_data || !rsvg.set_dpi || !rsvg.size_in_pixels || !rsvg.dimensions || !rsvg.render_document
        || !rsvg.error_free || !rsvg.object_unref) {
        snprintf(rsvg.problem, sizeof rsvg.problem, "SVG images need librsvg 2.52 or later; the installed librsvg-2.so.2 lacks its functions");
        rsvg.new_from_data = NULL;
    }
}

/// Whether librsvg is there; else its problem is written to `error`.
static int have_rsvg(char *error, size_t size) {
    pthread_once(&rsvg_once, load_rsvg);
    if (rsvg.new_from_data) return 1;
    if (error && size > 0) snprintf(error, size, "%s", rsvg.problem);
    return 0;
}

static void failed(char *error, size_t size, ArrangeGError *problem, const char *otherwise) {
    if (error && size > 0) snprintf(error, size, "%s", problem && problem->message ? problem->message : otherwise);
    if (problem) rsvg.error_free(problem);
}

/// The document's size in CSS pixels: its width and height, or else its viewBox's.
static int natural_size(ArrangeRsvgHandle *handle, double *width, double *height) {
    if (rsvg.size_in_pixels(handle, width, height) && *width > 0 && *height > 0) return 0;
    int has_width, has_height, has_viewbox;
    ArrangeRsvgLength w, h;
    ArrangeRsvgRectangle viewbox;
    rsvg.dimensions(handle, &has_width, &w, &has_height, &h, &has_viewbox, &viewbox);
    if (!has_viewbox || !(viewbox.width > 0) || !(viewbox.height > 0)) return -1;
    *width = viewbox.width;
    *height = viewbox.height;
    return 0;
}

arrange_svg *arrange_svg_open(const uint8_t *bytes, size_t length, double *width, double *height, char *error, size_t error_size) {
    if (!have_rsvg(error, error_size)) return NULL;
    ArrangeGError *problem = NULL;
    // From memory, with no base file: the document cannot reach other files.
    ArrangeRsvgHandle *handle = rsvg.new_from_data(bytes, length, &problem);
    if (!handle) {
        failed(error, error_size, problem, "the SVG cannot be read");
        return NULL;
    }
    rsvg.set_dpi(handle, 96);
    double w = 0, h = 0;
    if (natural_size(handle, &w, &h) != 0 || !isfinite(w) || !isfinite(h)) {
        failed(error, error_size, NULL, "the SVG has no size: give its root a width and height, or a viewBox");
        rsvg.object_unref(handle);
        return NULL;
    }
    arrange_svg *svg = malloc(sizeof *svg);
    if (!svg) {
        failed(error, error_size, NULL, "out of memory");
        rsvg.object_unref(handle);
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
    int drawn = rsvg.render_document(svg->handle, cr, &viewport, NULL);
    cairo_restore(cr);
    return drawn ? 0 : -1;
}

void arrange_svg_close(arrange_svg *svg) {
    if (!svg) return;
    rsvg.object_unref(svg->handle);
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
