//! A violation as the reports carry it: the genre's typed rule instance (its [`Genre::Rule`],
//! tagged by `rule`) and, beside it, what any client needs to show it without knowing the
//! genre: a genre-neutral kind, the words, the cells and the clues.
//!
//! The genre makes both where it knows them: its checker finds the rule instance and the cells
//! it is about, and the rule says in words what it is ([`Explain`]).
//!
//! [`Genre::Rule`]: super::Genre::Rule

use serde::Serialize;

/// What sort of rule a violation breaks, in words every genre shares, so that a client can
/// treat a sort alike whatever the genre (a player mid-game leaves `empty` out).
///
/// `empty`: a cell left empty. `repeat`: a value written twice where the values must differ
/// (a run's or a cage's digits). `sum`: a total that cannot come to its clue (too much
/// already, or no different values make up the rest). `mapping`: a symbol and a value that
/// are not one to one (cryptic Kakuro: one letter read as two digits, or two letters read as
/// one digit).
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ViolationKind {
    /// A cell left empty.
    Empty,
    /// A value written twice where the values must differ.
    Repeat,
    /// A total that cannot come to its clue.
    Sum,
    /// A symbol and a value that are not one to one.
    Mapping,
}

/// What a client needs to show a violation without knowing its genre.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Description {
    /// What sort of rule is broken, in words every genre shares (`empty`, `repeat`, `sum`,
    /// `mapping`; see `ViolationKind`).
    pub kind: ViolationKind,
    /// The violation in plain words, for a player; cells are named by row and column counted
    /// from 1.
    pub message: String,
    /// The cells the broken rule is about, to highlight, as `[row, col]` from 0: a run's or a
    /// line's cells, or the one cell.
    pub cells: Vec<[usize; 2]>,
    /// The clues the broken rule is about, as `[row, col]` from 0 of where each is drawn (as
    /// a hint's `clues`): in a sum grid the block holding the run's sum; in a shading grid a
    /// row's clue at `[row, cols]` (right of the row) and a column's at `[rows, col]` (below
    /// the column), just outside the grid. Empty when no clue is involved (an empty cell).
    pub clues: Vec<[usize; 2]>,
}

/// A genre's typed rule instance that says what it is: its kind and its words. The cells it
/// is about are the checker's to give ([`Violation::new`]).
pub trait Explain {
    /// The genre-neutral sort of the broken rule.
    fn kind(&self) -> ViolationKind;
    /// The violation in plain words, for a player (cells counted from 1).
    fn message(&self) -> String;
}

/// A broken rule instance as a report carries it: the genre's typed `rule` (its fields at the
/// top level of the JSON object, tagged by `rule`) and its [`Description`] beside them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Violation<R> {
    /// The genre's rule instance, with its typed fields.
    #[serde(flatten)]
    pub rule: R,
    /// What a client shows it by.
    #[serde(flatten)]
    pub description: Description,
}

impl<R: Explain> Violation<R> {
    /// The violation of `rule`, about `cells` and `clues` (as [`Description`] places them).
    pub fn new(rule: R, cells: Vec<[usize; 2]>, clues: Vec<[usize; 2]>) -> Violation<R> {
        let description = Description {
            kind: rule.kind(),
            message: rule.message(),
            cells,
            clues,
        };
        Violation { rule, description }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq, Serialize)]
    #[serde(tag = "rule")]
    enum Rule {
        R9 { row: usize },
    }

    impl Explain for Rule {
        fn kind(&self) -> ViolationKind {
            ViolationKind::Empty
        }
        fn message(&self) -> String {
            let Rule::R9 { row } = self;
            format!("Row {} is empty.", row + 1)
        }
    }

    #[test]
    fn the_rule_and_its_description_share_one_object() {
        let violation = Violation::new(Rule::R9 { row: 2 }, vec![[2, 0]], vec![[2, 1]]);
        assert_eq!(
            serde_json::to_value(&violation).unwrap(),
            serde_json::json!({
                "rule": "R9", "row": 2, "kind": "empty", "message": "Row 3 is empty.",
                "cells": [[2, 0]], "clues": [[2, 1]],
            })
        );
    }
}
