//! Killer Sudoku: fill an N x N grid so that every row, column and box holds 1..N once, and
//! the digits of each cage (a group of cells) differ and add up to its sum.

pub mod answer;
pub mod check;
pub mod combos;
pub mod format;
pub mod generate;
pub mod genre;
pub mod hint;
pub mod model;
pub mod rate;
pub mod render;
pub mod solve;
pub mod wire;

pub use answer::Answer;
pub use check::{Rule, Violation};
pub use genre::KillerSudoku;
pub use model::{Cage, Puzzle};
pub use solve::{solve_counted, solve_puzzle, Solution};
pub use wire::PuzzleObject;
