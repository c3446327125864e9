#include "CImageCodecs.h"

// Set once, by a load-time constructor, and read by any thread after: atomic so that a program
// that installs it later (dlopen) is safe too.
static arrange_svg_size_reader installed_reader;

void arrange_svg_install_size_reader(arrange_svg_size_reader reader) {
    __atomic_store_n(&installed_reader, reader, __ATOMIC_RELEASE);
}

int arrange_svg_size(const uint8_t *bytes, size_t length, double *width, double *height, char *error, size_t error_size) {
    arrange_svg_size_reader reader = __atomic_load_n(&installed_reader, __ATOMIC_ACQUIRE);
    if (!reader) return -2;
    return reader(bytes, length, width, height, error, error_size) == 0 ? 0 : -1;
}
