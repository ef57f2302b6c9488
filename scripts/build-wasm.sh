#!/usr/bin/env bash
# Builds the WebAssembly package in wasm/ (pkg/: the .wasm, its JavaScript glue and TypeScript
# declarations) and prints its size. With --tools it only installs what the build needs (the
# toolchain and wasm-bindgen-cli, below) and stops: the Dockerfile's wasm stage runs that as a
# layer of its own, which only this script and wasm/Cargo.toml invalidate. With --bindgen it
# prints the path of the pinned wasm-bindgen (built first when there is none), for
# scripts/container-test.sh, which puts the host's into its wasm builder base image.
#
# Two ways to compile for wasm32-unknown-unknown:
#   - rustup's target (`rustup target add wasm32-unknown-unknown`), what a developer has;
#   - Debian's rustc-web toolchain (rustc and cargo in /usr/bin with the standard library's
#     source, which -Zbuild-std compiles for the target), for machines where rustup cannot
#     download targets.
# The first that is installed wins; when neither is, rustup adds its target (the official rust
# images), and without rustup, or when it cannot, apt-get installs Debian's.
# SUMPUZZLES_WASM_TOOLCHAIN=rustup or =debian picks one.
#
# wasm-bindgen-cli must be the version of the `wasm-bindgen` crate pinned in wasm/Cargo.toml. It
# is taken from $WASM_BINDGEN, the PATH, or $WASM_BINDGEN_ROOT/bin (default
# ~/.cargo/wasm-bindgen-VERSION), and built from crates.io into $WASM_BINDGEN_ROOT when none of
# them is that version (a few minutes, once per machine).
#
# pkg/api.d.ts (the JSON types) is written from openapi/openapi.json by scripts/api-types.mjs,
# which needs node.
set -euo pipefail
cd "$(dirname "$0")/.."
package="$PWD/wasm"
target=wasm32-unknown-unknown

mode=build
case "${1:-}" in
"") ;;
--tools) mode=tools ;;
--bindgen) mode=bindgen ;;
*)
  echo "usage: $0 [--tools | --bindgen]" >&2
  exit 2
  ;;
esac

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

bindgen_version=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' "$package/Cargo.toml")
if [ -z "$bindgen_version" ]; then
  echo "build-wasm: no pinned wasm-bindgen = \"=X.Y.Z\" in wasm/Cargo.toml" >&2
  exit 1
fi
bindgen_root="${WASM_BINDGEN_ROOT:-${CARGO_HOME:-$HOME/.cargo}/wasm-bindgen-$bindgen_version}"

# The first wasm-bindgen of the pinned version, or nothing.
find_bindgen() {
  local candidate
  for candidate in "${WASM_BINDGEN:-}" "$(command -v wasm-bindgen || true)" "$bindgen_root/bin/wasm-bindgen"; do
    if [ -n "$candidate" ] && [ -x "$candidate" ] &&
      [ "$("$candidate" --version 2>/dev/null)" = "wasm-bindgen $bindgen_version" ]; then
      echo "$candidate"
      return
    fi
  done
}

bindgen=$(find_bindgen)
if [ -z "$bindgen" ]; then
  echo "build-wasm: building wasm-bindgen-cli $bindgen_version into $bindgen_root" >&2
  # Without --locked: its lock file names versions this registry may not carry. The default
  # feature (TLS for the test runner's downloads) is not needed to generate bindings.
  cargo install --root "$bindgen_root" wasm-bindgen-cli --version "$bindgen_version" \
    --no-default-features >&2
  bindgen="$bindgen_root/bin/wasm-bindgen"
fi
if [ "$mode" = bindgen ]; then
  echo "$bindgen"
  exit 0
fi

has_rustup_target() {
  command -v rustup >/dev/null &&
    rustup target list --installed 2>/dev/null | grep -qx "$target"
}
debian_toolchain_ready() {
  [ -x /usr/bin/rustc ] && [ -x /usr/bin/cargo ] && [ -x /usr/bin/rust-lld ] &&
    [ -d "$(/usr/bin/rustc --print sysroot)/lib/rustlib/src/rust/library" ]
}

install_debian_toolchain() {
  echo "build-wasm: installing Debian's rustc-web toolchain"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
  # rust-web-llvm has rust-lld (a link to lld-22's), which --no-install-recommends leaves out.
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    rustc-web cargo-web rust-web-src rust-web-llvm lld-22
}

toolchain="${SUMPUZZLES_WASM_TOOLCHAIN:-}"
if [ -z "$toolchain" ]; then
  if has_rustup_target; then
    toolchain=rustup
  elif debian_toolchain_ready; then
    toolchain=debian
  elif command -v rustup >/dev/null && rustup target add "$target"; then
    toolchain=rustup
  else
    toolchain=debian
  fi
fi
case "$toolchain" in
rustup) has_rustup_target || rustup target add "$target" ;;
debian) debian_toolchain_ready || install_debian_toolchain ;;
*)
  echo "build-wasm: SUMPUZZLES_WASM_TOOLCHAIN must be rustup or debian, not $toolchain" >&2
  exit 1
  ;;
esac
if [ "$mode" = tools ]; then
  echo "build-wasm: ready: $("$bindgen" --version), the $toolchain toolchain"
  exit 0
fi

cd "$package"
case "$toolchain" in
rustup)
  echo "build-wasm: compiling with rustup's $target target"
  cargo build --locked --release --target "$target"
  ;;
debian)
  echo "build-wasm: compiling with $(/usr/bin/rustc --version) and -Zbuild-std"
  # RUSTC_BOOTSTRAP lets this stable compiler take -Zbuild-std; only this build sees it.
  RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc /usr/bin/cargo build --locked --release \
    --target "$target" -Zbuild-std=std,panic_abort
  ;;
esac

# --target web: one ES module for browsers, Web Workers and Node (index.js hands it the bytes
# in Node).
rm -rf target/pkg
"$bindgen" --target web --out-dir target/pkg --out-name sumpuzzles \
  "target/$target/release/sumpuzzles_wasm.wasm"

# wasm-opt -O3 over wasm-bindgen's module: smaller and a little faster (docs/benchmarks.md,
# "WebAssembly against native"). It must be binaryen $wasm_opt_min or later: Debian 12's 108
# turns wasm-bindgen's externref table into a funcref one and the module no longer
# instantiates. Taken from $WASM_OPT or the PATH when recent enough, else binaryen's npm build
# (pinned, installed once into $WASM_OPT_ROOT); skipped with a warning when none can be had
# (SUMPUZZLES_WASM_OPT=0 skips it too). The optimised module is kept only if it loads and
# answers as the unoptimised one does.
wasm_opt_min=116
wasm_opt_npm=132.0.0
wasm_opt_root="${WASM_OPT_ROOT:-${XDG_CACHE_HOME:-$HOME/.cache}/sumpuzzles/binaryen-$wasm_opt_npm}"
wasm_opt_version() {
  "$1" --version 2>/dev/null | sed -n 's/^wasm-opt version \([0-9]*\).*/\1/p'
}
find_wasm_opt() {
  local candidate version
  for candidate in "${WASM_OPT:-}" "$(command -v wasm-opt || true)" \
    "$wasm_opt_root/node_modules/binaryen/bin/wasm-opt"; do
    [ -n "$candidate" ] && [ -x "$candidate" ] || continue
    version=$(wasm_opt_version "$candidate")
    if [ -n "$version" ] && [ "$version" -ge "$wasm_opt_min" ]; then
      echo "$candidate"
      return
    fi
  done
}
if [ "${SUMPUZZLES_WASM_OPT:-1}" != 0 ]; then
  wasm_opt=$(find_wasm_opt)
  if [ -z "$wasm_opt" ] && command -v npm >/dev/null; then
    echo "build-wasm: installing binaryen $wasm_opt_npm (npm) into $wasm_opt_root"
    npm install --prefix "$wasm_opt_root" --no-audit --no-fund --no-save "binaryen@$wasm_opt_npm" >&2 ||
      echo "build-wasm: could not install binaryen from npm" >&2
    wasm_opt=$(find_wasm_opt)
  fi
  if [ -z "$wasm_opt" ]; then
    echo "build-wasm: WARNING: no wasm-opt of binaryen $wasm_opt_min or later: the module is not optimised" >&2
  else
    echo "build-wasm: $("$wasm_opt" --version) -O3"
    "$wasm_opt" -O3 target/pkg/sumpuzzles_bg.wasm -o target/pkg/optimised.wasm
    if node scripts/same-answers.mjs target/pkg target/pkg/optimised.wasm; then
      mv target/pkg/optimised.wasm target/pkg/sumpuzzles_bg.wasm
    else
      echo "build-wasm: WARNING: the module wasm-opt wrote does not answer as the original: kept the original" >&2
      rm -f target/pkg/optimised.wasm
    fi
  fi
fi
# The JSON types of index.d.ts, from the OpenAPI document the Rust types derive. Without node
# (the container image's wasm stage, whose server serves no type declarations) there are none.
if command -v node >/dev/null; then
  node scripts/api-types.mjs ../openapi/openapi.json >target/pkg/api.d.ts
else
  echo "build-wasm: no node: pkg/api.d.ts (the TypeScript JSON types) not written" >&2
fi
# Only a file that changed is replaced: the server embeds pkg/ (build.rs), and a file written
# again with the same bytes would make cargo build it again.
mkdir -p pkg
for file in target/pkg/*; do
  cmp -s "$file" "pkg/${file##*/}" || cp "$file" pkg/
done
for file in pkg/*; do
  [ -e "target/pkg/${file##*/}" ] || rm "$file"
done

wasm=pkg/sumpuzzles_bg.wasm
echo "build-wasm: $package/$wasm: $(wc -c <"$wasm") bytes, $(gzip -9c "$wasm" | wc -c) gzipped;" \
  "package (pkg/ and index.*) $(cat pkg/* index.js index.d.ts | gzip -9c | wc -c) bytes gzipped"
