"""Schemathesis hooks (schemathesis.toml names this file): the one leniency the document does
not spell out.

`POST /generate` and `POST /generate/batch` take an optional JSON body whose schema is the
parameters object alone (so that generated clients leave an absent body out rather than send
`null`), while the service also reads `null` and an empty body as no body, as clients send for
"no body". Schemathesis draws `null` as a body the schema forbids and expects a refusal; that
one acceptance is dropped here. Every other negative body is still expected to be refused.
"""

import schemathesis
from schemathesis.core.failures import AcceptedNegativeData

LENIENT_BODIES = {"POST /generate", "POST /generate/batch"}


def _no_body(case):
    """A body of JSON `null` or an empty one (an absent body is not negative data)."""
    body = case.body
    return body is None or (isinstance(body, (str, bytes)) and not body.strip())


@schemathesis.hook
def filter_failure(context, failure, case, response):
    """Keeps every failure but a `null` (or empty) body accepted as no body."""
    operation = f"{case.method.upper()} {case.path}"
    accepted_no_body = isinstance(failure, AcceptedNegativeData) and operation in LENIENT_BODIES and _no_body(case)
    return not accepted_no_body
