"""Schemathesis hooks (schemathesis.toml names this file): the two leniencies the document does
not spell out, and nothing else.

1. `POST /generate` and `POST /generate/batch` take an optional JSON body whose schema is the
   parameters object alone (so that generated clients leave an absent body out rather than send
   `null`), while the service also reads `null` and an empty body as no body, as clients send for
   "no body". Schemathesis draws `null` as a body the schema forbids and expects a refusal.
2. The service reads a member whose value is `null` as absent, in a request body and in a
   puzzle object: a client generated with one class for a union's alternatives (the document
   lists their fields beside the union for it, see src/http/schema_forms.rs) sends the fields it
   was not given as `null`. Schemathesis draws such a member where the schema has no place for
   it (a field of another alternative, or of another genre's puzzle) and expects a refusal.

An acceptance is dropped from `negative_data_rejection` only when it is one of these: the body is
`null` or empty (1), or the body with its `null` members removed, at any depth, is one the
document's schema for the body accepts (2). Every other negative body is still expected to be
refused.
"""

import jsonschema_rs
import schemathesis
from schemathesis.core.failures import AcceptedNegativeData

LENIENT_BODIES = {"POST /generate", "POST /generate/batch"}


def _no_body(case):
    """A body of JSON `null` or an empty one (an absent body is not negative data)."""
    body = case.body
    return body is None or (isinstance(body, (str, bytes)) and not body.strip())


def _without_nulls(value):
    """`value` with every object member whose value is `null` removed (array items stay)."""
    if isinstance(value, dict):
        return {key: _without_nulls(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [_without_nulls(item) for item in value]
    return value


def _pointer(*parts):
    return "/" + "/".join(str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def _negative_only_by_nulls(case):
    """Whether the body is negative only by its `null` members: without them, the schema of the
    operation's JSON body accepts it."""
    body = case.body
    if not isinstance(body, (dict, list)) or _without_nulls(body) == body:
        return False
    operation = case.operation
    # The whole document as the root, so that the body schema's references resolve in it (the
    # validator schemathesis itself uses, jsonschema_rs).
    root = dict(operation.schema.raw_schema)
    root["$ref"] = "#" + _pointer("paths", operation.path, operation.method.lower(), "requestBody", "content",
                                  "application/json", "schema")
    return jsonschema_rs.Draft202012Validator(root).is_valid(_without_nulls(body))


@schemathesis.hook
def filter_failure(context, failure, case, response):
    """Keeps every failure but the acceptance of a negative body the service reads leniently."""
    if not isinstance(failure, AcceptedNegativeData):
        return True
    operation = f"{case.method.upper()} {case.path}"
    if operation in LENIENT_BODIES and _no_body(case):
        return False
    return not _negative_only_by_nulls(case)
