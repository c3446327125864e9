#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer and AddressSanitizer.
#   bash Scripts/fuzz.sh TARGET SECONDS     TARGET: scene, font, png, image, svgimage or markdown
# Builds every module with libFuzzer's coverage and AddressSanitizer into .build-fuzz, seeds a
# corpus from the repository (scenes from Fixtures/ and Fixtures/invalid/, fonts from
# Fixtures/fonts/ and DejaVu, PNGs from Fixtures/references/, images from Fixtures/images/, SVG
# images from Fixtures/images/*.svg and Fixtures/images/hostile/, Markdown from the repository's
# .md files and the fixture scenes in ```arrange blocks), runs
# the fuzzer for SECONDS, and exits 1 if it found a crash: the input is left in
# Fuzz/crashes/TARGET/. Copy such an input into Fuzz/regressions/TARGET/ once it is fixed;
# FuzzRegressionTests replays that folder. An input may take up to 30 s: the largest scenes the
# limits allow need that long under AddressSanitizer.
set -euo pipefail
# Swift's own crash handler reads memory AddressSanitizer guards and hides the real report.
export SWIFT_BACKTRACE=enable=no
# fontconfig's caches (text in SVG images) live until exit; they are not leaks of Arrange's.
export LSAN_OPTIONS="suppressions=$(cd "$(dirname "$0")/.." && pwd)/Fuzz/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
cd "$(dirname "$0")/.."
target=${1:-}
seconds=${2:-60}
case "$target" in
    scene) max_len=8192 ;;
    font) max_len=262144 ;;
    png) max_len=65536 ;;
    image) max_len=65536 ;;
    svgimage) max_len=65536 ;;
    markdown) max_len=16384 ;;
    *) echo "usage: bash Scripts/fuzz.sh scene|font|png|image|svgimage|markdown SECONDS" >&2; exit 64 ;;
esac

echo "fuzz: building fuzz-$target (libFuzzer, AddressSanitizer)"
ARRANGE_FUZZ=1 swift build --scratch-path .build-fuzz --product "fuzz-$target" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld \
    -Xcc -fsanitize=fuzzer-no-link,address 2>&1 | grep -E "error|Build of product" || true
binary=.build-fuzz/debug/fuzz-$target
test -x "$binary" || { echo "fuzz: error: the build failed" >&2; exit 1; }

corpus=.build-fuzz/corpus/$target
seeds=.build-fuzz/seeds/$target
mkdir -p "$corpus" "$seeds" "Fuzz/crashes/$target"
shopt -s nullglob
case "$target" in
    scene)
        # The first byte chooses the format: even for YAML, odd for JSON.
        for file in Fixtures/*.yaml Fixtures/animation/*.yaml Fixtures/invalid/*.yaml; do { printf '\0'; cat "$file"; } > "$seeds/$(basename "$file")"; done
        for file in Fixtures/json/*.json Fixtures/invalid/*.json; do { printf '\1'; cat "$file"; } > "$seeds/$(basename "$file")"; done ;;
    font)
        cp Fixtures/fonts/*.otf "$seeds/"
        dejavu=$(fc-match -f '%{file}' 'DejaVu Sans' 2>/dev/null || true)
        [ -f "$dejavu" ] && cp "$dejavu" "$seeds/" ;;
    png)
        for file in Fixtures/references/wheel-0.png Fixtures/references/stacks.png Tests/SnapshotTests/Fixtures/pixelmatch/*.png; do cp "$file" "$seeds/"; done ;;
    image)
        # The pictures the fixtures show (PNG, JPEG and SVG, straight and transparent) and the broken ones.
        for file in Fixtures/images/*.png Fixtures/images/*.jpg Fixtures/images/*.svg Fixtures/images/broken/*; do cp "$file" "$seeds/"; done ;;
    svgimage)
        # The SVG pictures the fixtures show, and hostile ones: scripts, links out, entity bombs,
        # use doublings, costly filters.
        for file in Fixtures/images/*.svg Fixtures/images/hostile/*.svg; do cp "$file" "$seeds/"; done ;;
    markdown)
        # The repository's own pages, and each fixture scene as a block of a page (some with
        # --details' troubles: a longer fence, a line of backticks, a tilde fence, CR LF).
        git ls-files '*.md' | while read -r file; do cp "$file" "$seeds/$(echo "$file" | tr / -)"; done
        # The scenes that fill the reader's limits (100,000 views or modifiers, a megabyte of
        # text) are left out: under AddressSanitizer they take the fuzzer's whole 30 s timeout on
        # a busy machine, and fuzz-scene covers them.
        for file in Fixtures/*.yaml Fixtures/invalid/*.yaml; do
            case "$file" in *too-many-*|*too-much-*) continue ;; esac
            { printf '# %s\n\nText.\n\n```arrange\n' "$(basename "$file")"; cat "$file"; printf '```\n\nEnd.\n'; } > "$seeds/$(basename "$file").md"
        done
        printf '````arrange\ndescription: "a\\r\\nb [c]"\nview: {text: "x\n  ```\n  <b>"}\n````\n' > "$seeds/longer-fence.md"
        printf '~~~ arrange\r\nview: rectangle\r\n~~~\r\n```arrange\nview: circle\n' > "$seeds/tildes-crlf-unclosed.md" ;;
esac
# Fuzz/regressions is not seeded: its inputs are the slowest the fuzzer found, and FuzzRegressionTests
# replays them on every test run.

echo "fuzz: running fuzz-$target for $seconds s"
set +e
"$binary" "$corpus" "$seeds" -max_total_time="$seconds" -max_len="$max_len" -timeout=30 -rss_limit_mb=2048 \
    -artifact_prefix="Fuzz/crashes/$target/" -print_final_stats=1 2>&1 | tee ".build-fuzz/$target.log" | grep -E "^(#[0-9]+ +(INITED|DONE)|==[0-9]+==ERROR|SUMMARY|Done |stat::)" 
status=${PIPESTATUS[0]}
set -e
echo "fuzz: corpus $(ls "$corpus" | wc -l) inputs; log in .build-fuzz/$target.log"
if [ "$status" -ne 0 ]; then
    echo "fuzz: error: fuzz-$target found a problem; the input is in Fuzz/crashes/$target/" >&2
    exit 1
fi
