#!/usr/bin/env bash
# Builds the benchmarks in release mode in their own build folder and runs them: every workload
# against its floor, then the Taffy cross-check (Scripts/bench-taffy.py, when PyPI's stretchable is
# installed). Arguments go to arrange-benchmarks:
#   bash Scripts/bench.sh                 everything (a few minutes)
#   bash Scripts/bench.sh --quick         N up to 10,000, few runs
#   bash Scripts/bench.sh svg-10000       one workload (ids: --list)
#   bash Scripts/bench.sh --markdown      the table as Markdown
# ARRANGE_BENCH_SCRATCH sets the build folder (default .build-bench), so a benchmark build never
# touches the debug build in .build.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${ARRANGE_BENCH_SCRATCH:-.build-bench}"
# The arrange binary is built too: the batch workloads run it.
swift build -c release --scratch-path "$scratch" --product arrange >&2
swift build -c release --scratch-path "$scratch" --product arrange-benchmarks >&2
exec "$scratch/release/arrange-benchmarks" "$@"
