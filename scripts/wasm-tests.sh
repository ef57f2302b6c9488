#!/usr/bin/env bash
# The WebAssembly package's tests: builds the package (scripts/build-wasm.sh, which installs its
# toolchain once and skips what is there), the server with the package embedded, then runs
#   - the package's Node tests (wasm/test/): the cross-target comparison against the real
#     server (started by the tests on a loopback port), errors, budgets and cancellation;
#   - the strict type check of a caller against index.d.ts (typescript from npm);
#   - the browser test (wasm/browser/): the package served by the server, in Chromium, under a
#     page's Content-Security-Policy (Debian's chromium, playwright-core from tests/browser/).
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "wasm-tests: installing node and npm"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q nodejs npm
fi

scripts/build-wasm.sh
# Embeds the package (build.rs); nothing to do when the tests' build already did.
cargo build --release

(cd wasm && npm install --no-audit --no-fund && npm run --silent typecheck)
echo "wasm-tests: index.d.ts type-checks (tsc --strict)"

(cd wasm && node --test test/)

CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  echo "wasm-tests: installing chromium"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium
fi
export CHROMIUM
(cd tests/browser && npm ci --no-audit --no-fund)
(cd wasm && node --test browser/)
