// The few functions of librsvg 2.5x, GLib and Cairo that svg.c calls, declared here instead of
// included. Their headers come with pkg-config flags holding -pthread, which SwiftPM refuses with
// "warning: prohibited flag(s)" in every package that builds Arrange; declared here, they type
// the pointers svg.c finds in librsvg when it loads it (dlopen), and need no flags. Tests/RendererTests/RsvgDeclarationTests.swift
// compiles this file against the real headers (each name below stood in for the real type), so a
// prototype or struct that differs from the installed library fails a test.
#ifndef ARRANGE_RSVG_API_H
#define ARRANGE_RSVG_API_H

#include <stddef.h>
#include <stdint.h>

/// GError's layout: a GQuark (guint32), a gint and the message.
struct arrange_gerror_layout { uint32_t domain; int code; char *message; };
/// RsvgLength: a double and an RsvgUnit (an enum, int-sized).
struct arrange_rsvg_length_layout { double length; int unit; };
/// RsvgRectangle: four doubles.
struct arrange_rsvg_rectangle_layout { double x, y, width, height; };

#ifndef ARRANGE_RSVG_API_CHECK
typedef struct arrange_rsvg_handle ArrangeRsvgHandle;
typedef struct arrange_gerror_layout ArrangeGError;
typedef struct arrange_rsvg_length_layout ArrangeRsvgLength;
typedef struct arrange_rsvg_rectangle_layout ArrangeRsvgRectangle;
typedef struct arrange_cairo ArrangeCairo;
#endif

// gboolean is int, gsize size_t, guint8 uint8_t, gpointer void *.
ArrangeRsvgHandle *rsvg_handle_new_from_data(const uint8_t *data, size_t data_len, ArrangeGError **error);
void rsvg_handle_set_dpi(ArrangeRsvgHandle *handle, double dpi);
int rsvg_handle_get_intrinsic_size_in_pixels(ArrangeRsvgHandle *handle, double *out_width, double *out_height);
void rsvg_handle_get_intrinsic_dimensions(ArrangeRsvgHandle *handle, int *out_has_width, ArrangeRsvgLength *out_width,
                                          int *out_has_height, ArrangeRsvgLength *out_height, int *out_has_viewbox,
                                          ArrangeRsvgRectangle *out_viewbox);
int rsvg_handle_render_document(ArrangeRsvgHandle *handle, ArrangeCairo *cr, const ArrangeRsvgRectangle *viewport, ArrangeGError **error);
void g_error_free(ArrangeGError *error);
void g_object_unref(void *object);
void cairo_save(ArrangeCairo *cr);
void cairo_restore(ArrangeCairo *cr);
void cairo_translate(ArrangeCairo *cr, double tx, double ty);
void cairo_scale(ArrangeCairo *cr, double sx, double sy);

#endif
