//! A puzzle under construction, and the one random layout and fill that starts it: the
//! generator's candidates, [`super::filled_grid`] and [`super::random_grid`] all come from
//! [`lay_out_and_fill`].

use crate::core::{Budget, SeededRng, Shape, Stop};
use crate::genres::kakuro::model::{Layout, Puzzle, Rules};
use crate::genres::kakuro::{solution_grid, Solution};
use crate::genres::sum_grid::layout::blank_grid;

use super::fill::{self, FillStyle};
use super::layout::{self, LayoutRules};

/// A puzzle under construction: a layout whose run sums follow the digits.
pub(super) struct Candidate {
    pub(super) layout: Layout,
    pub(super) digits: Vec<u8>,
}

impl Candidate {
    pub(super) fn update_sums(&mut self) {
        for run in &mut self.layout.runs {
            run.sum = run
                .cells
                .iter()
                .map(|&c| u16::from(self.digits[c as usize]))
                .sum();
        }
    }

    /// The puzzle with the candidate's sums, keeping its layout.
    pub(super) fn puzzle(&self) -> Puzzle {
        Puzzle::from_layout(self.layout.clone())
    }

    /// The puzzle with the sums its digits give, and those digits as its solution.
    pub(super) fn into_grid(mut self) -> (Puzzle, Solution) {
        self.update_sums();
        let solution = solution_grid(&self.layout, &self.digits);
        (Puzzle::from_layout(self.layout), solution)
    }
}

/// One random layout of `shape` under `rules`, filled in `style`: None when the layout or
/// the fill failed. A failed layout costs one step of `budget`, a fill `step_limit / 64`
/// (spent before it starts), so that running out of the caller's budget stops the search.
pub(super) fn lay_out_and_fill(
    shape: Shape,
    rules: LayoutRules,
    style: FillStyle,
    rng: &mut SeededRng,
    budget: &mut Budget,
) -> Result<Option<Candidate>, Stop> {
    let Some(white) = layout::make_layout(shape, rules, rng) else {
        budget.step()?;
        return Ok(None);
    };
    let layout = match Layout::build(&blank_grid(&white), Rules::Relaxed) {
        Ok(layout) if !layout.runs.is_empty() => layout,
        _ => return Ok(None),
    };
    budget.spend(u64::from(style.step_limit) / 64)?;
    match fill::fill(&layout, style, rng) {
        Ok(digits) => Ok(Some(Candidate { layout, digits })),
        Err(_) => Ok(None),
    }
}
