//! What the doors send of a cryptic Kakuro beyond its text and ID: the JSON puzzle object and
//! the letter mapping a solution adds to the reports.

use std::collections::BTreeMap;

use serde::Serialize;

use super::answer::Solution;
use super::format::token;
use super::model::Puzzle;
use crate::genres::sum_grid::syntax::grid_rows;

/// A cryptic Kakuro as a JSON object: Kakuro's grid of rows with the sums written in the
/// letters A-J (`CC/`, `/FE`, `D/FE`), and a white cell showing a letter written as that
/// letter. Its text may also be one Project Euler 424 line.
#[cfg_attr(
    feature = "server",
    derive(utoipa::ToSchema),
    schema(as = KakuroCrypticPuzzle)
)]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PuzzleObject {
    /// One string per row.
    #[cfg_attr(feature = "server", schema(example = json!(["# # CC/ I/ # #", "# /H B . CA/ JE/"])))]
    pub grid: Vec<String>,
}

impl PuzzleObject {
    /// The object of `puzzle`.
    pub fn of(puzzle: &Puzzle) -> PuzzleObject {
        PuzzleObject {
            grid: grid_rows(puzzle.grid(), token),
        }
    }
}

/// What a cryptic Kakuro solution adds to a report: the letter mapping.
#[cfg_attr(
    feature = "server",
    derive(utoipa::ToSchema),
    schema(as = KakuroCrypticSolution)
)]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SolutionExtra {
    /// Cryptic Kakuro: the digit of each letter A-J.
    #[cfg_attr(feature = "server", schema(example = json!({"A": 8, "B": 4, "C": 2, "D": 6, "E": 0, "F": 3, "G": 9, "H": 5, "I": 7, "J": 1})))]
    pub letters: BTreeMap<char, u8>,
    /// Cryptic Kakuro: the digits of A to J as a string of ten digits (Project Euler's
    /// encrypted value).
    #[cfg_attr(feature = "server", schema(example = "8426039571"))]
    pub encrypted: String,
}

impl SolutionExtra {
    /// The fields of `solution`.
    pub fn of(solution: &Solution) -> SolutionExtra {
        SolutionExtra {
            letters: solution.letters(),
            encrypted: solution.encrypted(),
        }
    }
}
