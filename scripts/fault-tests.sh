#!/usr/bin/env bash
# Behaviour under load and faults on real processes on loopback (see scripts/fault_tests.py):
# overload, replica failure behind nginx, cancellation, slow clients, graceful shutdown,
# schemathesis. Installs what is missing (Debian: nginx, wrk; PyPI: schemathesis), builds the
# release binary, runs every scenario. Each scenario stops by itself.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

SUDO=()
[[ $(id -u) -ne 0 ]] && command -v sudo >/dev/null && SUDO=(sudo)
apt_pkgs=()
command -v wrk >/dev/null || apt_pkgs+=(wrk)
command -v nginx >/dev/null || [[ -x /usr/sbin/nginx ]] || apt_pkgs+=(nginx)
if ((${#apt_pkgs[@]})); then
    export DEBIAN_FRONTEND=noninteractive
    "${SUDO[@]}" apt-get update -qq >/dev/null
    "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${apt_pkgs[@]}" >/dev/null
fi
if ! command -v schemathesis >/dev/null; then
    export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_ROOT_USER_ACTION=ignore
    python3 -m pip install --quiet schemathesis 2>/dev/null ||
        python3 -m pip install --quiet --break-system-packages schemathesis
    if command -v pyenv >/dev/null; then pyenv rehash; fi
fi

cargo build --release --bin sumpuzzles
exec python3 scripts/fault_tests.py "$@"
