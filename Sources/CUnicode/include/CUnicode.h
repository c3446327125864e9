// Unicode services from ICU that Swift cannot call directly: ICU's headers rename every function
// to a versioned symbol (ubrk_open_72) through macros, which Swift does not import. These wrappers
// are compiled as C, where the macros work, and give Swift plain names.
#ifndef CUNICODE_H
#define CUNICODE_H

#include <stdint.h>

/// Marks in `breaks[i]` (i in 0...length) whether ICU's line-break rules (UAX #14) allow a line to
/// end before UTF-16 unit i: 0 no, 1 a soft break, 2 a mandatory break. Returns 0 on success.
int32_t arrange_line_breaks(const uint16_t *text, int32_t length, uint8_t *breaks);

/// Resolves bidirectional embedding levels (UAX #9) for one paragraph of UTF-16 text into
/// `levels[0..<length]`. `base` is 0 for left-to-right, 1 for right-to-left, or 2 to take the
/// direction from the first strong character. Returns the paragraph level, or -1 on failure.
int32_t arrange_bidi_levels(const uint16_t *text, int32_t length, int32_t base, uint8_t *levels);

/// The Unicode version of the ICU linked, as major × 100 + minor (1500 for Unicode 15.0): its
/// line-breaking rules are that version's.
int32_t arrange_unicode_version(void);

#endif
