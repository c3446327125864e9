#!/usr/bin/env python3
"""Taffy (Rust's CSS flexbox, through PyPI's `stretchable`) on the anchor workload: a cross-check
of the benchmarks' layout floor, never a dependency of Arrange.

    pip install stretchable            # once; only for this script
    python3 Scripts/bench-taffy.py [--quick] [--positions FILE]

The same boxes as Sources/arrange-benchmarks/AnchorWorkload.swift (the LCG is repeated here), in
a flex container: row, wrap, gap 8, width 1000, padding 8, border 1 (CSS's border box, so the
content is 982 wide). Only Taffy's compute call is timed, on a tree built fresh for every run
(Taffy caches layouts, so a second compute of the same tree would measure the cache). For
N = 1000 the positions are checked against the greedy loop: the C floor's, read from --positions
(arrange-benchmarks writes it), else the same loop in Python.

Exit status: 0, 1 when the positions differ, 3 when stretchable is not installed.
"""

import argparse
import json
import statistics
import sys
import time
from importlib.metadata import version

try:
    import stretchable
    import stretchable.node as stretchable_node
    from stretchable import Node, Style
    from stretchable.style import AlignContent, AlignItems, Display, FlexDirection, FlexWrap
except ImportError:
    print("taffy: not run: stretchable is not installed (pip install stretchable; for this cross-check only)")
    sys.exit(3)


def boxes(count, seed=42):
    """The anchor boxes: (width, height, 0xRRGGBB) from the LCG, three draws per box."""
    s = seed
    result = []

    def draw():
        nonlocal s
        s = (s * 1664525 + 1013904223) & 0xFFFFFFFF
        return s >> 8

    for _ in range(count):
        w = 20 + draw() % 101
        h = 10 + draw() % 31
        result.append((w, h, draw() & 0xFFFFFF))
    return result


def greedy(items, spacing=8.0, width=1000.0, padding=8.0, border=1.0):
    """The greedy flow loop of Sources/CBenchmarkFloors, for when no --positions file is given."""
    inset = padding + border
    limit = width - 2 * inset
    positions, row_width, row_height, top, empty = [], 0.0, 0.0, inset, True
    for w, h, _ in items:
        if not empty and row_width + spacing + w > limit:
            top += row_height + spacing
            row_width, row_height, empty = 0.0, 0.0, True
        left = 0.0 if empty else row_width + spacing
        empty = False
        positions.append((inset + left, top))
        row_width = left + w
        row_height = max(row_height, h)
    return positions


_styles = {}
# Each shared Style is turned into Taffy's dict once, not once per node (two thirds of the build).
# Keyed by id: the shared styles live as long as the script, so their ids are never reused.
_style_dicts = {}
_to_dict = Style.to_dict
Style.to_dict = lambda style: _style_dicts.get(id(style)) or _to_dict(style)


def tree(items):
    # Items keep their size (no shrink) and sit at the top of their line, as in FlowLayout. A
    # Style costs about a millisecond to make in Python, so one is made per size (at most
    # 101 × 31) and shared: building 100,000 nodes would otherwise take minutes per run.
    children = []
    for w, h, _ in items:
        style = _styles.get((w, h))
        if style is None:
            style = _styles[(w, h)] = Style(size=(w, h), flex_shrink=0)
            _style_dicts[id(style)] = _to_dict(style)
        children.append(Node(style=style))
    return Node(*children, display=Display.FLEX, flex_direction=FlexDirection.ROW, flex_wrap=FlexWrap.WRAP,
                gap=8, size=(1000, None), padding=8, border=1,
                align_items=AlignItems.FLEX_START, align_content=AlignContent.FLEX_START)


# Only Taffy's own compute is timed, not stretchable's walk that copies every box back into
# Python afterwards: the Rust call is wrapped where stretchable makes it.
compute_seconds = []
_compute = stretchable_node.taffylib.node_compute_layout_with_measure


def _timed_compute(*arguments):
    start = time.perf_counter()
    result = _compute(*arguments)
    compute_seconds.append(time.perf_counter() - start)
    return result


stretchable_node.taffylib.node_compute_layout_with_measure = _timed_compute


def measure(count, runs):
    items = boxes(count)
    times = []
    for _ in range(runs):
        root = tree(items)
        compute_seconds.clear()
        if not root.compute_layout((1000, None)):
            raise RuntimeError("Taffy could not lay out the flow")
        times.append(sum(compute_seconds))
    return root, times


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="N up to 10,000")
    parser.add_argument("--positions", help="the C greedy loop's [x, y] for N = 1000, as JSON")
    options = parser.parse_args()

    sizes = [1000, 10000] if options.quick else [1000, 10000, 100000]
    runs = {1000: 15, 10000: 7, 100000: 3}
    print(f"Taffy through stretchable {version('stretchable')}: flex row wrap, gap 8, width 1000, "
          "padding 8, border 1; compute only, fresh tree per run")
    print(f"{'N':>8}  {'runs':>4}  {'median ms':>9}  {'min ms':>8}")
    status = 0
    for count in sizes:
        root, times = measure(count, runs[count] if not options.quick else min(runs[count], 5))
        print(f"{count:>8,}  {len(times):>4}  {statistics.median(times) * 1e3:>9.2f}  {min(times) * 1e3:>8.2f}")
        if count == 1000:
            if options.positions:
                with open(options.positions) as file:
                    expected = [tuple(p) for p in json.load(file)]
                source = "the C greedy loop's"
            else:
                expected = greedy(boxes(count))
                source = "the greedy loop's (Python)"
            found = [(child.border_box.x, child.border_box.y) for child in root]
            differing = [i for i, (a, b) in enumerate(zip(found, expected)) if abs(a[0] - b[0]) > 1e-6 or abs(a[1] - b[1]) > 1e-6]
            if len(found) != len(expected) or differing:
                first = differing[0] if differing else min(len(found), len(expected))
                print(f"sanity: Taffy's positions differ from {source}: box {first}: "
                      f"{found[first] if first < len(found) else None} against {expected[first] if first < len(expected) else None}")
                status = 1
            else:
                print(f"sanity: Taffy's 1,000 positions equal {source}")
    return status


if __name__ == "__main__":
    sys.exit(main())
