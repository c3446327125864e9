#include "CUnicode.h"
#include <unicode/ubrk.h>
#include <unicode/ubidi.h>
#include <unicode/uchar.h>
#include <string.h>

int32_t arrange_line_breaks(const uint16_t *text, int32_t length, uint8_t *breaks) {
    memset(breaks, 0, (size_t)length + 1);
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, "", (const UChar *)text, length, &status);
    if (U_FAILURE(status) || iterator == NULL) return -1;
    for (int32_t at = ubrk_first(iterator); at != UBRK_DONE; at = ubrk_next(iterator)) {
        if (at < 0 || at > length) continue;
        int32_t rule = ubrk_getRuleStatus(iterator);
        breaks[at] = (rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? 2 : 1;
    }
    ubrk_close(iterator);
    return 0;
}

int32_t arrange_bidi_levels(const uint16_t *text, int32_t length, int32_t base, uint8_t *levels) {
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status) || bidi == NULL) return -1;
    UBiDiLevel paragraph = base == 0 ? 0 : (base == 1 ? 1 : UBIDI_DEFAULT_LTR);
    ubidi_setPara(bidi, (const UChar *)text, length, paragraph, NULL, &status);
    if (U_FAILURE(status)) {
        ubidi_close(bidi);
        return -1;
    }
    const UBiDiLevel *resolved = ubidi_getLevels(bidi, &status);
    if (U_FAILURE(status) || resolved == NULL) {
        ubidi_close(bidi);
        return -1;
    }
    memcpy(levels, resolved, (size_t)length);
    int32_t result = ubidi_getParaLevel(bidi);
    ubidi_close(bidi);
    return result;
}

int32_t arrange_unicode_version(void) {
    UVersionInfo version;
    u_getUnicodeVersion(version);
    return (int32_t)version[0] * 100 + (int32_t)version[1];
}
