// librsvg, found with pkg-config (librsvg2-dev): CImageCodecs draws SVG images with it.
#include <librsvg/rsvg.h>
