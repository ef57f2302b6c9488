//! What a hint tells a stuck player: the next thing the rater would deduce from their position,
//! or the first mark that is already wrong.
//!
//! A hint is the rater's next *placement*: the player's marks are taken as given, the
//! genre's rater runs from there in its usual order, and the first deduction that fills a cell
//! the player left open is the hint. The deductions it rests on come with it (those that
//! narrowed that cell, and those that took the placed digit from the other cells the placement
//! reads: a digit ruled out by a sum, a contradiction), because a placement alone ("only one
//! candidate is left", "only one cell of the row can hold a 4") does not say why; the hint's
//! technique and level are those of the hardest of them. Candidate eliminations are not a hint
//! by themselves: a player's answer has no pencil marks, so only a filled cell is progress
//! they can see.

use super::level::Level;
use super::rating::{Deduction, Placement, Removal};

/// What kind of hint it is.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HintKind {
    /// The next deduction: `placed` holds the cell it fills.
    Deduction,
    /// A mark already contradicts the unique solution: `cells` holds the first, in reading
    /// order. The right value is not given away.
    Wrong,
    /// The answer is complete and right: nothing left to hint.
    Solved,
    /// The profile's techniques cannot go on from this position (a puzzle rated beyond
    /// expert gets there); `placed` gives the first open cell's value from the solution
    /// instead. A budget that runs out before the techniques tell is an error, never a
    /// reveal.
    Reveal,
}

/// A hint, with the deductions behind it.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Hint {
    /// What sort of hint it is.
    pub kind: HintKind,
    /// The hardest technique behind the hint (`deduction`), or `None`.
    pub technique: Option<&'static str>,
    /// That technique's level (`None` for bookkeeping and for the other kinds).
    pub level: Option<Level>,
    /// The cells to look at, as `[row, col]` from 0: the wrong cell, or the cells the
    /// deductions read.
    pub cells: Vec<[usize; 2]>,
    /// The clues the deductions read, as `[row, col]` of where each is drawn.
    pub clues: Vec<[usize; 2]>,
    /// The cell the hint fills and its value (`deduction`, `reveal`).
    pub placed: Vec<Placement>,
    /// One sentence in plain words; cells are named by row and column counted from 1. Sums
    /// are named as the board writes them (cryptic Kakuro's in letters, which the sentence
    /// does not decode).
    pub explanation: String,
    /// The same sentence with every sum named by its value, for a genre whose board writes
    /// sums otherwise (cryptic Kakuro's letters) and a deduction hint: it gives the letters'
    /// values away, so a page shows `explanation` unless the player asks for the values.
    /// Absent elsewhere.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation_values: Option<String>,
    /// The deductions behind the hint, in the rater's order, the placing one last.
    pub deductions: Vec<Deduction>,
}

impl Hint {
    /// A hint pointing at a wrong mark.
    pub fn wrong(row: usize, col: usize, explanation: String) -> Hint {
        Hint {
            kind: HintKind::Wrong,
            technique: None,
            level: None,
            cells: vec![[row, col]],
            clues: Vec::new(),
            placed: Vec::new(),
            explanation,
            explanation_values: None,
            deductions: Vec::new(),
        }
    }

    /// The answer is already solved.
    pub fn solved() -> Hint {
        Hint {
            kind: HintKind::Solved,
            technique: None,
            level: None,
            cells: Vec::new(),
            clues: Vec::new(),
            placed: Vec::new(),
            explanation: "The answer is complete and correct: nothing is left to find.".into(),
            explanation_values: None,
            deductions: Vec::new(),
        }
    }

    /// The techniques got stuck: give away one cell of the solution.
    pub fn reveal(placement: Placement, explanation: String) -> Hint {
        Hint {
            kind: HintKind::Reveal,
            technique: None,
            level: None,
            cells: vec![[placement.row, placement.col]],
            clues: Vec::new(),
            placed: vec![placement],
            explanation,
            explanation_values: None,
            deductions: Vec::new(),
        }
    }

    /// The hint for a digit `digit` in the cell at `row`, `col` that the puzzle's only
    /// solution does not have.
    pub fn wrong_digit(row: usize, col: usize, digit: impl std::fmt::Display) -> Hint {
        Hint::wrong(
            row,
            col,
            format!(
                "The {digit} in {} is wrong: it does not fit the puzzle's only solution.",
                cell_name(row, col)
            ),
        )
    }

    /// A deduction hint from a rater's record that stops at its first placement (the last
    /// deduction): that placement and the deductions it rests on (`chain_to`), as
    /// [`Hint::from_chain`] words them.
    pub fn toward_placement(record: &[Deduction], explain: impl Fn(&Deduction) -> String) -> Hint {
        let placing = record.len().saturating_sub(1);
        let target = record
            .get(placing)
            .and_then(|deduction| deduction.placed.first())
            .map(|p| [p.row, p.col])
            .unwrap_or_default();
        Hint::from_chain(chain_to(record, placing, target), explain)
    }

    /// A deduction hint from the chain of deductions that ends in a placement. `explain`
    /// gives the sentence for one deduction; the hint's sentence is the hardest one's,
    /// followed by the placement when that is a different deduction. Among equally hard
    /// ones, a deduction that rules values out is preferred to a bare placement (it says
    /// why), then the latest.
    pub fn from_chain(chain: Vec<Deduction>, explain: impl Fn(&Deduction) -> String) -> Hint {
        let hardest = hardest(&chain);
        let explanation = sentence(&chain, hardest, explain);
        let mut cells = Vec::new();
        let mut clues = Vec::new();
        for deduction in &chain {
            for &cell in &deduction.cells {
                if !cells.contains(&cell) {
                    cells.push(cell);
                }
            }
            if let Some(clue) = deduction.clue {
                if !clues.contains(&clue) {
                    clues.push(clue);
                }
            }
        }
        Hint {
            kind: HintKind::Deduction,
            technique: chain.get(hardest).map(|d| d.technique),
            level: chain.get(hardest).and_then(|d| d.level),
            cells,
            clues,
            placed: chain.last().map(|d| d.placed.clone()).unwrap_or_default(),
            explanation,
            explanation_values: None,
            deductions: chain,
        }
    }

    /// The hint with `explanation_values`: its sentence written again by `explain_values`,
    /// which names each sum by its value where the `explain` it was made with named it as the
    /// board writes it (cryptic Kakuro's letters). Only a deduction hint's sentence names
    /// sums.
    pub fn with_values(mut self, explain_values: impl Fn(&Deduction) -> String) -> Hint {
        if self.kind == HintKind::Deduction {
            let hardest = hardest(&self.deductions);
            self.explanation_values = Some(sentence(&self.deductions, hardest, explain_values));
        }
        self
    }
}

/// The index of the chain's hardest deduction: among equally hard ones, a deduction that only
/// rules values out is preferred to the placement (it says why the placement holds, and the
/// sentence names the placement after it), then one that rules values out to a bare placement,
/// then the latest.
fn hardest(chain: &[Deduction]) -> usize {
    chain
        .iter()
        .enumerate()
        .max_by_key(|(index, deduction)| {
            (
                deduction.level,
                deduction.placed.is_empty(),
                !deduction.removed.is_empty(),
                *index,
            )
        })
        .map(|(index, _)| index)
        .unwrap_or(0)
}

/// The hint's sentence: the hardest deduction's, followed by the placement when that is a
/// different deduction.
fn sentence(chain: &[Deduction], hardest: usize, explain: impl Fn(&Deduction) -> String) -> String {
    let last = chain.len().saturating_sub(1);
    let mut explanation = chain.get(hardest).map(&explain).unwrap_or_default();
    if hardest != last {
        if let Some(placing) = chain.last() {
            let then = explain(placing);
            // The other deductions of the chain narrowed the cell too: say so, since the
            // sentence names only the hardest.
            let others = chain.len() - 2;
            let link = match others {
                0 => "then".to_string(),
                1 => "after one more step".to_string(),
                n => format!("after {n} more steps"),
            };
            explanation = format!(
                "{}; {link}, {}{}",
                explanation.trim_end_matches('.'),
                lower_first(&then),
                if then.ends_with('.') { "" } else { "." }
            );
        }
    }
    explanation
}

/// A cell in plain words, counted from 1: "row 3, column 4".
pub fn cell_name(row: usize, col: usize) -> String {
    format!("row {}, column {}", row + 1, col + 1)
}

/// The text with its first letter in lower case (to go on a sentence).
fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The text with its first letter in upper case (to start a sentence).
pub fn upper_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// "5 and 6 from row 2, column 3, and 9 from row 2, column 4": at most three cells named, each
/// removed value (a digit's character in `Removal::values`) written as `digit_name` says.
pub fn removals(removed: &[Removal], digit_name: impl Fn(char) -> String) -> String {
    const NAMED: usize = 3;
    let mut parts: Vec<String> = removed
        .iter()
        .take(NAMED)
        .map(|r| {
            let digits: Vec<String> = r.values.chars().map(&digit_name).collect();
            format!("{} from {}", join_and(&digits), cell_name(r.row, r.col))
        })
        .collect();
    if removed.len() > NAMED {
        parts.push(format!("{} more cells", removed.len() - NAMED));
    }
    join_and(&parts)
}

/// A digit (1 to 16) with its article, as a sentence names it: "a 6", "an 8", "an 11".
pub fn a_digit(digit: impl std::fmt::Display) -> String {
    let digit = digit.to_string();
    let article = if matches!(digit.as_str(), "8" | "11") {
        "an"
    } else {
        "a"
    };
    format!("{article} {digit}")
}

/// "a, b and c".
pub fn join_and(parts: &[String]) -> String {
    join_with(parts, "and")
}

/// "a, b or c".
pub fn join_or(parts: &[String]) -> String {
    join_with(parts, "or")
}

fn join_with(parts: &[String], last_word: &str) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [head @ .., last] => format!("{} {last_word} {last}", head.join(", ")),
    }
}

/// The deductions of `record` that the placement at `placing` (of the cell `target`) rests on,
/// in order, ending with the placement: the chain a hint shows. Those are the deductions that
/// narrowed the target, and those that took the placed value from another cell the placement
/// reads: a digit with one place left in a house is there because something took it from the
/// house's other cells, and the hint should say what.
pub fn chain_to(record: &[Deduction], placing: usize, target: [usize; 2]) -> Vec<Deduction> {
    let Some(placement) = record.get(placing) else {
        return Vec::new();
    };
    let placed_value = |values: &str| placement.placed.iter().any(|p| values.contains(p.value));
    let rests_on = |deduction: &Deduction| {
        deduction.removed.iter().any(|r| {
            let cell = [r.row, r.col];
            cell == target || (placement.cells.contains(&cell) && placed_value(&r.values))
        })
    };
    record[..placing]
        .iter()
        .filter(|d| rests_on(d))
        .chain(std::iter::once(placement))
        .cloned()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn removing(technique: &'static str, cell: [usize; 2], values: &str) -> Deduction {
        Deduction {
            technique,
            level: Some(Level::Easy),
            cells: vec![cell],
            clue: None,
            placed: Vec::new(),
            removed: vec![Removal {
                row: cell[0],
                col: cell[1],
                values: values.to_string(),
            }],
        }
    }

    /// The chain keeps what narrowed the target and what took the placed value from the other
    /// cells the placement reads, nothing else; its sentence is the latest of those, then the
    /// placement.
    #[test]
    fn a_chain_holds_what_the_placement_rests_on() {
        let target = [1, 3];
        let placement = Deduction {
            technique: "hidden_single",
            level: Some(Level::Easy),
            cells: vec![[1, 0], [1, 1], [1, 2], [1, 3]],
            clue: None,
            placed: vec![Placement {
                row: 1,
                col: 3,
                value: '4',
            }],
            removed: vec![Removal {
                row: 1,
                col: 3,
                values: "12".to_string(),
            }],
        };
        let record = vec![
            removing("other_digit_in_the_house", [1, 0], "3"),
            removing("elsewhere", [2, 0], "4"),
            removing("from_the_target", target, "3"),
            removing("placed_digit_in_the_house", [1, 1], "4"),
            placement,
        ];
        let chain = chain_to(&record, 4, target);
        let techniques: Vec<&str> = chain.iter().map(|d| d.technique).collect();
        assert_eq!(
            techniques,
            [
                "from_the_target",
                "placed_digit_in_the_house",
                "hidden_single"
            ]
        );
        let hint = Hint::from_chain(chain, |d| format!("{}.", d.technique));
        assert_eq!(hint.technique, Some("placed_digit_in_the_house"));
        assert_eq!(
            hint.explanation,
            "placed_digit_in_the_house; after one more step, hidden_single."
        );
    }
}
