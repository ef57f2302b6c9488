//! The score lies in its level's band for every corpus puzzle (Kakuro, Kakurasu) and for
//! generated cryptic Kakuro; it is the same on every run, and the descriptors describe the
//! grid.

mod common;

use sumpuzzles::genres::kakurasu::Kakurasu;
use sumpuzzles::genres::kakuro::Kakuro;
use sumpuzzles::genres::kakuro_cryptic::KakuroCryptic;
use sumpuzzles::genres::Genre;
use sumpuzzles::SCORE_VERSION;
use sumpuzzles::{Budget, GenerateParams, Level, Rating, Score, Shape, TargetLevel};

/// Each corpus record's ID and level.
fn corpus(genre: &str) -> Vec<(String, Level)> {
    common::corpus_records(genre)
        .into_iter()
        .map(|(name, record)| {
            let level = match record["level"].as_str().unwrap().parse() {
                Ok(TargetLevel::Exactly(level)) => level,
                other => panic!("{name}: level {other:?}"),
            };
            (record["id"].as_str().unwrap().to_string(), level)
        })
        .collect()
}

fn assert_in_band(rating: &Rating, level: Level, what: &str) -> Score {
    assert_eq!(rating.level(), Some(level), "{what}");
    let score = rating.score().unwrap_or_else(|| panic!("{what}: no score"));
    let band = Score::band(level).unwrap();
    assert!(band.contains(&score), "{what}: {level} scored {score}");
    score
}

/// Every corpus puzzle scores in its level's band, and the levels are told apart by the
/// score alone: every puzzle of a level scores above every puzzle of the level below.
fn check_corpus<G: Genre>(genre: &str) {
    let mut scores: Vec<(Level, Score)> = Vec::new();
    for (id, level) in corpus(genre) {
        let rating = G::rate(&G::parse_id(&id).unwrap(), &mut Budget::new(1_000_000_000));
        let score = assert_in_band(&rating, level, &id);
        // The same score on every run.
        let again = G::rate(&G::parse_id(&id).unwrap(), &mut Budget::new(1_000_000_000));
        assert_eq!(again.score(), Some(score), "{id}");
        scores.push((level, score));
    }
    for &(level, score) in &scores {
        for &(other, other_score) in &scores {
            if level > other {
                assert!(
                    score > other_score,
                    "{genre}: {level} {score} <= {other} {other_score}"
                );
            }
        }
    }
    for level in Level::RATED {
        assert!(
            scores.iter().any(|&(l, _)| l == level),
            "{genre}: no {level}"
        );
    }
}

#[test]
fn kakuro_corpus_scores_lie_in_their_bands() {
    check_corpus::<Kakuro>("kakuro");
}

#[test]
fn kakurasu_corpus_scores_lie_in_their_bands() {
    check_corpus::<Kakurasu>("kakurasu");
}

#[test]
fn generated_cryptic_scores_lie_in_their_bands() {
    for level in Level::RATED {
        for (shape, seed) in [
            (Shape::new(6, 6), 0),
            (Shape::new(7, 7), 1),
            (Shape::new(8, 8), 2),
        ] {
            let params = GenerateParams {
                shape,
                level: TargetLevel::Exactly(level),
                seed,
            };
            let what = format!("cryptic {shape} {level} seed {seed}");
            let generated = KakuroCryptic::generate(&params, &mut Budget::new(2_000_000_000))
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            let score = assert_in_band(&generated.rating, level, &what);
            // Rated again from the puzzle (the solve that reads its sums included): the
            // decoded grid's score.
            let rated = KakuroCryptic::rate(&generated.puzzle, &mut Budget::new(1_000_000_000));
            assert_eq!(rated.score(), Some(score), "{what}");
            assert_eq!(rated.descriptors, generated.rating.descriptors, "{what}");
        }
    }
}

/// Scores pinned for score version 1: a change of the formula, of the genres' points or of
/// what the raters record changes these, and must come with a new score version. They are
/// integer arithmetic, so every target (WebAssembly included) gives these. By hand for the
/// expert 8x8: its hardest step is a contradiction of 19 steps on a cell of 3 candidates, the
/// easy techniques got stuck 5 times and it needed 6 expert deductions, so its points are
/// 18 + 2 + 4 + 2 * 5 = 34, and its score 7.0 + 3.1 * 34 / (34 + 16) = 9.1 (rounded down);
/// the spec's 5x5 needs 11 points of easy deductions: 1.0 + 2.0 * 11 / (11 + 60) = 1.3.
#[test]
fn scores_are_pinned_for_their_version() {
    assert_eq!(SCORE_VERSION, 1, "new version: pin its scores here");
    let cases: [(&str, Rater, &str); 4] = [
        ("kakuro:5x5:HbBcAcBbB/7.5.8.3.3.6.8.6", rate::<Kakuro>, "1.3"),
        (
            "kakuro:8x8:KbAbCbAbCeAcAcAeCbAbCbAbB/16.24.27.29.11.17.8.29.10.26.27.32.15.13.20.33.16.3.12.14",
            rate::<Kakuro>,
            "9.1",
        ),
        ("kakurasu:3x5:8.12.3/0.0.6.2.3", rate::<Kakurasu>, "1.2"),
        ("kakurasu:6x6:17.4.18.12.9.14/11.5.10.20.13.10", rate::<Kakurasu>, "1.5"),
    ];
    for (id, rate, expected) in cases {
        let score = rate(id).score().map(|s| s.to_string());
        assert_eq!(score.as_deref(), Some(expected), "{id}");
    }
}

/// Rates a puzzle given by its ID.
type Rater = fn(&str) -> Rating;

fn rate<G: Genre>(id: &str) -> Rating {
    G::rate(&G::parse_id(id).unwrap(), &mut Budget::unlimited())
}

#[test]
fn descriptors_describe_the_grid() {
    // The spec's Kakuro example: 10 white cells in 8 runs of 2 or 3, 15 blocks of 25.
    let rating = rate::<Kakuro>("kakuro:5x5:HbBcAcBbB/7.5.8.3.3.6.8.6");
    let described = rating.descriptors;
    assert_eq!(
        (described.cells, described.runs, described.longest_run),
        (10, 8, 3)
    );
    assert_eq!(described.block_share.unwrap().to_string(), "0.60");
    // Solved by easy techniques alone: one candidate left in every cell.
    assert_eq!(
        described.mean_candidates_after_easy.unwrap().to_string(),
        "1.00"
    );
    // A harder grid keeps candidates when the easy techniques are stuck.
    let hard = rate::<Kakuro>(
        "kakuro:8x8:KbAbCbAbCeAcAcAeCbAbCbAbB/16.24.27.29.11.17.8.29.10.26.27.32.15.13.20.33.16.3.12.14",
    );
    let after_easy = hard.descriptors.mean_candidates_after_easy.unwrap();
    assert!(after_easy.hundredths() > 100, "{after_easy}");
    // Kakurasu: every cell is to decide, and there are no blocks.
    let kakurasu = rate::<Kakurasu>("kakurasu:3x5:8.12.3/0.0.6.2.3");
    let described = kakurasu.descriptors;
    assert_eq!(
        (described.cells, described.runs, described.block_share),
        (15, 8, None)
    );
}
