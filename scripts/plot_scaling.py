#!/usr/bin/env python3
"""Draws the scaling curves of docs/benchmarks-scaling.md as SVG, with the standard library only.

Reads the CSV files that `cargo run --release --example scaling` writes and writes:
- docs/scaling-generation.svg: median generation time against grid side, one panel per genre,
  one line per level;
- docs/scaling-solver.svg: solver time (counting to 2 solutions) against cell count, one panel
  per genre, every grid as a point and the median of each side as a line; a solve that ran out
  of steps is drawn as an open marker at the top of the panel.

It also prints the data as summary tables (markdown), and with --compare DIR the ratio of a
second run's medians (CSV files in DIR) to these.

Usage: python3 scripts/plot_scaling.py [CSV_DIR] [--out DIR] [--compare DIR]
(defaults: docs/scaling and docs)
"""

import argparse
import csv
import math
import statistics
import sys
from pathlib import Path

LEVEL_COLOURS = {
    "easy": "#1b9e77",
    "medium": "#7570b3",
    "hard": "#d95f02",
    "expert": "#e7298a",
    "any": "#555555",
}
FAMILY_STYLE = {
    "kakuro-random": ("#d95f02", "random filled grids (runs of at most 5, 26% blocks)"),
    "kakuro-tiled": ("#1b9e77", "generated 8x8 expert puzzles side by side (unique)"),
    "kakurasu-random": ("#d95f02", "half the cells shaded at random"),
    "kakurasu-generated": ("#1b9e77", "generated puzzles, level any (unique)"),
}
FONT = "font-family='DejaVu Sans, Arial, sans-serif'"

PANEL_W, PANEL_H = 440, 400
# The legend goes below the x axis's label, in the bottom margin.
MARGIN_L, MARGIN_R, MARGIN_T, MARGIN_B = 84, 20, 40, 125


def read_csv(path):
    with open(path, newline="") as handle:
        return list(csv.DictReader(handle))


def log_ticks(low, high):
    """Powers of ten (and 1-2-5 steps when the range is short) covering [low, high]."""
    first = math.floor(math.log10(low))
    last = math.ceil(math.log10(high))
    steps = (1, 2, 5) if last - first <= 3 else (1,)
    ticks = [m * 10**e for e in range(first, last + 1) for m in steps]
    return [t for t in ticks if low <= t <= high]


def time_label(ms):
    if ms >= 1000:
        return f"{ms / 1000:g} s"
    if ms >= 1:
        return f"{ms:g} ms"
    return f"{ms * 1000:g} µs"


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class Panel:
    """One plot area with a linear or logarithmic x axis and a logarithmic time axis (ms)."""

    def __init__(self, left, title, x_range, x_ticks, y_range, x_log, x_label, y_label):
        self.left, self.top = left, 0
        self.title = title
        self.x_range, self.x_ticks, self.y_range = x_range, x_ticks, y_range
        self.x_log = x_log
        self.x_label, self.y_label = x_label, y_label
        self.width = PANEL_W - MARGIN_L - MARGIN_R
        self.height = PANEL_H - MARGIN_T - MARGIN_B
        self.parts = []

    def x(self, value):
        low, high = self.x_range
        if self.x_log:
            value, low, high = math.log10(value), math.log10(low), math.log10(high)
        return self.left + MARGIN_L + (value - low) / (high - low) * self.width

    def y(self, ms):
        low, high = (math.log10(v) for v in self.y_range)
        return self.top + MARGIN_T + (1 - (math.log10(ms) - low) / (high - low)) * self.height

    def axes(self, x_ticks):
        x0, y0 = self.left + MARGIN_L, self.top + MARGIN_T
        out = [
            f"<text x='{x0 + self.width / 2}' y='{self.top + 22}' text-anchor='middle' "
            f"font-size='15' font-weight='bold' {FONT}>{escape(self.title)}</text>"
        ]
        for tick in log_ticks(*self.y_range):
            y = self.y(tick)
            out.append(
                f"<line x1='{x0}' x2='{x0 + self.width}' y1='{y:.1f}' y2='{y:.1f}' "
                "stroke='#dddddd'/>"
            )
            out.append(
                f"<text x='{x0 - 6}' y='{y + 4:.1f}' text-anchor='end' font-size='11' "
                f"{FONT}>{time_label(tick)}</text>"
            )
        for tick in x_ticks:
            x = self.x(tick)
            out.append(
                f"<line x1='{x:.1f}' x2='{x:.1f}' y1='{y0}' y2='{y0 + self.height}' "
                "stroke='#eeeeee'/>"
            )
            out.append(
                f"<text x='{x:.1f}' y='{y0 + self.height + 16}' text-anchor='middle' "
                f"font-size='11' {FONT}>{tick:g}</text>"
            )
        out.append(
            f"<rect x='{x0}' y='{y0}' width='{self.width}' height='{self.height}' "
            "fill='none' stroke='#333333'/>"
        )
        out.append(
            f"<text x='{x0 + self.width / 2}' y='{y0 + self.height + 38}' "
            f"text-anchor='middle' font-size='12' {FONT}>{escape(self.x_label)}</text>"
        )
        yc = y0 + self.height / 2
        out.append(
            f"<text x='{self.left + 20}' y='{yc}' text-anchor='middle' font-size='12' "
            f"transform='rotate(-90 {self.left + 20} {yc})' {FONT}>{escape(self.y_label)}</text>"
        )
        self.parts[:0] = out

    def line(self, points, colour, dashed=False):
        if len(points) < 2:
            return
        path = " ".join(f"{self.x(x):.1f},{self.y(y):.1f}" for x, y in points)
        dash = " stroke-dasharray='5,4'" if dashed else ""
        self.parts.append(
            f"<polyline points='{path}' fill='none' stroke='{colour}' stroke-width='2'{dash}/>"
        )

    def dot(self, x, y, colour, filled=True, radius=3):
        fill = colour if filled else "white"
        self.parts.append(
            f"<circle cx='{self.x(x):.1f}' cy='{self.y(y):.1f}' r='{radius}' fill='{fill}' "
            f"stroke='{colour}' stroke-width='1.5'/>"
        )

    def legend(self, entries):
        """Entries are (colour, label, kind) with kind 'line', 'dot' or 'open', listed below
        the x axis's label."""
        x0 = self.left + MARGIN_L
        y0 = self.top + MARGIN_T + self.height + 62
        for i, (colour, label, kind) in enumerate(entries):
            y = y0 + 16 * i
            if kind == "line":
                self.parts.append(
                    f"<line x1='{x0}' x2='{x0 + 20}' y1='{y - 4}' y2='{y - 4}' "
                    f"stroke='{colour}' stroke-width='2'/>"
                )
            else:
                fill = colour if kind == "dot" else "white"
                self.parts.append(
                    f"<circle cx='{x0 + 10}' cy='{y - 4}' r='3.5' fill='{fill}' "
                    f"stroke='{colour}' stroke-width='1.5'/>"
                )
            self.parts.append(
                f"<text x='{x0 + 26}' y='{y}' font-size='11' {FONT}>{escape(label)}</text>"
            )

    def svg(self):
        self.axes(self.x_ticks)
        return "\n".join(self.parts)


def write_svg(path, panels, title, note):
    width = PANEL_W * len(panels)
    height = PANEL_H + 50
    body = "\n".join(panel.svg() for panel in panels)
    text = (
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
        f"viewBox='0 0 {width} {height}'>\n"
        f"<rect width='100%' height='100%' fill='white'/>\n"
        f"<text x='{width / 2}' y='20' text-anchor='middle' font-size='16' {FONT}>"
        f"{escape(title)}</text>\n"
        f"<g transform='translate(0,22)'>\n{body}\n</g>\n"
        f"<text x='{width / 2}' y='{height - 8}' text-anchor='middle' font-size='11' "
        f"fill='#555555' {FONT}>{escape(note)}</text>\n"
        "</svg>\n"
    )
    Path(path).write_text(text)
    print(f"wrote {path}")


def span(values, pad=1.5):
    return min(values) / pad, max(values) * pad


def decades(values):
    """From the power of ten below the smallest value to the one above the largest."""
    return 10 ** math.floor(math.log10(min(values))), 10 ** math.ceil(math.log10(max(values)))


def generation_plot(rows, out):
    genres = list(dict.fromkeys(row["genre"] for row in rows))
    times = [float(r["median_ms"]) for r in rows if r["median_ms"] != "nan"]
    y_range = decades([max(t, 1e-3) for t in times])
    panels = []
    for index, genre in enumerate(genres):
        mine = [r for r in rows if r["genre"] == genre]
        sides = sorted({int(r["side"]) for r in mine})
        panel = Panel(
            PANEL_W * index, genre, (sides[0] - 1, sides[-1] + 1), sides, y_range, False,
            "grid side (rows = columns)", "median generation time (CPU)",
        )
        levels = list(dict.fromkeys(r["level"] for r in mine))
        for level in levels:
            points = [
                (int(r["side"]), max(float(r["median_ms"]), 1e-3))
                for r in mine
                if r["level"] == level and r["median_ms"] != "nan"
            ]
            colour = LEVEL_COLOURS.get(level, "#000000")
            panel.line(points, colour, dashed=level == "any")
            for x, y in points:
                panel.dot(x, y, colour)
        panel.legend([(LEVEL_COLOURS.get(l, "#000000"), l, "line") for l in levels])
        panels.append(panel)
    seeds = rows[0]["seeds"]
    write_svg(
        out / "scaling-generation.svg",
        panels,
        "Generation time against grid size",
        f"Median of seeds 0-{int(seeds) - 1} per point (CPU time of the thread); "
        "cargo run --release --example scaling",
    )


def solver_summary(rows):
    """Per family and side: median cell count, grids finished, grids, the median time in ms
    (infinite when most grids ran out of steps: a solve that did counts as infinitely slow)
    and the median steps."""
    summary = {}
    for family in dict.fromkeys(r["family"] for r in rows):
        grids = [r for r in rows if r["family"] == family]
        for side in sorted({int(r["side"]) for r in grids}):
            at_side = [r for r in grids if int(r["side"]) == side]
            times = sorted(
                float(r["median_us"]) / 1000 if r["complete"] == "true" else math.inf
                for r in at_side
            )
            steps = sorted(int(r["steps"]) for r in at_side)
            summary[(family, side)] = (
                statistics.median(int(r["cells"]) for r in at_side),
                sum(r["complete"] == "true" for r in at_side),
                len(at_side),
                times[len(times) // 2],
                steps[len(steps) // 2],
            )
    return summary


def solver_plot(rows, out):
    summary = solver_summary(rows)
    genres = list(dict.fromkeys(r["family"].split("-")[0] for r in rows))
    times = [float(r["median_us"]) / 1000 for r in rows]
    low, high = decades(times)
    # Solves that ran out of steps are drawn in a band above the decade of the slowest one.
    ceiling = high * 2
    y_range = (low, high * 4)
    panels = []
    for index, genre in enumerate(genres):
        mine = [r for r in rows if r["family"].split("-")[0] == genre]
        cells = [int(r["cells"]) for r in mine]
        x_range = span(cells, 1.3)
        panel = Panel(
            PANEL_W * index, genre, x_range, log_ticks(*x_range), y_range, True,
            "white cells" if genre == "kakuro" else "cells", "time to count 2 solutions (CPU)",
        )
        entries = []
        for family in dict.fromkeys(r["family"] for r in mine):
            colour, label = FAMILY_STYLE.get(family, ("#000000", family))
            medians = [
                (cells, time)
                for (name, _), (cells, _, _, time, _) in summary.items()
                if name == family and time != math.inf
            ]
            panel.line(medians, colour)
            for r in mine:
                if r["family"] != family:
                    continue
                if r["complete"] == "true":
                    panel.dot(int(r["cells"]), float(r["median_us"]) / 1000, colour, radius=2.5)
                else:
                    panel.dot(int(r["cells"]), ceiling, colour, filled=False, radius=3.5)
            entries.append((colour, label, "line"))
        budgets = [int(r["steps"]) for r in mine if r["complete"] != "true"]
        if budgets:
            entries.append(
                ("#555555", f"ran out of steps ({max(budgets):,}): drawn at the top", "open")
            )
        panel.legend(entries)
        panels.append(panel)
    write_svg(
        out / "scaling-solver.svg",
        panels,
        "Exact solver: time to count 2 solutions against grid size",
        "Points: one grid each (median CPU time of repeated solves); lines: median per side; "
        "cargo run --release --example scaling",
    )


def ms_label(ms):
    return "—" if ms == math.inf or math.isnan(ms) else time_label(float(f"{ms:.2g}"))


def ratio_label(this, other):
    if math.inf in (this, other) or math.isnan(this) or math.isnan(other) or this == 0:
        return "—"
    return f"{other / this:.2f}"


def load_note(rows, cpu, wall):
    """How much longer the wall-clock times were than the CPU times: about 1 on an idle
    machine, more when other processes shared the cores."""
    ratios = [
        float(r[wall]) / float(r[cpu])
        for r in rows
        if r.get(wall) not in (None, "nan") and float(r[cpu]) > 0
    ]
    if ratios:
        print(f"Wall-clock / CPU time, median over the rows: {statistics.median(ratios):.2f}\n")


def generation_table(rows, other=None):
    """Median generation time per genre and side, a column per level; with `other` (the
    rows of a second run), the second run's median divided by this one's instead."""
    levels = list(dict.fromkeys(r["level"] for r in rows))
    by_key = {(r["genre"], r["side"], r["level"]): r for r in rows}
    other_by_key = {(r["genre"], r["side"], r["level"]): r for r in other or []}
    print("| Genre | Side | " + " | ".join(levels) + " |")
    print("|---|---|" + "---|" * len(levels))
    for genre, side in dict.fromkeys((r["genre"], r["side"]) for r in rows):
        cells = []
        for level in levels:
            row = by_key[(genre, side, level)]
            median = float(row["median_ms"])
            if other is None:
                found = f" ({row['found']}/{row['seeds']})" if row["found"] != row["seeds"] else ""
                cells.append(ms_label(median) + found)
            else:
                second = other_by_key.get((genre, side, level))
                cells.append(ratio_label(median, float(second["median_ms"])) if second else "—")
        print(f"| {genre} | {side} | " + " | ".join(cells) + " |")
    print()
    if other is None:
        load_note(rows, "median_ms", "wall_median_ms")


def solver_table(rows, other=None):
    """Per family and side: median cells, grids finished, median time and steps; with
    `other`, the second run's median time divided by this one's."""
    summary = solver_summary(rows)
    other_summary = solver_summary(other) if other else {}
    extra = " | Second run / this" if other else ""
    print(f"| Family | Side | Cells (median) | Finished | Median time | Median steps{extra} |")
    print("|---|---|---|---|---|---|" + ("---|" if other else ""))
    for (family, side), (cells, finished, grids, time, steps) in summary.items():
        ratio = ""
        if other:
            second = other_summary.get((family, side))
            ratio = " | " + (ratio_label(time, second[3]) if second else "—")
        print(
            f"| {family} | {side} | {cells:g} | {finished}/{grids} | {ms_label(time)} | "
            f"{steps:,}{ratio} |"
        )
    print()
    if other is None:
        load_note([r for r in rows if r["complete"] == "true"], "median_us", "wall_median_us")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("csv_dir", nargs="?", default="docs/scaling", type=Path)
    parser.add_argument("--out", default="docs", type=Path, help="where the SVG files go")
    parser.add_argument(
        "--compare", type=Path, help="CSV folder of a second run: print its ratios to this one"
    )
    args = parser.parse_args()
    for name, plot, table in (
        ("generation.csv", generation_plot, generation_table),
        ("solver.csv", solver_plot, solver_table),
    ):
        path = args.csv_dir / name
        if not path.exists():
            continue
        rows = read_csv(path)
        plot(rows, args.out)
        table(rows)
        if args.compare and (args.compare / name).exists():
            table(rows, read_csv(args.compare / name))


if __name__ == "__main__":
    main()
