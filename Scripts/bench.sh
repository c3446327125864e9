#!/usr/bin/env bash
# Builds the benchmarks in release mode in their own build folder and runs them: every workload
# against its floor, then the Taffy cross-check (Scripts/bench-taffy.py, when PyPI's stretchable is
# installed). Arguments go to arrange-benchmarks:
#   bash Scripts/bench.sh                 everything (a few minutes)
#   bash Scripts/bench.sh --quick         N up to 10,000, few runs
#   bash Scripts/bench.sh svg-10000       one workload (ids: --list)
#   bash Scripts/bench.sh --markdown      the table as Markdown
#   bash Scripts/bench.sh peers [--quick] Arrange beside Typst, Chromium, Graphviz dot and pixelmatch,
#                                         whole processes (Scripts/bench-peers.py; the release binary
#                                         of Scripts/build-release.sh, .build/release/arrange)
# ARRANGE_BENCH_SCRATCH sets the build folder (default .build-bench), so a benchmark build never
# touches the debug build in .build.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = peers ]; then
    shift
    bash Scripts/build-release.sh >&2
    exec python3 Scripts/bench-peers.py .build/release/arrange "$@"
fi
scratch="${ARRANGE_BENCH_SCRATCH:-.build-bench}"
# The arrange binary is built too: the batch workloads run it.
swift build -c release --scratch-path "$scratch" --product arrange >&2
swift build -c release --scratch-path "$scratch" --product arrange-benchmarks >&2
exec "$scratch/release/arrange-benchmarks" "$@"
