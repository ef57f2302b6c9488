"""What every Python smoke script checks of every response its client receives, against the
committed document (jsonschema, JSON Schema 2020-12): a documented status and content type, and a
body the schema of that status and content type accepts (each NDJSON line against the line
schema). And the run's tally: `check_that` records a failure, `finish` prints the count and gives
the exit status. The Python side of validate.ts.
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


def finish(client):
    """Prints the tally; the exit status: 1 on any failure or when nothing was checked."""
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
