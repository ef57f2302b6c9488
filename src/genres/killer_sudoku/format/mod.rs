//! The Killer Sudoku formats: the JSON puzzle object, the text form, the ID and SudoCue's
//! long killer form.
//!
//! JSON: `{"cages": [{"sum": 11, "cells": [[0, 0], [1, 0]]}, ...], "givens": ["..3.", ...],
//! "box": [2, 3]}`, rows and columns from 0; `givens` (row strings, `.` for empty) and `box`
//! (rows, cols; by default 2x2, 2x3, 3x3, 3x4 or 4x4 for sides 4, 6, 9, 12 and 16) optional.
//! The side is one more than the largest row or column named.
//!
//! Text: an optional `genre: killer-sudoku` line, an optional `box: 2x3` line, the grid as
//! rows of cage labels separated by spaces (a label is any word without `=` or `:`; the
//! writer uses `A`-`Z` and `a`-`z`, and two letters each when there are more than 52 cages),
//! the sums as `label=sum` words on lines of their own, and an optional `givens:` line of row
//! strings. For example:
//! ```text
//! genre: killer-sudoku
//! A A B B
//! C D D B
//! C E F F
//! C E G G
//! A=3 B=9 C=9 D=5 E=4 F=7 G=3
//! ```
//!
//! ID: `killer-sudoku:<N>x<N>:<cages>/<sums>[/<givens>][/<rows>x<cols>]`: each cell's cage in
//! reading order, cages numbered in the order their first cells come, as one character each
//! (`0`-`9`, `A`-`Z`, `a`-`z`) or, with more than 62 cages, two; the sums in that order,
//! separated by dots; the givens as N x N characters (`.` for empty); the box when it is not
//! the usual one.
//!
//! SudoCue's long killer form (read and written for 9x9 without givens): `3x3::k:` then one
//! number per cell in reading order, each followed by `:`, the cage's sum times 256 plus the
//! cage's number. `3x3:d:k:` is Killer-X (diagonals too), another genre, and refused.
//!
//! Digits beyond 9 (12x12, 16x16) are `A`-`G` for 10-16 in givens and answers.
//!
//! Each form has its file (`text`, `id`, `sudocue`, `json`); the pieces several of them read
//! or write (the cages of a grid of labels, a box shape, rows of givens) are in `parts`.

mod id;
mod json;
mod parts;
mod sudocue;
mod text;

pub use id::{parse_id, to_id};
pub use json::{parse_json, to_json};
pub use sudocue::{parse_sudocue, to_sudocue};
pub use text::{parse_text, to_text};

#[cfg(test)]
mod tests;
