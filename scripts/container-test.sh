#!/usr/bin/env bash
# Builds the container image with a real Docker engine on this machine and runs it as a
# deployment would, on loopback only:
#   1. the engine: installs Debian's docker.io and debootstrap when missing, starts dockerd
#      when none answers (without Docker's bridge network) and stops it again at the end;
#   2. the base images, made from Debian packages since no image registry is reachable here:
#      `debootstrap --variant=minbase bookworm`, imported with `docker import`; the builder's
#      also has gcc, libc6-dev, ca-certificates and this host's Rust toolchain (rustc, cargo,
#      the standard library); the wasm builder's is the builder's with Debian's rustc-web
#      toolchain (apt-get, bookworm-security) and the host's pinned wasm-bindgen-cli
#      (scripts/build-wasm.sh --bindgen: built once on the host). Each is tagged with a hash
#      of what went into it and kept in the engine's store, so a later run skips this step;
#      older tags of the same base are removed;
#   3. `docker build` of the Dockerfile with those bases (BuildKit: the cargo registry,
#      target/ and wasm/target/ are cache mounts the engine keeps, so a rebuild compiles only
#      what changed): the wasm stage builds the WebAssembly package, the builder embeds it;
#   4. `docker run --network host` (the service binds 127.0.0.1 on a free port), with the
#      hardening the compose file uses (read-only root, no capabilities, no-new-privileges),
#      waits for the HEALTHCHECK to say healthy, checks the API through it, and plays the page
#      in Chromium with the engine in the browser (the package the image serves) and every API
#      request refused (scripts/browser-test.sh, BROWSER_ROUNDS=offline);
#   5. `docker stop`: /readyz turns 503, the listener closes, the process exits 0 within the
#      grace time, and the logs say so with no error.
# Removes the container and the image it built; keeps the base images and the build cache.
# Usage: scripts/container-test.sh [--rebuild-bases] [--keep-engine]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

REBUILD_BASES=0
KEEP_ENGINE=0
for arg in "$@"; do
    case $arg in
    --rebuild-bases) REBUILD_BASES=1 ;;
    --keep-engine) KEEP_ENGINE=1 ;;
    *)
        echo "usage: $0 [--rebuild-bases] [--keep-engine]" >&2
        exit 2
        ;;
    esac
done

SUITE=bookworm
MIRROR=${SUMPUZZLES_DEBIAN_MIRROR:-http://deb.debian.org/debian}
BUILDER_PACKAGES=gcc,libc6-dev,ca-certificates,zlib1g
BUILDER_REPO=sumpuzzles-base/builder
RUNTIME_REPO=sumpuzzles-base/runtime
WASM_REPO=sumpuzzles-base/wasm-builder
SECURITY_MIRROR=${SUMPUZZLES_DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
# Debian's rustc-web toolchain, what scripts/build-wasm.sh compiles with where rustup has no
# wasm32 target: bookworm-security carries the release it needs (bookworm's own is 1.85).
# rust-web-llvm has rust-lld (a link to lld-22's), which --no-install-recommends leaves out.
WASM_PACKAGES="rustc-web cargo-web rust-web-src rust-web-llvm lld-22"
# The grace docker stop gives the service: it drains for SUMPUZZLES_DRAIN_MS (1 s) and lets
# requests under way finish for SUMPUZZLES_GRACE_MS (30 s); the Dockerfile and compose say 40 s.
STOP_GRACE_S=40

START=$SECONDS
step() { printf '[%4ds] %s\n' "$((SECONDS - START))" "$*"; }
fail() {
    printf 'FAIL  %s\n' "$*"
    exit 1
}
ok() { printf 'ok    %s\n' "$*"; }

WORK=$(mktemp -d)
STARTED_DOCKERD=
CONTAINER=
IMAGE=
cleanup() {
    local rc=$?
    if [[ -n $CONTAINER ]]; then
        if ((rc != 0)); then
            echo "---- container logs (last 40 lines)"
            "$DOCKER" logs --tail 40 "$CONTAINER" 2>&1 || true
        fi
        "$DOCKER" rm -f "$CONTAINER" >/dev/null 2>&1 || true
    fi
    if [[ -n $IMAGE ]]; then
        "$DOCKER" rmi "$IMAGE" >/dev/null 2>&1 || true
    fi
    if [[ -n $STARTED_DOCKERD ]]; then
        if ((KEEP_ENGINE)); then
            echo "dockerd (pid $STARTED_DOCKERD) left running (--keep-engine)"
        else
            kill -TERM "$STARTED_DOCKERD" 2>/dev/null || true
            for _ in $(seq 300); do
                kill -0 "$STARTED_DOCKERD" 2>/dev/null || break
                sleep 0.1
            done
            if kill -0 "$STARTED_DOCKERD" 2>/dev/null; then
                echo "dockerd (pid $STARTED_DOCKERD) did not stop within 30 s"
                rc=1
            fi
        fi
    fi
    if ((rc != 0)) && [[ -f $WORK/dockerd.log ]]; then
        echo "---- dockerd log (last 20 lines)"
        tail -n 20 "$WORK/dockerd.log"
    fi
    rm -rf "$WORK"
    exit "$rc"
}
trap cleanup EXIT

# ---------------------------------------------------------------- tools
SUDO=()
[[ $(id -u) -ne 0 ]] && command -v sudo >/dev/null && SUDO=(sudo)
apt_pkgs=()
[[ -x /usr/sbin/dockerd ]] || command -v dockerd >/dev/null || apt_pkgs+=(docker.io)
[[ -x /usr/sbin/debootstrap ]] || command -v debootstrap >/dev/null || apt_pkgs+=(debootstrap)
if ((${#apt_pkgs[@]})); then
    step "installing ${apt_pkgs[*]} (Debian)"
    export DEBIAN_FRONTEND=noninteractive
    "${SUDO[@]}" apt-get update -qq >/dev/null
    "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${apt_pkgs[@]}" >/dev/null
fi
DOCKERD=$(command -v dockerd || echo /usr/sbin/dockerd)
DEBOOTSTRAP=$(command -v debootstrap || echo /usr/sbin/debootstrap)

# The build needs a BuildKit client: a docker CLI with the buildx plugin (Docker 23 and later),
# or Debian's docker.io CLI (20.10), which has BuildKit built in (DOCKER_BUILDKIT=1).
if command -v docker >/dev/null && docker buildx version >/dev/null 2>&1; then
    DOCKER=$(command -v docker)
elif [[ -x /usr/bin/docker ]]; then
    DOCKER=/usr/bin/docker
else
    DOCKER=$(command -v docker)
fi
export DOCKER_BUILDKIT=1

# ---------------------------------------------------------------- the engine
if "$DOCKER" info >/dev/null 2>&1; then
    step "using the running Docker engine"
else
    step "starting dockerd (no bridge network, no iptables rules)"
    # Containers here use the host's network only; without the bridge nothing can reach
    # Docker's private range, and dockerd leaves the host's firewall alone.
    "$DOCKERD" --bridge=none --iptables=false --ip-masq=false >"$WORK/dockerd.log" 2>&1 &
    STARTED_DOCKERD=$!
    for _ in $(seq 300); do
        "$DOCKER" info >/dev/null 2>&1 && break
        kill -0 "$STARTED_DOCKERD" 2>/dev/null || fail "dockerd exited at start"
        sleep 0.1
    done
    "$DOCKER" info >/dev/null 2>&1 || fail "dockerd did not answer within 30 s"
fi
step "engine $("$DOCKER" version --format '{{.Server.Version}}'), client $("$DOCKER" version --format '{{.Client.Version}}')"

# ---------------------------------------------------------------- base images
have_image() { "$DOCKER" image inspect "$1" >/dev/null 2>&1; }

# Removes the other tags of REPO (bases made by an older recipe or toolchain).
drop_older_tags() {
    local repo=$1 keep=$2 ref
    for ref in $("$DOCKER" images --format '{{.Repository}}:{{.Tag}}' "$repo"); do
        [[ $ref == "$keep" ]] || "$DOCKER" rmi "$ref" >/dev/null
    done
}

# A minbase root file system of DIR with the extra packages (comma-separated).
bootstrap() {
    local dir=$1 packages=$2 log=$3
    local include=()
    [[ -n $packages ]] && include=(--include="$packages")
    "$DEBOOTSTRAP" --variant=minbase "${include[@]}" "$SUITE" "$dir" "$MIRROR" >"$log" 2>&1 || {
        tail -n 20 "$log"
        return 1
    }
    # What debian:*-slim leaves out too: package caches and lists, documentation (but the
    # copyright files), manuals, translations; and the host's resolver and host name, which
    # the engine provides to each container.
    rm -rf "$dir"/var/cache/apt/archives/*.deb "$dir"/var/lib/apt/lists/* \
        "$dir"/usr/share/man/* "$dir"/usr/share/info/* "$dir"/usr/share/locale/* \
        "$dir"/var/log/* "$dir"/tmp/*
    find "$dir/usr/share/doc" -mindepth 1 ! -type d ! -name copyright -delete
    : >"$dir/etc/resolv.conf"
    : >"$dir/etc/hostname"
}

# The host's Rust toolchain (rustc, cargo, the standard library) into DIR/usr/local/rust.
copy_toolchain() {
    local dest=$1/usr/local/rust sysroot host list=$WORK/toolchain-files
    sysroot=$(rustc --print sysroot)
    host=$(rustc -vV | sed -n 's/^host: //p')
    mkdir -p "$dest"
    local manifests=("$sysroot"/lib/rustlib/manifest-{rustc,cargo,rust-std}-"$host")
    if [[ -f ${manifests[0]} && -f ${manifests[1]} && -f ${manifests[2]} ]]; then
        # rustup's component manifests list each component's files; manuals, docs and shell
        # completions are left out.
        sed -n 's/^\(file\|dir\)://p' "${manifests[@]}" | grep -v -e '^share/' -e '^etc/' >"$list"
    else
        (cd "$sysroot" && printf '%s\n' bin/rustc bin/cargo lib) >"$list"
    fi
    tar -C "$sysroot" --exclude=lib/rustlib/src -cf - -T "$list" | tar -C "$dest" -xf -
}

# Builds the base images that are missing; sets BUILDER_IMAGE and RUNTIME_IMAGE.
base_images() {
    local recipe toolchain key_rt key_bld rust_release
    command -v rustc >/dev/null || fail "no rustc on this host: the builder base copies the host's toolchain"
    rust_release=$(rustc -vV | sed -n 's/^release: //p')
    toolchain="$(rustc -vV) $(cargo -V)"
    # The tag says what is inside: the suite, the Rust release, and a hash of the recipe (these
    # functions' text and their settings) and the exact toolchain build.
    recipe="$(declare -f bootstrap) $SUITE $MIRROR"
    key_rt=$(printf '%s' "$recipe" | sha256sum | cut -c1-12)
    key_bld=$(printf '%s %s %s %s' "$recipe" "$(declare -f copy_toolchain)" "$BUILDER_PACKAGES" "$toolchain" |
        sha256sum | cut -c1-12)
    RUNTIME_IMAGE=$RUNTIME_REPO:$SUITE-$key_rt
    BUILDER_IMAGE=$BUILDER_REPO:$SUITE-rust$rust_release-$key_bld

    local need_rt=1 need_bld=1
    ((REBUILD_BASES)) || { have_image "$RUNTIME_IMAGE" && need_rt=0; }
    ((REBUILD_BASES)) || { have_image "$BUILDER_IMAGE" && need_bld=0; }
    if ((need_rt == 0 && need_bld == 0)); then
        step "base images present: $BUILDER_IMAGE, $RUNTIME_IMAGE"
        return
    fi

    # The two debootstraps run side by side (mostly downloads and unpacking).
    local pid_rt='' pid_bld=''
    if ((need_rt)); then
        step "debootstrap $SUITE (runtime base)"
        bootstrap "$WORK/runtime-root" "" "$WORK/debootstrap-runtime.log" &
        pid_rt=$!
    fi
    if ((need_bld)); then
        step "debootstrap $SUITE + $BUILDER_PACKAGES (builder base)"
        bootstrap "$WORK/builder-root" "$BUILDER_PACKAGES" "$WORK/debootstrap-builder.log" &
        pid_bld=$!
    fi
    if [[ -n $pid_rt ]]; then
        wait "$pid_rt" || fail "debootstrap of the runtime base"
        tar -C "$WORK/runtime-root" -c . | "$DOCKER" import \
            --change 'CMD ["/bin/bash"]' \
            --message "debootstrap --variant=minbase $SUITE, trimmed" \
            - "$RUNTIME_IMAGE" >/dev/null
        rm -rf "$WORK/runtime-root"
        drop_older_tags "$RUNTIME_REPO" "$RUNTIME_IMAGE"
        step "imported $RUNTIME_IMAGE"
    fi
    if [[ -n $pid_bld ]]; then
        wait "$pid_bld" || fail "debootstrap of the builder base"
        copy_toolchain "$WORK/builder-root"
        # The same variables as the official rust images, so the Dockerfile's cache mount of
        # $CARGO_HOME/registry fits both.
        tar -C "$WORK/builder-root" -c . | "$DOCKER" import \
            --change 'ENV CARGO_HOME=/usr/local/cargo' \
            --change 'ENV PATH=/usr/local/cargo/bin:/usr/local/rust/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
            --change "ENV RUST_VERSION=$rust_release" \
            --change 'CMD ["/bin/bash"]' \
            --message "debootstrap --variant=minbase --include=$BUILDER_PACKAGES $SUITE, rustc $rust_release" \
            - "$BUILDER_IMAGE" >/dev/null
        rm -rf "$WORK/builder-root"
        drop_older_tags "$BUILDER_REPO" "$BUILDER_IMAGE"
        step "imported $BUILDER_IMAGE"
    fi
}
base_images
"$DOCKER" run --rm --network none "$BUILDER_IMAGE" sh -c 'rustc --version && cargo --version && cc --version | head -n1' |
    sed 's/^/      builder: /'

# The wasm builder base: the builder base with Debian's rustc-web toolchain and the pinned
# wasm-bindgen-cli, so that the Dockerfile's wasm stage only compiles the crate (its --tools
# step finds everything there). The bindgen is the host's (scripts/build-wasm.sh --bindgen
# builds it when the host has none, a few minutes once): bookworm on both sides, the same
# glibc. Sets WASM_BUILDER_IMAGE.
wasm_base_image() {
    local bindgen bindgen_version recipe key dir=$WORK/wasm-base
    bindgen=$(scripts/build-wasm.sh --bindgen) || fail "scripts/build-wasm.sh --bindgen"
    bindgen_version=$("$bindgen" --version | awk '{print $2}')
    mkdir -p "$dir"
    cp "$bindgen" "$dir/wasm-bindgen"
    cat >"$dir/Dockerfile" <<DOCKERFILE
FROM $BUILDER_IMAGE
RUN echo 'deb $SECURITY_MIRROR $SUITE-security main' >/etc/apt/sources.list.d/security.list && \\
    apt-get update -q && \\
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $WASM_PACKAGES && \\
    rm -rf /var/lib/apt/lists/* /var/cache/apt/archives/*.deb /usr/share/doc/* /usr/share/man/*
COPY wasm-bindgen /usr/local/bin/wasm-bindgen
DOCKERFILE
    # The tag: the builder base it starts from (its own hash), the recipe and the bindgen's bytes.
    recipe="$(cat "$dir/Dockerfile") $(sha256sum <"$dir/wasm-bindgen")"
    key=$(printf '%s' "$recipe" | sha256sum | cut -c1-12)
    WASM_BUILDER_IMAGE=$WASM_REPO:${BUILDER_IMAGE##*:}-wasm-bindgen$bindgen_version-$key
    if ((REBUILD_BASES == 0)) && have_image "$WASM_BUILDER_IMAGE"; then
        step "wasm builder base present: $WASM_BUILDER_IMAGE"
        return
    fi
    step "wasm builder base: apt-get $WASM_PACKAGES, wasm-bindgen $bindgen_version (log: wasm-base.log)"
    if ! "$DOCKER" build --network host --progress plain -t "$WASM_BUILDER_IMAGE" "$dir" >"$WORK/wasm-base.log" 2>&1; then
        tail -n 30 "$WORK/wasm-base.log"
        fail "the wasm builder base"
    fi
    drop_older_tags "$WASM_REPO" "$WASM_BUILDER_IMAGE"
    step "built $WASM_BUILDER_IMAGE"
}
wasm_base_image
"$DOCKER" run --rm --network none "$WASM_BUILDER_IMAGE" sh -c \
    '/usr/bin/rustc --version && rust-lld -flavor wasm --version && wasm-bindgen --version' |
    sed 's/^/      wasm builder: /'

# ---------------------------------------------------------------- the image
IMAGE=sumpuzzles-container-test:$$
build_args=(--network host --progress plain
    --build-arg "BUILDER_IMAGE=$BUILDER_IMAGE" --build-arg "WASM_BUILDER_IMAGE=$WASM_BUILDER_IMAGE"
    --build-arg "RUNTIME_IMAGE=$RUNTIME_IMAGE")
# cargo in the build trusts what this host trusts (a TLS-inspecting proxy's CA included):
# the host's bundle is lent to that one step as a build secret, never stored in a layer.
CA_BUNDLE=${SSL_CERT_FILE:-/etc/ssl/certs/ca-certificates.crt}
[[ -s $CA_BUNDLE ]] && build_args+=(--secret "id=cargo-cainfo,src=$CA_BUNDLE")
step "docker build (log: build.log)"
if ! "$DOCKER" build "${build_args[@]}" -t "$IMAGE" . >"$WORK/build.log" 2>&1; then
    tail -n 40 "$WORK/build.log"
    fail "docker build"
fi
# The longest steps with their times (BuildKit's "#N [stage i/n] ..." and "#N DONE 12.3s").
python3 - "$WORK/build.log" <<'EOF'
import re, sys
names, took = {}, {}
for line in open(sys.argv[1], errors="replace"):
    m = re.match(r"#(\d+) (\[[^\]]+\]) ", line)
    if m:
        names.setdefault(m[1], m[2])
    m = re.match(r"#(\d+) DONE ([0-9.]+)s", line)
    if m:
        took[m[1]] = float(m[2])
longest = sorted(((t, names[n]) for n, t in took.items() if n in names), reverse=True)[:3]
print("      longest steps: " + ", ".join(f"{name} {t:.0f} s" for t, name in longest))
EOF
compiled=$(grep -c ' Compiling ' "$WORK/build.log" || true)
cached=$(grep -c '^#[0-9]* CACHED' "$WORK/build.log" || true)
step "built $IMAGE: $compiled crates compiled, $cached steps cached, $(
    "$DOCKER" image inspect -f '{{.Size}}' "$IMAGE" | awk '{printf "%.1f MB", $1 / 1e6}')"

# What the Dockerfile promises, read from the image.
[[ $("$DOCKER" image inspect -f '{{.Config.User}}' "$IMAGE") == 10001:10001 ]] ||
    fail "image user is not 10001:10001"
health_test=$("$DOCKER" image inspect -f '{{json .Config.Healthcheck.Test}}' "$IMAGE")
[[ $health_test == '["CMD","/usr/local/bin/sumpuzzles","healthcheck"]' ]] ||
    fail "image HEALTHCHECK is $health_test"
ok "image: user 10001:10001, HEALTHCHECK sumpuzzles healthcheck"

# ---------------------------------------------------------------- run it
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
BASE=http://127.0.0.1:$PORT
CONTAINER=sumpuzzles-container-test-$$
# The image's HEALTHCHECK asks port 8080; here the port is a free one, so only the command's
# URL is overridden (interval, timeout, start period and retries stay the image's).
"$DOCKER" run -d --name "$CONTAINER" --network host \
    --read-only --tmpfs /tmp --cap-drop ALL --security-opt no-new-privileges:true \
    -e "SUMPUZZLES_BIND=127.0.0.1:$PORT" -e SUMPUZZLES_LOG_FORMAT=json \
    --health-cmd "/usr/local/bin/sumpuzzles healthcheck --url $BASE/healthz" \
    "$IMAGE" >/dev/null
step "started $CONTAINER on $BASE"

health=
for _ in $(seq 120); do
    health=$("$DOCKER" inspect -f '{{.State.Health.Status}}' "$CONTAINER")
    [[ $health == healthy ]] && break
    [[ $("$DOCKER" inspect -f '{{.State.Running}}' "$CONTAINER") == true ]] || fail "the container exited"
    sleep 0.5
done
[[ $health == healthy ]] || fail "HEALTHCHECK says '$health' after 60 s"
ok "HEALTHCHECK healthy after $("$DOCKER" inspect -f '{{len .State.Health.Log}}' "$CONTAINER") probe(s)"

pid=$("$DOCKER" inspect -f '{{.State.Pid}}' "$CONTAINER")
uid=$(awk '/^Uid:/ {print $2}' "/proc/$pid/status")
[[ $uid == 10001 ]] || fail "the service runs as uid $uid, want 10001"
ok "the service runs as uid 10001 (pid $pid on the host)"

# call METHOD PATH [BODY]: sets STATUS, CTYPE and BODY_FILE.
BODY_FILE=$WORK/body
call() {
    local method=$1 path=$2 data=${3:-} out
    local args=(-s -o "$BODY_FILE" -w '%{http_code} %{content_type}' --max-time 30 -X "$method")
    [[ -n $data ]] && args+=(-H 'Content-Type: application/json' --data-binary "$data")
    out=$(curl "${args[@]}" "$BASE$path") || fail "$method $path: curl exit $?"
    STATUS=${out%% *}
    CTYPE=${out#* }
}
# expect_json DESCRIPTION PYTHON-EXPRESSION: the expression over `j` (the parsed body) holds.
expect_json() {
    python3 - "$BODY_FILE" "$2" <<'EOF' || fail "$1: $(head -c 300 "$BODY_FILE")"
import json, sys
j = json.load(open(sys.argv[1]))
sys.exit(0 if eval(sys.argv[2]) else 1)
EOF
}
expect() { # STATUS CONTENT-TYPE-PREFIX DESCRIPTION
    [[ $STATUS == "$1" && $CTYPE == "$2"* ]] ||
        fail "$3: got $STATUS ($CTYPE), want $1 ($2): $(head -c 300 "$BODY_FILE")"
}

call GET /healthz
expect 200 "" "GET /healthz"
call GET /readyz
expect 200 "" "GET /readyz"
ok "/healthz and /readyz 200"

call GET /genres
expect 200 application/json "GET /genres"
expect_json "GET /genres lists kakuro, kakurasu and kakuro-cryptic" \
    '{"kakuro", "kakurasu", "kakuro-cryptic"} <= {g["name"] if isinstance(g, dict) else g for g in j}'
ok "/genres lists the three genres"

call POST '/generate?genre=kakuro&shape=6x6&level=hard&seed=7'
expect 200 application/json "POST /generate"
expect_json "POST /generate gives a hard 6x6 Kakuro with its solution" \
    'j["genre"] == "kakuro" and j["level"] == "hard" and j["shape"] == "6x6" and j["seed"] == 7 and len(j["solution"]) == 6'
cp "$BODY_FILE" "$WORK/generated.json"
puzzle_id=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["id"])' "$WORK/generated.json")
ok "/generate: $puzzle_id"

# Same genre, shape, level, seed and generator version: the same puzzle as a build on the host
# (when target/release/sumpuzzles is there and newer than the sources).
HOST_BIN=target/release/sumpuzzles
if [[ -x $HOST_BIN ]] && [[ -z $(find src Cargo.toml Cargo.lock -type f -newer "$HOST_BIN" -print -quit) ]]; then
    host_id=$("$HOST_BIN" generate --genre kakuro --shape 6x6 --level hard --seed 7 |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])')
    [[ $host_id == "$puzzle_id" ]] || fail "the host build generates $host_id, the container $puzzle_id"
    ok "the host's build generates the same puzzle"
else
    printf 'skip  same puzzle as the host build (no %s newer than the sources)\n' "$HOST_BIN"
fi

call POST /solve "{\"id\": \"$puzzle_id\"}"
expect 200 application/json "POST /solve"
python3 - "$BODY_FILE" "$WORK/generated.json" <<'EOF' || fail "/solve does not give the generated puzzle's solution alone: $(head -c 300 "$BODY_FILE")"
import json, sys
solved, generated = (json.load(open(p)) for p in sys.argv[1:])
sys.exit(0 if solved["count"] == 1 and solved["unique"] and solved["solutions"] == [generated["solution"]] else 1)
EOF
ok "/solve: unique, the generated solution"

call POST /solve '{"genre": "kakuro", "puzzle": '
expect 400 application/problem+json "POST /solve with a cut-off body"
expect_json "a 400 problem+json" 'j["status"] == 400'
ok "/solve with a cut-off body: 400 problem+json"

# The WebAssembly package the image's wasm stage built: served, and the page plays with it.
call GET /wasm/pkg/sumpuzzles_bg.wasm
expect 200 application/wasm "GET /wasm/pkg/sumpuzzles_bg.wasm"
wasm_bytes=$(wc -c <"$BODY_FILE")
call GET /wasm/index.js
expect 200 "" "GET /wasm/index.js"
ok "/wasm/ serves the package ($wasm_bytes bytes of WebAssembly)"
# The play page in headless Chromium with the engine in the browser and every API request
# refused: Kakuro, Kakurasu and cryptic Kakuro rounds, a big seed and the daily puzzle, each the
# puzzle the image's /generate or /daily gives (tests/browser/play.test.mjs, its offline rounds).
step "the play page offline in Chromium (log: browser.log)"
if ! SUMPUZZLES_URL=$BASE BROWSER_ROUNDS=offline scripts/browser-test.sh >"$WORK/browser.log" 2>&1; then
    tail -n 30 "$WORK/browser.log"
    fail "the play page offline against the image"
fi
ok "the page played offline against the image: $(grep -c '^ok ' "$WORK/browser.log") rounds"

# ---------------------------------------------------------------- stop it
# docker stop sends SIGTERM (the image's STOPSIGNAL) to the service, PID 1 in the container:
# /readyz must turn 503 before the listener closes, and the process exit 0 within the grace.
step "docker stop -t $STOP_GRACE_S"
stop_start=$SECONDS
"$DOCKER" stop -t "$STOP_GRACE_S" "$CONTAINER" >"$WORK/stop.out" 2>&1 &
stop_pid=$!
saw_503=0
refused_after_503=0
for _ in $(seq 600); do
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 "$BASE/readyz") || code=000
    if [[ $code == 503 ]]; then
        saw_503=1
    elif [[ $code == 000 ]] && ((saw_503)); then
        refused_after_503=1
        break
    elif [[ $code == 000 ]]; then
        break
    fi
    sleep 0.02
done
wait "$stop_pid" || fail "docker stop: $(cat "$WORK/stop.out")"
stop_took=$((SECONDS - stop_start))
((saw_503)) || fail "/readyz never answered 503 after SIGTERM"
((refused_after_503)) || fail "the listener did not close after /readyz turned 503"
exit_code=$("$DOCKER" inspect -f '{{.State.ExitCode}}' "$CONTAINER")
oom=$("$DOCKER" inspect -f '{{.State.OOMKilled}}' "$CONTAINER")
[[ $exit_code == 0 && $oom == false ]] || fail "exit code $exit_code (OOM killed: $oom), want 0"
((stop_took < STOP_GRACE_S)) || fail "stopping took ${stop_took} s, the grace is $STOP_GRACE_S s (killed?)"
ok "SIGTERM: /readyz 503, then the listener closed; exit code 0 after ${stop_took} s"

"$DOCKER" logs "$CONTAINER" >"$WORK/container.log" 2>&1
python3 - "$WORK/container.log" <<'EOF' || fail "the logs: $(tail -n 5 "$WORK/container.log")"
import json, sys
lines = [l for l in open(sys.argv[1]) if l.strip()]
records = [json.loads(l) for l in lines]  # every line is a JSON record (SUMPUZZLES_LOG_FORMAT=json)
def message(r):
    return r.get("fields", {}).get("message", r.get("message", ""))
levels = {r.get("level") for r in records}
messages = [message(r) for r in records]
# The /readyz 503s this test asked for while the service drained are logged as failed
# responses by tower-http's trace layer; anything else at WARN or ERROR is a fault.
def provoked(r):
    return (r.get("target") == "tower_http::trace::on_failure"
            and r.get("span", {}).get("uri") == "/readyz" and "503" in r["fields"].get("classification", ""))
bad = [l for l, r in zip(lines, records) if r.get("level") in ("ERROR", "WARN") and not provoked(r)]
for l in bad:
    print("unexpected:", l.strip())
ok = (not bad and any("listening" in m for m in messages)
      and any("shutdown" in m or "drain" in m for m in messages) and messages[-1] == "stopped")
sys.exit(0 if ok else 1)
EOF
ok "logs: JSON lines, listening, shutdown and drain, 'stopped' last, no WARN or ERROR (but the drain's /readyz 503s)"

# Leave the build cache bounded: the cache mounts (registry, target/) and recent layers stay.
"$DOCKER" builder prune -f --keep-storage 6GB >/dev/null
sizes=$("$DOCKER" image inspect -f '{{.Size}}' "$BUILDER_IMAGE" "$WASM_BUILDER_IMAGE" "$RUNTIME_IMAGE" |
    awk '{printf "%.0f MB ", $1 / 1e6}')
step "container test passed (base images kept: $BUILDER_IMAGE, $WASM_BUILDER_IMAGE, $RUNTIME_IMAGE: $sizes)"
