#!/usr/bin/env python3
"""Checks a PNG of any height with Pillow, an independent decoder: it must open and decode whole,
have the given size, and match each reference band (a PNG Cairo wrote of the same scene's rows
TOP and on) pixel for pixel.

    python3 Scripts/check-tall-png.py PICTURE.png WIDTH HEIGHT [TOP=BAND.png ...]

Prints "ok" and exits 0, or says what differs and exits 1. Needs Pillow (Debian: python3-pil).
"""
import sys

from PIL import Image

# The picture is taller than Pillow's guard against decompression bombs allows by default.
Image.MAX_IMAGE_PIXELS = None


def main(arguments):
    path, width, height = arguments[0], int(arguments[1]), int(arguments[2])
    picture = Image.open(path)
    if picture.size != (width, height):
        return f"{path} is {picture.size[0]} × {picture.size[1]}, not {width} × {height}"
    picture.load()
    picture = picture.convert("RGBA")
    for pair in arguments[3:]:
        top, band_path = pair.split("=", 1)
        top = int(top)
        band = Image.open(band_path).convert("RGBA")
        rows = picture.crop((0, top, width, top + band.size[1]))
        if rows.tobytes() != band.tobytes():
            first = next(i for i, (a, b) in enumerate(zip(rows.tobytes(), band.tobytes())) if a != b) // 4
            return f"rows {top}..<{top + band.size[1]} differ from {band_path}, first at x {first % width}, y {top + first // width}"
    return None


if __name__ == "__main__":
    if len(sys.argv) < 4:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)
    problem = main(sys.argv[1:])
    if problem:
        print(problem)
        sys.exit(1)
    print("ok")
