"""The worst-case requests the edge scenarios send (the public edge, issue 18)."""


# A worst-case request: a random 24x24 Kakuro fill (26% blocks, runs up to 5 cells) with one
# across and one down sum raised, so it has no solution, which the exact solver does not see
# within millions of steps (tests/edge/main.rs builds the same grid: `heavy_grid`). The dense 9x9
# grid of issue 18 (down sums 323, across 324) no longer serves: the reasoning across runs
# refutes it in 74 steps.
HEAVY = [
    "# 32/ 18/ 14/ 14/ # # 26/ 3/ # 25/ 6/ # 29/ 7/ # 9/ 21/ # 10/ 19/ 29/ 3/ 6/",
    "/27 . . . . 15/ /7 . . /13 . . 27/12 . . /11 . . /19 . . . . .",
    "/17 . . . . . 19/3 . . 3/28 . . . . . /3 . . 10/21 . . . . .",
    "/5 . . /26 . . . . /4 . . /9 . . 28/ 23/ /30 . . . . . 24/ 7/",
    "/17 . . 17/ 16/24 . . . 3/7 . . 4/30 . . . . 15/5 . . /20 . . . .",
    "/24 . . . . 11/7 . . . 31/ 27/9 . . 14/32 . . . . . 5/ 15/ 10/5 . .",
    "# # /23 . . . 10/ 9/18 . . . . 28/22 . . . . /27 . . . . . 9/",
    "# 25/ 15/ 16/15 . . . . /17 . . 17/17 . . . . 9/ 13/ 10/21 . . . . .",
    "/6 . . . 17/ 14/10 . . /28 . . . . 17/15 . . . . . 20/ # /7 . .",
    "/32 . . . . . # # 20/31 . . . . . # /28 . . . . 8/ # 5/ 15/",
    "/33 . . . . . 15/ 16/10 . . 18/ 15/9 . . 13/ # 27/ 7/6 . . . 3/10 . .",
    "/10 . . 7/ 14/30 . . . . /28 . . . . . /11 . . 10/22 . . . . .",
    "# 5/ 14/5 . . 12/11 . . . /8 . . 24/9 . . /13 . . . 16/6 . . 12/ 27/",
    "/17 . . . . . 14/7 . . /21 . . . . . 30/20 . . . . 3/ 10/4 . .",
    "/12 . . /24 . . . 14/ 14/ # /7 . . 15/ 23/15 . . # /18 . . . . .",
    "# 9/ 16/ # /24 . . . . 25/ 31/25 . . . . . # 17/ 8/26 . . . . .",
    "/4 . . 3/ 5/ 9/24 . . . . . 12/19 . . . . /9 . . 17/ 14/13 . . .",
    "/16 . . . . . 14/ # 12/30 . . . . 10/13 . . 6/28 . . . . 17/ # #",
    "# 3/20 . . . . . 16/27 . . . . 27/26 . . . . 16/ 6/19 . . . 33/ 15/",
    "/6 . . 20/ 13/ /15 . . . . . 13/11 . . 25/ 8/6 . . . 8/24 . . . .",
    "/13 . . . . 21/5 . . /10 . . . . /9 . . /9 . . . 8/ /11 . .",
    "# 10/ 11/20 . . . . . 7/ # 10/13 . . 11/16 . . 14/14 . . . . 9/10 . .",
    "/34 . . . . . /7 . . /21 . . . . . /9 . . /24 . . . . .",
    "/25 . . . . . /5 . . /10 . . /11 . . /10 . . # /10 . . . .",
]
HEAVY_SOLVE = {"genre": "kakuro", "puzzle": {"grid": HEAVY}}
# The heavy grid with every white cell empty, as a player's answer.
HEAVY_BLANK = ["".join("." if cell == "." else "#" for cell in row.split(" ")) for row in HEAVY]
# A hostile Killer Sudoku: a 16x16 random fill cut into random cages of up to 16 cells, two
# sums moved by one (`solver_compare inputs --set hostile-killers`: "16x16 cages of up to 16
# seed 0", shifted), the costliest of that set at the default budget when it was chosen, and
# within 4% of the costliest since the solver's one search (docs/benchmarks-killer.md).
HEAVY_KILLER_ID = (
    "killer-sudoku:16x16:0001123455555555000133355665777700013333667777781111333366997888A111"
    "3B3366CCCD88EEE13FFCCCCG8888EEEHFFFFFCCGG8IIJEEHKFLMFFCNGIIIOOOHKHMMFFCPPPPIOOQHHHMMMMCR"
    "PPPIOOQQHSMTMMMRRPPPOOQQHSMTTMUURRRROOQQQVTTTUUWXXRYOOQQQVTTUUUUXXRROOVVVVVVUUUUXXRRZZVV"
    "VVVVUUaUXXXX/76.113.9.136.4.86.75.83.100.18.12.11.115.5.68.104.24.85.46.5.25.7.99.9.132."
    "81.93.87.18.65.124.120.16.93.11.8.13"
)
