//! The cryptic Kakuro solver on the Project Euler 424 example and data, hand-made puzzles
//! with several mappings, and against a brute force on small grids.

mod common;

use common::testdata;
use sumpuzzles::core::Budget;
use sumpuzzles::genres::kakuro_cryptic::{self, batch, format};

/// The example of the issue (line 1 of the Project Euler file).
const EXAMPLE: &str = "6,X,X,(vCC),(vI),X,X,X,(hH),B,O,(vCA),(vJE),X,(hFE,vD),O,O,O,O,(hA),O,I,(hJC,vB),O,O,(hJC),H,O,O,O,X,X,X,(hJE),O,O,X";
const EXAMPLE_ENCRYPTED: &str = "8426039571";

#[test]
fn the_example_gives_its_encrypted_value() {
    let puzzle = format::parse_line(EXAMPLE).unwrap();
    let outcome = kakuro_cryptic::solve_puzzle(&puzzle, 2, &mut Budget::unlimited()).unwrap();
    assert!(outcome.unique(), "{outcome:?}");
    assert_eq!(outcome.solutions[0].encrypted(), EXAMPLE_ENCRYPTED);
}

#[test]
fn all_200_lines_are_unique_and_add_up() {
    let Some(dir) = testdata() else { return };
    let text = std::fs::read_to_string(dir.join("pe424/p424_kakuro200.txt")).unwrap();
    let results = batch::solve_lines(&text, 10_000_000);
    assert_eq!(results.len(), 200);
    for result in &results {
        let outcome = result.outcome.as_ref().unwrap();
        assert!(outcome.unique(), "line {}: {outcome:?}", result.line);
    }
    assert_eq!(batch::encrypted_sum(&results), 1_059_760_019_628);
}
