#!/usr/bin/env python3
"""Prints the medians of the last `cargo bench --bench operations` run as a markdown table,
and with a baseline name, each median's ratio to the baseline's (above 1: slower now).

Usage:
  python3 scripts/criterion_table.py                  # medians of the last run
  python3 scripts/criterion_table.py --baseline main  # and the ratio to baseline "main"

Criterion keeps each benchmark's estimates in target/criterion/<group>/<benchmark>/<name>/,
where <name> is "new" for the last run and the baseline's name for a saved baseline
(`-- --save-baseline main`). The median is the median of the samples' time per iteration.
"""

import argparse
import json
import math
import re
from pathlib import Path


def load(directory):
    """The benchmark's full id and median time in nanoseconds, or None when absent."""
    estimates = directory / "estimates.json"
    info = directory / "benchmark.json"
    if not estimates.exists() or not info.exists():
        return None
    full_id = json.loads(info.read_text())["full_id"]
    median = json.loads(estimates.read_text())["median"]["point_estimate"]
    return full_id, median


def natural(full_id):
    """Sort key that puts 6x6 before 10x10."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", full_id)]


def duration(ns):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


def geometric_mean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", help="a baseline saved with --save-baseline NAME")
    parser.add_argument("--run", default="new", help="the run to show (default: the last)")
    parser.add_argument("--dir", default="target/criterion", help="criterion's output folder")
    args = parser.parse_args()

    rows = []
    for run_dir in sorted(Path(args.dir).glob(f"**/{args.run}")):
        current = load(run_dir)
        if current is None:
            continue
        base = load(run_dir.parent / args.baseline) if args.baseline else None
        rows.append((current[0], current[1], base[1] if base else None))
    if not rows:
        raise SystemExit(f"no criterion results under {args.dir}: run cargo bench first")

    if args.baseline:
        print(f"| Benchmark | Baseline {args.baseline} | This run | Ratio |")
        print("|---|---|---|---|")
    else:
        print("| Benchmark | Median |")
        print("|---|---|")
    ratios = []
    for full_id, median, base in sorted(rows, key=lambda row: natural(row[0])):
        if not args.baseline:
            print(f"| {full_id} | {duration(median)} |")
        elif base is None:
            print(f"| {full_id} | — | {duration(median)} | — |")
        else:
            ratios.append(median / base)
            print(f"| {full_id} | {duration(base)} | {duration(median)} | {median / base:.2f} |")
    if ratios:
        ratios.sort()
        print(
            f"\n{len(ratios)} benchmarks against {args.baseline}: ratios from {ratios[0]:.2f} "
            f"to {ratios[-1]:.2f}, median {ratios[len(ratios) // 2]:.2f}, "
            f"geometric mean {geometric_mean(ratios):.2f}.\n"
        )
        # A change that slows a whole operation shows in its group's mean, where the noise of
        # single benchmarks partly cancels out.
        groups = {}
        for full_id, median, base in rows:
            if base is not None:
                groups.setdefault(full_id.rsplit("/", 1)[0], []).append(median / base)
        print("| Group | Benchmarks | Geometric mean ratio |")
        print("|---|---|---|")
        for group in sorted(groups, key=natural):
            print(f"| {group} | {len(groups[group])} | {geometric_mean(groups[group]):.2f} |")


if __name__ == "__main__":
    main()
