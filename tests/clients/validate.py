"""What every Python smoke script checks of every response its client receives, against the
committed document (jsonschema, JSON Schema 2020-12): a documented status and content type, and a
body the schema of that status and content type accepts (each NDJSON line against the line
schema; a binary body, such as `/booklet`'s PDF, by its media type's signature). And the run's
tally: `check_that` records a failure, `finish` prints the count, fails naming every operation of
the document that never answered the script with a success (so that an endpoint added to the
service cannot go untested by the smoke scripts), and gives the exit status. The Python side of
validate.ts.
"""

import json
from pathlib import Path

import httpx
import jsonschema
import referencing
import referencing.jsonschema

DOCUMENT_URI = "urn:sumpuzzles:openapi"
FAILURES = []
VALIDATED = []
# The operations (`METHOD /path`) that answered a success (2xx) at least once.
SUCCEEDED = set()
# What a binary body of a media type starts with.
SIGNATURES = {"application/pdf": b"%PDF-"}
_document = {"paths": {}}
_registry = referencing.Registry()


def load(path):
    """Reads the document that responses are checked against."""
    global _document, _registry
    _document = json.loads(Path(path).read_text())
    _registry = referencing.Registry().with_resource(
        DOCUMENT_URI,
        referencing.Resource.from_contents(_document, default_specification=referencing.jsonschema.DRAFT202012),
    )
    return _document


def check_that(ok, message):
    if not ok:
        FAILURES.append(message)
        print(f"  FAIL  {message}", flush=True)


def _pointer(*parts):
    return "/" + "/".join(str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def validate(response: httpx.Response):
    """Checks a response against the document: a documented status, its content type, and
    the body against the schema (every NDJSON line against the stream's line schema)."""
    response.read()
    method = response.request.method.lower()
    path = response.request.url.path
    where = f"{method.upper()} {path} -> {response.status_code}"
    operation = _document["paths"].get(path, {}).get(method)
    if operation is None:
        check_that(False, f"{where}: not in the document")
        return
    if 200 <= response.status_code < 300:
        SUCCEEDED.add(f"{method.upper()} {path}")
    documented = operation["responses"].get(str(response.status_code))
    if documented is None:
        check_that(False, f"{where}: status not documented")
        return
    content = documented.get("content")
    if not content:
        check_that(not response.content, f"{where}: a body where the document has none")
        VALIDATED.append(where)
        return
    content_type = response.headers.get("content-type", "").split(";")[0].strip()
    if content_type not in content:
        check_that(False, f"{where}: content type {content_type} not documented ({list(content)})")
        return
    if content[content_type].get("schema", {}).get("format") == "binary":
        signature = SIGNATURES.get(content_type, b"")
        check_that(len(response.content) > len(signature) and response.content.startswith(signature),
                   f"{where}: a {content_type} body starts with {signature!r} ({response.content[:16]!r})")
        VALIDATED.append(where)
        return
    schema_ref = {"$ref": DOCUMENT_URI + "#" + _pointer("paths", path, method, "responses",
                                                         str(response.status_code), "content",
                                                         content_type, "schema")}
    if content_type == "application/x-ndjson":
        line_ref = {"$ref": DOCUMENT_URI + "#/components/schemas/BatchLine"}
        lines = response.text.splitlines()
        check_that(bool(lines) and response.text.endswith("\n"), f"{where}: NDJSON lines end with a newline")
        instances = [(line_ref, json.loads(line)) for line in lines]
    elif content_type.endswith("json"):
        instances = [(schema_ref, response.json())]
    else:
        instances = [(schema_ref, response.text)]
    for schema, instance in instances:
        validator = jsonschema.Draft202012Validator(
            schema, registry=_registry, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
        )
        errors = sorted(validator.iter_errors(instance), key=lambda e: list(e.path))
        for error in errors[:3]:
            check_that(False, f"{where}: {error.message[:300]} at {list(error.absolute_path)}")
    VALIDATED.append(where)


def operations():
    """Every operation of the document, `METHOD /path`."""
    return {f"{method.upper()} {path}" for path, item in _document["paths"].items() for method in item
            if method in ("get", "put", "post", "delete", "options", "head", "patch", "trace")}


def finish(client):
    """Prints the tally; the exit status: 1 on any failure, on an operation of the document that
    never answered the run with a success, or when nothing was checked."""
    for operation in sorted(operations() - SUCCEEDED):
        check_that(False, f"{client}: {operation} is in the document but never answered the smoke script with a success")
    print(f"{client}: {len(VALIDATED)} responses validated against the document, {len(FAILURES)} failures")
    return 1 if FAILURES or not VALIDATED else 0


def wrong(rows, board):
    """The solution with its first mark changed: a digit to the next (in a caged grid of side N,
    the next of its N digits, 10-16 as A-G), a shaded cell unshaded."""
    rows = list(rows)
    caged = "123456789ABCDEFG"[: len(rows)]
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if board == "sum_grid" and ch.isdigit():
                rows[r] = row[:c] + str(int(ch) % 9 + 1) + row[c + 1:]
                return rows
            if board == "shading" and ch == "#":
                rows[r] = row[:c] + "-" + row[c + 1:]
                return rows
            if board == "caged" and ch in caged:
                rows[r] = row[:c] + caged[(caged.index(ch) + 1) % len(caged)] + row[c + 1:]
                return rows
    raise AssertionError(f"no mark to change in {rows}")


# A seed that no smoke script generates: a batch line for it under `budget=1` fails, whereas
# a seed some request already made is answered from the service's kept answers whatever the
# budget (src/http/answers.rs). Failures are not kept, so every script may ask for it.
UNMADE_SEED = 7_777_777
