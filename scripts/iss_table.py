#!/usr/bin/env python3
"""Our killer solver against Interactive-Sudoku-Solver, puzzle by puzzle (docs/benchmarks-killer.md).

    python3 scripts/iss_table.py OURS.jsonl ISS.jsonl [--only PREFIX]

OURS.jsonl is `solver_compare time` output, ISS.jsonl `node scripts/iss_count.mjs` output, for
the same inputs. Prints a summary (undecided puzzles of ours count as infinitely slow) and a
Markdown table: our CPU time (wall), steps, count; ISS's median and first-run CPU time, count.
"""
import json
import statistics
import sys


def fmt(ms):
    if ms >= 1000:
        return f"{ms / 1000:.2f} s"
    if ms >= 1:
        return f"{ms:.2f} ms"
    return f"{ms * 1000:.1f} µs"


def main():
    args = sys.argv[1:]
    only = None
    if "--only" in args:
        at = args.index("--only")
        only = args[at + 1]
        del args[at : at + 2]
    ours_path, iss_path = args
    ours = [json.loads(line) for line in open(ours_path)]
    iss = {r["name"]: r for r in map(json.loads, open(iss_path))}
    if only:
        ours = [r for r in ours if r["name"].startswith(only)]
    inf = float("inf")
    our_ms = [r["cpu_median_us"] / 1000 if r["complete"] else inf for r in ours]
    iss_ms = [iss[r["name"]]["median_ms"] for r in ours]
    decided = [r for r in ours if r["complete"]]
    print(f"ours: {len(ours)} puzzles, {len(decided)} decided; median CPU {fmt(statistics.median(our_ms))}"
          f" (undecided counted as infinite), worst decided "
          f"{fmt(max(r['cpu_median_us'] / 1000 for r in decided)) if decided else '-'}")
    print(f"ISS: median CPU {fmt(statistics.median(iss_ms))}, worst {fmt(max(iss_ms))}")
    slower = [r["name"] for r, o, i in zip(ours, our_ms, iss_ms) if o > i]
    print(f"ours slower than ISS or undecided: {len(slower)}: {'; '.join(slower)}")
    ratios = [i / o for r, o, i in zip(ours, our_ms, iss_ms) if r["complete"]]
    if ratios:
        print(f"ISS/ours CPU ratio over decided: median {statistics.median(ratios):.2f}x, min {min(ratios):.2f}x")
    print()
    print("| Puzzle | Ours CPU (wall) | Steps | Count | ISS CPU (median) | ISS CPU (first run) | ISS count |")
    print("|---|---|---|---|---|---|---|")
    for r in ours:
        i = iss[r["name"]]
        mark = "" if r["complete"] else "> "
        count = r["count"] if r["complete"] else "?"
        print(f"| {r['name']} | {mark}{fmt(r['cpu_median_us'] / 1000)} ({fmt(r['median_us'] / 1000)}) "
              f"| {r['steps']:,} | {count} | {fmt(i['median_ms'])} | {fmt(i['first_ms'])} | {i['count']} |")


main()
