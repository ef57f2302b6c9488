#!/usr/bin/env python3
"""Killer Sudoku through a CDCL SAT solver: is clause learning a shortcut on the hardest killers?

    python3 -m venv /tmp/satvenv && /tmp/satvenv/bin/pip install python-sat==1.9.dev24
    target/release/examples/solver_compare inputs --genre killer-sudoku \
        --testdata ../shared/testdata > /tmp/killer_inputs.jsonl
    /tmp/satvenv/bin/python scripts/sat_killer.py /tmp/killer_inputs.jsonl

Each puzzle (a line of `solver_compare inputs`: side, box, cages with cells as row * side + col,
givens) is encoded as CNF: a Boolean per cell and digit, each cell exactly one digit, each row,
column and box each digit exactly once (at least once, and pairwise at most once), each cage's
digits pairwise different, and per cage one selector per combination of digits that makes its
sum (exactly one selector true; a selector puts each of its digits somewhere in the cage and
keeps every other digit out of it). CaDiCaL 1.5.3 (through python-sat) finds a solution, then,
with a clause that forbids that solution, proves there is no other: uniqueness, as our solver's
count to 2. Printed per puzzle: both answers, the process CPU time of the first solve and of
both together, building the solver included, and CaDiCaL's conflicts and decisions over both.
Not part of CI; results in docs/benchmarks-killer.md.
"""
import itertools
import json
import sys
import time

from pysat.solvers import Cadical153


def clauses(model):
    """The CNF of `model` and a function giving the variable of (cell, digit)."""
    side = model["side"]
    rows, cols = model["box"]
    cells = side * side

    def var(cell, digit):
        return cell * side + digit

    top = [cells * side]

    def fresh():
        top[0] += 1
        return top[0]

    digits = range(1, side + 1)
    out = []
    for cell in range(cells):
        out.append([var(cell, d) for d in digits])
        out.extend([-var(cell, a), -var(cell, b)] for a, b in itertools.combinations(digits, 2))
    houses = [[r * side + c for c in range(side)] for r in range(side)]
    houses += [[r * side + c for r in range(side)] for c in range(side)]
    houses += [
        [(band * rows + i) * side + stack * cols + j for i in range(rows) for j in range(cols)]
        for band in range(side // rows)
        for stack in range(side // cols)
    ]
    for house in houses:
        for d in digits:
            out.append([var(cell, d) for cell in house])
            out.extend([-var(a, d), -var(b, d)] for a, b in itertools.combinations(house, 2))
    for cage in model["cages"]:
        members, total = cage["cells"], cage["sum"]
        for d in digits:
            out.extend([-var(a, d), -var(b, d)] for a, b in itertools.combinations(members, 2))
        combos = [c for c in itertools.combinations(digits, len(members)) if sum(c) == total]
        selectors = [fresh() for _ in combos]
        out.append(selectors)
        out.extend([-a, -b] for a, b in itertools.combinations(selectors, 2))
        for selector, combo in zip(selectors, combos):
            for d in digits:
                if d in combo:
                    out.append([-selector] + [var(cell, d) for cell in members])
                else:
                    out.extend([-selector, -var(cell, d)] for cell in members)
    for cell, given in enumerate(model.get("givens") or []):
        if given:
            out.append([var(cell, given)])
    return out, var


def count_to_two(model):
    """(found a solution, found a second, CPU ms to the first, CPU ms in all, CaDiCaL's
    counters)."""
    side = model["side"]
    start = time.process_time()
    cnf, var = clauses(model)
    with Cadical153(bootstrap_with=cnf) as solver:
        first = solver.solve()
        first_ms = (time.process_time() - start) * 1000
        if not first:
            return False, False, first_ms, first_ms, solver.accum_stats()
        assignment = solver.get_model()
        solution = [
            next(d for d in range(1, side + 1) if assignment[var(cell, d) - 1] > 0)
            for cell in range(side * side)
        ]
        solver.add_clause([-var(cell, solution[cell]) for cell in range(side * side)])
        second = solver.solve()
        stats = solver.accum_stats()
    return True, second, first_ms, (time.process_time() - start) * 1000, stats


def main():
    for line in open(sys.argv[1]):
        record = json.loads(line)
        found, second, first_ms, total_ms, stats = count_to_two(record["model"])
        count = 0 if not found else (2 if second else 1)
        print(json.dumps({
            "name": record["name"],
            "count": count,
            "first_ms": round(first_ms, 1),
            "total_ms": round(total_ms, 1),
            "conflicts": stats.get("conflicts"),
            "decisions": stats.get("decisions"),
        }), flush=True)


if __name__ == "__main__":
    main()
