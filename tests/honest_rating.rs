//! A rating says only what it established: no level or score unless the techniques finished,
//! and uniqueness as unique, not unique or unknown. The budget runs out in the uniqueness
//! check, in the rating, and before either, in the engine and through the operations layer's
//! report; grids without a solution are never rated.

mod common;

use common::*;
use sumpuzzles::genres::kakurasu::Kakurasu;
use sumpuzzles::genres::kakuro::{self, format, rate, Kakuro, Rules};
use sumpuzzles::genres::kakuro_cryptic::KakuroCryptic;
use sumpuzzles::genres::{Formats, Genre};
use sumpuzzles::ops::{self, PuzzleSource, RatingStatus};
use sumpuzzles::{assess, Assessment, Budget, Level, Score, Stop, Uniqueness, Verdict};

/// One puzzle of each genre, each rated hard or harder (so that its rating takes a few
/// hundred steps), with the rater's own proof of uniqueness for the two that have one.
const KAKURO_HARD: &str = "kakuro:8x8:KbAbCbAbCeAcAcAeCbAbCbAbB/16.24.27.29.11.17.8.29.10.26.27.32.15.13.20.33.16.3.12.14";
const KAKURASU_6X6: &str = "kakurasu:6x6:17.4.18.12.9.14/11.5.10.20.13.10";

fn assessed<G: Genre>(id: &str, budget: &mut Budget) -> Assessment {
    G::assess(&G::parse_id(id).unwrap(), budget).unwrap()
}

/// The steps a full rating of the puzzle takes.
fn rating_steps<G: Genre>(id: &str) -> u64 {
    G::rate(&G::parse_id(id).unwrap(), &mut Budget::unlimited()).steps
}

fn assert_unrated(assessment: &Assessment) {
    let rating = &assessment.rating;
    assert_eq!(rating.verdict, Verdict::Unrated(Stop::Exhausted));
    assert_eq!(rating.level(), None);
    assert_eq!(rating.score(), None);
    assert!(!rating.complete());
}

fn a_cryptic_id() -> String {
    let params = sumpuzzles::GenerateParams {
        shape: sumpuzzles::Shape::new(6, 6),
        level: sumpuzzles::TargetLevel::Exactly(Level::Medium),
        seed: 1,
    };
    let generated = KakuroCryptic::generate(&params, &mut Budget::new(2_000_000_000)).unwrap();
    KakuroCryptic::to_id(&generated.puzzle)
}

/// Assesses a puzzle (by ID) under a budget of so many steps.
type Assessor = fn(&str, u64) -> Assessment;

#[test]
fn a_rating_cut_short_has_no_level_and_no_score() {
    let cryptic = a_cryptic_id();
    let cases: [(&str, Assessor); 3] = [
        (KAKURO_HARD, |id, steps| {
            assessed::<Kakuro>(id, &mut Budget::new(steps))
        }),
        (KAKURASU_6X6, |id, steps| {
            assessed::<Kakurasu>(id, &mut Budget::new(steps))
        }),
        (&cryptic, |id, steps| {
            assessed::<KakuroCryptic>(id, &mut Budget::new(steps))
        }),
    ];
    for (id, run) in cases {
        for steps in [0, 1, 5, 20] {
            let assessment = run(id, steps);
            assert_unrated(&assessment);
            // Nothing was left for the check either.
            assert_eq!(assessment.uniqueness, Uniqueness::Unknown, "{id} {steps}");
        }
    }
}

#[test]
fn the_budget_running_out_in_the_uniqueness_check_leaves_the_level_and_an_unknown() {
    // The draft grid of the article: the techniques get stuck, so the solver must decide.
    let puzzle = format::parse_text(ARTICLE_DRAFT).unwrap();
    let id = format::to_id(&puzzle);
    let steps = rating_steps::<Kakuro>(&id);
    let assessment = assessed::<Kakuro>(&id, &mut Budget::new(steps + 1));
    assert_eq!(assessment.rating.verdict, Verdict::BeyondExpert);
    assert_eq!(assessment.uniqueness, Uniqueness::Unknown);
    // With budget enough, the check tells.
    let assessment = assessed::<Kakuro>(&id, &mut Budget::unlimited());
    assert_ne!(assessment.uniqueness, Uniqueness::Unknown);

    // The other order, the check first with the whole budget and the rating with what is
    // left: the check runs out, and the rating then has no level rather than "easy".
    let mut budget = Budget::new(1);
    let outcome = kakuro::solve_puzzle(&puzzle, 2, &mut budget);
    assert_eq!(Uniqueness::of(&outcome), Uniqueness::Unknown);
    let rating = rate::rate_layout(&puzzle.layout(Rules::Relaxed).unwrap(), &mut budget);
    assert_eq!(rating.verdict, Verdict::Unrated(Stop::Exhausted));
    assert_eq!((rating.level(), rating.score()), (None, None));
}

/// Every budget short of the full rating leaves it unrated, whatever stage it stopped in.
fn check_cut_short<G: Genre>(id: &str) {
    let puzzle = G::parse_id(id).unwrap();
    let steps = rating_steps::<G>(id);
    for budget in [steps / 4, steps / 2, steps - 1] {
        let rating = G::rate(&puzzle, &mut Budget::new(budget));
        assert_eq!(
            rating.verdict,
            Verdict::Unrated(Stop::Exhausted),
            "{id} {budget}"
        );
        assert_eq!((rating.level(), rating.score()), (None, None));
        // Whatever deductions it made are kept, and said to be unfinished.
        assert!(!rating.deductions.is_empty());
    }
}

#[test]
fn the_budget_running_out_in_the_rating_gives_no_level_at_any_point() {
    check_cut_short::<Kakuro>(KAKURO_HARD);
    check_cut_short::<Kakurasu>(KAKURASU_6X6);
}

#[test]
fn a_finished_rating_proves_uniqueness_where_the_genre_allows() {
    let cryptic_id = a_cryptic_id();
    let kakuro = assessed::<Kakuro>(KAKURO_HARD, &mut Budget::unlimited());
    let kakurasu = assessed::<Kakurasu>(KAKURASU_6X6, &mut Budget::unlimited());
    let cryptic = assessed::<KakuroCryptic>(&cryptic_id, &mut Budget::unlimited());
    // The rating was the whole work of Kakuro and Kakurasu; cryptic Kakuro ran the check too.
    assert_eq!(kakuro.steps, rating_steps::<Kakuro>(KAKURO_HARD));
    assert_eq!(kakurasu.steps, rating_steps::<Kakurasu>(KAKURASU_6X6));
    assert!(cryptic.steps > rating_steps::<KakuroCryptic>(&cryptic_id));
    for assessment in [&kakuro, &kakurasu, &cryptic] {
        assert_eq!(assessment.uniqueness, Uniqueness::Unique);
        assert_eq!(assessment.solutions_found, 1);
        assert!(assessment.rating.score().is_some());
    }
    // Without the rater's proof, the check is run and agrees.
    let puzzle = Kakuro::parse_id(KAKURO_HARD).unwrap();
    let checked = assess(
        &mut Budget::unlimited(),
        false,
        |budget| Kakuro::rate(&puzzle, budget),
        |budget| Kakuro::solve(&puzzle, 2, budget),
    )
    .unwrap();
    assert_eq!(checked.uniqueness, Uniqueness::Unique);
    assert!(checked.steps > kakuro.steps);
}

/// Grids whose runs cannot all add up: the last cell can be written before its second run is
/// checked, which once made the rater call them solved and easy.
#[test]
fn a_grid_without_solution_is_never_rated() {
    for text in [
        "# 4/ 3/\n/3 . .\n/5 . .",
        "# 3/ 4/\n/3 . .\n/5 . .",
        "# 4/ 4/\n/3 . .\n/5 . .",
        "# 5/ 3/\n/3 . .\n/4 . .",
    ] {
        let puzzle = format::parse_text(text).unwrap();
        let rating = rate::rate(&puzzle, &mut Budget::unlimited());
        assert!(!rating.solved, "{text}");
        assert_eq!(rating.verdict, Verdict::BeyondExpert, "{text}");
        let solved = kakuro::solve_puzzle(&puzzle, 2, &mut Budget::unlimited());
        assert_eq!(Uniqueness::of(&solved), Uniqueness::NotUnique);
    }
}

/// The soundness [`Genre::SOLVED_PROVES_UNIQUE`] of Kakuro rests on, on every published Kakuro the
/// exact solver settles (its own counts: the data's independent counts read runs without a
/// sum differently): the rater fills only grids with exactly one solution.
#[test]
fn published_grids_the_rater_fills_have_one_solution() {
    let Some(dir) = testdata() else { return };
    let (mut filled, mut not_unique) = (0, 0);
    for record in json_lines(&dir.join("kakuro.jsonl")) {
        let Some(Ok(puzzle)) = record["text"].as_str().map(format::parse_text) else {
            continue;
        };
        let rating = rate::rate(&puzzle, &mut Budget::new(200_000_000));
        let outcome = kakuro::solve_puzzle(&puzzle, 2, &mut Budget::new(20_000_000));
        let uniqueness = Uniqueness::of(&outcome);
        let name = record["name"].as_str().unwrap_or("?");
        if rating.solved {
            assert_ne!(
                uniqueness,
                Uniqueness::NotUnique,
                "{name}: filled by the rater"
            );
            filled += 1;
        }
        not_unique += usize::from(uniqueness == Uniqueness::NotUnique);
    }
    assert!(
        filled >= 140 && not_unique >= 5,
        "{filled} filled, {not_unique} not unique"
    );
}

/// The 101x31 published grid: its rating finishes in well under a second (beyond expert) and
/// its uniqueness, which the exact solver cannot settle in a small budget, is unknown; it is
/// never reported easy.
#[test]
fn the_largest_published_grid_is_rated_and_its_uniqueness_left_unknown() {
    let Some(dir) = testdata() else { return };
    let record = json_lines(&dir.join("kakuro.jsonl"))
        .into_iter()
        .find(|record| record["name"] == "huge.kakuro")
        .expect("huge.kakuro in kakuro.jsonl");
    let puzzle = format::parse_text(record["text"].as_str().unwrap()).unwrap();
    let id = format::to_id(&puzzle);
    let assessment = assessed::<Kakuro>(&id, &mut Budget::new(2_000_000));
    assert_eq!(assessment.rating.verdict, Verdict::BeyondExpert);
    assert_eq!(assessment.uniqueness, Uniqueness::Unknown);
    assert_eq!(assessment.rating.descriptors.cells, 2100);
}

/// Through the operations layer, as every door rates: the budget running out in the rating
/// gives a report without level or score, its uniqueness unknown, and says it stopped.
#[test]
fn a_rate_report_cut_short_in_the_rating_has_no_level() {
    // One step short: the rater has written every cell but not yet checked every run, which
    // once counted as solved and so as the rater's proof of uniqueness.
    for steps in [0, 20, rating_steps::<Kakuro>(KAKURO_HARD) - 1] {
        let report = ops::rate(
            &PuzzleSource::id(KAKURO_HARD).into(),
            &mut Budget::new(steps),
        )
        .unwrap();
        assert_eq!(report.status, RatingStatus::Unrated, "{steps}");
        assert_eq!((report.level, report.score), (None, None), "{steps}");
        assert_eq!(report.uniqueness, Uniqueness::Unknown);
        assert!(!report.unique && !report.complete && !report.solved);
        assert_eq!(report.stopped, Some(Stop::Exhausted));
        assert_eq!(report.descriptors.cells, 32);
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["status"], "unrated");
        assert!(json["level"].is_null() && json["score"].is_null(), "{json}");
        assert_eq!(json["stopped"], "exhausted");
    }
}

/// Through the operations layer: the budget running out in the uniqueness check keeps the
/// level the finished rating established and leaves the uniqueness unknown.
#[test]
fn a_rate_report_cut_short_in_the_check_keeps_the_level_and_says_unknown() {
    let steps = rating_steps::<Kakuro>(&format::to_id(&format::parse_text(ARTICLE_DRAFT).unwrap()));
    let source = PuzzleSource::text(None, ARTICLE_DRAFT);
    let report = ops::rate(&source.clone().into(), &mut Budget::new(steps + 1)).unwrap();
    assert_eq!(report.status, RatingStatus::BeyondExpert);
    assert_eq!(report.level, Some(Level::BeyondExpert));
    assert_eq!(report.score, None);
    assert_eq!(report.uniqueness, Uniqueness::Unknown);
    assert!(!report.unique && !report.complete);
    assert_eq!(report.stopped, Some(Stop::Exhausted));
    // With budget enough the check tells: the draft has more than one solution.
    let report = ops::rate(&source.into(), &mut Budget::unlimited()).unwrap();
    assert_eq!(report.status, RatingStatus::BeyondExpert);
    assert_eq!(report.uniqueness, Uniqueness::NotUnique);
    assert_eq!(report.solutions_found, 2);
    assert!(report.complete && !report.unique);
    assert_eq!(report.stopped, None);
}

/// A finished rating of a unique puzzle: level, score in its band, proven unique.
#[test]
fn a_rate_report_of_a_finished_rating_has_level_score_and_uniqueness() {
    let report = ops::rate(
        &PuzzleSource::id(KAKURO_HARD).into(),
        &mut Budget::unlimited(),
    )
    .unwrap();
    assert_eq!(report.status, RatingStatus::Rated);
    let (level, score) = (report.level.unwrap(), report.score.unwrap());
    assert!(Score::band(level).unwrap().contains(&score));
    assert_eq!(report.uniqueness, Uniqueness::Unique);
    assert!(report.unique && report.complete && report.solved);
    assert_eq!(report.stopped, None);
    // The rater's own proof: no check was run.
    assert_eq!(report.steps, rating_steps::<Kakuro>(KAKURO_HARD));
}

/// A cancelled rating is an error for the door to answer with a problem, never a report.
#[test]
fn a_cancelled_rating_is_an_error() {
    let flag = sumpuzzles::CancelFlag::new();
    flag.cancel();
    let error = ops::rate(
        &PuzzleSource::id(KAKURO_HARD).into(),
        &mut Budget::with_flag(1_000_000, flag),
    )
    .unwrap_err();
    assert_eq!(error, sumpuzzles::Error::Stopped(Stop::Cancelled));
}
