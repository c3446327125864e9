#!/usr/bin/env python3
"""Browser oracle for text line breaking.

What it is for
--------------
Arrange's text layout must break a paragraph into lines exactly where Chromium
does, given the same font files, font size and available width: both use
UAX #14 line-break opportunities from ICU (with Blink's tailoring, see the
caveat below) and HarfBuzz shaping (with kerning), so for the same DejaVu files
the line texts must agree exactly and the line widths to within rounding. This script lays out a fixed, deterministic set of paragraphs
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
non-ASCII character (em dash, en dash, U+00A0) is involved. After a space there
is always an opportunity; when no opportunity fits on a line,
`overflow-wrap: anywhere` breaks after the last grapheme that fits. The cases
below (the URL, the path, "les?" | "x=1&y=", "e-" | "mail") show this table at
work in this Chromium.

How the browser is set up
-------------------------
One HTML page. `@font-face` rules load the DejaVu files found by fontconfig
(`fc-match -f '%{file}' 'DejaVu Sans'` and `'DejaVu Sans:bold'`) by file:// URL
as the family "ArrangeSans" (weight 400 and 700), so the browser uses exactly
those files and no system fallback. Each case is a `<div>` holding a single text
node, styled

    font-family: ArrangeSans; font-size: S px; font-weight: 400|700;
    line-height: normal; width: W px; white-space: pre-wrap;
    overflow-wrap: anywhere; word-break: normal; hyphens: manual;
    font-kerning: normal; text-rendering: optimizeLegibility

i.e. spaces are preserved (as in SwiftUI), spaces at the end of a line hang past
the width instead of wrapping, and a word longer than the line is broken
between grapheme clusters. After `document.fonts.ready`, JavaScript walks the
text node grapheme by grapheme (Intl.Segmenter) with a Range, groups the
graphemes into lines by the `top` of their client rect, and measures each line.
The script fails loudly if the fonts did not load (FontFace status,
`document.fonts.check`, a comparison against `monospace`, and a comparison of
the measured advance of "W" against the font file's own hmtx table). Chromium
runs as `chromium --headless --disable-gpu --no-sandbox
--allow-file-access-from-files --virtual-time-budget=10000 --dump-dom file://...`
and the results are read back from a <pre> in the dumped DOM. The script also
checks that each div's height is its line count times one line height (no line
missed or invented) and that the lines' texts concatenate to the case text.

What is recorded
----------------
{"generator": "Tests/LineBreakOracle/generate.py", "css": "<the style above>",
 "fonts": {"regular": "<file basename>", "bold": "<file basename>"},
 "cases": [{"id", "text", "fontSize", "weight": "regular"|"bold", "width",
            "lines": [{"text", "width"}, ...]}, ...]}

* `lines[i].text` is the line's text exactly as the browser put it on that
  line, including the spaces that hang at its end. The lines' texts
  concatenated equal the case's text (checked here).
* A hard line break "\\n" is recorded at the END of the line it terminates
  (line "First line\\n", then "Second line"). Two "\\n" in a row give a line
  whose text is just "\\n" (an empty line). No case ends with "\\n".
* `lines[i].width` is the line's content width without trailing spaces (U+0020)
  and without the "\\n": the right edge of its last other character minus the
  left edge of its first character, from Range.getBoundingClientRect over that
  span (leading spaces count; U+00A0 is not a space here). A line holding only
  spaces (and/or "\\n") has width 0. Widths are rounded to 1/64 px.
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
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "ArrangeTests", "Fixtures", "line-break-browser-cases.json")
FAMILY = "ArrangeSans"
CSS = ("font-family: ArrangeSans; font-size: {size}px; font-weight: {weight}; "
       "line-height: normal; width: {width}px; white-space: pre-wrap; "
       "overflow-wrap: anywhere; word-break: normal; hyphens: manual; "
       "font-kerning: normal; text-rendering: optimizeLegibility")


def font_file(pattern):
    path = subprocess.run(["fc-match", "-f", "%{file}", pattern],
                          capture_output=True, text=True, check=True).stdout.strip()
    if not path or not os.path.isfile(path):
        sys.exit(f"fc-match found no file for {pattern!r}")
    return path


def advance(path, char):
    """Advance width of `char` in font units and unitsPerEm, read from the TTF itself."""
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
                    glyph = (struct.unpack(">H", data[at:at + 2])[0] + deltas[k]) & 0xFFFF
                break
        break
    if glyph is None:
        sys.exit(f"{path}: no glyph for {char!r}")
    hmtx = tables["hmtx"]
    index = min(glyph, metrics_count - 1)
    return struct.unpack(">H", data[hmtx + 4 * index:hmtx + 4 * index + 2])[0], units_per_em


def make_cases():
    """Deterministic list of (id, text, fontSize, weight, width)."""
    spec = [
        # id prefix, text, [(width, fontSize, weight), ...]
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
    ]
    cases = []
    for prefix, text, variants in spec:
        for width, size, weight in variants:
            assert (width * 64) == int(width * 64), width
            tag = "" if weight == "regular" else "-bold"
            cases.append({
                "id": f"{prefix}-{size}{tag}-w{width:g}",
                "text": text,
                "fontSize": size,
                "weight": weight,
                "width": width,
            })
    ids = [case["id"] for case in cases]
    assert len(ids) == len(set(ids)), "duplicate ids"
    return cases


SCRIPT = r"""
<script>
const CASES = __CASES__;
const STYLE = __STYLE__;
const result = document.getElementById('result');
function fail(message) { result.textContent = 'ERROR: ' + message; }
const segmenter = new Intl.Segmenter('en', {granularity: 'grapheme'});

function measure(div) {
  const node = div.firstChild;
  const text = node.data;
  const lines = [];
  let current = null, startNew = true;
  for (const {segment, index} of segmenter.segment(text)) {
    const range = document.createRange();
    range.setStart(node, index);
    range.setEnd(node, index + segment.length);
    const rects = Array.from(range.getClientRects());
    if (segment === '\n') {
      // A hard break ends the line it is on; two in a row make an empty line "\n".
      if (current === null || startNew) {
        current = {start: index, end: index, top: rects.length ? rects[0].top : null};
        lines.push(current);
      }
      current.end = index + segment.length;
      startNew = true;
      continue;
    }
    if (rects.length === 0) throw new Error('no client rect for ' + JSON.stringify(segment) + ' at ' + index);
    const top = rects[0].top;
    if (current === null || startNew || top > current.top + 0.5) {
      if (current !== null && !startNew && top < current.top) throw new Error('line went up at ' + index);
      current = {start: index, end: index, top: top};
      lines.push(current);
      startNew = false;
    }
    current.end = index + segment.length;
  }
  return lines.map(line => {
    const lineText = text.slice(line.start, line.end);
    let contentEnd = line.end;
    while (contentEnd > line.start && (text[contentEnd - 1] === ' ' || text[contentEnd - 1] === '\n')) contentEnd--;
    let width = 0;
    if (contentEnd > line.start) {
      const range = document.createRange();
      range.setStart(node, line.start);
      range.setEnd(node, contentEnd);
      const box = range.getBoundingClientRect();
      width = box.right - box.left;
    }
    return {text: lineText, width: width, top: line.top};
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
    return {lines: measure(div), height: div.getBoundingClientRect().height};
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


def main():
    regular = font_file("DejaVu Sans")
    bold = font_file("DejaVu Sans:bold")
    if regular == bold:
        sys.exit("fc-match gave the same file for regular and bold")
    cases = make_cases()
    with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False, encoding="utf-8") as handle:
        handle.write(page(cases, regular, bold))
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
    for case, result in zip(cases, measured["cases"]):
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
        for line in lines:
            content = line["text"].rstrip(" \n")
            # Lines may overflow only when one grapheme cluster does not fit or only hanging spaces do.
            if line["width"] > case["width"] + 0.01 and len(content) > 1:
                print(f"warning: {case['id']}: line {line['text']!r} is {line['width']} wide", file=sys.stderr)
        case["lines"] = [{"text": line["text"], "width": sixty_fourths(line["width"])} for line in lines]

    document = {
        "generator": "Tests/LineBreakOracle/generate.py",
        "css": CSS,
        "fonts": {"regular": os.path.basename(regular), "bold": os.path.basename(bold)},
        "cases": cases,
    }
    with open(OUT, "w", encoding="utf-8") as handle:
        json.dump(document, handle, indent=1)
        handle.write("\n")
    print(f"wrote {len(cases)} cases to {os.path.relpath(OUT)}")


if __name__ == "__main__":
    main()
