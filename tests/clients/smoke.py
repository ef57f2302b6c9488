#!/usr/bin/env python3
"""The generated Python client (openapi-python-client) against a live service.

Calls every endpoint for every genre that GET /genres lists through the client generated from
the committed openapi/openapi.json, reads a 400 and a 422 as problems, and validates every
response of the run against the document's own schema (validate.py: jsonschema, draft 2020-12,
the schema of the operation's documented status and content type). Exit status 1 on any
failure.

    smoke.py BASE_URL GENERATED_CLIENT_DIR OPENAPI_JSON
"""

import datetime
import json
import sys
from pathlib import Path

BASE, CLIENT_DIR, DOCUMENT_PATH = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
sys.path.insert(0, str(CLIENT_DIR.parent))

from sumpuzzles_client import Client  # noqa: E402
from sumpuzzles_client.api.puzzles import (  # noqa: E402
    batch, booklet, check, daily, format_, generate_get, generate_post, hint, rate, render, render_get, solve,
)
from sumpuzzles_client.api.service import genres, healthz, readyz  # noqa: E402
from sumpuzzles_client.models import (  # noqa: E402
    BatchFailure, BatchParameters, CheckReport, CheckRequestType1, DailyReport, Format,
    FormatRequestType1, FormatRequestType2, GenerateParameters, GenerateReport, Genre, HintReport,
    HintRequestType1, Problem, PuzzleForms, RateReport, RateRequestType0, RenderReport,
    RenderRequestType1, SolveReport, SolveRequestType1, SolveRequestType2, SolveRequestType3,
    TargetLevel,
)
from sumpuzzles_client.types import File  # noqa: E402
from validate import UNMADE_SEED, check_that, finish, load, validate, wrong  # noqa: E402

load(DOCUMENT_PATH)


def client(**headers):
    return Client(
        base_url=BASE,
        raise_on_unexpected_status=True,
        headers=headers,
        httpx_args={"event_hooks": {"response": [validate]}},
    )


def genre_round(api, info):
    name, board, shape = info.name.value, info.board.value, info.default_shape
    genre = Genre(name)
    easy = TargetLevel.EASY

    by_get = generate_get.sync(client=api, genre=genre, shape=shape, level=easy, seed=1)
    check_that(isinstance(by_get, GenerateReport), f"{name}: GET /generate gives a report ({by_get!r:.200})")
    # POST with query parameters only: no body at all, the generated function's default.
    by_query = generate_post.sync(client=api, genre=genre, shape=shape, level=easy, seed=1)
    check_that(isinstance(by_query, GenerateReport) and by_query.id == by_get.id,
               f"{name}: POST /generate with the query string only")
    by_body = generate_post.sync(client=api, body=GenerateParameters(genre=genre, shape=shape, level=easy, seed=2))
    check_that(isinstance(by_body, GenerateReport) and by_body.seed == 2, f"{name}: POST /generate with a body")
    drawn = generate_post.sync(client=api, genre=genre, shape=shape, level=easy)
    check_that(isinstance(drawn, GenerateReport) and drawn.seed < 2**53, f"{name}: a drawn seed below 2^53")
    bare = generate_get.sync(client=api, genre=genre, shape=shape, level=easy, seed=1, solution=False)
    check_that(isinstance(bare, GenerateReport) and not bare.solution and bare.rating.deductions == [],
               f"{name}: solution=false leaves the solution out")

    day = daily.sync(client=api, genre=genre, shape=shape, level=easy, date=datetime.date(2025, 3, 14))
    check_that(isinstance(day, DailyReport) and day.seed == 20250314 and day.date == datetime.date(2025, 3, 14),
               f"{name}: GET /daily for 2025-03-14 is seed 20250314 ({day!r:.200})")
    today = daily.sync(client=api, genre=genre, shape=shape, level=easy)
    check_that(isinstance(today, DailyReport), f"{name}: GET /daily for today")

    lines = batch.sync(client=api, genre=genre, shape=shape, level=easy, seeds=[3, 1])
    check_that(isinstance(lines, list) and [line.seed for line in lines] == [3, 1]
               and all(isinstance(line, GenerateReport) for line in lines),
               f"{name}: POST /generate/batch as a JSON array, in seed order ({lines!r:.200})")
    counted = batch.sync(client=api, body=BatchParameters(genre=genre, shape=shape, level=easy, count=2, seed=5))
    check_that([line.seed for line in counted] == [5, 6], f"{name}: a batch by count")
    # A seed no other request makes: the service sends a seed's kept answer whatever the budget.
    failed = batch.sync(client=api, genre=genre, shape=shape, level=easy, seeds=[UNMADE_SEED], budget=1)
    check_that(isinstance(failed[0], BatchFailure) and failed[0].seed == UNMADE_SEED and failed[0].status == 422,
               f"{name}: a failing seed's line is its problem ({failed!r:.200})")
    # The generated functions read JSON, the default; the NDJSON stream is asked for by name
    # with the client's own httpx client (which validates it line by line like every other
    # response).
    raw = api.get_httpx_client()
    streamed = raw.post("/generate/batch", params={"genre": name, "shape": shape, "level": "easy", "seeds": [3, 1]},
                        headers={"Accept": "application/x-ndjson"})
    seeds = [json.loads(line)["seed"] for line in streamed.text.splitlines()]
    check_that(streamed.status_code == 200 and seeds == [3, 1], f"{name}: POST /generate/batch as NDJSON")

    solved = solve.sync(client=api, body=SolveRequestType1(id=by_get.id))
    check_that(isinstance(solved, SolveReport) and solved.unique and solved.solutions[0] == by_get.solution,
               f"{name}: POST /solve by ID")
    by_text = solve.sync(client=api, body=SolveRequestType2(genre=genre, text=by_get.text))
    check_that(isinstance(by_text, SolveReport) and by_text.unique, f"{name}: POST /solve by text")
    if by_get.url:
        by_url = solve.sync(client=api, body=SolveRequestType3(url=by_get.url))
        check_that(isinstance(by_url, SolveReport) and by_url.unique, f"{name}: POST /solve by URL")
    rated = rate.sync(client=api, body=RateRequestType0.from_dict({"genre": name, "puzzle": by_get.puzzle.to_dict()}))
    check_that(isinstance(rated, RateReport) and rated.level == by_get.level, f"{name}: POST /rate by puzzle object")
    checked = check.sync(client=api, body=CheckRequestType1(id=by_get.id, answer=by_get.solution))
    check_that(isinstance(checked, CheckReport) and checked.solved, f"{name}: POST /check of the solution")
    broken = check.sync(client=api, body=CheckRequestType1(id=by_get.id, answer=wrong(by_get.solution, board)))
    check_that(isinstance(broken, CheckReport) and not broken.solved and broken.violations,
               f"{name}: POST /check of a wrong answer")
    for violation in broken.violations:
        # Integer fields are integers in the generated types (Kakuro's sum among them).
        for field in ("row", "col", "total", "clue"):
            value = getattr(violation, field, None)
            check_that(value is None or isinstance(value, int), f"{name}: violation {field} is {value!r}")
    fresh = [("".join(ch if board == "sum_grid" and ch == "#" else "." for ch in row)) for row in by_get.solution]
    hinted = hint.sync(client=api, body=HintRequestType1(id=by_get.id, answer=fresh))
    check_that(isinstance(hinted, HintReport), f"{name}: POST /hint")
    drawing = render.sync(client=api, body=RenderRequestType1(id=by_get.id, solution=True))
    check_that(isinstance(drawing, RenderReport) and drawing.svg.startswith("<svg"),
               f"{name}: POST /render as JSON")
    by_id = render_get.sync(client=api, id=by_get.id, solution=True)
    check_that(isinstance(by_id, RenderReport) and by_id.svg == drawing.svg, f"{name}: GET /render by ID as JSON")
    svg = raw.post("/render", json={"id": by_get.id, "solution": True}, headers={"Accept": "image/svg+xml"})
    check_that(svg.status_code == 200 and svg.headers["content-type"] == "image/svg+xml"
               and svg.text == drawing.svg, f"{name}: POST /render as SVG")
    image = raw.get("/render", params={"id": by_get.id}, headers={"Accept": "image/*"})
    check_that(image.status_code == 200 and image.content.startswith(b"<svg"), f"{name}: GET /render as an image")

    forms = format_.sync(client=api, body=FormatRequestType1(id=by_get.id))
    check_that(isinstance(forms, PuzzleForms) and forms.text == by_get.text and forms.genre == genre,
               f"{name}: POST /format by ID gives the text ({forms!r:.200})")
    from_text = format_.sync(client=api, body=FormatRequestType2(genre=genre, text=by_get.text))
    check_that(isinstance(from_text, PuzzleForms) and from_text.id == by_get.id, f"{name}: POST /format of the text gives the ID")
    # A sheet of this one puzzle: the query string only, no body (the generated function's default).
    sheet = booklet.sync_detailed(client=api, puzzles=[by_get.id], format_=Format.SHEET)
    pdf = sheet.parsed.payload.read() if isinstance(sheet.parsed, File) else b""
    check_that(sheet.status_code == 200 and sheet.headers.get("content-type") == "application/pdf"
               and pdf.startswith(b"%PDF-"), f"{name}: POST /booklet gives a PDF ({sheet.status_code}, {pdf[:16]!r})")

    # A 400 (a malformed puzzle) and a 422 (a shape outside the limits) read as problems.
    malformed = solve.sync(client=api, body=SolveRequestType2(genre=genre, text="@@@"))
    check_that(isinstance(malformed, Problem) and malformed.status == 400 and malformed.type_.startswith("/problems/"),
               f"{name}: a malformed puzzle is a 400 problem ({malformed!r:.200})")
    outside = generate_get.sync(client=api, genre=genre, shape="999x999")
    check_that(isinstance(outside, Problem) and outside.status == 422, f"{name}: a shape outside the limits is a 422 problem")
    off_pattern = generate_get.sync(client=api, genre=genre, shape="8X8")
    check_that(isinstance(off_pattern, Problem) and off_pattern.status == 400 and off_pattern.type_ == "/problems/syntax",
               f"{name}: a malformed shape is a 400 syntax problem")
    print(f"  ok    {name}", flush=True)


def main():
    api = client()
    listed = genres.sync(client=api)
    check_that(isinstance(listed, list) and listed, "GET /genres lists the genres")
    check_that(healthz.sync_detailed(client=api).status_code == 200, "GET /healthz")
    check_that(readyz.sync_detailed(client=api).status_code == 200, "GET /readyz")
    for info in listed:
        genre_round(api, info)
    return finish("openapi-python-client")


if __name__ == "__main__":
    sys.exit(main())
