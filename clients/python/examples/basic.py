"""Generate a puzzle, check an answer, draw the board: the README's example, run by CI.

    python examples/basic.py http://127.0.0.1:8080
"""

import sys

from sumpuzzles_client import Client
from sumpuzzles_client.api.puzzles import check, generate_post, render
from sumpuzzles_client.models import (
    CheckReport, CheckRequestType1, GenerateReport, Genre, RenderReport, RenderRequestType1, TargetLevel,
)

base_url = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8080"
with Client(base_url=base_url) as client:
    # The same genre, shape, level and seed give the same puzzle on every machine.
    puzzle = generate_post.sync(client=client, genre=Genre.KAKURO, shape="8x8", level=TargetLevel.MEDIUM, seed=7)
    assert isinstance(puzzle, GenerateReport), puzzle
    print(puzzle.id, puzzle.level, puzzle.score)

    # A player's answer: here the solution with its first digit changed, so one rule breaks.
    answer = list(puzzle.solution or [])
    row = next(r for r, line in enumerate(answer) if any(ch.isdigit() for ch in line))
    col = next(c for c, ch in enumerate(answer[row]) if ch.isdigit())
    answer[row] = answer[row][:col] + str(int(answer[row][col]) % 9 + 1) + answer[row][col + 1 :]
    report = check.sync(client=client, body=CheckRequestType1(id=puzzle.id, answer=answer))
    assert isinstance(report, CheckReport), report
    assert report.violations, "a changed digit breaks a rule"
    for violation in report.violations:
        print("broken:", violation.to_dict()["message"])

    drawing = render.sync(client=client, body=RenderRequestType1(id=puzzle.id))
    assert isinstance(drawing, RenderReport), drawing
    print(len(drawing.svg), "characters of SVG")
