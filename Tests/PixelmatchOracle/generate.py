#!/usr/bin/env python3
"""Oracle for Arrange's image comparison (ArrangeSnapshot's ImageComparison).

Draws pairs of small PNG images with Pillow and counts their differing pixels with pixelmatch
(the Python port of mapbox/pixelmatch, the comparison Playwright's toHaveScreenshot uses), with
and without anti-aliasing detection, and writes the images and counts to
../SnapshotTests/Fixtures/pixelmatch/. ImageComparisonTests must give the same counts.

Cases: an anti-aliased circle against the same circle drawn without anti-aliasing (only edge
pixels differ, all of them anti-aliasing), one rectangle recoloured, a 1-px border moved by one
pixel, a faint colour change under the threshold, and scattered noise.

Regenerate (pip install pillow pixelmatch; cross-checks only, never a runtime dependency):
    python3 Tests/PixelmatchOracle/generate.py
"""
import json
import os
import random

from PIL import Image, ImageDraw
from pixelmatch.contrib.PIL import pixelmatch

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "SnapshotTests", "Fixtures", "pixelmatch")
SIZE = (64, 48)


def canvas():
    return Image.new("RGBA", SIZE, (255, 255, 255, 255))


def circle(antialiased):
    if not antialiased:
        image = canvas()
        ImageDraw.Draw(image).ellipse((12, 6, 52, 42), fill=(30, 90, 200, 255))
        return image
    big = Image.new("RGBA", (SIZE[0] * 4, SIZE[1] * 4), (255, 255, 255, 255))
    ImageDraw.Draw(big).ellipse((48, 24, 208, 168), fill=(30, 90, 200, 255))
    return big.resize(SIZE, Image.BOX)


def rectangles(colour):
    image = canvas()
    draw = ImageDraw.Draw(image)
    draw.rectangle((4, 4, 27, 20), fill=(200, 40, 40, 255))
    draw.rectangle((34, 4, 59, 20), fill=colour)
    draw.rectangle((4, 26, 59, 43), fill=(40, 160, 60, 255))
    return image


def border(offset):
    image = canvas()
    ImageDraw.Draw(image).rectangle((10 + offset, 10, 50 + offset, 36), outline=(0, 0, 0, 255), width=1)
    return image


def noise(seed):
    rng = random.Random(seed)
    image = canvas()
    pixels = image.load()
    for _ in range(40):
        pixels[rng.randrange(SIZE[0]), rng.randrange(SIZE[1])] = (rng.randrange(256), rng.randrange(256), rng.randrange(256), 255)
    return image


def main():
    os.makedirs(OUT, exist_ok=True)
    pairs = {
        "circle-antialiasing": (circle(True), circle(False)),
        "rectangle-recoloured": (rectangles((40, 40, 200, 255)), rectangles((230, 150, 20, 255))),
        "border-shifted": (border(0), border(1)),
        "faint-change": (rectangles((40, 40, 200, 255)), rectangles((44, 42, 203, 255))),
        "noise": (canvas(), noise(7)),
    }
    cases = []
    for name, (a, b) in pairs.items():
        a.save(os.path.join(OUT, name + "-a.png"))
        b.save(os.path.join(OUT, name + "-b.png"))
        counts = {}
        for threshold in (0.0, 0.1):
            plain = pixelmatch(a, b, None, threshold=threshold, includeAA=False)
            with_aa = pixelmatch(a, b, None, threshold=threshold, includeAA=True)
            counts[str(threshold)] = {"differing": plain, "antiAliased": with_aa - plain}
        cases.append({"name": name, "width": SIZE[0], "height": SIZE[1], "counts": counts})
    with open(os.path.join(OUT, "cases.json"), "w") as out:
        json.dump({"generator": "Tests/PixelmatchOracle/generate.py (pixelmatch, Pillow)", "cases": cases}, out, indent=1)
        out.write("\n")
    for case in cases:
        print(case["name"], case["counts"])


if __name__ == "__main__":
    main()
