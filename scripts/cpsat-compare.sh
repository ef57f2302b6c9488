#!/usr/bin/env bash
# Our exact solver against Google OR-Tools CP-SAT, counting solutions to 2 on the same puzzles;
# prints a table per size class (see docs/benchmarks-cpsat.md).
#
#   scripts/cpsat-compare.sh [options of scripts/cpsat_compare.py]
#
# `--genre killer-sudoku --iss DIR` compares on the published Killer Sudoku puzzles alone, with
# sigh/Interactive-Sudoku-Solver (a checkout at DIR, run by node) as a third solver.
# Builds the solver_compare example (release), makes the virtual environment $CPSAT_VENV
# (default /tmp/cpsat-venv) with the ortools of scripts/requirements-bench.txt if it is missing,
# then runs both solvers pinned to one core ($CPSAT_CORE, default 1; "none" to not pin).
# SUMPUZZLES_TESTDATA (default ../shared/testdata when it exists) adds the article's grids and the
# Project Euler 424 lines.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="${CPSAT_VENV:-/tmp/cpsat-venv}"
core="${CPSAT_CORE:-1}"

if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c 'import ortools' 2>/dev/null; then
    "$venv/bin/pip" install --quiet -r "$root/scripts/requirements-bench.txt"
fi
if [ -z "${SUMPUZZLES_TESTDATA:-}" ] && [ -d "$root/../shared/testdata" ]; then
    export SUMPUZZLES_TESTDATA="$root/../shared/testdata"
fi

(cd "$root" && cargo build --release --example solver_compare)

pin=()
if [ "$core" != "none" ] && command -v taskset >/dev/null; then
    pin=(taskset -c "$core")
fi
exec "${pin[@]}" "$venv/bin/python" "$root/scripts/cpsat_compare.py" \
    --bin "$root/target/release/examples/solver_compare" "$@"
