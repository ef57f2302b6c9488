#!/usr/bin/env bash
# The official clients, generated from the committed openapi/openapi.json:
#   clients/typescript  (@hey-api/openapi-ts into src/, an npm package folder)
#   clients/python      (openapi-python-client, a pyproject package)
# each with its README (the template's text around its example, examples/basic.*), licence, and
# version = the document's info.version. Then both are type-checked: `tsc --strict` over the
# TypeScript package and its example, `mypy --strict` over the Python package and its example.
#
#     scripts/generate-clients.sh           regenerate clients/ in place
#     scripts/generate-clients.sh --check   regenerate into a scratch folder and fail if the
#                                           committed clients/ differ (CI: after a change of the
#                                           document, run the script and commit clients/)
set -euo pipefail
cd "$(dirname "$0")/.."
DOCUMENT=openapi/openapi.json
TEMPLATES=clients/templates
mode="${1:-write}"

. scripts/client-toolchains.sh

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
version=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["info"]["version"])' "$DOCUMENT")

# The README: the template with its EXAMPLE line replaced by the example file.
readme() { python3 - "$1" "$2" <<'PY'
import sys
template, example = (open(p).read() for p in sys.argv[1:3])
sys.stdout.write(template.replace("EXAMPLE\n", example))
PY
}

# TypeScript.
ts="$out/typescript"
mkdir -p "$ts/examples"
(cd tests/clients && npx --no-install openapi-ts -i "../../$DOCUMENT" -o "$ts/src" > "$out/hey.log" 2>&1) ||
  { cat "$out/hey.log"; exit 1; }
cp "$TEMPLATES/typescript/tsconfig.json" "$TEMPLATES/LICENSE" "$ts/"
cp "$TEMPLATES/typescript/examples/basic.ts" "$ts/examples/"
python3 - "$TEMPLATES/typescript/package.json" "$version" > "$ts/package.json" <<'PY'
import json, sys
package = json.load(open(sys.argv[1]))
package["version"] = sys.argv[2]
print(json.dumps(package, indent=2))
PY
readme "$TEMPLATES/typescript/README.md" "$TEMPLATES/typescript/examples/basic.ts" > "$ts/README.md"

# Python (ruff, which formats the generated code, lives in the venv).
py="$out/python"
PATH="$venv/bin:$PATH" openapi-python-client generate --path "$DOCUMENT" --meta uv \
  --config "$TEMPLATES/python/config.yaml" --output-path "$py" > "$out/python.log" 2>&1 ||
  { cat "$out/python.log"; exit 1; }
rm -rf "$py/.ruff_cache"
mkdir -p "$py/examples"
cp "$TEMPLATES/LICENSE" "$py/"
cp "$TEMPLATES/python/examples/basic.py" "$py/examples/"
readme "$TEMPLATES/python/README.md" "$TEMPLATES/python/examples/basic.py" > "$py/README.md"
# The package's licence and description, which the generator leaves out.
python3 - "$py/pyproject.toml" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
text = text.replace(
    'description = "A client library for accessing sumpuzzles"',
    'description = "Python client of the sumpuzzles API: generate, rate, solve and check sum puzzles"\n'
    'license = "MIT"\nlicense-files = ["LICENSE"]',
)
open(path, "w").write(text)
PY

# Both typed strictly.
# (the example runs on Node: its types from the toolchain, as the package's devDependencies give them)
tests/clients/node_modules/.bin/tsc -p "$ts/tsconfig.json" --noEmit --typeRoots "$PWD/tests/clients/node_modules/@types" --types node
(cd "$py" && "$venv/bin/mypy" --strict --cache-dir=/dev/null sumpuzzles_client examples/basic.py)

if [ "$mode" = "--check" ]; then
  for client in typescript python; do
    if ! diff -r "clients/$client" "$out/$client" > "$out/diff.txt"; then
      head -40 "$out/diff.txt"
      echo "clients/$client is not what scripts/generate-clients.sh makes of $DOCUMENT: run it and commit clients/" >&2
      exit 1
    fi
  done
  echo "clients/ is up to date with $DOCUMENT"
else
  rm -rf clients/typescript clients/python
  cp -r "$ts" clients/typescript
  cp -r "$py" clients/python
  echo "clients/typescript and clients/python generated from $DOCUMENT (version $version)"
fi
