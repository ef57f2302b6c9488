//! The published Killer Sudoku set, kept in the repository (testdata/killer-sudoku/: MIT, ISS
//! and vtsukur; its README.md and LICENSES.md say what and whose), so its tests run on every
//! clone.

use serde_json::{json, Value};
use sumpuzzles::genres::killer_sudoku::{format, Puzzle};

/// The set's 76 records, as testdata/killer-sudoku/README.md describes them.
pub fn records() -> Vec<Value> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata/killer-sudoku/killer-sudoku.jsonl");
    let records = super::json_lines(&path);
    assert_eq!(records.len(), 76, "{}", path.display());
    records
}

/// A record's puzzle object as the API takes it.
pub fn object(record: &Value) -> Value {
    json!({"cages": record["cages"], "box": record["box"]})
}

/// Every record with its name and puzzle.
pub fn puzzles() -> Vec<(String, Puzzle, Value)> {
    records()
        .into_iter()
        .map(|record| {
            let name = record["name"].as_str().unwrap().to_string();
            let puzzle = format::parse_json(&object(&record))
                .unwrap_or_else(|error| panic!("{name}: {error}"));
            (name, puzzle, record)
        })
        .collect()
}

/// The forum collections of the hardest killers (EXTREME_KILLERS, TAREK_ALL,
/// MATHEMAGIC_KILLERS and `Wecoc #1 [mod B]`): the solver decides most of them within the
/// default `/solve` budget, not yet all (docs/benchmarks-killer.md); what it finds must hold.
pub fn forum_hardest(record: &Value) -> bool {
    let notes = record["notes"].as_str().unwrap_or("");
    [
        "EXTREME_KILLERS",
        "TAREK_ALL",
        "MATHEMAGIC_KILLERS",
        "EXAMPLE_EXTREME_KILLERS",
    ]
    .iter()
    .any(|collection| notes.starts_with(&format!("collection {collection}")))
}
