#!/usr/bin/env bash
# Instructions of one run of one benchmark workload, counted by valgrind's callgrind: a steadier
# measure than time on a busy machine. Collection is switched on only around the measured call
# (the benchmark toggles it), so set-up, warm-up and the floor are not counted.
#   bash Scripts/callgrind.sh layout-10000        (ids: arrange-benchmarks --list)
# Prints the workload's count, its floor's and their ratio. Needs valgrind (apt-get install
# valgrind). CALLGRIND_OUT=path keeps the workload's callgrind file for callgrind_annotate.
set -euo pipefail
cd "$(dirname "$0")/.."
workload="${1:?usage: bash Scripts/callgrind.sh WORKLOAD (see arrange-benchmarks --list)}"
case "$workload" in render-*) echo "callgrind: error: $workload runs the arrange command in other processes; count a workload that runs in-process" >&2; exit 1 ;; esac
command -v valgrind >/dev/null || { echo "callgrind: error: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
# valgrind's client requests are compiled in only when its headers were there at build time.
test -f /usr/include/valgrind/callgrind.h || { echo "callgrind: error: valgrind's headers are missing (apt-get install valgrind), then rebuild" >&2; exit 1; }
scratch="${ARRANGE_BENCH_SCRATCH:-.build-bench}"
swift build -c release --scratch-path "$scratch" --product arrange-benchmarks >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# valgrind 3.19 cannot read the DWARF 5 the Swift toolchain writes and gives up, so it runs a copy
# without debug information (function names stay: they are in the symbol table).
objcopy --strip-debug "$scratch/release/arrange-benchmarks" "$work/arrange-benchmarks"
group() { echo "$1" | sed -e ':a' -e 's/\B[0-9]\{3\}\>/,&/' -e 'ta'; }
# Counts one run of the workload (or, with --callgrind-floor, of its floor); prints the total Ir.
count() {
    local out="$work/callgrind.$#.out"
    valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file="$out" \
        "$work/arrange-benchmarks" --callgrind "$workload" "$@" >"$work/stdout" 2>"$work/log" \
        || { cat "$work/stdout" "$work/log" >&2; exit 1; }
    [ -n "${CALLGRIND_OUT:-}" ] && [ $# -eq 0 ] && cp "$out" "$CALLGRIND_OUT"
    awk '/^(summary|totals):/ { print $2; exit }' "$out"
}
total=$(count)
floor=$(count --callgrind-floor)
[ -n "$total" ] && [ -n "$floor" ] || { echo "callgrind: error: no instruction total" >&2; exit 1; }
printf '%s: %s instructions (Ir); its floor %s; × floor %s\n' "$workload" "$(group "$total")" "$(group "$floor")" \
    "$(awk -v a="$total" -v b="$floor" 'BEGIN { if (b > 0) printf "%.1f", a / b; else print "—" }')"
