//! Generating within a score range: the score is in range and the level as asked, the same
//! parameters give the same puzzle, the puzzle's own seed regenerates it without a range, and
//! ranges no puzzle of the level can meet are input errors.

use sumpuzzles::genres::kakurasu::Kakurasu;
use sumpuzzles::genres::kakuro::Kakuro;
use sumpuzzles::genres::kakuro_cryptic::KakuroCryptic;
use sumpuzzles::genres::{Formats, Genre};
use sumpuzzles::{candidate_seeds, MAX_CANDIDATES};
use sumpuzzles::{
    generate_in_range, Budget, Error, GenerateParams, InputErrorKind, Level, Score, ScoreRange,
    Shape, TargetLevel,
};

fn params(rows: usize, cols: usize, level: Level, seed: u64) -> GenerateParams {
    GenerateParams {
        shape: Shape::new(rows, cols),
        level: TargetLevel::Exactly(level),
        seed,
    }
}

fn range(min: &str, max: &str, level: TargetLevel) -> ScoreRange {
    ScoreRange::for_level(min.parse().ok(), max.parse().ok(), level)
        .unwrap()
        .unwrap()
}

/// Generates in range and checks what every such puzzle must satisfy; its ID.
fn generated_in_range<G: Genre>(params: &GenerateParams, range: ScoreRange) -> String {
    let what = format!("{} {:?} {range}", G::NAME, params);
    let found = generate_in_range(params, range, &mut Budget::new(20_000_000_000), G::generate)
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    let generated = &found.generated;
    let score = generated.rating.score().unwrap();
    assert!(range.contains(score), "{what}: scored {score}");
    assert!(
        generated
            .rating
            .level()
            .is_some_and(|level| params.level.accepts(level)),
        "{what}"
    );
    let id = G::to_id(&generated.puzzle);
    // The candidate's seed gives the same puzzle without a range.
    assert_eq!(
        generated.seed,
        candidate_seeds(params.seed)
            .nth(found.rejected as usize)
            .unwrap()
    );
    let plain = G::generate(
        &GenerateParams {
            seed: generated.seed,
            ..*params
        },
        &mut Budget::new(20_000_000_000),
    )
    .unwrap();
    assert_eq!(G::to_id(&plain.puzzle), id, "{what}");
    // The same parameters and range give the same puzzle.
    let again =
        generate_in_range(params, range, &mut Budget::new(20_000_000_000), G::generate).unwrap();
    assert_eq!(G::to_id(&again.generated.puzzle), id, "{what}");
    assert_eq!(again.generated.stats, found.generated.stats, "{what}");
    id
}

#[test]
fn kakuro_within_a_score_range() {
    let hard = params(8, 8, Level::Hard, 3);
    // The upper and the lower part of the band give different puzzles.
    let high = generated_in_range::<Kakuro>(&hard, range("6.1", "6.9", hard.level));
    let low = generated_in_range::<Kakuro>(&hard, range("5.0", "5.9", hard.level));
    assert_ne!(high, low);
    let expert = params(6, 6, Level::Expert, 0);
    generated_in_range::<Kakuro>(&expert, range("8.5", "10.0", expert.level));
}

#[test]
fn kakurasu_and_cryptic_within_a_score_range() {
    let medium = params(8, 8, Level::Medium, 1);
    generated_in_range::<Kakurasu>(&medium, range("3.5", "4.9", medium.level));
    let easy = params(6, 6, Level::Easy, 2);
    generated_in_range::<KakuroCryptic>(&easy, range("1.0", "1.4", easy.level));
}

#[test]
fn any_level_takes_any_range() {
    let any = GenerateParams {
        level: TargetLevel::Any,
        ..params(8, 8, Level::Easy, 5)
    };
    let id = generated_in_range::<Kakuro>(&any, range("5.0", "10.0", TargetLevel::Any));
    let rating = Kakuro::rate(&Kakuro::parse_id(&id).unwrap(), &mut Budget::unlimited());
    assert!(rating.level() >= Some(Level::Hard));
}

#[test]
fn the_requested_seeds_own_puzzle_comes_first() {
    let p = params(8, 8, Level::Medium, 4);
    let plain = Kakuro::generate(&p, &mut Budget::new(2_000_000_000)).unwrap();
    let score = plain.rating.score().unwrap();
    let around = ScoreRange {
        min: score,
        max: score,
    };
    let found = generate_in_range(
        &p,
        around,
        &mut Budget::new(2_000_000_000),
        Kakuro::generate,
    )
    .unwrap();
    assert_eq!(found.rejected, 0);
    assert_eq!(found.generated.seed, p.seed);
    assert_eq!(
        Kakuro::to_id(&found.generated.puzzle),
        Kakuro::to_id(&plain.puzzle)
    );
    assert_eq!(found.generated.stats, plain.stats);
}

#[test]
fn ranges_outside_the_levels_band_are_input_errors() {
    let hard = TargetLevel::Exactly(Level::Hard);
    for (min, max) in [("7.0", "9.0"), ("1.0", "4.9"), ("6.5", "6.0")] {
        let error = ScoreRange::for_level(min.parse().ok(), max.parse().ok(), hard).unwrap_err();
        assert_eq!(error.kind, InputErrorKind::Limits, "{min}-{max}: {error}");
    }
    assert!("10.5".parse::<Score>().is_err());
}

#[test]
fn a_range_the_shape_cannot_reach_is_refused() {
    // Grids under 3 cells a side hold only blocks: always easy, scored 1.0.
    let tiny = GenerateParams {
        level: TargetLevel::Any,
        ..params(2, 7, Level::Easy, 0)
    };
    let error = generate_in_range(
        &tiny,
        range("2.0", "10.0", TargetLevel::Any),
        &mut Budget::new(2_000_000_000),
        Kakuro::generate,
    )
    .unwrap_err();
    match error {
        Error::Input(error) => {
            assert_eq!(error.kind, InputErrorKind::Limits);
            assert!(
                error.to_string().contains(&MAX_CANDIDATES.to_string()),
                "{error}"
            );
        }
        other => panic!("{other}"),
    }
}

#[test]
fn running_out_of_budget_is_an_error_not_another_puzzle() {
    let hard = params(8, 8, Level::Hard, 3);
    let error = generate_in_range(
        &hard,
        range("6.1", "6.9", hard.level),
        &mut Budget::new(1_000),
        Kakuro::generate,
    )
    .unwrap_err();
    assert!(matches!(error, Error::Stopped(_)), "{error}");
}
