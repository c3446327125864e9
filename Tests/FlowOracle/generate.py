#!/usr/bin/env python3
"""Browser oracle for FlowLayout (docs/layout-rules.md §8b).

Generates random flow cases, lays each out in headless Chromium as CSS
`display:flex; flex-wrap:wrap` with `column-gap`, `row-gap`, `justify-content`,
`align-items` and `align-content:flex-start` in a container of width W, children
`flex:none` with fixed sizes, and writes the children's positions as the browser
computed them to ../ArrangeTests/Fixtures/flow-browser-cases.json.

All lengths are multiples of 1/32 px, so that every position, centred ones
included, is a multiple of 1/64 px, which Chromium's layout units represent
exactly: positions can be compared exactly.

Regenerate (Debian's chromium must be installed):
    python3 Tests/FlowOracle/generate.py
"""
import json
import os
import random
import re
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "ArrangeTests", "Fixtures", "flow-browser-cases.json")
JUSTIFY = ["flex-start", "center", "flex-end"]
ALIGN = ["flex-start", "center", "flex-end"]


def length(rng, low, high):
    # Multiples of 1/32, so that centring (halving) still lands on 1/64, Chromium's layout unit.
    return rng.randint(low * 32, high * 32) / 32


def make_cases(count=120, seed=2026):
    rng = random.Random(seed)
    cases = []
    for index in range(count):
        width = length(rng, 40, 400)
        children = []
        for _ in range(rng.randint(0, 15)):
            kind = rng.random()
            if kind < 0.08:
                w, h = 0, length(rng, 0, 30)  # zero width
            elif kind < 0.12:
                w, h = length(rng, 0, 40), 0  # zero height
            elif kind < 0.2:
                w, h = width + length(rng, 1, 60), length(rng, 5, 60)  # wider than the container
            else:
                w, h = length(rng, 5, 150), length(rng, 5, 60)
            children.append([w, h])
        cases.append({
            "width": width,
            "hSpacing": rng.choice([0, 4, 8, 10, length(rng, 0, 20)]),
            "vSpacing": rng.choice([0, 4, 8, 16, length(rng, 0, 20)]),
            "justify": rng.choice(JUSTIFY),
            "align": rng.choice(ALIGN),
            "children": children,
        })
    return cases


def page(cases):
    blocks = []
    for i, case in enumerate(cases):
        items = "".join(
            f'<div style="flex:none;width:{w}px;height:{h}px"></div>' for w, h in case["children"])
        blocks.append(
            f'<div id="c{i}" style="display:flex;flex-wrap:wrap;box-sizing:content-box;'
            f'width:{case["width"]}px;column-gap:{case["hSpacing"]}px;row-gap:{case["vSpacing"]}px;'
            f'justify-content:{case["justify"]};align-items:{case["align"]};align-content:flex-start;'
            f'position:relative;margin:0;padding:0">{items}</div>')
    script = """
<script>
const out = [];
for (const box of document.querySelectorAll('[id^=c]')) {
  const origin = box.getBoundingClientRect();
  out.push(Array.from(box.children).map(c => {
    const r = c.getBoundingClientRect();
    return [r.left - origin.left, r.top - origin.top];
  }));
}
document.getElementById('result').textContent = JSON.stringify(out);
</script>"""
    return ('<!doctype html><html><body style="margin:0">' + "".join(blocks)
            + '<pre id="result"></pre>' + script + "</body></html>")


def main():
    cases = make_cases()
    with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False) as handle:
        handle.write(page(cases))
        path = handle.name
    dom = subprocess.run(
        ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", "file://" + path],
        capture_output=True, text=True, check=True).stdout
    os.unlink(path)
    match = re.search(r'<pre id="result">(.*?)</pre>', dom, re.S)
    positions = json.loads(match.group(1))
    for case, placed in zip(cases, positions):
        case["origins"] = placed
    with open(OUT, "w") as handle:
        json.dump({"generator": "Tests/FlowOracle/generate.py", "cases": cases}, handle, indent=1)
    print(f"wrote {len(cases)} cases to {os.path.relpath(OUT)}")


if __name__ == "__main__":
    main()
