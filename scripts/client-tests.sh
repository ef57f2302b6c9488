#!/usr/bin/env bash
# The document linted (Redocly recommended, Spectral oas) and generated clients, tested for real:
# generates the Python clients (openapi-python-client, openapi-python-generator), the
# TypeScript client (@hey-api/openapi-ts) and types (openapi-typescript, which openapi-fetch
# reads) from the committed openapi/openapi.json, compiles the TypeScript with `tsc --strict`,
# starts the release binary on a free loopback port and runs each client's smoke script against
# it in the client's default call style (tests/clients/smoke.py, smoke_opg.py, smoke.ts,
# smoke-fetch.ts, and smoke-orval.ts for orval's fetch and axios clients): every
# endpoint for every genre, every response validated against the document's schema, and each
# client failing on any operation of the document that never answered it with a success. Generated
# code goes to tests/clients/generated/ (not committed).
#
# The toolchains are pinned: tests/clients/requirements.txt (PyPI, installed in a virtualenv
# kept under ~/.cache/sumpuzzles/, named by the file's hash, so a later run on the same machine
# finds it) and tests/clients/package-lock.json (npm ci, from npm's own cache in ~/.npm).
set -euo pipefail
cd "$(dirname "$0")/.."
CLIENTS=tests/clients
GENERATED="$CLIENTS/generated"
DOCUMENT=openapi/openapi.json

started=$(date +%s)
# The pinned toolchains: sets $venv.
. scripts/client-toolchains.sh
echo "toolchains ready after $(( $(date +%s) - started )) s"

# The document itself: Redocly's recommended rules and Spectral's OpenAPI rules, no error
# (tests/clients/redocly.yaml, tests/clients/.spectral.yaml).
(
  cd "$CLIENTS"
  REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true \
    npx --no-install redocly lint --config redocly.yaml --format stylish "../../$DOCUMENT"
  npx --no-install spectral lint --ruleset .spectral.yaml --fail-severity error "../../$DOCUMENT"
)
# The official clients (clients/) are what scripts/generate-clients.sh makes of the document,
# and type-check strictly (tsc --strict, mypy --strict).
scripts/generate-clients.sh --check
echo "document linted after $(( $(date +%s) - started )) s"

rm -rf "$GENERATED" "$CLIENTS/dist"
mkdir -p "$GENERATED/python" "$GENERATED/python-opg" "$GENERATED/ts"
# ruff (a dependency of the generator) formats the generated code; it lives in the venv. The
# official client's configuration: its one setting a caller needs, `/booklet`'s PDF read as the
# binary body the generator makes of `application/octet-stream` (the generator's documented way;
# without it the generator leaves the 200 answer out and says so below).
PATH="$venv/bin:$PATH" openapi-python-client generate --path "$DOCUMENT" --config clients/templates/python/config.yaml \
  --output-path "$GENERATED/python/sumpuzzles_client" --meta none > "$GENERATED/python.log" 2>&1 ||
  { cat "$GENERATED/python.log"; exit 1; }
# The generator names what it could not keep: a response it drops is a document to fix.
if grep -q "WARNING parsing" "$GENERATED/python.log"; then
  cat "$GENERATED/python.log"
  echo "openapi-python-client dropped part of the document" >&2
  exit 1
fi
# openapi-python-generator, with its defaults (httpx, pydantic 2, black).
"$venv/bin/openapi-python-generator" "$DOCUMENT" "$GENERATED/python-opg/sumpuzzles_opg" > "$GENERATED/python-opg.log" 2>&1 ||
  { cat "$GENERATED/python-opg.log"; exit 1; }
(
  cd "$CLIENTS"
  npx --no-install openapi-ts -i "../../$DOCUMENT" -o generated/ts/hey > generated/hey.log 2>&1 ||
    { cat generated/hey.log; exit 1; }
  npx --no-install openapi-typescript "../../$DOCUMENT" -o generated/ts/schema.d.ts > generated/openapi-typescript.log 2>&1 ||
    { cat generated/openapi-typescript.log; exit 1; }
  # orval's fetch and axios clients (orval.config.cjs), as a site's developer would pick them.
  npx --no-install orval --config orval.config.cjs > generated/orval.log 2>&1 ||
    { cat generated/orval.log; exit 1; }
  npx --no-install tsc -p tsconfig.json
)
echo "clients generated and compiled after $(( $(date +%s) - started )) s"

# The service under test: the release binary (the build does nothing when it is up to date).
if [ -z "${SUMPUZZLES_URL:-}" ]; then
  cargo build --release --bin sumpuzzles
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  # No per-client rate limit: every smoke script calls from one address, together well over the
  # default burst (100) in a second or two, and a fast machine's run then ends in 429s (a CI run
  # did). The limiter has its own tests (scripts/fault-tests.sh, tests/edge/); these test the
  # document's contract.
  SUMPUZZLES_CLIENT_WORK_MS=0 target/release/sumpuzzles serve --bind "127.0.0.1:$port" > "$GENERATED/service.log" 2>&1 &
  service=$!
  trap 'kill "$service" 2>/dev/null || true; wait "$service" 2>/dev/null || true' EXIT
  SUMPUZZLES_URL="http://127.0.0.1:$port"
  for _ in $(seq 1 100); do
    if curl -fsS "$SUMPUZZLES_URL/readyz" > /dev/null 2>&1; then break; fi
    sleep 0.1
  done
fi

status=0
"$venv/bin/python" "$CLIENTS/smoke.py" "$SUMPUZZLES_URL" "$GENERATED/python/sumpuzzles_client" "$DOCUMENT" || status=1
"$venv/bin/python" "$CLIENTS/smoke_opg.py" "$SUMPUZZLES_URL" "$GENERATED/python-opg/sumpuzzles_opg" "$DOCUMENT" || status=1
node "$CLIENTS/dist/smoke.js" "$SUMPUZZLES_URL" "$DOCUMENT" || status=1
node "$CLIENTS/dist/smoke-fetch.js" "$SUMPUZZLES_URL" "$DOCUMENT" || status=1
node "$CLIENTS/dist/smoke-orval.js" "$SUMPUZZLES_URL" "$DOCUMENT" || status=1
# The official clients' README examples (generate, check an answer, render).
PYTHONPATH=clients/python "$venv/bin/python" clients/python/examples/basic.py "$SUMPUZZLES_URL" || status=1
"$CLIENTS/node_modules/.bin/tsc" -p clients/typescript/tsconfig.json --outDir "$GENERATED/official-ts" \
  --typeRoots "$PWD/$CLIENTS/node_modules/@types" --types node
node "$GENERATED/official-ts/examples/basic.js" "$SUMPUZZLES_URL" || status=1
echo "client tests done in $(( $(date +%s) - started )) s"
exit "$status"
