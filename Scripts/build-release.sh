#!/usr/bin/env bash
# Builds the `arrange` users run: optimised, at .build/release/arrange (Scripts/setup.sh runs this;
# the tests build and use the debug binary in .build/debug). The Swift runtime and Foundation are
# linked in (--static-swift-stdlib): loading them as shared libraries cost a third of every run's
# start-up. Extra arguments go to `swift build`.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product arrange --static-swift-stdlib "$@"
