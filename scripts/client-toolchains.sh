# The client toolchains, pinned, installed once per machine: sourced by scripts/client-tests.sh and
# scripts/generate-clients.sh from the project root. tests/clients/requirements.txt (PyPI, in a
# virtualenv under ~/.cache/sumpuzzles/ named by the file's hash, so a later run finds it; sets
# $venv) and tests/clients/package-lock.json (npm ci, from npm's own cache in ~/.npm).
cache="${XDG_CACHE_HOME:-$HOME/.cache}/sumpuzzles"
venv="$cache/client-tests-venv-$(sha256sum "tests/clients/requirements.txt" | cut -c1-16)"
if [ ! -x "$venv/bin/openapi-python-client" ] || [ ! -x "$venv/bin/openapi-python-generator" ]; then
  echo "creating $venv"
  rm -rf "$venv"
  mkdir -p "$cache"
  python3 -m venv "$venv"
  PIP_DISABLE_PIP_VERSION_CHECK=1 "$venv/bin/pip" install --quiet -r "tests/clients/requirements.txt"
fi
# Once per run: a script that sourced this and then runs another that does too says so.
if [ -z "${SUMPUZZLES_CLIENT_TOOLCHAINS:-}" ]; then
  (cd tests/clients && npm ci --no-audit --no-fund --loglevel=error)
  export SUMPUZZLES_CLIENT_TOOLCHAINS=ready
fi
