#!/usr/bin/env bash
# Installs the release `arrange` into PREFIX/bin (default /usr/local), building it first when
# .build/release/arrange is missing or older than the sources (Scripts/setup.sh builds it too).
#   bash Scripts/install.sh                      /usr/local/bin/arrange (root or sudo)
#   bash Scripts/install.sh --prefix ~/.local    ~/.local/bin/arrange
# The binary needs the shared libraries set-up installs (Cairo, HarfBuzz, fontconfig, ICU, libpng,
# libjpeg, libdeflate; librsvg, loaded for SVG images) and the fonts; the Swift runtime is inside it.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=/usr/local
while (($#)); do
    case "$1" in
        --prefix) prefix="${2:?install: error: --prefix needs a folder}"; shift 2 ;;
        --prefix=*) prefix="${1#--prefix=}"; shift ;;
        -h|--help) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install: error: unknown argument '$1' (see --help)" >&2; exit 64 ;;
    esac
done
binary=.build/release/arrange
if [ ! -x "$binary" ] || [ -n "$(find Sources Package.swift -newer "$binary" -print -quit)" ]; then
    echo "install: building $binary"
    bash Scripts/build-release.sh
fi
target="$prefix/bin/arrange"
if [ -w "$prefix/bin" ] || { [ ! -e "$prefix/bin" ] && mkdir -p "$prefix/bin" 2>/dev/null; }; then sudo=""; elif [ "$(id -u)" -eq 0 ]; then sudo=""; elif command -v sudo >/dev/null; then sudo="sudo"; else
    echo "install: error: cannot write to $prefix/bin; run as root or give --prefix a folder of yours" >&2
    exit 1
fi
$sudo mkdir -p "$prefix/bin"
# Copied to a temporary name and renamed, so a running arrange is never overwritten in place.
$sudo cp "$binary" "$target.new"
$sudo chmod 755 "$target.new"
$sudo mv -f "$target.new" "$target"
echo "install: $("$target" --version) at $target"
