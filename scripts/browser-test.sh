#!/usr/bin/env bash
# The play page in a real browser: installs what is missing (Debian's chromium, node's
# playwright-core from tests/browser/package-lock.json), builds the release binary when it is
# absent, then runs tests/browser/play.test.mjs. Screenshots land in target/browser-artifacts/.
# PLAY_ASSETS_DIR=src/http/play serves the page's files from the source tree instead of the
# binary, to try edits of the page without rebuilding the server.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  echo "installing chromium"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium
fi
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "installing node and npm"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q nodejs npm
fi
export CHROMIUM

# playwright-core only drives the installed browser: it downloads no browser of its own.
(cd tests/browser && npm ci --no-audit --no-fund)

# The test starts target/release/sumpuzzles unless SUMPUZZLES_URL names a running service; the
# build does nothing when the binary is up to date (as in CI, after the tests built it).
if [ -z "${SUMPUZZLES_URL:-}" ]; then
  cargo build --release
fi

rm -rf target/browser-artifacts
node tests/browser/play.test.mjs
echo "screenshots: $(pwd)/target/browser-artifacts/"
