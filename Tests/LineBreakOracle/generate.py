#!/usr/bin/env python3
"""Browser oracle for text line breaking.

What it is for
--------------
Arrange's text layout must break a paragraph into lines exactly where Chromium
does, given the same font files, font size and available width: both use
UAX #14 line-break opportunities from ICU (with Blink's tailoring, see the
caveat below) and HarfBuzz shaping (with kerning and standard ligatures), so for
the same DejaVu files the line texts must agree exactly and the line widths to
within rounding. This script lays out a fixed, deterministic set of paragraphs
in headless Debian `chromium` and writes, per case, the lines the browser made
to ../ArrangeTests/Fixtures/line-break-browser-cases.json, which a Swift test
reads.

Caveat for whoever implements the Swift side: Blink does not consult ICU for
every pair of characters. When both characters around a position are printable
ASCII ('!'..DEL), Blink's LazyLineBreakIterator uses its own legacy pair table
(text_break_iterator.cc, kAsciiLineBreakTable + ShouldBreakAfter): a break
after '-' (before a digit only if the '-' follows a letter or digit) and after
'?', a break before '(' '[' '{' after some punctuation, and NO break after '/'
(so "Sources/Arrange/..." and the URL have no opportunity at their slashes,
where plain UAX #14 would allow one). ICU's UAX #14 rules decide only where a
non-ASCII character (em dash, en dash, U+00A0, U+00AD, Hebrew, Arabic) is
involved. After a space there is always an opportunity; when no opportunity
fits on a line, `overflow-wrap: anywhere` breaks after the last grapheme that
fits. The cases below (the URL, the path, "les?" | "x=1&y=", "e-" | "mail")
show this table at work in this Chromium.

How the browser is set up
-------------------------
One HTML page. `@font-face` rules load the DejaVu files found by fontconfig
(`fc-match -f '%{file}' 'DejaVu Sans'` and `'DejaVu Sans:bold'`) by file:// URL
as the family "ArrangeSans" (weight 400 and 700), so the browser uses exactly
those files and no system fallback (DejaVu Sans has Latin, Hebrew and Arabic).
Each case is a `<div>` holding a single text node, styled

    font-family: ArrangeSans; font-size: S px; font-weight: 400|700;
    line-height: normal; width: W px; white-space: pre-wrap;
    overflow-wrap: anywhere; word-break: normal; hyphens: manual;
    unicode-bidi: plaintext

(plus margin, padding and border 0). Why each property is there:

* font-family / font-size / font-weight: exactly the two DejaVu files, at the
  case's size; `line-height: normal` gives every line box the same height, from
  the font's own metrics, which the height self-check below relies on.
* width: the available width W (the case's "width").
* white-space: pre-wrap: spaces are preserved, not collapsed (as in SwiftUI),
  and the spaces at the end of a line hang past the width instead of wrapping.
* overflow-wrap: anywhere: a word longer than the line is broken between
  grapheme clusters.
* word-break: normal: the ordinary UAX #14 opportunities (no break-all).
* hyphens: manual: only a soft hyphen U+00AD is a hyphenation opportunity (no
  dictionary hyphenation); where Chromium breaks at one it draws a hyphen.
* unicode-bidi: plaintext: each paragraph (the text between hard breaks) takes
  its base direction from its first strong character (UAX #9 rules P2/P3; left
  to right when there is none) instead of from the `direction` property, as the
  Swift side does. `text-align` keeps its initial value `start`, which follows
  that resolved direction, so the lines of a right-to-left paragraph are
  right-aligned; that is how the recorded "direction" is read (below).
* Nothing else: no font-kerning, text-rendering or font-feature-settings, so
  Chromium shapes with its defaults (font-kerning: auto, text-rendering: auto),
  i.e. HarfBuzz's default features: kerning and the standard ligatures (DejaVu
  Sans's Latin "liga" makes ff, fi, fl, ffi, ffl; Arabic gets its joining forms
  and required ligatures).

After `document.fonts.ready`, JavaScript walks the text node grapheme by
grapheme (Intl.Segmenter) with a Range, groups the graphemes into lines by the
`top` of their client rects, and measures each line from the graphemes' rects.
The script fails loudly if the fonts did not load (FontFace status,
`document.fonts.check`, a comparison against `monospace`, and a comparison of
the measured advance of "W" against the font file's own hmtx table). Chromium
runs as `chromium --headless --disable-gpu --no-sandbox
--allow-file-access-from-files --virtual-time-budget=10000 --dump-dom file://...`
and the results are read back from a <pre> in the dumped DOM. The script also
checks that each div's height is its line count times one line height (no line
missed or invented), that the lines' texts concatenate to the case text, that
the width measured from the graphemes' rects equals the one from the whole
line's Range, that a hyphen was drawn exactly at the lines ending in U+00AD
(before any hanging spaces) and is as wide as the hyphen glyph's advance, that
a "narrow" case has one grapheme per line, and that the direction Chromium
chose is the one P2/P3 give.

Soft hyphens. The U+00AD stays in the DOM text and in the recorded line text;
in the middle of a line it is invisible (a zero-width rect). At a line end
Chromium draws a hyphen after it, as a generated glyph outside the DOM text,
also when only hanging spaces follow it on the line: "foo\u00AD bar" broken
after the space shows "foo\u2010 " | "bar" (the hyphen, then the hanging space). Its
rect shows up in Range.getClientRects: in the rects of the U+00AD's own range
(a second, non-empty rect next to the U+00AD's empty one) and also in those of
the range of the grapheme after it, which touches the same line end. So a
grapheme's line is the one of its LOWEST rect, and a line is measured only from
the rects at its own top; the hyphen's rect is the non-empty one of the
U+00AD's. (A twin div with `text-align: right` confirms that the hyphen is part
of the line box: "Super\u00AD" at 17 px, width 70, then starts at x =
14.046875, i.e. the line is 55.953125 wide, the recorded width.) The hyphen is
the character Blink's ComputedStyle::HyphenString picks: U+2010 HYPHEN when the primary font has a
glyph for it, else U+002D HYPHEN-MINUS (no `hyphenate-character` is set). Both
DejaVu files map U+2010 (read from their cmap here), so it is U+2010; the file's
advance for it is recorded top-level ("hyphen"). DejaVu gives U+2010 and U+002D
the same advance, so the measured width cannot tell them apart: the character
comes from Blink's rule and the cmap, the width from the measurement.

Ligature cases. The widths that break "ThisIsAVeryLongCamelCaseIdentifierName",
"official", "affluent" and "filefinder" inside an f-ligature (a line ending in
"f" followed by a line starting with "f", "i" or "l") are found by a search in
this script: every width in a range in 1/4 px steps is laid out in the same
page as the other cases, and the smallest and the largest width whose lines
break such a pair are kept (e.g. "ThisIsAVeryLongCamelCaseIdentif" | "ierName"
at 17 px); the other widths are not recorded. In DejaVu Sans (hmtx) the fi and
fl ligatures advance exactly as f + i and f + l, while ff, ffi and ffl are 31
units narrower than their parts; in DejaVu Sans Bold every one of them is
narrower (fi and fl by 75 units), so the bold cases show in their widths
whether a ligature was formed across, or kept out of, a line end.

Bidi cases. Line texts are in logical (DOM) order. A line's width is the
extent of the union of its graphemes' rects, i.e. its visual extent even when
the line mixes directions (Range.getBoundingClientRect over the logical range
is that union too, as long as no rect from another line comes in). The spaces
at a line's logical end hang at its visual end (UAX #9 L1 gives them the
paragraph level): on the right in a left-to-right paragraph, on the LEFT in a
right-to-left one; either way they are left out of the width.

What is recorded
----------------
{"generator": "Tests/LineBreakOracle/generate.py", "css": "<the style above>",
 "fonts": {"regular": "<file basename>", "bold": "<file basename>"},
 "hyphen": {"regular"|"bold": {"character", "codePoint", "advanceUnits",
            "unitsPerEm", "advanceEm"}},
 "cases": [{"id", "kind", "text", "fontSize", "weight": "regular"|"bold",
            "width", "direction": "ltr"|"rtl",
            "lines": [{"text", "width", "hyphen"}, ...]}, ...]}

* `kind`: "basic" (the original cases: hyphenated words, dashes, URLs, paths,
  spaces, long words, punctuation, numbers, hard breaks, U+00A0), "narrow" (a
  width narrower than one character: every grapheme gets its own line and
  spaces hang, making no line of their own; checked), "soft-hyphen",
  "ligature" (breaks inside ff, fi, fl, ffi, ffl) and "bidi" (Hebrew and Arabic
  with English, paragraphs of either direction).
* `lines[i].text` is the line's text exactly as the browser put it on that
  line, in logical order, including the spaces that hang at its end and a soft
  hyphen U+00AD. The lines' texts concatenated equal the case's text (checked).
* A hard line break "\\n" is recorded at the END of the line it terminates
  (line "First line\\n", then "Second line"). Two "\\n" in a row give a line
  whose text is just "\\n" (an empty line). No case ends with "\\n".
* `lines[i].width` is the line's content width without trailing spaces (U+0020)
  and without the "\\n": the extent (rightmost right edge minus leftmost left
  edge) of the client rects of its other graphemes (leading spaces count;
  U+00A0 is not a space here), INCLUDING the hyphen Chromium drew at a soft
  hyphen ending the line. A line holding only spaces (and/or "\\n") has width
  0. Widths are rounded to 1/64 px (Chromium's layout unit; they already are).
* `lines[i].hyphen` is true when Chromium drew a hyphen at the end of the line,
  which happens exactly when the line's text before its hanging spaces ends in
  U+00AD (checked), so also for "foo\u00AD " (hyphen, then a hanging space).
* `direction` is the paragraph direction Chromium chose, read from the line
  alignment (getComputedStyle still says "ltr" under `plaintext`): a line whose
  content starts at the div's left edge (and does not end at its right edge) is
  left-to-right, one whose content ends at the right edge (and does not start at
  the left one) right-to-left; all lines must agree, and the result must be the
  P2/P3 direction of each paragraph of the text.
* `hyphen` (top-level) is the character Chromium draws at a soft-hyphen break
  for each weight and its advance from the file's hmtx table; the script checks
  that every drawn hyphen is advance x fontSize / unitsPerEm wide (within
  1/64 px) and that it adds exactly that to the line's width.
* Case widths are the div's CSS width in px (some non-integral, e.g. 87.5,
  all multiples of 1/64 so Chromium's layout units represent them exactly).

Regenerate (Debian's chromium and fonts-dejavu-core must be installed):
    python3 Tests/LineBreakOracle/generate.py
The output is deterministic for a given chromium / ICU / HarfBuzz / DejaVu
version; diff the JSON after a browser upgrade.
"""
import html
import json
import os
import re
import struct
import subprocess
import sys
import tempfile
import unicodedata
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "ArrangeTests", "Fixtures", "line-break-browser-cases.json")
FAMILY = "ArrangeSans"
CSS = ("font-family: ArrangeSans; font-size: {size}px; font-weight: {weight}; "
       "line-height: normal; width: {width}px; white-space: pre-wrap; "
       "overflow-wrap: anywhere; word-break: normal; hyphens: manual; "
       "unicode-bidi: plaintext")
SHY = "\u00ad"
KINDS = ["basic", "narrow", "soft-hyphen", "ligature", "bidi"]


def font_file(pattern):
    path = subprocess.run(["fc-match", "-f", "%{file}", pattern],
                          capture_output=True, text=True, check=True).stdout.strip()
    if not path or not os.path.isfile(path):
        sys.exit(f"fc-match found no file for {pattern!r}")
    return path


def glyph_advance(path, char):
    """(advance of `char` in font units, unitsPerEm) read from the TTF itself (cmap 3/1 format 4,
    hmtx, head); None when the font has no glyph for `char`."""
    with open(path, "rb") as handle:
        data = handle.read()
    tables = {}
    for i in range(struct.unpack(">H", data[4:6])[0]):
        tag, _, offset, _ = struct.unpack(">4sIII", data[12 + 16 * i:28 + 16 * i])
        tables[tag.decode()] = offset
    units_per_em = struct.unpack(">H", data[tables["head"] + 18:tables["head"] + 20])[0]
    metrics_count = struct.unpack(">H", data[tables["hhea"] + 34:tables["hhea"] + 36])[0]
    cmap = tables["cmap"]
    glyph = None
    for i in range(struct.unpack(">H", data[cmap + 2:cmap + 4])[0]):
        platform, encoding, offset = struct.unpack(">HHI", data[cmap + 4 + 8 * i:cmap + 12 + 8 * i])
        sub = cmap + offset
        if (platform, encoding) != (3, 1) or struct.unpack(">H", data[sub:sub + 2])[0] != 4:
            continue
        segs = struct.unpack(">H", data[sub + 6:sub + 8])[0] // 2
        ends = struct.unpack(f">{segs}H", data[sub + 14:sub + 14 + 2 * segs])
        base = sub + 16 + 2 * segs
        starts = struct.unpack(f">{segs}H", data[base:base + 2 * segs])
        deltas = struct.unpack(f">{segs}h", data[base + 2 * segs:base + 4 * segs])
        ranges_at = base + 4 * segs
        ranges = struct.unpack(f">{segs}H", data[ranges_at:ranges_at + 2 * segs])
        code = ord(char)
        for k in range(segs):
            if starts[k] <= code <= ends[k]:
                if ranges[k] == 0:
                    glyph = (code + deltas[k]) & 0xFFFF
                else:
                    at = ranges_at + 2 * k + ranges[k] + 2 * (code - starts[k])
                    found = struct.unpack(">H", data[at:at + 2])[0]
                    glyph = (found + deltas[k]) & 0xFFFF if found else 0
                break
        break
    if not glyph:  # not mapped, or mapped to .notdef
        return None
    hmtx = tables["hmtx"]
    index = min(glyph, metrics_count - 1)
    return struct.unpack(">H", data[hmtx + 4 * index:hmtx + 4 * index + 2])[0], units_per_em


def advance(path, char):
    """Advance width of `char` in font units and unitsPerEm; the font must have the glyph."""
    found = glyph_advance(path, char)
    if found is None:
        sys.exit(f"{path}: no glyph for {char!r}")
    return found


def hyphen_for(path):
    """The hyphen Blink draws at a soft-hyphen break (ComputedStyle::HyphenString with no
    hyphenate-character): U+2010 if the primary font has a glyph for it, else U+002D."""
    char = "\u2010" if glyph_advance(path, "\u2010") is not None else "-"
    units, per_em = advance(path, char)
    return {"character": char, "codePoint": f"U+{ord(char):04X}", "advanceUnits": units,
            "unitsPerEm": per_em, "advanceEm": units / per_em}


def paragraph_direction(text):
    """UAX #9 P2/P3 for each paragraph (split at "\\n"); the case's direction if they all agree."""
    directions = set()
    for paragraph in text.split("\n"):
        direction = "ltr"
        for char in paragraph:
            kind = unicodedata.bidirectional(char)
            if kind in ("L", "R", "AL"):
                direction = "ltr" if kind == "L" else "rtl"
                break
        directions.add(direction)
    if len(directions) != 1:
        sys.exit(f"{text!r}: paragraphs of different directions are not supported")
    return directions.pop()


# kind -> [(id prefix, text, [(width, fontSize, weight), ...]), ...]
SPEC = {
    "basic": [
        ("well-known", "well-known", [(40, 17, "regular"), (60, 17, "regular"), (100, 17, "regular"),
                                      (45, 17, "bold")]),
        ("state-of-the-art", "state-of-the-art layout engine",
         [(50, 17, "regular"), (87.5, 17, "regular"), (120, 17, "regular"), (200, 17, "regular"),
          (100, 17, "bold"), (70, 13, "regular")]),
        ("e-mail", "Send an e-mail today", [(40, 17, "regular"), (70, 17, "regular")]),
        ("em-dash", "layout\u2014then render", [(60, 17, "regular"), (100, 17, "regular"),
                                                 (130.5, 17, "regular")]),
        ("en-dash", "pages 10\u201320", [(40, 17, "regular"), (70, 17, "regular")]),
        ("url", "see https://example.com/docs/layout/rules?x=1&y=2 for more",
         [(80, 17, "regular"), (150, 17, "regular"), (230.25, 17, "regular"), (300, 17, "regular"),
          (120, 13, "regular")]),
        ("path", "Sources/Arrange/Text/TextLayout.swift",
         [(60, 17, "regular"), (110, 17, "regular"), (175, 17, "regular")]),
        ("double-spaces", "two  spaces  here", [(40, 17, "regular"), (55, 17, "regular"),
                                                (90, 17, "regular")]),
        ("trailing-spaces", "trailing   ", [(50, 17, "regular"), (66, 17, "regular")]),
        ("trailing-spaces-two-words", "ab cd   ", [(45.75, 17, "regular")]),
        ("space-run", "a" + " " * 20 + "b", [(40, 17, "regular"), (130, 17, "regular")]),
        ("leading-spaces", "   leading spaces", [(60, 17, "regular"), (100, 17, "regular")]),
        ("extraordinarily", "Extraordinarily", [(20, 17, "regular"),
                                                (87.5, 17, "regular"), (100, 28, "regular"),
                                                (60, 17, "bold")]),
        ("supercali", "Supercalifragilisticexpialidocious",
         [(60, 17, "regular"), (110.75, 17, "regular"), (70, 13, "regular")]),
        ("punctuation", "Hello, world! (Yes.)", [(40, 17, "regular"), (70, 17, "regular")]),
        ("quotes", "She said \"don't\" and 'left'.", [(50, 17, "regular"), (90, 17, "regular")]),
        ("numbers", "1,000,000.50 units", [(40, 17, "regular"), (90, 17, "regular")]),
        ("hard-break", "First line\nSecond line", [(60, 17, "regular"), (300, 17, "regular")]),
        ("blank-line", "Line one\n\nLine three", [(300, 17, "regular"), (50, 17, "regular")]),
        ("sentence", "The quick brown fox jumps over the lazy dog",
         [(100, 17, "regular"), (150.5, 17, "regular"), (250, 17, "regular"), (120, 13, "regular"),
          (200, 28, "regular"), (140, 17, "bold")]),
        ("nbsp", "100\u00a0km away", [(30, 17, "regular"), (60, 17, "regular")]),
    ],
    # Narrower than any character: one grapheme per line, spaces hang (no line of their own).
    "narrow": [
        ("narrow-hi-there", "Hi there", [(3.75, 17, "regular"), (1, 17, "regular"), (5, 17, "regular"),
                                         (3.75, 17, "bold")]),
        ("narrow-a-b-c", "a b c", [(3.75, 17, "regular")]),
        ("narrow-hello-world", "Hello, world", [(5, 17, "regular"), (1, 17, "bold")]),
        ("narrow-two-spaces", "two  spaces", [(1, 17, "regular")]),
        ("narrow-x-y", "x y", [(3.75, 17, "regular"), (1, 13, "regular")]),
    ],
    "soft-hyphen": [
        ("shy-supercali", SHY.join(["Super", "cali", "fragi", "listic", "expi", "ali", "docious"]),
         [(70, 17, "regular"), (50, 17, "regular"), (90, 17, "regular"), (120, 17, "regular"),
          (80, 17, "bold")]),
        ("shy-donau", SHY.join(["Donau", "dampf", "schiff", "fahrts", "gesell", "schaft"]),
         [(60, 17, "regular"), (100, 17, "regular"), (150, 17, "regular"), (230, 17, "regular")]),
        # Soft hyphens that stay inside a line: invisible, no hyphen drawn.
        ("shy-mid-line", "a re" + SHY + "usable co" + SHY + "operative tool",
         [(80, 17, "regular"), (120, 17, "regular"), (300, 17, "regular")]),
        # A soft hyphen just before a space, and just after one.
        ("shy-before-space", "foo" + SHY + " bar", [(30, 17, "regular"), (40, 17, "regular")]),
        ("shy-after-space", "foo " + SHY + "bar", [(30, 17, "regular"), (40, 17, "regular")]),
    ],
    # Hebrew and Arabic (escaped here): "<ivrit> text stay in order." (ivrit = "Hebrew"); "The word
    # <shalom> means peace."; "<ani ohev> Swift <meod>" ("I love Swift very much"); "<shalom olam,
    # zehu mishpat arokh be-ivrit she-nishbar li-shlosha kavim.>" ("Hello world, this is a long
    # sentence in Hebrew that breaks into three lines."); "<marhaban bil-alam> hello world".
    "bidi": [
        ("bidi-hebrew-first", "\u05e2\u05d1\u05e8\u05d9\u05ea text stay in order.",
         [(120, 17, "regular"), (250, 17, "regular")]),
        ("bidi-english-hebrew-word", "The word \u05e9\u05dc\u05d5\u05dd means peace.",
         [(100, 17, "regular"), (250, 17, "regular")]),
        ("bidi-hebrew-english-word", "\u05d0\u05e0\u05d9 \u05d0\u05d5\u05d4\u05d1 Swift \u05de\u05d0\u05d5\u05d3",
         [(80, 17, "regular"), (200, 17, "regular")]),
        ("bidi-hebrew-paragraph",
         "\u05e9\u05dc\u05d5\u05dd \u05e2\u05d5\u05dc\u05dd, \u05d6\u05d4\u05d5 \u05de\u05e9\u05e4\u05d8 "
         "\u05d0\u05e8\u05d5\u05da \u05d1\u05e2\u05d1\u05e8\u05d9\u05ea \u05e9\u05e0\u05e9\u05d1\u05e8 "
         "\u05dc\u05e9\u05dc\u05d5\u05e9\u05d4 \u05e7\u05d5\u05d5\u05d9\u05dd.",
         [(200, 17, "regular"), (100, 17, "regular"), (120, 17, "bold")]),
        ("bidi-arabic-english", "\u0645\u0631\u062d\u0628\u0627 \u0628\u0627\u0644\u0639\u0627\u0644\u0645 hello world",
         [(100, 17, "regular"), (250, 17, "regular")]),
    ],
}

# The ligature cases: (id prefix, text, fontSize, weight, lowest width, highest width); every
# width from lowest to highest in 1/4 px steps is laid out, and the smallest and largest that
# break an f-ligature pair are kept.
LIGATURE_SEARCHES = [
    ("lig-identifier", "ThisIsAVeryLongCamelCaseIdentifierName", 17, "regular", 280, 300),
    ("lig-identifier", "ThisIsAVeryLongCamelCaseIdentifierName", 13, "regular", 214, 230),
    ("lig-identifier", "ThisIsAVeryLongCamelCaseIdentifierName", 17, "bold", 315, 335),
    ("lig-official", "official", 17, "regular", 16.5, 30),
    ("lig-official", "official", 17, "bold", 19, 34),
    ("lig-affluent", "affluent", 17, "regular", 16.5, 30),
    ("lig-filefinder", "filefinder", 17, "regular", 30, 40),
    ("lig-filefinder", "filefinder", 17, "bold", 35, 45),
]
LIGATURE_STEP = 0.25
LIGATURE_PAIRS = ("ff", "fi", "fl")


def case(kind, prefix, text, width, size, weight):
    assert (width * 64) == int(width * 64), width
    tag = "" if weight == "regular" else "-bold"
    return {"id": f"{prefix}-{size}{tag}-w{width:g}", "kind": kind, "text": text,
            "fontSize": size, "weight": weight, "width": width}


def make_cases():
    """Deterministic list of fixed cases, and the ligature search's candidates (each with the
    index of its search)."""
    cases = []
    for kind in KINDS:
        for prefix, text, variants in SPEC.get(kind, []):
            for width, size, weight in variants:
                cases.append(case(kind, prefix, text, width, size, weight))
    candidates = []
    for index, (prefix, text, size, weight, low, high) in enumerate(LIGATURE_SEARCHES):
        steps = int(round((high - low) / LIGATURE_STEP))
        for step in range(steps + 1):
            candidate = case("ligature", prefix, text, low + step * LIGATURE_STEP, size, weight)
            candidate["search"] = index
            candidates.append(candidate)
    ids = [c["id"] for c in cases + candidates]
    assert len(ids) == len(set(ids)), "duplicate ids"
    return cases, candidates


def breaks_ligature(lines):
    """Whether a line ends in "f" and the next starts with "f", "i" or "l" (a DejaVu liga pair)."""
    texts = [line["text"] for line in lines]
    return any((a[-1:] + b[:1]) in LIGATURE_PAIRS for a, b in zip(texts, texts[1:]))


SCRIPT = r"""
<script>
const CASES = __CASES__;
const STYLE = __STYLE__;
const result = document.getElementById('result');
function fail(message) { result.textContent = 'ERROR: ' + message; }
const segmenter = new Intl.Segmenter('en', {granularity: 'grapheme'});
const rectsOf = range => Array.from(range.getClientRects(), r => ({left: r.left, right: r.right, top: r.top}));
const extent = rects => rects.length === 0 ? null
  : {left: Math.min(...rects.map(r => r.left)), right: Math.max(...rects.map(r => r.right))};
const onLine = (rects, top) => rects.filter(r => Math.abs(r.top - top) < 0.5);

function measure(div, id) {
  const node = div.firstChild;
  const text = node.data;
  const lines = [];
  let current = null, startNew = true;
  for (const {segment, index} of segmenter.segment(text)) {
    const range = document.createRange();
    range.setStart(node, index);
    range.setEnd(node, index + segment.length);
    const rects = rectsOf(range);
    // A grapheme lies on one line: the lowest its rects reach. (The grapheme after a soft-hyphen
    // break also reports the hyphen drawn at the end of the line before.)
    const top = rects.length ? Math.max(...rects.map(r => r.top)) : null;
    if (segment === '\n') {
      // A hard break ends the line it is on; two in a row make an empty line "\n".
      if (current === null || startNew) {
        current = {start: index, end: index, top: top, graphemes: []};
        lines.push(current);
      }
      current.end = index + segment.length;
      startNew = true;
      continue;
    }
    if (rects.length === 0) throw new Error('no client rect for ' + JSON.stringify(segment) + ' at ' + index);
    if (current === null || startNew || top > current.top + 0.5) {
      if (current !== null && !startNew && top < current.top) throw new Error('line went up at ' + index);
      current = {start: index, end: index, top: top, graphemes: []};
      lines.push(current);
      startNew = false;
    }
    current.end = index + segment.length;
    current.graphemes.push({segment: segment, index: index, rects: onLine(rects, current.top)});
  }
  return lines.map((line, number) => {
    const content = line.graphemes.slice();
    while (content.length && content[content.length - 1].segment === ' ') content.pop();
    const rects = [];
    let hyphen = null;
    content.forEach((g, k) => {
      for (const r of g.rects) {
        if (g.segment === '\u00ad' && r.right - r.left > 0.01) {
          // The hyphen Chromium drew: only after the last character before the hanging spaces.
          if (k !== content.length - 1 || hyphen !== null)
            throw new Error(id + ': a hyphen drawn for the soft hyphen at ' + g.index + ', not at a line end');
          hyphen = r;
        } else {
          rects.push(r);
        }
      }
    });
    const bare = extent(rects);
    const all = extent(hyphen ? rects.concat([hyphen]) : rects);
    // The same from one Range over the line's content (its rects at this line's top only).
    let rangeWidth = 0;
    if (content.length) {
      const last = content[content.length - 1];
      const range = document.createRange();
      range.setStart(node, line.start);
      range.setEnd(node, last.index + last.segment.length);
      const whole = extent(onLine(rectsOf(range), line.top));
      rangeWidth = whole ? whole.right - whole.left : 0;
    }
    return {text: text.slice(line.start, line.end), top: line.top,
            width: all ? all.right - all.left : 0, widthWithoutHyphen: bare ? bare.right - bare.left : 0,
            rangeWidth: rangeWidth, left: all ? all.left : null, right: all ? all.right : null,
            hyphen: hyphen !== null, hyphenWidth: hyphen ? hyphen.right - hyphen.left : 0};
  });
}

async function run() {
  const host = document.getElementById('cases');
  const divs = CASES.map((c, i) => {
    const div = document.createElement('div');
    div.id = 'c' + i;
    div.setAttribute('style', STYLE.replace('{size}', c.fontSize).replace('{weight}', c.weight === 'bold' ? 700 : 400)
                                   .replace('{width}', c.width) + '; margin: 0; padding: 0; border: 0');
    div.appendChild(document.createTextNode(c.text));
    host.appendChild(div);
    return div;
  });
  try {
    await Promise.all([document.fonts.load('17px ArrangeSans'), document.fonts.load('bold 17px ArrangeSans')]);
  } catch (e) {
    return fail('loading the @font-face files failed: ' + e);
  }
  await document.fonts.ready;
  const faces = Array.from(document.fonts).filter(f => f.family.replace(/"/g, '') === 'ArrangeSans');
  if (faces.length !== 2) return fail('expected 2 ArrangeSans faces, found ' + faces.length);
  for (const f of faces) if (f.status !== 'loaded') return fail('font face ' + f.weight + ' status ' + f.status);
  if (!document.fonts.check('17px ArrangeSans')) return fail("document.fonts.check('17px ArrangeSans') is false");
  if (!document.fonts.check('bold 17px ArrangeSans')) return fail("document.fonts.check('bold 17px ArrangeSans') is false");
  const probe = (font, s) => { const c = document.createElement('canvas').getContext('2d'); c.font = font; return c.measureText(s).width; };
  const checks = {
    regularW: probe('100px ArrangeSans', 'W'),
    boldW: probe('bold 100px ArrangeSans', 'W'),
    monoSample: probe('100px monospace', 'Wil'),
    regularSample: probe('100px ArrangeSans', 'Wil'),
  };
  const out = CASES.map((c, i) => {
    const div = divs[i];
    if (div.childNodes.length !== 1 || div.firstChild.data !== c.text) throw new Error('text node mismatch in case ' + c.id);
    const box = div.getBoundingClientRect();
    return {lines: measure(div, c.id), height: box.height, left: box.left, right: box.right};
  });
  result.textContent = JSON.stringify({checks: checks, cases: out});
}
run().catch(e => fail(e && e.stack ? e.stack : String(e)));
</script>"""


def page(cases, regular, bold):
    def url(path):
        return "file://" + urllib.parse.quote(path)
    fonts = (f"@font-face {{ font-family: {FAMILY}; src: url('{url(regular)}') format('truetype'); "
             "font-weight: 400; font-style: normal; }\n"
             f"@font-face {{ font-family: {FAMILY}; src: url('{url(bold)}') format('truetype'); "
             "font-weight: 700; font-style: normal; }\n")
    payload = [{k: c[k] for k in ("id", "text", "fontSize", "weight", "width")} for c in cases]
    script = (SCRIPT.replace("__CASES__", json.dumps(payload).replace("</", "<\\/"))
              .replace("__STYLE__", json.dumps(CSS)))
    return ('<!doctype html><html><head><meta charset="utf-8"><style>\n' + fonts
            + "body { margin: 0; }\n</style></head><body><div id=\"cases\"></div>"
            + '<pre id="result">PENDING</pre>' + script + "</body></html>")


def chromium_messages(stderr):
    # Headless chromium logs D-Bus noise on a machine without a session bus; keep the rest.
    return "\n".join(line for line in stderr.splitlines()
                     if "dbus" not in line and "unexpected operator" not in line)


def run_chromium(path):
    command = ["chromium", "--headless", "--disable-gpu", "--no-sandbox",
               "--allow-file-access-from-files", "--virtual-time-budget=10000",
               "--dump-dom", "file://" + path]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"chromium failed ({done.returncode}):\n{chromium_messages(done.stderr)}")
    match = re.search(r'<pre id="result">(.*?)</pre>', done.stdout, re.S)
    if not match:
        sys.exit("no result element in chromium's DOM dump:\n" + chromium_messages(done.stderr))
    body = html.unescape(match.group(1))
    if not body.startswith("{"):
        sys.exit("browser oracle failed: " + body + "\n" + chromium_messages(done.stderr))
    return json.loads(body)


def sixty_fourths(value):
    return round(value * 64) / 64


TOLERANCE = 1 / 64 + 1e-9


def check_case(case, result, heights, hyphens):
    """The self-checks of one laid-out case; returns its direction and any warnings."""
    lines = result["lines"]
    joined = "".join(line["text"] for line in lines)
    if joined != case["text"]:
        sys.exit(f"{case['id']}: lines {[l['text'] for l in lines]!r} do not concatenate to the text")
    if any(line["text"] == "" for line in lines):
        sys.exit(f"{case['id']}: empty line")
    # Every line box has the same height for one font size: the div's height is
    # lines x line height, i.e. no line was missed or invented.
    per_line = result["height"] / len(lines)
    key = (case["fontSize"], case["weight"])
    if abs(heights.setdefault(key, per_line) - per_line) > 0.02:
        sys.exit(f"{case['id']}: {len(lines)} lines but height {result['height']}")
    tops = [line["top"] for line in lines if line["top"] is not None]
    if tops != sorted(tops):
        sys.exit(f"{case['id']}: line tops not increasing")
    hyphen = hyphens[case["weight"]]
    hyphen_px = hyphen["advanceUnits"] * case["fontSize"] / hyphen["unitsPerEm"]
    votes, warnings = set(), []
    for line in lines:
        content = line["text"].rstrip(" \n")
        # Lines may overflow only when one grapheme cluster does not fit or only hanging spaces do.
        if line["width"] > case["width"] + 0.01 and len(content) > 1:
            warnings.append(f"warning: {case['id']}: line {line['text']!r} is {line['width']} wide")
        # The per-grapheme rects and one Range over the line agree.
        if abs(line["width"] - line["rangeWidth"]) > 1 / 128:
            sys.exit(f"{case['id']}: line {line['text']!r}: {line['width']} from its graphemes, "
                     f"{line['rangeWidth']} from its range")
        # A hyphen is drawn exactly where a line ends in a soft hyphen, as wide as the glyph.
        if line["hyphen"] != line["text"].rstrip(" ").endswith(SHY):
            sys.exit(f"{case['id']}: line {line['text']!r}: hyphen drawn {line['hyphen']}")
        if line["hyphen"]:
            added = line["width"] - line["widthWithoutHyphen"]
            if abs(line["hyphenWidth"] - hyphen_px) > TOLERANCE or abs(added - hyphen_px) > TOLERANCE:
                sys.exit(f"{case['id']}: line {line['text']!r}: hyphen {line['hyphenWidth']} wide, adds {added}; "
                         f"{hyphen['codePoint']} advances {hyphen_px}")
        elif line["width"] != line["widthWithoutHyphen"]:
            sys.exit(f"{case['id']}: line {line['text']!r}: widths differ without a hyphen")
        # The paragraph direction, from the alignment (text-align: start).
        if line["left"] is not None:
            at_left = abs(line["left"] - result["left"]) < TOLERANCE
            at_right = abs(line["right"] - result["right"]) < TOLERANCE
            if at_left != at_right:
                votes.add("ltr" if at_left else "rtl")
            elif not at_left:
                sys.exit(f"{case['id']}: line {line['text']!r} touches neither edge of the div "
                         f"({line['left']}..{line['right']} in {result['left']}..{result['right']})")
    if len(votes) != 1:
        sys.exit(f"{case['id']}: cannot tell the paragraph direction from the lines ({votes})")
    direction = votes.pop()
    if direction != paragraph_direction(case["text"]):
        sys.exit(f"{case['id']}: Chromium laid it out {direction}, P2/P3 say {paragraph_direction(case['text'])}")
    if case["kind"] == "narrow":
        # One grapheme per line; spaces hang on the line before, never make a line of their own.
        for line in lines:
            content = line["text"].rstrip(" ")
            if len(content) != 1 or content == " ":
                sys.exit(f"{case['id']}: narrow line {line['text']!r}")
    return direction, warnings


def main():
    regular = font_file("DejaVu Sans")
    bold = font_file("DejaVu Sans:bold")
    if regular == bold:
        sys.exit("fc-match gave the same file for regular and bold")
    hyphens = {"regular": hyphen_for(regular), "bold": hyphen_for(bold)}
    fixed, candidates = make_cases()
    everything = fixed + candidates
    with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False, encoding="utf-8") as handle:
        handle.write(page(everything, regular, bold))
        path = handle.name
    try:
        measured = run_chromium(path)
    finally:
        os.unlink(path)

    # The browser must have shaped with exactly these files: "W" at 100px must advance
    # by the hmtx advance the files themselves give, and differ from monospace.
    checks = measured["checks"]
    for label, file_path, got in (("regular", regular, checks["regularW"]), ("bold", bold, checks["boldW"])):
        units, per_em = advance(file_path, "W")
        expected = units * 100 / per_em
        if abs(got - expected) > 0.01:
            sys.exit(f"{label} font not used: 'W' at 100px is {got}, {os.path.basename(file_path)} says {expected}")
    if abs(checks["monoSample"] - checks["regularSample"]) < 0.01:
        sys.exit("ArrangeSans measures like monospace: the font did not load")

    heights = {}
    recorded, warnings = {}, {}
    shown = False
    for item, result in zip(everything, measured["cases"]):
        direction, warnings[item["id"]] = check_case(item, result, heights, hyphens)
        lines = result["lines"]
        recorded[item["id"]] = dict(
            {k: item[k] for k in ("id", "kind", "text", "fontSize", "weight", "width")},
            direction=direction,
            lines=[{"text": line["text"], "width": sixty_fourths(line["width"]), "hyphen": line["hyphen"]}
                   for line in lines])
        if not shown and any(line["hyphen"] for line in lines):
            shown = True
            line = next(line for line in lines if line["hyphen"])
            hyphen = hyphens[item["weight"]]
            print(f"hyphen check, {item['id']}: line {line['text']!r} is {line['width']} px wide with the hyphen "
                  f"= {line['widthWithoutHyphen']} without + {line['width'] - line['widthWithoutHyphen']} "
                  f"(drawn hyphen {line['hyphenWidth']}; {hyphen['codePoint']} advance "
                  f"{hyphen['advanceUnits']}/{hyphen['unitsPerEm']} x {item['fontSize']} = "
                  f"{hyphen['advanceUnits'] * item['fontSize'] / hyphen['unitsPerEm']:.6f})")

    # The ligature search: keep the smallest and largest width breaking an f-ligature pair.
    chosen = []
    for index, (prefix, text, size, weight, low, high) in enumerate(LIGATURE_SEARCHES):
        hits = [c for c in candidates if c["search"] == index
                and breaks_ligature(recorded[c["id"]]["lines"])]
        if not hits:
            sys.exit(f"{prefix} at {size}px {weight}: no width in {low}..{high} breaks an f-ligature")
        for hit in sorted({id(h): h for h in (hits[0], hits[-1])}.values(), key=lambda h: h["width"]):
            chosen.append(hit)
    cases = []
    for kind in KINDS:
        for item in (chosen if kind == "ligature" else [c for c in fixed if c["kind"] == kind]):
            cases.append(recorded[item["id"]])
            for warning in warnings[item["id"]]:
                print(warning, file=sys.stderr)

    document = {
        "generator": "Tests/LineBreakOracle/generate.py",
        "css": CSS,
        "fonts": {"regular": os.path.basename(regular), "bold": os.path.basename(bold)},
        "hyphen": hyphens,
        "cases": cases,
    }
    with open(OUT, "w", encoding="utf-8") as handle:
        json.dump(document, handle, indent=1)
        handle.write("\n")
    counts = ", ".join(f"{kind} {sum(c['kind'] == kind for c in cases)}" for kind in KINDS)
    print(f"wrote {len(cases)} cases ({counts}) to {os.path.relpath(OUT)}")


if __name__ == "__main__":
    main()
