#!/usr/bin/env bash
# Builds the API documentation (DocC) as a static site in docs/api (not committed).
# Open docs/api/documentation/arrange/index.html through a web server, for example:
#   python3 -m http.server -d docs/api 8000   then   http://localhost:8000/documentation/arrange/
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf docs/api
swift package --allow-writing-to-directory docs/api generate-documentation --target Arrange \
    --disable-indexing --transform-for-static-hosting --output-path docs/api
echo "docs: wrote docs/api"
