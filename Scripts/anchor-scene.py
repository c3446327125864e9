#!/usr/bin/env python3
"""Writes issue 13's anchor workload as a scene file, for timing `arrange render` on it.

    python3 Scripts/anchor-scene.py 100000 > /tmp/anchor-100000.yaml
    arrange render /tmp/anchor-100000.yaml -o anchor.png --limit file-bytes=20000000 \\
        --limit views=200000 --limit modifiers=400000 --limit canvas-side=400000 --limit canvas-pixels=400000000

N boxes from the LCG s = s*1664525 + 1013904223 (32 bits), seed 42, value s >> 8, three draws per
box: width 20 + v % 101, height 10 + v % 31, colour v & 0xFFFFFF; each a rectangle of that colour
framed w x h with a 1 pt black border, in a flow (spacing 8) 1000 wide, padded 8 + 1 inside a
1 pt black border: the same view as Sources/arrange-benchmarks/AnchorWorkload.swift.
"""
import sys

count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
s = 42


def draw():
    global s
    s = (s * 1664525 + 1013904223) & 0xFFFFFFFF
    return s >> 8


lines = [f"description: The anchor workload of issue 13, {count} boxes.",
         "canvas: {width: 1000, background: white}",
         "view:",
         "  flow: {spacing: 8}",
         "  modifiers: [{frame: {maxWidth: infinity, alignment: topLeading}}, {padding: 9}, {border: black}]",
         "  children:"]
for _ in range(count):
    w = 20 + draw() % 101
    h = 10 + draw() % 31
    colour = draw() & 0xFFFFFF
    lines.append(f"    - {{rectangle: {{}}, modifiers: [{{fill: '#{colour:06x}'}}, {{frame: {{width: {w}, height: {h}}}}}, {{border: black}}]}}")
sys.stdout.write("\n".join(lines) + "\n")
