#!/usr/bin/env python3
"""The size of OR-Tools CP-SAT's search on killer puzzles, for comparing with ours
(`solver_compare search`, which counts our decisions and failures).

CP-SAT learns clauses from its propagators' explanations (lazy clause generation), which our
search does not; this shows how large its tree is on the same puzzles. Each puzzle is solved
twice with one worker and all of CP-SAT's presolve (unlike scripts/cpsat_compare.py, which
enumerates solutions and so keeps every feasible solution through presolve): first to find a
solution, then, with that solution excluded, to prove there is no other. Each solve prints
CP-SAT's status, its conflicts and branches, and its wall time.

Usage (the virtual environment of scripts/cpsat-compare.sh, ortools as pinned in
scripts/requirements-bench.txt):
    /tmp/cpsat-venv/bin/python scripts/cpsat_killer_tree.py KILLERS.jsonl SECONDS
where KILLERS.jsonl holds `solver_compare inputs` lines of killer puzzles and SECONDS is the
time limit of each solve.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cpsat_compare import build_killer  # noqa: E402  (the model the comparison uses)
from ortools.sat.python import cp_model  # noqa: E402


def solve(model, seconds):
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = seconds
    status = solver.Solve(model)
    return solver, status


def main():
    path, seconds = sys.argv[1], float(sys.argv[2])
    with open(path) as lines:
        records = [json.loads(line) for line in lines if line.strip()]
    for record in records:
        if record["genre"] != "killer-sudoku":
            continue
        model = cp_model.CpModel()
        cells = build_killer(model, record["model"])
        solver, status = solve(model, seconds)
        out = {
            "name": record["name"],
            "find": solver.StatusName(status),
            "find_conflicts": solver.NumConflicts(),
            "find_branches": solver.NumBranches(),
            "find_seconds": round(solver.WallTime(), 2),
        }
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            # Another solution: some cell differs from the one found.
            found = [solver.Value(cell) for cell in cells]
            differs = []
            for cell, value in zip(cells, found):
                other = model.NewBoolVar("")
                model.Add(cell != value).OnlyEnforceIf(other)
                model.Add(cell == value).OnlyEnforceIf(other.Not())
                differs.append(other)
            model.AddBoolOr(differs)
            solver, status = solve(model, seconds)
            out.update(
                {
                    "prove": solver.StatusName(status),
                    "prove_conflicts": solver.NumConflicts(),
                    "prove_branches": solver.NumBranches(),
                    "prove_seconds": round(solver.WallTime(), 2),
                }
            )
        print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
