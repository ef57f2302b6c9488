"""Schemathesis, every check, against the service's own /openapi.json."""

import shutil
import subprocess

from .harness import MANY_CLIENTS, ROOT, Instance, check


def schemathesis(binary):
    """Schemathesis, all checks, against our own /openapi.json."""
    print("schemathesis: every check against /openapi.json", flush=True)
    tool = shutil.which("schemathesis") or shutil.which("st")
    if not tool:
        check(False, "schemathesis is installed (pip install schemathesis)")
        return
    # A small default budget keeps fuzzed generations short; they answer 422 when it runs out.
    instance = Instance(binary, 18141, budget=2_000_000, generate_budget=2_000_000, **MANY_CLIENTS)
    try:
        # One worker: with two, Hypothesis parses lambda sources on two threads at once, and
        # CPython 3.11's AST constructor keeps its recursion depth in state shared between
        # threads (cpython#106905), which crashed whole runs with "AST constructor recursion
        # depth mismatch" (twice in a row in one CI run).
        command = [tool, "run", f"http://127.0.0.1:{instance.port}/openapi.json", "--checks", "all",
                   "--max-time", "60", "-w", "1"]
        # Every check, positive data included: each request on a puzzle is a `oneOf` of its
        # source's four forms in the document, so a body the schema allows names exactly one
        # puzzle; what the schema cannot say (which texts are puzzles, which shapes a genre
        # allows) is a documented 400 or 422, listed per operation in schemathesis.toml.
        run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        if run.returncode != 0 and "FAILURES" not in run.stdout and "Runtime Error" in run.stdout:
            # Schemathesis itself crashed while drawing a case, which says nothing about the
            # service: show it and run once more; a failure found by a check is never retried.
            errors = run.stdout[run.stdout.find("ERRORS"):][:600]
            print("  schemathesis crashed, not a finding; running it again:\n  " + errors.replace("\n", "\n  "), flush=True)
            run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        tail = [line for line in run.stdout.splitlines() if line.strip()][-6:]
        if "FAILURES" in run.stdout:
            # A finding: show it whole (the case, its curl reproduction, the check it broke).
            tail = run.stdout[run.stdout.find("FAILURES"):].splitlines()[:80]
        print("  " + "\n  ".join(tail), flush=True)
        check(run.returncode == 0, "schemathesis finds nothing")
        check(instance.metric('sumpuzzles_http_requests_total{route="/solve",status="500"}') == 0, "no 500 answered")
    finally:
        instance.stop()
