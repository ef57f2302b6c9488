//! What a hint tells a stuck player: the next thing the rater would deduce from their position,
//! or the first mark that is already wrong.
//!
//! A hint is the rater's next *placement*: the player's marks are taken as given, the
//! genre's rater runs from there in its usual order, and the first deduction that fills a cell
//! the player left open is the hint. The deductions that narrowed that cell before it (a
//! digit ruled out by a sum, a contradiction) come with it, because a placement alone ("only
//! one candidate is left") does not say why; the hint's technique and level are those of the
//! hardest of them. Candidate eliminations are not a hint by themselves: a player's answer
//! has no pencil marks, so only a filled cell is progress they can see.

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

/// The index of the chain's hardest deduction: among equally hard ones, a deduction that rules
/// values out is preferred to a bare placement (it says why), then the latest.
fn hardest(chain: &[Deduction]) -> usize {
    chain
        .iter()
        .enumerate()
        .max_by_key(|(index, deduction)| (deduction.level, !deduction.removed.is_empty(), *index))
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

/// The deductions of `record` that narrowed or filled the cell `target`, in order, ending
/// with the one at `placing`: the chain a hint shows.
pub fn chain_to(record: &[Deduction], placing: usize, target: [usize; 2]) -> Vec<Deduction> {
    let touches =
        |deduction: &Deduction| deduction.removed.iter().any(|r| [r.row, r.col] == target);
    record[..placing]
        .iter()
        .filter(|d| touches(d))
        .chain(record.get(placing))
        .cloned()
        .collect()
}
