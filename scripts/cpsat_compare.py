#!/usr/bin/env python3
"""Our exact solver against Google OR-Tools CP-SAT, counting solutions to 2 on the same puzzles.

Run it through scripts/cpsat-compare.sh, which builds the Rust example, makes the virtual
environment with the pinned ortools (scripts/requirements-bench.txt) and pins the process to one
core. What it does:

1. `solver_compare inputs` writes the input set (JSON lines with class, genre, name, text and a
   model read by our own parser), made afresh and the same on every call;
2. `solver_compare time` times our exact solver on each puzzle (limit 2, one thread, median of
   repeated runs) and prints one JSON line per puzzle;
3. this script models each puzzle in CP-SAT, counts its solutions to 2 with one worker, takes
   the median of repeated solves, checks that both counts agree, and prints a table per class.

CP-SAT models:
- Kakuro: an integer variable 1-9 per white cell; per run, AddAllDifferent over its cells
  (runs of two or more cells) and the sum of its cells equal to its sum.
- Kakurasu: a Boolean per cell; per row with a clue, the column numbers (1-based) of its shaded
  cells add up to the clue, and per column with a clue the row numbers.
- Cryptic Kakuro: a variable 0-9 per letter A-J with AddAllDifferent (a permutation of 0-9); a
  variable 1-9 per white cell, equal to its letter's variable where the cell shows one; per run,
  AddAllDifferent and the sum of its cells equal to the clue's value (10 * tens + units, or
  units), with the tens letter at least 1.
- Killer Sudoku: an integer variable 1-N per cell (equal to its given, if any); AddAllDifferent
  over each row, column and box; per cage, AddAllDifferent over its cells (cages of two or more
  cells) and the sum of its cells equal to its sum.

With --iss DIR (a checkout of sigh/Interactive-Sudoku-Solver), the killer puzzles are also
counted to 2 by that solver in Node (scripts/iss_count.mjs: SimpleSolver.countSolutions, setup
included, median of repeated runs in one process after a first, cold run), and a per-puzzle
table of the killer puzzles gives all three.

Solver parameters: num_workers = 1 (one thread, like ours), enumerate_all_solutions = True with a
solution callback that calls StopSearch() at the second solution. with enumerate_all_solutions,
CP-SAT sets keep_all_feasible_solutions_in_presolve when it is unset (see that parameter's
documentation), so presolve removes no solution and the count is exact; nothing else is set but a time
limit per solve (--max-time). The timed work is the Solve() call on a model built beforehand
(presolve and search; building the model in Python is not timed). Our timing includes building
the run layout from the parsed puzzle.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict

from ortools.sat.python import cp_model
import ortools

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_BIN = os.path.join(REPO, "target", "release", "examples", "solver_compare")


def build_kakuro(model, m):
    cells = [model.NewIntVar(1, 9, f"c{i}") for i in range(m["cells"])]
    for run, total in zip(m["runs"], m["sums"]):
        add_run(model, [cells[c] for c in run], total)


def add_run(model, cells, total):
    if len(cells) > 1:
        model.AddAllDifferent(cells)
    model.Add(sum(cells) == total)


def build_kakurasu(model, m):
    rows, cols = len(m["row_clues"]), len(m["col_clues"])
    shaded = [[model.NewBoolVar(f"x{r}_{c}") for c in range(cols)] for r in range(rows)]
    for r, clue in enumerate(m["row_clues"]):
        if clue is not None:
            model.Add(sum((c + 1) * shaded[r][c] for c in range(cols)) == clue)
    for c, clue in enumerate(m["col_clues"]):
        if clue is not None:
            model.Add(sum((r + 1) * shaded[r][c] for r in range(rows)) == clue)


def build_cryptic(model, m):
    letters = [model.NewIntVar(0, 9, "ABCDEFGHIJ"[i]) for i in range(10)]
    model.AddAllDifferent(letters)
    cells = [model.NewIntVar(1, 9, f"c{i}") for i in range(m["cells"])]
    for cell, letter in m["shown"]:
        model.Add(cells[cell] == letters[letter])
    for run, clue in zip(m["runs"], m["clues"]):
        if len(clue) == 2:
            model.Add(letters[clue[0]] >= 1)
            value = 10 * letters[clue[0]] + letters[clue[1]]
        else:
            value = letters[clue[0]]
        add_run(model, [cells[c] for c in run], value)


def build_killer(model, m):
    """The killer model; returns the cell variables in reading order."""
    side = m["side"]
    box_rows, box_cols = m["box"]
    cells = [model.NewIntVar(1, side, f"c{i}") for i in range(side * side)]
    for cell, given in enumerate(m["givens"]):
        if given:
            model.Add(cells[cell] == given)
    for i in range(side):
        model.AddAllDifferent(cells[i * side : (i + 1) * side])
        model.AddAllDifferent(cells[i::side])
    for top in range(0, side, box_rows):
        for left in range(0, side, box_cols):
            model.AddAllDifferent(
                [cells[(top + r) * side + left + c] for r in range(box_rows) for c in range(box_cols)]
            )
    for cage in m["cages"]:
        add_run(model, [cells[c] for c in cage["cells"]], cage["sum"])
    return cells


BUILDERS = {
    "kakuro": build_kakuro,
    "kakurasu": build_kakurasu,
    "kakuro-cryptic": build_cryptic,
    "killer-sudoku": build_killer,
}


class StopAtTwo(cp_model.CpSolverSolutionCallback):
    def __init__(self):
        super().__init__()
        self.count = 0

    def on_solution_callback(self):
        self.count += 1
        if self.count >= 2:
            self.StopSearch()


def cpsat_solve(model, max_time):
    """One solve: (seconds, CP-SAT's own wall time, solutions found up to 2, complete, the
    process's CPU seconds)."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.max_time_in_seconds = max_time
    callback = StopAtTwo()
    start, cpu = time.perf_counter(), time.process_time()
    status = solver.Solve(model, callback)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    # OPTIMAL / INFEASIBLE: the enumeration finished; FEASIBLE: stopped at the second solution
    # or by the time limit (complete only in the first case).
    complete = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE) or callback.count >= 2
    return elapsed, solver.WallTime(), min(callback.count, 2), complete, cpu


def runs_for(first_seconds, args, spent):
    """How many more timed solves after the first one."""
    if spent > args.budget:
        return 0
    if first_seconds < 0.5:
        return args.runs - 1
    if first_seconds < 5:
        return 2
    return 0


def run_cpsat(inputs, args):
    results = []
    spent = 0.0
    for index, record in enumerate(inputs):
        model = cp_model.CpModel()
        BUILDERS[record["genre"]](model, record["model"])
        first = cpsat_solve(model, args.max_time)
        solves = [first] + [
            cpsat_solve(model, args.max_time) for _ in range(runs_for(first[0], args, spent))
        ]
        spent += sum(s[0] for s in solves)
        results.append(
            {
                "seconds": statistics.median(s[0] for s in solves),
                "wall": statistics.median(s[1] for s in solves),
                "cpu": statistics.median(s[4] for s in solves),
                "count": first[2],
                "complete": all(s[3] for s in solves),
                "runs": len(solves),
            }
        )
        if args.progress and (index + 1) % 50 == 0:
            print(f"  CP-SAT: {index + 1}/{len(inputs)} puzzles, {spent:.0f} s", file=sys.stderr)
    return results


def fmt_time(seconds):
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.1f} µs"


def fmt_ratio(ratio):
    return f"{ratio:,.0f}x" if ratio >= 10 else f"{ratio:.1f}x"


def fmt_worst(seconds, complete):
    """A worst time; one cut short by a limit is a lower bound."""
    return fmt_time(seconds) if complete else f"> {fmt_time(seconds)}"


def worst(rows, key):
    """The slowest puzzle of rows by key(row) -> (seconds, complete): (seconds, complete, name)."""
    record, seconds, complete = max(
        ((r, *key(r)) for r in rows), key=lambda item: (item[1], not item[2])
    )
    return seconds, complete, record["name"]


def ours_time(result):
    return result["median_us"] / 1e6, result["complete"]


def cpsat_time(result):
    return result["seconds"], result["complete"]


def table(inputs, ours, cpsat, target, before=None):
    """The table per class: medians and worst puzzles of both solvers (and of the solver before
    a change, when given), the ratios, the counts and what went unfinished.

    A puzzle is slower for us when our time is above CP-SAT's, or when we did not finish it and
    CP-SAT did; one neither finished is counted apart (both unfinished)."""
    classes = defaultdict(list)
    order = []
    before = before or [None] * len(inputs)
    for record, mine, theirs, old in zip(inputs, ours, cpsat, before):
        if record["class"] not in classes:
            order.append(record["class"])
        classes[record["class"]].append((record, mine, theirs, old))
    with_before = before[0] is not None
    head = ["Class", "Puzzles", "Ours (median)", "Ours (worst)"]
    if with_before:
        head += ["Before (median)", "Before (worst)"]
    head += [
        "CP-SAT (median)",
        "CP-SAT (worst)",
        "Ratio: median of per-puzzle",
        "Min ratio",
        "Slower than CP-SAT",
        "Counts (0 / 1 / 2)",
        "Unfinished (ours / CP-SAT)",
    ]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    problems = []
    below = []
    slower_names = []
    for name in order:
        rows = classes[name]
        finished = [(r, m, t) for r, m, t, _ in rows if m["complete"] and t["complete"]]
        for r, m, t in finished:
            if m["count"] != t["count"]:
                problems.append(
                    f"COUNT MISMATCH: {name} {r['name']}: ours {m['count']}, CP-SAT {t['count']}"
                )
        for r, m, t, old in rows:
            if old is not None and old["complete"] and m["complete"] and old["count"] != m["count"]:
                problems.append(
                    f"COUNT MISMATCH: {name} {r['name']}: ours {m['count']}, before {old['count']}"
                )
        ratios = [t["seconds"] / (m["median_us"] / 1e6) for _, m, t in finished]
        counts = [m["count"] for _, m, _ in finished]
        unfinished = (
            sum(not m["complete"] for _, m, _, _ in rows),
            sum(not t["complete"] for _, _, t, _ in rows),
        )
        slower = 0
        for r, m, t, _ in rows:
            if m["complete"] and t["complete"]:
                is_slower = m["median_us"] / 1e6 > t["seconds"]
            else:
                is_slower = not m["complete"] and t["complete"]
            if is_slower:
                slower += 1
                slower_names.append(f"{name} {r['name']}")
        both_unfinished = sum(not m["complete"] and not t["complete"] for _, m, t, _ in rows)

        def median_of(results, key):
            return fmt_time(statistics.median(key(x)[0] for x in results))

        def worst_cell(index, timer):
            entries = [
                {"name": row[0]["name"], "t": timer(row[index])} for row in rows
            ]
            seconds, complete, puzzle = worst(entries, key=lambda x: x["t"])
            return f"{fmt_worst(seconds, complete)} ({puzzle})"

        cells = [name, str(len(rows))]
        cells += [median_of([m for _, m, _, _ in rows], ours_time), worst_cell(1, ours_time)]
        if with_before:
            cells += [
                median_of([old for _, _, _, old in rows], ours_time),
                worst_cell(3, ours_time),
            ]
        cells += [median_of([t for _, _, t, _ in rows], cpsat_time), worst_cell(2, cpsat_time)]
        if ratios:
            cells += [fmt_ratio(statistics.median(ratios)), fmt_ratio(min(ratios))]
        else:
            cells += ["—", "—"]
        slower_text = str(slower) + (f" (+{both_unfinished} both unfinished)" if both_unfinished else "")
        cells += [
            slower_text,
            f"{counts.count(0)} / {counts.count(1)} / {counts.count(2)}",
            f"{unfinished[0]} / {unfinished[1]}",
        ]
        lines.append("| " + " | ".join(cells) + " |")
        if not ratios or min(ratios) < target or unfinished[0] or slower:
            below.append(name)
    return lines, problems, below, slower_names


def time_iss(iss_dir, inputs, tmp):
    """One result per killer puzzle from scripts/iss_count.mjs (Interactive-Sudoku-Solver)."""
    path = os.path.join(tmp, "killer.jsonl")
    with open(path, "w") as out:
        out.writelines(json.dumps(r) + "\n" for r in inputs if r["genre"] == "killer-sudoku")
    script = os.path.join(REPO, "scripts", "iss_count.mjs")
    timed = subprocess.run(
        ["node", script, iss_dir, path], stdout=subprocess.PIPE, check=True, text=True
    )
    return {r["name"]: r for r in (json.loads(l) for l in timed.stdout.splitlines() if l.strip())}


def killer_table(inputs, ours, cpsat, iss):
    """Per killer puzzle: our time, steps and count, CP-SAT's time and count, and (when run)
    Interactive-Sudoku-Solver's; times are CPU times (wall times beside ours and CP-SAT's), as
    the machine is shared."""
    head = ["Puzzle", "Ours CPU (wall)", "Steps", "Count", "CP-SAT CPU (wall)", "CP-SAT count"]
    if iss is not None:
        head += ["ISS CPU (median)", "ISS CPU (first run)", "ISS count"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    slower_iss = []
    for record, mine, theirs in zip(inputs, ours, cpsat):
        if record["genre"] != "killer-sudoku":
            continue
        cells = [
            record["name"],
            f"{fmt_worst(mine['cpu_median_us'] / 1e6, mine['complete'])} ({fmt_time(mine['median_us'] / 1e6)})",
            f"{mine['steps']:,}",
            str(mine["count"]) if mine["complete"] else "?",
            f"{fmt_worst(theirs['cpu'], theirs['complete'])} ({fmt_time(theirs['seconds'])})",
            str(theirs["count"]) if theirs["complete"] else "?",
        ]
        if iss is not None:
            other = iss[record["name"]]
            cells += [
                fmt_time(other["median_ms"] / 1e3),
                fmt_time(other["first_ms"] / 1e3),
                str(other["count"]),
            ]
            if not mine["complete"] or mine["cpu_median_us"] / 1e3 > other["median_ms"]:
                slower_iss.append(record["name"])
        lines.append("| " + " | ".join(cells) + " |")
    return lines, slower_iss


def time_ours(binary, inputs_path, max_steps):
    """One JSON result per puzzle from `solver_compare time`."""
    timed = subprocess.run(
        [binary, "time", inputs_path, "--max-steps", max_steps],
        stdout=subprocess.PIPE,
        check=True,
        text=True,
    )
    return [json.loads(line) for line in timed.stdout.splitlines() if line.strip()]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=DEFAULT_BIN, help="the built solver_compare example")
    parser.add_argument("--testdata", help="test data folder (default: $SUMPUZZLES_TESTDATA)")
    parser.add_argument("--inputs", help="use this input set instead of making one")
    parser.add_argument("--classes", help="only classes whose name contains this text")
    parser.add_argument("--runs", type=int, default=5, help="CP-SAT solves per fast puzzle")
    parser.add_argument(
        "--budget", type=float, default=300, help="CP-SAT seconds after which puzzles get one solve"
    )
    parser.add_argument("--max-time", type=float, default=60, help="CP-SAT time limit per solve")
    parser.add_argument(
        "--max-steps",
        default="60000000",
        help="our step limit per solve (about 60 s at a microsecond a step, like --max-time)",
    )
    parser.add_argument(
        "--before", help="also time this build of solver_compare (the solver before a change)"
    )
    parser.add_argument("--target", type=float, default=50, help="the ratio to reach")
    parser.add_argument("--out", help="write per-puzzle results here (JSON lines)")
    parser.add_argument("--genre", help="only this genre's puzzles (made by `inputs --genre`)")
    parser.add_argument("--iss", help="a checkout of sigh/Interactive-Sudoku-Solver (killer only)")
    parser.add_argument("--progress", action="store_true", help="report progress on stderr")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        inputs_path = args.inputs
        if inputs_path is None:
            inputs_path = os.path.join(tmp, "inputs.jsonl")
            command = [args.bin, "inputs"]
            if args.genre:
                command += ["--genre", args.genre]
            if args.testdata:
                command += ["--testdata", args.testdata]
            with open(inputs_path, "w") as out:
                subprocess.run(command, stdout=out, check=True)
        with open(inputs_path) as lines:
            inputs = [json.loads(line) for line in lines if line.strip()]
        if args.classes:
            inputs = [r for r in inputs if args.classes in r["class"]]
            inputs_path = os.path.join(tmp, "selected.jsonl")
            with open(inputs_path, "w") as out:
                out.writelines(json.dumps(r) + "\n" for r in inputs)

        started = time.time()
        print(f"ours: {len(inputs)} puzzles ...", file=sys.stderr)
        ours = time_ours(args.bin, inputs_path, args.max_steps)
        ours_seconds = time.time() - started
        before = None
        if args.before:
            print(f"before: {len(inputs)} puzzles ...", file=sys.stderr)
            before = time_ours(args.before, inputs_path, args.max_steps)
        print(f"CP-SAT: {len(inputs)} puzzles ...", file=sys.stderr)
        started = time.time()
        cpsat = run_cpsat(inputs, args)
        cpsat_seconds = time.time() - started
        iss = None
        if args.iss and any(r["genre"] == "killer-sudoku" for r in inputs):
            print("Interactive-Sudoku-Solver: killer puzzles ...", file=sys.stderr)
            iss = time_iss(args.iss, inputs, tmp)

    assert len(ours) == len(inputs) == len(cpsat)
    for record, mine, old in zip(inputs, ours, before or ours):
        assert (record["class"], record["name"]) == (mine["class"], mine["name"])
        assert (record["class"], record["name"]) == (old["class"], old["name"])
    if args.out:
        with open(args.out, "w") as out:
            for index, (record, mine, theirs) in enumerate(zip(inputs, ours, cpsat)):
                line = {"class": record["class"], "name": record["name"], "ours": mine, "cpsat": theirs}
                if before:
                    line["before"] = before[index]
                out.write(json.dumps(line) + "\n")

    lines, problems, below, slower = table(inputs, ours, cpsat, args.target, before)
    print(f"ortools {ortools.__version__}; ours {ours_seconds:.0f} s, CP-SAT {cpsat_seconds:.0f} s in all")
    print()
    print("\n".join(lines))
    print()
    for problem in problems:
        print(problem)
    if slower:
        print(f"Slower than CP-SAT ({len(slower)}): {'; '.join(slower)}")
    else:
        print("Never slower than CP-SAT on a puzzle both finished, nor unfinished where it finished.")
    if below:
        print(
            f"Below {args.target:g}x (lowest ratio), slower somewhere or unfinished: {', '.join(below)}"
        )
    else:
        print(f"Every class at least {args.target:g}x on every puzzle.")
    if any(r["genre"] == "killer-sudoku" for r in inputs):
        killer_lines, slower_iss = killer_table(inputs, ours, cpsat, iss)
        print()
        print("\n".join(killer_lines))
        print()
        iss_problems = []
        if iss is not None:
            killer = [(m, t) for r, m, t in zip(inputs, ours, cpsat) if r["genre"] == "killer-sudoku"]
            for label, key in [("ours", lambda m, t: m["cpu_median_us"] / 1e6), ("CP-SAT", lambda m, t: t["cpu"])]:
                times = [key(m, t) for m, t in killer]
                print(f"{label}: median CPU {fmt_time(statistics.median(times))}, worst {fmt_time(max(times))}")
            iss_median = statistics.median(r["median_ms"] for r in iss.values())
            iss_worst = max(iss.values(), key=lambda r: r["median_ms"])
            print(
                f"Interactive-Sudoku-Solver: median {fmt_time(iss_median / 1e3)}, worst "
                f"{fmt_time(iss_worst['median_ms'] / 1e3)} ({iss_worst['name']})"
            )
            for record, mine in zip(inputs, ours):
                name = record["name"]
                if record["genre"] == "killer-sudoku" and mine["complete"] and name in iss:
                    if iss[name]["count"] != mine["count"]:
                        iss_problems.append(
                            f"COUNT MISMATCH: {name}: ours {mine['count']}, ISS {iss[name]['count']}"
                        )
            if slower_iss:
                print(f"Slower than (or unfinished where) ISS ({len(slower_iss)}): {'; '.join(slower_iss)}")
            else:
                print("Never slower than Interactive-Sudoku-Solver.")
        for problem in iss_problems:
            print(problem)
        problems += iss_problems
    if problems:
        sys.exit(1)


if __name__ == "__main__":
    main()
