#!/usr/bin/env bash
# A second `cargo build --release` with nothing changed compiles nothing (issue 28): builds
# once (whatever that needs), then again with --message-format=json, and fails when the second
# build ran a build script or compiled anything, naming what. Cargo reruns a build script whose
# watched path is missing and then recompiles the crate on every build (82 s each time on a
# clone without wasm/pkg/, before build.rs named only the paths that exist).
# Usage: scripts/no-rebuild.sh [cargo build arguments...] (default: --release)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
args=("$@")
((${#args[@]})) || args=(--release)

cargo build --locked "${args[@]}"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
cargo build --locked "${args[@]}" --message-format=json >"$log"
# Each compiled unit is one compiler-artifact message; "fresh": false means it was built now.
# A build script that ran again says so in its own compiler-artifact (the script's run is not
# an artifact, but what it feeds, the crate, then is not fresh either).
stale=$(python3 - "$log" <<'PY'
import json, sys
stale = []
for line in open(sys.argv[1]):
    message = json.loads(line)
    if message.get("reason") == "compiler-artifact" and not message.get("fresh", True):
        stale.append(f'{message["target"]["name"]} ({", ".join(message["target"]["kind"])})')
print("\n".join(stale))
PY
)
units=$(grep -c '"reason":"compiler-artifact"' "$log" || true)
if [[ -n $stale ]]; then
    echo "FAIL  the second cargo build ${args[*]} with nothing changed compiled:"
    sed 's/^/        /' <<<"$stale"
    exit 1
fi
if [[ -d wasm/pkg ]]; then package="with wasm/pkg/"; else package="without wasm/pkg/"; fi
echo "ok    the second cargo build ${args[*]} ($package) compiled nothing: $units units fresh"
