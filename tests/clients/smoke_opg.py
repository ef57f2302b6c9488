#!/usr/bin/env python3
"""The client openapi-python-generator makes of the committed document, against a live service.

Called as its generated functions are meant to be called: each function of the generated
`services` modules with an `APIConfig` naming the service (the generator's way to give its base
URL; no access token, so it sends `Authorization: Bearer None`, which a server without API keys
ignores), a body as the generated pydantic model, every answer read as the model the function
returns, a failure as its `HTTPException`. Every endpoint for every genre that GET /genres lists,
a 400 and a 422 read as failures with their status, and every response of the run validated
against the document (validate.py), read where the generated code's httpx client receives it.
Exit status 1 on any failure.

One thing of the generator's own a caller meets: it passes query parameters to httpx as given,
and httpx writes a value with `str()`, which for the generated enums (`class Genre(str, Enum)`)
is `Genre.KAKURO`, not `kakuro`; so a query parameter's enum is passed as its `.value` here
(a body's enum is written by `json`, which writes its value).

    smoke_opg.py BASE_URL GENERATED_CLIENT_DIR OPENAPI_JSON
"""

import datetime
import sys
from pathlib import Path

import httpx

BASE, CLIENT_DIR, DOCUMENT_PATH = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
sys.path.insert(0, str(CLIENT_DIR.parent))

from validate import UNMADE_SEED, check_that, finish, load, validate, wrong  # noqa: E402

load(DOCUMENT_PATH)

# Every response the generated code receives is checked: its functions each open their own
# httpx.Client, whose `send` is where a response arrives. The last one is kept for what a
# generated function cannot hand over (`/booklet`'s PDF).
_send = httpx.Client.send
RECEIVED = []


def _checked_send(self, request, **kwargs):
    response = _send(self, request, **kwargs)
    validate(response)
    RECEIVED[:] = [response]
    return response


httpx.Client.send = _checked_send

from sumpuzzles_opg.api_config import APIConfig, HTTPException  # noqa: E402
from sumpuzzles_opg.models import (  # noqa: E402
    BatchParameters, BookletParameters, CheckReport, CheckRequest, DailyReport, Format, FormatRequest,
    GenerateParameters, GenerateReport, Genre, GenreInfo, HintReport, HintRequest, PuzzleForms,
    RateReport, RateRequest, RenderReport, RenderRequest, SolveReport, SolveRequest, TargetLevel,
)
from sumpuzzles_opg.services import puzzles_service as puzzles  # noqa: E402
from sumpuzzles_opg.services import service_service as service  # noqa: E402

API = APIConfig(base_path=BASE)


def refused(call, **arguments):
    """The status of a call the service refuses (the generated code raises HTTPException)."""
    try:
        call(api_config_override=API, **arguments)
    except HTTPException as error:
        return error.status_code
    return None


def genre_round(info: GenreInfo):
    genre, board, shape = info.name, info.board.value, info.default_shape
    name = genre.value
    easy = TargetLevel.EASY

    by_get = puzzles.generate_get(API, genre=name, shape=shape, level=easy.value, seed=1)
    check_that(isinstance(by_get, GenerateReport) and by_get.id and by_get.solution,
               f"{name}: GET /generate gives a report with its fields ({by_get!r:.200})")
    by_body = puzzles.generate_post(API, data=GenerateParameters(genre=genre, shape=shape, level=easy, seed=1))
    check_that(by_body.id == by_get.id and by_body.seed == 1, f"{name}: POST /generate with a body")
    # The body is a required argument of the generated function: an empty model, whose fields
    # go as `null`, leaves the query string's parameters in force.
    by_query = puzzles.generate_post(API, data=GenerateParameters(), genre=name, shape=shape, level=easy.value, seed=2)
    check_that(by_query.seed == 2 and by_query.genre == genre, f"{name}: POST /generate with the query string")
    bare = puzzles.generate_get(API, genre=name, shape=shape, level=easy.value, seed=1, solution=False)
    check_that(not bare.solution and bare.rating.deductions == [], f"{name}: solution=false leaves the solution out")

    day = puzzles.daily(API, genre=name, shape=shape, level=easy.value, date="2025-03-14")
    check_that(isinstance(day, DailyReport) and day.seed == 20250314 and day.date == "2025-03-14",
               f"{name}: GET /daily for 2025-03-14 is seed 20250314 ({day!r:.200})")

    lines = puzzles.batch(API, data=BatchParameters(genre=genre, shape=shape, level=easy, seeds=[3, 1]))
    check_that([line.seed for line in lines] == [3, 1] and all(line.id for line in lines),
               f"{name}: POST /generate/batch, one line per seed in order ({lines!r:.200})")
    counted = puzzles.batch(API, data=BatchParameters(), genre=name, shape=shape, level=easy.value, count=2, seed=5)
    check_that([line.seed for line in counted] == [5, 6], f"{name}: a batch by count in the query string")
    # A seed no other request makes: the service sends a seed's kept answer whatever the budget.
    failed = puzzles.batch(API, data=BatchParameters(genre=genre, shape=shape, level=easy, seeds=[UNMADE_SEED], budget=1))
    check_that(failed[0].seed == UNMADE_SEED and failed[0].status == 422 and failed[0].type == "/problems/budget-exhausted",
               f"{name}: a failing seed's line is its problem ({failed!r:.200})")

    solved = puzzles.solve(API, data=SolveRequest(id=by_get.id))
    check_that(isinstance(solved, SolveReport) and solved.unique and solved.solutions[0] == by_get.solution,
               f"{name}: POST /solve by ID")
    by_text = puzzles.solve(API, data=SolveRequest(genre=genre, text=by_get.text))
    check_that(by_text.unique, f"{name}: POST /solve by text")
    if by_get.url:
        check_that(puzzles.solve(API, data=SolveRequest(url=by_get.url)).unique, f"{name}: POST /solve by URL")
    # The puzzle object as the report gave it: one model for every genre's fields, the others
    # sent as `null`.
    rated = puzzles.rate(API, data=RateRequest(genre=genre, puzzle=by_get.puzzle))
    check_that(isinstance(rated, RateReport) and rated.level == by_get.level and rated.score == by_get.score,
               f"{name}: POST /rate by puzzle object")
    checked = puzzles.check(API, data=CheckRequest(id=by_get.id, answer=by_get.solution))
    check_that(isinstance(checked, CheckReport) and checked.solved, f"{name}: POST /check of the solution")
    broken = puzzles.check(API, data=CheckRequest(genre=genre, puzzle=by_get.puzzle, answer=wrong(by_get.solution, board)))
    check_that(not broken.solved and broken.violations and all(v.message and v.cells for v in broken.violations),
               f"{name}: POST /check of a wrong answer names its violations ({broken!r:.300})")
    hinted = puzzles.hint(API, data=HintRequest(id=by_get.id, answer=by_get.solution))
    check_that(isinstance(hinted, HintReport) and hinted.kind.value == "solved", f"{name}: POST /hint of a solved answer")
    drawing = puzzles.render(API, data=RenderRequest(id=by_get.id, solution=True))
    check_that(isinstance(drawing, RenderReport) and drawing.svg.startswith("<svg"), f"{name}: POST /render")
    by_id = puzzles.render_get(API, id=by_get.id, solution=True)
    check_that(by_id.svg == drawing.svg, f"{name}: GET /render by ID")

    forms = puzzles.format(API, data=FormatRequest(id=by_get.id))
    check_that(isinstance(forms, PuzzleForms) and forms.text == by_get.text and forms.genre == genre,
               f"{name}: POST /format by ID gives the text ({forms!r:.200})")
    from_text = puzzles.format(API, data=FormatRequest(genre=genre, text=by_get.text))
    check_that(from_text.id == by_get.id, f"{name}: POST /format of the text gives the ID")
    # The generator reads every 200 answer as JSON (and asks for it with `Accept:
    # application/json`, which a PDF-only operation does not heed): `/booklet`'s function
    # raises on the PDF, which is then read where it arrived.
    try:
        puzzles.booklet(API, data=BookletParameters(puzzles=[by_get.id], format=Format.SHEET))
        check_that(False, f"{name}: POST /booklet's generated function read a PDF as JSON")
    except ValueError:
        sheet = RECEIVED[0]
        check_that(sheet.request.url.path == "/booklet" and sheet.status_code == 200
                   and sheet.headers.get("content-type") == "application/pdf" and sheet.content.startswith(b"%PDF-"),
                   f"{name}: POST /booklet gives a PDF ({sheet.status_code}, {sheet.content[:16]!r})")

    status = refused(puzzles.solve, data=SolveRequest(genre=genre, text="@@@"))
    check_that(status == 400, f"{name}: a malformed puzzle is a 400 ({status})")
    status = refused(puzzles.generate_get, genre=name, shape="999x999")
    check_that(status == 422, f"{name}: a shape outside the limits is a 422 ({status})")
    status = refused(puzzles.generate_get, genre=name, shape="8X8")
    check_that(status == 400, f"{name}: a malformed shape is a 400 ({status})")
    print(f"  ok    {name}", flush=True)


def main():
    listed = service.genres(API)
    check_that(bool(listed) and all(isinstance(info, GenreInfo) and isinstance(info.name, Genre) for info in listed),
               "GET /genres lists the genres")
    check_that(service.healthz(API) is not None, "GET /healthz")
    check_that(service.readyz(API) is not None, "GET /readyz")
    today = puzzles.daily(API, genre=listed[0].name.value)
    check_that(today.date == datetime.datetime.now(datetime.timezone.utc).date().isoformat(), "GET /daily for today")
    for info in listed:
        genre_round(info)
    return finish("openapi-python-generator")


if __name__ == "__main__":
    sys.exit(main())
