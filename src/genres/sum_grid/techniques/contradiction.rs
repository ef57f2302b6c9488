//! `contradiction` (Expert): the same as `short_contradiction` for cells with at most 4
//! candidates, within 20 steps, using techniques up to Hard. See [`super::probe`].

use super::probe::{Prober, Refutation, LONG};
use crate::core::{Budget, DigitSet, Stop};

/// The next deduction: the first cell in reading order with a refuted digit, and all its
/// refuted digits.
pub fn find(
    prober: &Prober,
    cands: &mut [DigitSet],
    budget: &mut Budget,
) -> Result<Option<Refutation>, Stop> {
    prober.first_refutation(cands, LONG, budget)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Level;
    use crate::genres::sum_grid::layout::Rules;
    use crate::genres::sum_grid::rate::grade;
    use crate::genres::sum_grid::solve::Solver;
    use crate::genres::sum_grid::techniques::short_contradiction;
    use crate::genres::sum_grid::testing;

    /// An expert puzzle from the Kakuro corpus (8x8, seed 1:
    /// `kakuro:8x8:KbAbCbAbCeAcAcAeCbAbCbAbB/16.24.27.29.11.17.8.29.10.26.27.32.15.13.20.33.16.3.12.14`).
    const EXPERT: &str = "\
        # # # 16/ 24/ # 27/ 29/
        # # /11 . . /17 . .
        # # /8 . . 29/10 . .
        # 26/ 27/32 . . . . .
        /15 . . . 13/20 . . .
        /33 . . . . . # #
        /16 . . /3 . . # #
        /12 . . /14 . . # #";

    #[test]
    fn refutes_where_short_chains_cannot() {
        let layout = testing::layout(EXPERT, Rules::Strict);
        let solver = Solver::new(&layout);
        // Where every technique up to Hard is stuck.
        let stuck = grade(&solver, Level::Hard, &mut Budget::unlimited()).unwrap();
        assert_eq!(stuck.level, None);
        let mut cands = stuck.cands.clone();
        let prober = Prober::new(&solver);
        assert_eq!(
            short_contradiction::find(&prober, &mut cands, &mut Budget::unlimited()).unwrap(),
            None
        );
        let refutation = find(&prober, &mut cands, &mut Budget::unlimited())
            .unwrap()
            .expect("an expert step");
        assert!(cands[refutation.cell].len() <= 4);
        assert!(refutation.steps > 0 && refutation.steps <= 20);
        assert!(
            !refutation.digits.is_empty() && refutation.digits.is_subset(cands[refutation.cell])
        );
        // Hypotheses leave the candidates as they were.
        assert_eq!(cands, stuck.cands);
        // The refuted digits are really wrong: the solution keeps none of them.
        let solution = solver.solve(solver.full_candidates(), 2, &mut Budget::unlimited());
        let digit = solution.solutions[0][refutation.cell];
        assert!(!refutation.digits.contains(digit));
    }
}
