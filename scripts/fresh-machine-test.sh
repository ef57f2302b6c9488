#!/usr/bin/env bash
# The README's test command as a newcomer meets it: a clean clone of HEAD, built from nothing
# (its own target/), with none of the tools outside Cargo on PATH (qpdf, poppler, Ghostscript,
# Chromium, Node, Python, nginx...) and without SUMPUZZLES_TESTDATA or SUMPUZZLES_NO_SKIPS. It
# must pass, and end with the skip summary that says how many tests skipped and why.
# CI runs it first (.ci/run); it costs one full release build (docs/build.md).
set -euo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git clone -q --no-local "$PWD" "$work/clone"

# A PATH of links to every program this machine has but the ones a fresh machine lacks.
hidden='^(qpdf|fix-qdf|zlib-flate|pdf[a-z0-9]*|gs|gs[a-z]*|ghostscript|chromium.*|chrome.*|node|nodejs|npm|npx|corepack|python.*|pip.*|pytest|maturin|nginx|wrk|hyperfine|valgrind|docker.*|dockerd|containerd.*|sgt-.*)$'
mkdir "$work/bin"
for dir in /usr/local/sbin /usr/local/bin /usr/sbin /usr/bin /sbin /bin; do
  [ -d "$dir" ] || continue
  for program in "$dir"/*; do
    name="${program##*/}"
    [[ $name =~ $hidden ]] && continue
    [ -e "$work/bin/$name" ] || ln -s "$program" "$work/bin/$name"
  done
done
toolchain="$(dirname "$(command -v cargo)")"
fresh_path="$toolchain:$work/bin"
for tool in qpdf pdfinfo gs chromium node python3 nginx; do
  if PATH="$fresh_path" command -v "$tool" >/dev/null; then
    echo "fresh-machine test: $tool is still on PATH" >&2
    exit 1
  fi
done

cd "$work/clone"
log="$work/test.log"
env -u SUMPUZZLES_TESTDATA -u SUMPUZZLES_NO_SKIPS -u CARGO_TARGET_DIR PATH="$fresh_path" \
  cargo test --release 2>&1 | tee "$log"
grep -q 'skip summary: ' "$log" || { echo "fresh-machine test: no skip summary" >&2; exit 1; }
echo "fresh-machine test: passed; $(grep -o 'skip summary: .*' "$log")"
