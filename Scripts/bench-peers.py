#!/usr/bin/env python3
"""Arrange beside the tools users pick instead: the same pictures made by Typst (PyPI), Chromium
(Debian, a headless screenshot), Graphviz dot (Debian) and pixelmatch (PyPI), whole processes
timed by wall clock in one run, turn by turn, so that a shared machine's slow spells land on every
tool of a row. Prints a Markdown table of the fastest run of each, Arrange's time over each peer's,
and each target of issue 29 met or missed.

    bash Scripts/bench.sh peers             builds the release binary, then runs this
    python3 Scripts/bench-peers.py ARRANGE [--runs N] [--quick] [--no-chromium] [--keep DIR]

A tag is a padded rounded text of 3–14 letters at 14 pt (DejaVu Sans, padding 6, radius 6, gap
8) in a 1000-pt wrapping row; a card a rounded panel with a title, a subtitle and a line of body
text. Words come from a fixed generator, so every run draws the same pictures. A peer that is not
installed is installed when possible (pip for PyPI; apt-get as root for Debian), else its column
says why it is empty.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

# Issue 29's targets, as ratios of Arrange's time over a peer's (or absolute seconds).
TYPST_SVG_TARGET = 0.5
TYPST_PNG_TARGET = 0.7
START_UP_TARGET = 0.020
DIFF_TARGET = 0.14          # odiff's time on the pair (odiff is not packaged here)
DIFF_BEFORE = 0.30          # Arrange's diff before issue 29, from the issue
PROCESSES_TARGET = 2.5


def words(count, seed=42):
    """`count` lowercase words of 3–14 letters from a linear congruential generator (the
    benchmarks' anchor constants), the same on every machine."""
    state = seed
    result = []
    for _ in range(count):
        state = (state * 1664525 + 1013904223) % 2**32
        length = 3 + (state >> 8) % 12
        letters = []
        for _ in range(length):
            state = (state * 1664525 + 1013904223) % 2**32
            letters.append(chr(ord("a") + (state >> 8) % 26))
        result.append("".join(letters))
    return result


def tag_scene(tags, height=None, tint=False):
    """The Arrange scene of `tags` tags, on a square of `height` when given; `tint` recolours
    every tenth tag (the changed picture of the diff pair). Each tag spells its modifiers out, as
    the issue's measurements did (a style would read the same)."""
    modifiers = "{font: {family: DejaVu Sans, size: 14}}"
    if height:
        modifiers += f", {{frame: {{width: 1000, height: {height}, alignment: topLeading}}}}"
    lines = ["canvas: {width: 1000, scale: 2, background: white}",
             "view:",
             "  flow: {horizontalSpacing: 8, verticalSpacing: 8}",
             f"  modifiers: [{modifiers}]",
             "  children:"]
    for index, word in enumerate(words(tags)):
        colour = "'#f5d0c8'" if tint and index % 10 == 0 else "'#dde6f5'"
        lines.append(f"    - {{text: {word}, modifiers: [{{padding: 6}}, {{background: {colour}}}, {{cornerRadius: 6}}]}}")
    return "\n".join(lines) + "\n"


def tag_typst(tags):
    return ("#set page(width: 1000pt, height: auto, margin: 0pt, fill: white)\n"
            '#set text(font: "DejaVu Sans", size: 14pt)\n'
            "#set par(leading: 8pt, spacing: 0pt)\n"
            '#let t(w) = box(fill: rgb("#dde6f5"), inset: 6pt, radius: 6pt, w)\n'
            + "#h(8pt)".join(f"#t[{word}]" for word in words(tags)) + "\n")


def tag_html(tags):
    spans = "".join(f"<span>{word}</span>" for word in words(tags))
    return ("<!doctype html><meta charset=utf-8><style>body{margin:0;background:white}"
            "div{display:flex;flex-wrap:wrap;gap:8px;width:1000px;font:14px 'DejaVu Sans'}"
            "span{padding:6px;border-radius:6px;background:#dde6f5}</style><div>" + spans + "</div>")


def card_scene(number):
    title, subtitle, *body = words(8, seed=number)
    return ("canvas: {width: 320, scale: 2, background: white}\n"
            "view:\n"
            "  vstack: {alignment: leading, spacing: 6}\n"
            "  modifiers: [{padding: 16}, {frame: {maxWidth: infinity, alignment: leading}},"
            " {background: '#eef2f8'}, {cornerRadius: 12}, {padding: 12}]\n"
            "  children:\n"
            f"    - text: {{content: 'Card {number}: {title}', font: {{size: 18, weight: bold}}}}\n"
            f"    - text: {{content: {subtitle}, font: {{size: 13}}, color: gray}}\n"
            f"    - text: {{content: '{' '.join(body)}', font: {{size: 14}}}}\n")


def card_typst(numbers):
    pages = []
    for number in numbers:
        title, subtitle, *body = words(8, seed=number)
        pages.append(f'#block(width: 100%, fill: rgb("#eef2f8"), radius: 12pt, inset: 16pt)['
                     f'#text(size: 18pt, weight: "bold")[Card {number}: {title}] \\ '
                     f'#text(size: 13pt, fill: gray)[{subtitle}] \\ #text(size: 14pt)[{" ".join(body)}]]')
    return ('#set page(width: 320pt, height: auto, margin: 12pt, fill: white)\n#set text(font: "DejaVu Sans")\n'
            + "\n#pagebreak()\n".join(pages) + "\n")


def card_dot(number):
    title, subtitle, *body = words(8, seed=number)
    return ('digraph { node [shape=box, style="rounded,filled", fillcolor="#eef2f8", color="#eef2f8", fontname="DejaVu Sans"];\n'
            f'card [label=<<b>Card {number}: {title}</b><br/><font color="gray">{subtitle}</font><br/>{" ".join(body)}>]; }}\n')


class Bench:
    def __init__(self, arrange, work, runs, chromium):
        self.arrange, self.work, self.runs = arrange, work, runs
        self.chromium = chromium
        self.rows = []

    def path(self, name):
        return os.path.join(self.work, name)

    def write(self, name, text):
        with open(self.path(name), "w", encoding="utf-8") as file:
            file.write(text)
        return self.path(name)

    def time(self, commands, runs):
        """Each command (a list of argument lists, run one after another, or a Python callable)
        run `runs` times, the commands in turn; the fastest and the median time of each."""
        samples = {name: [] for name in commands}
        for _ in range(runs):
            for name, command in commands.items():
                if samples[name] is None:
                    continue
                start = time.perf_counter()
                for argv in command:
                    result = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                    if result.returncode not in (0, 1) or (result.returncode == 1 and "diff" not in argv):
                        message = f"bench-peers: {name} failed ({' '.join(argv[:4])} …): {result.stderr.decode()[-400:]}"
                        # An earlier binary may not read today's scenes: its cell stays empty.
                        if name != "before":
                            sys.exit(message)
                        print(message, file=sys.stderr)
                        samples[name] = None
                        break
                if samples[name] is not None:
                    samples[name].append(time.perf_counter() - start)
        return {name: (min(times), statistics.median(times)) for name, times in samples.items() if times}

    def row(self, work, commands, targets=(), runs=None):
        times = self.time({name: command for name, command in commands.items() if command}, runs or self.runs)
        self.rows.append((work, times, targets))
        shown = ", ".join(f"{name} {best:.3f} s" for name, (best, _) in times.items())
        print(f"bench-peers: {work}: {shown}", file=sys.stderr)
        return times


def typst_command(source, output, fmt):
    code = ("import sys, typst; typst.compile(sys.argv[1], output=sys.argv[2], format=sys.argv[3]"
            + (", ppi=144" if fmt == "png" else "") + ")")
    return [sys.executable, "-c", code, source, output, fmt]


def chromium_command(page, output, width, height):
    return ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            f"--screenshot={output}", f"--window-size={width},{height}", "--force-device-scale-factor=2",
            "file://" + page]


def ensure_peers(chromium):
    """Installs what is missing where it can; returns the peers present."""
    present = {}
    for module, package in (("typst", "typst"), ("pixelmatch", "pixelmatch"), ("PIL", "pillow")):
        try:
            __import__(module)
        except ImportError:
            subprocess.run([sys.executable, "-m", "pip", "install", "-q", package], check=False)
        try:
            __import__(module)
            present[module] = True
        except ImportError:
            present[module] = False
    debian = [("dot", "graphviz")] + ([("chromium", "chromium")] if chromium else [])
    for command, package in debian:
        if not shutil.which(command) and os.geteuid() == 0:
            subprocess.run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", package],
                           stdout=subprocess.DEVNULL, check=False, env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
        present[command] = shutil.which(command) is not None
    return present


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("arrange", help="the release arrange binary")
    parser.add_argument("--runs", type=int, default=5, help="runs of each command (the fastest counts)")
    parser.add_argument("--quick", action="store_true", help="3 runs, no 100-card Chromium row")
    parser.add_argument("--no-chromium", action="store_true", help="leave Chromium out (it is 10–30× slower)")
    parser.add_argument("--keep", help="make the pictures in this folder and keep them")
    parser.add_argument("--before", help="an earlier arrange binary, timed beside this one on the diff rows (a column 'before')")
    options = parser.parse_args()
    runs = 3 if options.quick else options.runs
    arrange = os.path.abspath(options.arrange)
    if not os.access(arrange, os.X_OK):
        sys.exit(f"bench-peers: error: no arrange binary at {arrange}")
    present = ensure_peers(not options.no_chromium)
    chromium = present.get("chromium") and not options.no_chromium
    work = os.path.abspath(options.keep) if options.keep else tempfile.mkdtemp(prefix="arrange-peers-")
    os.makedirs(work, exist_ok=True)
    bench = Bench(arrange, work, runs, chromium)
    out = bench.path("out")

    def render(scenes, fmt, extra=()):
        return [[arrange, "render", *scenes, "-o", out, "--format", fmt, "--flat", *extra]]

    before = os.path.abspath(options.before) if options.before else None

    def earlier(command):
        """The same command run by the earlier binary, when one was given."""
        return before and [[before, *argv[1:]] for argv in command]

    typst = present.get("typst")
    # Start-up: an empty scene (nothing to lay out or draw), then one word.
    empty = bench.write("empty.yaml", "canvas: {width: 100, height: 100, scale: 2, background: white}\nview: {color: white}\n")
    bench.write("empty.typ", "#set page(width: 100pt, height: 100pt, margin: 0pt)\n")
    bench.write("empty.dot", "digraph {}\n")
    bench.write("empty.html", "<!doctype html><body style='margin:0;background:white'>")
    startup = bench.row("empty scene → PNG (start-up)", {
        "Arrange": render([empty], "png"),
        "before": earlier(render([empty], "png")),
        "Typst": typst and [typst_command(bench.path("empty.typ"), bench.path("empty-typst.png"), "png")],
        "Chromium": chromium and [chromium_command(bench.path("empty.html"), bench.path("empty-chromium.png"), 100, 100)],
        "dot": present.get("dot") and [["dot", "-Tpng", bench.path("empty.dot"), "-o", bench.path("empty-dot.png")]],
    }, targets=[("Arrange", "<", START_UP_TARGET), ("Arrange", "<dot", None)])
    hello = bench.write("hello.yaml", "canvas: {scale: 2, background: white}\nview: {text: Hi, modifiers: [padding]}\n")
    bench.write("hello.typ", "#set page(width: auto, height: auto, margin: 16pt)\n#set text(font: \"DejaVu Sans\")\nHi\n")
    bench.write("hello.dot", "digraph { Hi }\n")
    bench.write("hello.html", "<!doctype html><body style='margin:16px;font:17px \"DejaVu Sans\"'>Hi")
    bench.row("one word → PNG", {
        "Arrange": render([hello], "png"),
        "before": earlier(render([hello], "png")),
        "Typst": typst and [typst_command(bench.path("hello.typ"), bench.path("hello-typst.png"), "png")],
        "Chromium": chromium and [chromium_command(bench.path("hello.html"), bench.path("hello-chromium.png"), 100, 60)],
        "dot": present.get("dot") and [["dot", "-Tpng", bench.path("hello.dot"), "-o", bench.path("hello-dot.png")]],
    })
    for tags in (200, 2000):
        scene = bench.write(f"tags-{tags}.yaml", tag_scene(tags))
        source = bench.write(f"tags-{tags}.typ", tag_typst(tags))
        page = bench.write(f"tags-{tags}.html", tag_html(tags))
        height = 1100 if tags == 200 else 10000
        bench.row(f"{tags:,} tags → SVG", {
            "Arrange": render([scene], "svg"),
            "before": earlier(render([scene], "svg")),
            "Typst": typst and [typst_command(source, bench.path(f"tags-{tags}-typst.svg"), "svg")],
        }, targets=[("Arrange", "Typst", TYPST_SVG_TARGET)] if tags == 2000 else [])
        bench.row(f"{tags:,} tags → PNG", {
            "Arrange": render([scene], "png"),
            "before": earlier(render([scene], "png")),
            "Typst": typst and [typst_command(source, bench.path(f"tags-{tags}-typst.png"), "png")],
            "Chromium": chromium and [chromium_command(page, bench.path(f"tags-{tags}-chromium.png"), 1000, height)],
        }, targets=[("Arrange", "Typst", TYPST_PNG_TARGET)] if tags == 2000 else [])
    cards = [bench.write(f"card-{n:03}.yaml", card_scene(n)) for n in range(1, 101)]
    bench.write("cards.typ", card_typst(range(1, 101)))
    dots = [bench.write(f"card-{n:03}.dot", card_dot(n)) for n in range(1, 101)]
    os.makedirs(bench.path("cards-typst"), exist_ok=True)
    bench.row("100 cards → PNG, one command", {
        "Arrange": render(cards, "png"),
        "before": earlier(render(cards, "png")),
        "Typst": typst and [typst_command(bench.path("cards.typ"), bench.path("cards-typst/{p}.png"), "png")],
        "dot": present.get("dot") and [["dot", "-Tpng", "-O", *dots]],
    })
    bench.row("100 cards, one process each", {
        "Arrange": [render([card], "png")[0] for card in cards],
        "before": earlier([render([card], "png")[0] for card in cards]),
        "dot": present.get("dot") and [["dot", "-Tpng", "-O", d] for d in dots],
    }, targets=[("Arrange", "<", PROCESSES_TARGET)])
    # Two 2000×2000 screenshots: 700 tags on a 1000-pt square at scale 2, and the same with every
    # tenth tag recoloured.
    pair = [bench.write("before.yaml", tag_scene(700, height=1000)), bench.write("after.yaml", tag_scene(700, height=1000, tint=True))]
    for scene in pair:
        subprocess.run([arrange, "render", scene, "-o", work, "--format", "png", "--flat"], check=True, stderr=subprocess.DEVNULL)
    a, b = bench.path("before.png"), bench.path("after.png")
    pixelmatch = ("import sys; from PIL import Image; from pixelmatch.contrib.PIL import pixelmatch; "
                  "a, b = Image.open(sys.argv[1]), Image.open(sys.argv[2]); print(pixelmatch(a, b, threshold=0.1))")
    bench.row("diff of two 2000×2000 PNGs", {
        "Arrange": [[arrange, "diff", a, b]],
        "before": earlier([[arrange, "diff", a, b]]),
    }, targets=[("Arrange", "<", DIFF_TARGET), ("Arrange", "<", DIFF_BEFORE / 3), ("Arrange", "before", 1 / 3)])
    # pixelmatch in pure Python takes minutes on 4 million pixels: one run of each, in turn.
    if present.get("pixelmatch") and present.get("PIL"):
        bench.row("diff of two 2000×2000 PNGs, once", {
            "Arrange": [[arrange, "diff", a, b]],
            "pixelmatch": [[sys.executable, "-c", pixelmatch, a, b]],
        }, runs=1)
    bench.row("diff of two identical 2000×2000 PNGs", {
        "Arrange": [[arrange, "diff", a, bench.path("before.png")]],
        "before": earlier([[arrange, "diff", a, bench.path("before.png")]]),
    }, targets=[("Arrange", "<", DIFF_TARGET / 2)])
    print_table(bench.rows, chromium)
    if not options.keep:
        shutil.rmtree(work, ignore_errors=True)


def print_table(rows, chromium):
    peers = ["Typst", "Chromium", "dot", "pixelmatch"] + (["before"] if any("before" in times for _, times, _ in rows) else [])
    print("| work | Arrange | " + " | ".join(peers) + " | targets |")
    print("| --- | --- | " + " | ".join("---" for _ in peers) + " | --- |")
    for work, times, targets in rows:
        mine = times["Arrange"][0]
        cells = []
        for peer in peers:
            if peer not in times:
                cells.append("—")
                continue
            best = times[peer][0]
            cells.append(f"{best:.3f} s ({mine / best:.2f}×)")
        verdicts = []
        for _, kind, value in targets:
            if kind == "<":
                verdicts.append(f"≤ {value:g} s: {'met' if mine <= value else 'missed'}")
            elif kind == "<dot":
                if "dot" in times:
                    verdicts.append(f"below dot: {'met' if mine < times['dot'][0] else 'missed'}")
            elif kind in times:
                ratio = mine / times[kind][0]
                bound = "⅓ of" if abs(value - 1 / 3) < 1e-9 else f"{value:g}×"
                verdicts.append(f"≤ {bound} {kind}: {'met' if ratio <= value else 'missed'} ({ratio:.2f}×)")
        print(f"| {work} | {mine:.3f} s | " + " | ".join(cells) + " | " + "; ".join(verdicts) + " |")
    print("\nWhole processes, the fastest of each command's runs, taken in turn in one run; (N×) is Arrange's time over the peer's.")


if __name__ == "__main__":
    main()
