#!/usr/bin/python3
"""Draws the pictures the fixture scenes show, into Fixtures/images/ (and three broken files into
Fixtures/images/broken/ for the error fixtures in Fixtures/invalid/).

    /usr/bin/python3 Scripts/make-fixture-images.py

Every picture is generated here from shapes and gradients: no photograph or downloaded file is
involved, so the pictures carry the project's licence. Each is drawn four times too large and
scaled down (Lanczos) for smooth edges. Nothing is random except the night sky's stars, which
come from a fixed seed, so a run writes the same files every time (with the same Pillow and
libjpeg; PNGs are written without time stamps or other metadata). The files are committed; set-up
does not run this script. Needs Pillow (Debian: python3-pil); `/usr/bin/python3` has it.

What it writes:
- 6 "photos" for Fixtures/photo-gallery.yaml: stylised landscapes, 200 × 150 or 160 × 160,
  three PNG and three JPEG (quality 85);
- 6 "products" for Fixtures/product-grid.yaml: flat illustrations on a light background,
  240 × 240 PNG;
- logo.png: 64 × 64, a rounded square with an "A" drawn from strokes, on transparency;
- broken/truncated.png: the first half of a valid PNG's bytes;
- broken/not-an-image.png: a few lines of text with a .png name;
- broken/huge-header.png: a valid header claiming 10,000 × 10,000 pixels (100 MP, over the
  64 MP limit) and no pixels.
"""
import io
import math
import os
import struct
import zlib
import random
import sys

from PIL import Image, ImageDraw, ImageFilter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IMAGES = os.path.join(ROOT, "Fixtures", "images")
INVALID = os.path.join(ROOT, "Fixtures", "images", "broken")
SS = 4  # supersampling factor
LANCZOS = Image.Resampling.LANCZOS
SIZE_LIMIT = 40 * 1024


# MARK: - Helpers


def rgb(hex_colour):
    hex_colour = hex_colour.lstrip("#")
    return tuple(int(hex_colour[i:i + 2], 16) for i in (0, 2, 4))


def mix(a, b, t):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def ramp(stops, t):
    """The colour at t (0…1) of evenly spaced hex colours."""
    colours = [rgb(c) for c in stops]
    if t <= 0:
        return colours[0]
    if t >= 1:
        return colours[-1]
    scaled = t * (len(colours) - 1)
    index = int(scaled)
    return mix(colours[index], colours[index + 1], scaled - index)


class Canvas:
    """A picture drawn at SS times its size, in the final picture's coordinates."""

    def __init__(self, width, height, background=(255, 255, 255), mode="RGB"):
        self.width, self.height, self.mode = width, height, mode
        self.image = Image.new(mode, (width * SS, height * SS), background)
        self.draw = ImageDraw.Draw(self.image)

    @staticmethod
    def s(value):
        return round(value * SS)

    def pts(self, points):
        return [(self.s(x), self.s(y)) for x, y in points]

    def box(self, x0, y0, x1, y1):
        return [self.s(x0), self.s(y0), self.s(x1), self.s(y1)]

    def vgradient(self, y0, y1, stops, x0=0, x1=None):
        """Horizontal bands from `stops[0]` at y0 to `stops[-1]` at y1."""
        x1 = self.width if x1 is None else x1
        top, bottom = self.s(y0), self.s(y1)
        for y in range(top, bottom):
            t = (y - top) / max(1, bottom - top - 1)
            self.draw.line([(self.s(x0), y), (self.s(x1) - 1, y)], fill=ramp(stops, t))

    def polygon(self, points, fill):
        self.draw.polygon(self.pts(points), fill=fill)

    def ellipse(self, cx, cy, rx, ry, fill=None, outline=None, width=0):
        self.draw.ellipse(self.box(cx - rx, cy - ry, cx + rx, cy + ry), fill=fill, outline=outline,
                          width=self.s(width))

    def circle(self, cx, cy, r, fill=None, outline=None, width=0):
        self.ellipse(cx, cy, r, r, fill, outline, width)

    def rounded(self, x0, y0, x1, y1, radius, fill=None, outline=None, width=0):
        self.draw.rounded_rectangle(self.box(x0, y0, x1, y1), radius=self.s(radius), fill=fill,
                                    outline=outline, width=self.s(width))

    def line(self, points, fill, width):
        self.draw.line(self.pts(points), fill=fill, width=self.s(width), joint="curve")
        for x, y in (points[0], points[-1]):  # round caps
            self.circle(x, y, width / 2, fill=fill)

    def arc(self, cx, cy, r, start, end, fill, width):
        self.draw.arc(self.box(cx - r, cy - r, cx + r, cy + r), start, end, fill=fill, width=self.s(width))

    def ridge(self, baseline, points, fill, bottom=None):
        """A filled silhouette: the polyline `points`, closed down to `bottom`."""
        bottom = self.height if bottom is None else bottom
        outline = [(points[0][0], bottom)] + points + [(points[-1][0], bottom)]
        self.polygon(outline, fill)

    def soft_shadow(self, cx, cy, rx, ry, colour=(0, 0, 0), opacity=0.18, blur=4):
        """A blurred ellipse under an object, blended onto the picture."""
        layer = Image.new("L", self.image.size, 0)
        ImageDraw.Draw(layer).ellipse(self.box(cx - rx, cy - ry, cx + rx, cy + ry), fill=round(255 * opacity))
        layer = layer.filter(ImageFilter.GaussianBlur(self.s(blur)))
        solid = Image.new(self.mode, self.image.size, colour if self.mode == "RGB" else colour + (255,))
        self.image.paste(solid, (0, 0), layer)

    def finish(self):
        return self.image.resize((self.width, self.height), LANCZOS)


def wave(x0, x1, base, parts, step=2):
    """Points of a sum of sines: parts are (amplitude, wavelength, phase)."""
    points = []
    x = x0
    while x <= x1:
        y = base + sum(a * math.sin(2 * math.pi * x / w + p) for a, w, p in parts)
        points.append((x, y))
        x += step
    if points[-1][0] != x1:
        x = x1
        points.append((x, base + sum(a * math.sin(2 * math.pi * x / w + p) for a, w, p in parts)))
    return points


def peaks(xs_ys):
    return list(xs_ys)


# MARK: - Photos


def sunset_sea():
    c = Canvas(200, 150)
    horizon = 96
    c.vgradient(0, horizon, ["#2b1055", "#7b2f6b", "#d65a6e", "#ffb26b"])
    c.circle(132, 88, 24, fill=rgb("#ffe6a8"))
    c.circle(132, 88, 19, fill=rgb("#fff3cf"))
    c.vgradient(horizon, 150, ["#5a2d6e", "#2d1b4e", "#160f2e"])
    # The sun's reflection: streaks that narrow towards the viewer.
    for i, y in enumerate(range(horizon + 3, 146, 5)):
        half = 22 - i * 1.6 + (3 if i % 2 else 0)
        if half <= 2:
            break
        c.rounded(132 - half, y, 132 + half, y + 1.6, 0.8, fill=mix(rgb("#ffc98a"), rgb("#5a2d6e"), i / 12))
    # A far headland on the left.
    c.ridge(horizon, [(0, horizon - 10), (18, horizon - 13), (40, horizon - 8), (62, horizon - 3), (80, horizon)],
            fill=rgb("#3a1747"), bottom=horizon + 0.5)
    return c.finish()


def alpine_dawn():
    c = Canvas(200, 150)
    c.vgradient(0, 150, ["#6a85d8", "#b9a6e8", "#f6c7d8"])
    c.circle(48, 58, 11, fill=rgb("#fff0e0"))
    far = [(0, 92), (22, 70), (38, 80), (62, 48), (84, 72), (102, 62), (130, 84), (156, 56), (178, 74), (200, 66)]
    c.ridge(0, far, fill=rgb("#9c8cc9"))
    near = [(0, 112), (30, 84), (52, 100), (86, 52), (118, 98), (138, 80), (170, 108), (200, 90)]
    c.ridge(0, near, fill=rgb("#3f4a7a"))
    # Snow on the near peaks: the top of each peak's triangle.
    for (xl, yl), (xp, yp), (xr, yr) in [(near[2], near[3], near[4]), (near[0], near[1], near[2]), (near[4], near[5], near[6])]:
        depth = 0.32
        left = (xp + (xl - xp) * depth, yp + (yl - yp) * depth)
        right = (xp + (xr - xp) * depth, yp + (yr - yp) * depth)
        notch = ((left[0] + right[0]) / 2, max(left[1], right[1]) - 3)
        c.polygon([(xp, yp), right, ((notch[0] + right[0]) / 2, notch[1] + 4), notch,
                   ((notch[0] + left[0]) / 2, notch[1] + 5), left], fill=rgb("#f4f2ff"))
    c.ridge(0, wave(0, 200, 132, [(3, 90, 0.4), (2, 37, 1.3)]), fill=rgb("#26305a"))
    return c.finish()


def green_hills():
    c = Canvas(160, 160)
    c.vgradient(0, 160, ["#5fb4ea", "#a9dcf7", "#e6f6ff"])
    c.circle(122, 36, 16, fill=rgb("#ffe066"))
    c.circle(122, 36, 12, fill=rgb("#fff1a8"))
    for cx, cy, scale in [(38, 34, 1.0), (96, 56, 0.7)]:
        for dx, dy, r in [(-12, 3, 9), (0, -3, 12), (13, 2, 9), (0, 5, 9)]:
            c.circle(cx + dx * scale, cy + dy * scale, r * scale, fill=rgb("#ffffff"))
    c.ellipse(30, 132, 110, 46, fill=rgb("#9bd66e"))
    c.ellipse(140, 140, 90, 44, fill=rgb("#6cc05a"))
    c.ellipse(60, 172, 120, 46, fill=rgb("#3f9e4d"))
    # A path winding up the front hill.
    c.polygon([(70, 160), (92, 160), (84, 146), (92, 136), (86, 132), (76, 140), (80, 148)], fill=rgb("#e8d8a8"))
    # Two round trees.
    for x, y, r in [(118, 104, 8), (132, 108, 6)]:
        c.rounded(x - 1.2, y, x + 1.2, y + r + 4, 1, fill=rgb("#6b4a2b"))
        c.circle(x, y, r, fill=rgb("#2f7d3d"))
    return c.finish()


def desert_dunes():
    c = Canvas(200, 150)
    c.vgradient(0, 150, ["#f9d976", "#f8b26a", "#f39f86"])
    c.circle(150, 56, 30, fill=rgb("#fff1c1"))
    c.ridge(0, wave(0, 200, 92, [(8, 140, 1.0), (3, 61, 0.2)]), fill=rgb("#e7a766"))
    c.ridge(0, wave(0, 200, 110, [(10, 170, 3.2), (4, 73, 0.9)]), fill=rgb("#cf8446"))
    c.ridge(0, wave(0, 200, 130, [(9, 120, 2.0), (3, 49, 0.4)]), fill=rgb("#aa5f2e"))
    # A cactus on the middle dune.
    x, y = 52, 100
    green = rgb("#4f7a3a")
    c.rounded(x - 3, y - 26, x + 3, y + 4, 3, fill=green)
    c.rounded(x - 11, y - 18, x - 6, y - 6, 2.5, fill=green)
    c.rounded(x - 11, y - 9, x - 1, y - 5, 2, fill=green)
    c.rounded(x + 6, y - 22, x + 11, y - 12, 2.5, fill=green)
    c.rounded(x + 1, y - 15, x + 11, y - 11, 2, fill=green)
    return c.finish()


def night_lake():
    c = Canvas(160, 160)
    horizon = 104
    c.vgradient(0, horizon, ["#070b1f", "#17214a", "#34406f"])
    stars = random.Random(20240501)
    for _ in range(46):
        x, y = stars.uniform(2, 158), stars.uniform(2, horizon - 26)
        r = stars.choice([0.4, 0.5, 0.6, 0.9])
        c.circle(x, y, r, fill=mix(rgb("#ffffff"), rgb("#c7d4ff"), stars.random()))
    # A crescent moon: a disc with a sky-coloured disc over it.
    c.circle(44, 36, 14, fill=rgb("#fdf6d8"))
    c.circle(50, 31, 12.5, fill=ramp(["#070b1f", "#17214a", "#34406f"], 31 / horizon))
    c.ridge(0, [(0, 86), (20, 74), (36, 84), (58, 64), (80, 86), (96, 78), (118, 90), (140, 70), (160, 84)],
            fill=rgb("#1d2440"), bottom=horizon)
    c.ridge(0, [(0, 98), (26, 92), (52, 100), (80, 94), (110, 100), (136, 93), (160, 99)], fill=rgb("#111732"),
            bottom=horizon)
    c.vgradient(horizon, 160, ["#1a2348", "#0b1029", "#05081a"])
    # The moon's reflection and a few ripples.
    for i, y in enumerate(range(horizon + 4, 156, 6)):
        half = 9 - i * 0.8
        c.rounded(44 - half, y, 44 + half, y + 1.4, 0.7, fill=mix(rgb("#e9e2bf"), rgb("#1a2348"), i / 10))
    for x, y, w in [(96, 116, 26), (120, 130, 18), (84, 142, 30)]:
        c.rounded(x, y, x + w, y + 1, 0.5, fill=rgb("#2a3666"))
    return c.finish()


def teal_forest():
    c = Canvas(200, 150)
    c.vgradient(0, 150, ["#d9ecef", "#eef6f4", "#ffffff"])
    layers = [
        (70, "#b7d8d6", 0.7, 11),
        (92, "#7fb5b2", 0.85, 7),
        (114, "#3f8582", 1.0, 5),
        (136, "#1f5553", 1.2, 3),
    ]
    for base, colour, size, seed in layers:
        fill = rgb(colour)
        c.ridge(0, wave(0, 200, base, [(4, 110, seed), (2, 47, seed * 2)]), fill=fill)
        trees = random.Random(seed)
        x = trees.uniform(-4, 8)
        while x < 204:
            h = (14 + trees.uniform(0, 10)) * size
            w = h * 0.42
            y = base + 4 * math.sin(2 * math.pi * x / 110 + seed) + 2 * math.sin(2 * math.pi * x / 47 + seed * 2) + 2
            c.polygon([(x, y - h), (x + w / 2, y), (x - w / 2, y)], fill=fill)
            x += w * trees.uniform(0.7, 1.5)
    return c.finish()


# MARK: - Products


PRODUCT_BACKGROUND = rgb("#f3f1ed")


def product_canvas():
    return Canvas(240, 240, background=PRODUCT_BACKGROUND)


def headphones():
    c = product_canvas()
    c.soft_shadow(120, 206, 78, 9)
    dark, mid, accent = rgb("#2d3142"), rgb("#4f5d75"), rgb("#ef8354")
    c.arc(120, 118, 72, 180, 360, fill=dark, width=14)
    c.arc(120, 118, 72, 192, 348, fill=mid, width=5)
    for x in (48, 192):
        c.rounded(x - 10, 104, x + 10, 136, 5, fill=mid)  # hinge
        c.rounded(x - 24, 120, x + 24, 196, 22, fill=dark)  # cup
        c.rounded(x - 17, 128, x + 17, 188, 16, fill=accent)  # cushion
        c.rounded(x - 9, 140, x + 9, 176, 9, fill=rgb("#d96c3f"))
    return c.finish()


def watch():
    c = product_canvas()
    c.soft_shadow(120, 214, 44, 7)
    strap, case, screen = rgb("#3c6e71"), rgb("#353535"), rgb("#111418")
    c.rounded(92, 18, 148, 96, 10, fill=strap)
    c.rounded(92, 144, 148, 212, 10, fill=strap)
    for y in (186, 198):
        c.circle(120, y, 3, fill=rgb("#284b4d"))
    c.rounded(76, 62, 164, 178, 30, fill=case)
    c.rounded(164, 96, 174, 122, 4, fill=rgb("#5a5a5a"))  # crown
    c.rounded(84, 70, 156, 170, 24, fill=screen)
    # The face: a ring of progress and the hands.
    c.arc(120, 120, 32, 0, 360, fill=rgb("#2a2f38"), width=6)
    c.arc(120, 120, 32, -90, 170, fill=rgb("#8bd450"), width=6)
    c.line([(120, 120), (120, 98)], fill=rgb("#f5f5f5"), width=3)
    c.line([(120, 120), (136, 128)], fill=rgb("#f5f5f5"), width=3)
    c.circle(120, 120, 4, fill=rgb("#ff6b6b"))
    return c.finish()


def backpack():
    c = product_canvas()
    c.soft_shadow(120, 214, 70, 8)
    leather, dark, light = rgb("#8b5a2b"), rgb("#6b4220"), rgb("#a8723e")
    c.arc(120, 52, 20, 180, 360, fill=dark, width=7)  # handle
    c.rounded(56, 48, 184, 212, 34, fill=leather)
    c.rounded(56, 48, 184, 118, 34, fill=dark)  # flap
    c.rounded(56, 84, 184, 118, 0, fill=dark)
    c.rounded(70, 136, 170, 200, 14, fill=light)  # front pocket
    c.rounded(70, 136, 170, 150, 6, fill=rgb("#98652f"))
    for x in (96, 144):  # flap straps and buckles
        c.rounded(x - 6, 96, x + 6, 146, 3, fill=rgb("#5a3519"))
        c.rounded(x - 8, 132, x + 8, 146, 2, outline=rgb("#e0c068"), width=2.5)
    return c.finish()


def running_shoe():
    c = product_canvas()
    c.soft_shadow(122, 186, 94, 8)
    upper, sole, stripe = rgb("#3a86ff"), rgb("#f8f8f8"), rgb("#ffbe0b")
    outline = [(30, 168), (28, 132), (36, 106), (50, 96), (66, 98), (80, 110), (100, 102), (114, 86),
               (130, 82), (142, 96), (166, 114), (196, 126), (212, 136), (220, 150), (220, 168)]
    c.polygon(outline, fill=upper)
    c.polygon([(40, 104), (50, 98), (64, 100), (76, 112), (60, 114)], fill=rgb("#1d4f9e"))  # opening
    c.polygon([(114, 86), (130, 82), (138, 92), (120, 96)], fill=rgb("#2a6ad6"))  # tongue
    c.polygon([(48, 160), (150, 112), (178, 120), (76, 164)], fill=stripe)
    for i in range(4):  # laces
        x, y = 128 + i * 13, 100 + i * 7
        c.line([(x - 7, y - 3), (x + 5, y + 5)], fill=rgb("#ffffff"), width=3)
    c.rounded(24, 160, 224, 184, 11, fill=sole)
    c.rounded(24, 176, 224, 184, 4, fill=rgb("#d8dde6"))
    return c.finish()


def mug():
    c = product_canvas()
    c.soft_shadow(112, 208, 64, 8)
    body, shade, coffee = rgb("#e76f51"), rgb("#c85a3f"), rgb("#5b3a29")
    c.arc(160, 144, 30, -75, 75, fill=body, width=13)  # handle
    c.rounded(58, 84, 166, 206, 18, fill=body)
    c.rounded(58, 84, 80, 206, 14, fill=rgb("#ef8a6f"))  # light on the left
    c.rounded(70, 84, 80, 206, 0, fill=rgb("#ef8a6f"))
    c.rounded(148, 84, 166, 206, 14, fill=shade)
    c.rounded(148, 84, 156, 206, 0, fill=shade)
    c.ellipse(112, 86, 54, 10, fill=rgb("#f4a48d"))
    c.ellipse(112, 87, 46, 7, fill=coffee)
    steam = rgb("#c9c3bb")
    for x in (94, 114, 134):
        points = [(x + 5 * math.sin(t / 4), 70 - t) for t in range(0, 40, 2)]
        c.draw.line(c.pts(points), fill=steam, width=c.s(4), joint="curve")
        for px, py in (points[0], points[-1]):
            c.circle(px, py, 2, fill=steam)
    c.circle(112, 148, 14, outline=rgb("#fbe3d9"), width=4)  # a simple emblem
    return c.finish()


def speaker():
    c = product_canvas()
    c.soft_shadow(120, 206, 72, 8)
    body, grille, dot = rgb("#2b2d42"), rgb("#3d405b"), rgb("#8d99ae")
    c.rounded(44, 62, 196, 200, 34, fill=body)
    c.rounded(56, 74, 184, 168, 24, fill=grille)
    for row in range(7):
        for column in range(11):
            x, y = 70 + column * 10, 86 + row * 12
            if (x - 120) ** 2 / 56 ** 2 + (y - 121) ** 2 / 42 ** 2 <= 1:
                c.circle(x, y, 2.2, fill=dot)
    for x, colour in [(96, "#8d99ae"), (120, "#ef233c"), (144, "#8d99ae")]:
        c.circle(x, 184, 6, fill=rgb(colour))
    c.rounded(60, 196, 84, 206, 4, fill=rgb("#1b1c2b"))  # feet
    c.rounded(156, 196, 180, 206, 4, fill=rgb("#1b1c2b"))
    return c.finish()


# MARK: - Logo


def logo():
    c = Canvas(64, 64, background=(0, 0, 0, 0), mode="RGBA")
    # The square: a vertical gradient from indigo to violet, cut to a rounded square by a mask.
    square = Image.new("RGBA", c.image.size, (0, 0, 0, 0))
    gradient = ImageDraw.Draw(square)
    for y in range(c.s(4), c.s(60)):
        t = (y - c.s(4)) / (c.s(56) - 1)
        gradient.line([(c.s(4), y), (c.s(60) - 1, y)], fill=ramp(["#5b5bf0", "#9b4de0"], t) + (255,))
    mask = Image.new("L", c.image.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(c.box(4, 4, 60, 60), radius=c.s(14), fill=255)
    c.image.paste(square, (0, 0), mask)
    # The letter A: two legs and a bar, as round-capped strokes.
    white = (255, 255, 255, 255)
    c.line([(20, 48), (32, 16)], fill=white, width=7)
    c.line([(32, 16), (44, 48)], fill=white, width=7)
    c.line([(25.5, 37), (38.5, 37)], fill=white, width=5)
    return c.finish()


# MARK: - Writing


def save(image, name):
    path = os.path.join(IMAGES, name)
    buffer = io.BytesIO()
    if name.endswith(".jpg"):
        image.convert("RGB").save(buffer, "JPEG", quality=85, optimize=True)
    else:
        image.save(buffer, "PNG", optimize=True)
    data = buffer.getvalue()
    if len(data) > SIZE_LIMIT:
        sys.exit(f"{name} is {len(data)} bytes, over the limit of {SIZE_LIMIT}")
    with open(path, "wb") as file:
        file.write(data)
    print(f"{os.path.relpath(path, ROOT)}: {image.size[0]} × {image.size[1]}, {len(data)} bytes")
    return data


def main():
    os.makedirs(IMAGES, exist_ok=True)
    os.makedirs(INVALID, exist_ok=True)
    pictures = [
        ("sunset-sea.png", sunset_sea),
        ("alpine-dawn.jpg", alpine_dawn),
        ("green-hills.png", green_hills),
        ("desert-dunes.jpg", desert_dunes),
        ("night-lake.png", night_lake),
        ("teal-forest.jpg", teal_forest),
        ("headphones.png", headphones),
        ("watch.png", watch),
        ("backpack.png", backpack),
        ("running-shoe.png", running_shoe),
        ("mug.png", mug),
        ("speaker.png", speaker),
        ("logo.png", logo),
    ]
    written = {}
    for name, draw in pictures:
        written[name] = save(draw(), name)

    # Broken files for error tests: a PNG cut in half (its signature and header are intact, its
    # image data ends early and it has no IEND), and text with a .png name.
    whole = written["green-hills.png"]
    with open(os.path.join(INVALID, "truncated.png"), "wb") as file:
        file.write(whole[:len(whole) // 2])
    with open(os.path.join(INVALID, "not-an-image.png"), "wb") as file:
        file.write(b"This is not a PNG file.\nIt is plain text with a .png name, for error tests.\n")
    # A PNG whose header claims 10000 × 10000 pixels (100 megapixels) and has no pixel data:
    # refused from its header, before any memory is taken for pixels.
    def chunk(kind, payload):
        return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload) & 0xFFFFFFFF)
    huge = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 10000, 10000, 8, 2, 0, 0, 0)) + chunk(b"IEND", b"")
    with open(os.path.join(INVALID, "huge-header.png"), "wb") as file:
        file.write(huge)
    print(f"{os.path.relpath(INVALID, ROOT)}: truncated.png ({len(whole) // 2} bytes), not-an-image.png, huge-header.png")

    # 4 × 3 pixels of known colours, for the tests of image sizes and sampling.
    grid = Image.new("RGB", (4, 3))
    colours = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255), (0, 0, 0), (64, 64, 64),
               (128, 128, 128), (192, 192, 192), (255, 255, 0), (0, 255, 255), (255, 0, 255), (10, 20, 30)]
    for index, colour in enumerate(colours):
        grid.putpixel((index % 4, index // 4), colour)
    grid.save(os.path.join(IMAGES, "grid-4x3.png"))


if __name__ == "__main__":
    main()
