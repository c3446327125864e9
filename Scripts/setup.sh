#!/usr/bin/env bash
# Sets Arrange up on a Debian machine and renders every fixture scene into Output/.
# Run once from anywhere: bash Scripts/setup.sh
set -euo pipefail
cd "$(dirname "$0")/.."

# What building, rendering and the test suite need from Debian:
#   libcairo2-dev, pkg-config  the Cairo backend (PNG, PDF) and its headers
#   libharfbuzz-dev            reading fonts, shaping text, glyph outlines, font subsets
#   libfontconfig-dev          finding installed font families
#   libicu-dev                 line breaking (UAX #14) and bidirectional text (UAX #9)
#   fonts-dejavu-core          the system font (Sans, Serif, Sans Mono)
#   fonts-dejavu-extra         its oblique and light faces, for .italic() and light weights
#   fonts-noto-cjk             fallback for Chinese, Japanese and Korean
#   fonts-noto-color-emoji     fallback for emoji, drawn in colour
#   librsvg2-bin               rsvg-convert: the SVG/PNG agreement tests
#   libxml2-utils              xmllint: the well-formed SVG tests
#   chromium                   the SVG-renders-in-a-browser tests and the line-break oracle
#   fonts-liberation2          the fonts of the "browser without DejaVu" test
#   libharfbuzz-bin            hb-shape: the shaping cross-check
#   poppler-utils              pdffonts, pdftotext: the PDF text tests
#   time                       GNU time: peak memory of the resource-bound tests
#   zlib1g-dev                 deflate for the banded PNG writer (CPNG)
#   python3-pil                Pillow: the tall-PNG cross-check (Scripts/check-tall-png.py)
#   libpng-dev, libjpeg62-turbo-dev  decoding PNG and JPEG images (CImageCodecs)
#   libdeflate-dev             inflating the common PNG fast when pictures are compared (CImageCodecs)
#   librsvg2-dev               sizing and drawing SVG images (CSVGImage, its functions declared in rsvg-api.h)
#   inkscape, firefox-esr      the SVG viewer tests (SVG 1.1 readers and Gecko draw every fixture)
#   fonts-material-design-icons-iconfont  Material Icons (Apache 2.0): the icons `icon:` and Image(icon:) draw by name
packages=(libcairo2-dev pkg-config libharfbuzz-dev libfontconfig-dev libicu-dev fonts-dejavu-core fonts-dejavu-extra
          fonts-noto-cjk fonts-noto-color-emoji librsvg2-bin libxml2-utils chromium fonts-liberation2 libharfbuzz-bin poppler-utils time
          zlib1g-dev python3-pil libpng-dev libjpeg62-turbo-dev libdeflate-dev librsvg2-dev inkscape firefox-esr
          fonts-material-design-icons-iconfont)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
    echo "setup: installing ${missing[*]}"
    if [ "$(id -u)" -eq 0 ]; then sudo=""; elif command -v sudo >/dev/null; then sudo="sudo"; else
        echo "setup: error: need root (or sudo) to install: ${missing[*]}" >&2
        exit 1
    fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The schema test validates fixtures with Python's jsonschema and PyYAML; the SVG viewer tests
# rasterise with resvg (resvg-cli, a test tool only).
if ! python3 -c "import jsonschema, yaml" 2>/dev/null; then
    echo "setup: installing jsonschema and PyYAML for python3"
    python3 -m pip install -q jsonschema pyyaml
fi
if ! command -v resvg >/dev/null; then
    echo "setup: installing resvg-cli for python3"
    python3 -m pip install -q resvg-cli
fi

echo "setup: building the release binary, .build/release/arrange"
# The log is kept: CI reads it for warnings, as a later build does not compile these files again.
mkdir -p .build
bash Scripts/build-release.sh 2>&1 | tee .build/setup-build.log | grep -E "error|warning: |Compiling arrange|complete" || true
arrange=.build/release/arrange
test -x "$arrange" || { echo "setup: error: the build failed; run 'bash Scripts/build-release.sh' to see why" >&2; exit 1; }

shopt -s nullglob
scenes=(Fixtures/*.yaml Fixtures/*.json)
if ((${#scenes[@]})); then
    echo "setup: rendering ${#scenes[@]} fixture scenes into Output/"
    "$arrange" render "${scenes[@]}" -o Output --format svg,png
fi
animations=(Fixtures/animation/*.yaml)
if ((${#animations[@]})); then
    echo "setup: exporting ${#animations[@]} animations into Output/animation (sheet, SVG, APNG)"
    for scene in "${animations[@]}"; do
        for format in sheet svg apng; do
            "$arrange" animate "$scene" -o Output/animation --format "$format"
        done
    done
fi
echo "setup: done. arrange is .build/release/arrange (bash Scripts/install.sh puts it in /usr/local/bin); run the tests with: swift test"
