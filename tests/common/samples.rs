//! Every genre's sample puzzle and answers (`Genre::SAMPLE_ID`, `Genre::empty_answer`,
//! `Genre::wrong_answer`), for the tests that go over the registry.

use sumpuzzles::genres::{dispatch, GenreId, GenreVisitor, Registered};
use sumpuzzles::Budget;

/// A genre's sample puzzle, by its ID, and three answers to it.
pub struct Sample {
    /// The sample's ID.
    pub id: &'static str,
    /// Its one solution's rows.
    pub solution: Vec<String>,
    /// The answer a fresh puzzle starts from.
    pub empty: Vec<String>,
    /// The solution with one mark changed: a complete answer that breaks a rule.
    pub wrong: Vec<String>,
}

/// The sample of `genre` (its solution checked unique).
pub fn sample(genre: GenreId) -> Sample {
    struct Of;
    impl GenreVisitor for Of {
        type Output = Sample;
        fn visit<G: Registered>(self) -> Sample {
            let puzzle = G::parse_id(G::SAMPLE_ID).expect("a valid sample ID");
            let outcome = G::solve(&puzzle, 2, &mut Budget::new(100_000_000));
            assert!(outcome.unique(), "{}: the sample is not unique", G::NAME);
            let solution = &outcome.solutions[0];
            Sample {
                id: G::SAMPLE_ID,
                solution: G::solution_rows(solution),
                empty: G::empty_answer(&puzzle),
                wrong: G::wrong_answer(solution),
            }
        }
    }
    dispatch(genre, Of)
}

/// The answer a fresh puzzle of `genre`, given by its ID, starts from.
pub fn empty_answer(genre: GenreId, id: &str) -> Vec<String> {
    struct Empty<'a>(&'a str);
    impl GenreVisitor for Empty<'_> {
        type Output = Vec<String>;
        fn visit<G: Registered>(self) -> Vec<String> {
            G::empty_answer(&G::parse_id(self.0).expect("a valid ID"))
        }
    }
    dispatch(genre, Empty(id))
}
