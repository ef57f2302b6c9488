//! Files of Project Euler 424 lines: each line solved and proven unique, and the sum of the
//! encrypted values. The `pe424` example uses it.

use crate::core::{Budget, InputError, SolveOutcome};

use super::answer::Solution;
use super::format::parse_line;
use super::solve_structure;

/// What one line of a file gave.
#[derive(Clone, Debug)]
pub struct LineResult {
    /// The line's number in the file, from 1.
    pub line: usize,
    /// Up to two solutions (enough to prove uniqueness), or why the line could not be read.
    pub outcome: Result<SolveOutcome<Solution>, InputError>,
}

impl LineResult {
    /// The encrypted value, when the line has exactly one solution.
    pub fn encrypted(&self) -> Option<&Solution> {
        match &self.outcome {
            Ok(outcome) if outcome.unique() => outcome.solutions.first(),
            _ => None,
        }
    }
}

impl std::fmt::Display for LineResult {
    /// `line 1: 8426039571`, or what kept the line from a unique solution.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.outcome {
            Err(error) => write!(f, "error: {error}"),
            Ok(outcome) => match outcome.solutions.first() {
                Some(first) if outcome.unique() => write!(f, "{}", first.encrypted()),
                Some(first) if outcome.complete => write!(
                    f,
                    "{} (not unique: another solution gives {})",
                    first.encrypted(),
                    outcome
                        .solutions
                        .get(1)
                        .map_or("?".into(), Solution::encrypted)
                ),
                Some(first) => write!(
                    f,
                    "{} (not proven unique: the step budget ran out)",
                    first.encrypted()
                ),
                None if outcome.complete => f.write_str("no solution"),
                None => f.write_str("no solution found: the step budget ran out"),
            },
        }
    }
}

/// Solves every non-empty line of `text` (CRLF or LF), each under its own budget of
/// `steps_per_line`.
pub fn solve_lines(text: &str, steps_per_line: u64) -> Vec<LineResult> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| LineResult {
            line: index + 1,
            // The structure the reader checked is the one solved: built once per line.
            outcome: parse_line(line).map(|puzzle| {
                solve_structure(puzzle.structure(), 2, &mut Budget::new(steps_per_line))
            }),
        })
        .collect()
}

/// The sum of the encrypted values of the lines with exactly one solution.
pub fn encrypted_sum(results: &[LineResult]) -> u64 {
    results
        .iter()
        .filter_map(LineResult::encrypted)
        .map(Solution::encrypted_value)
        .sum()
}
