//! A generation request: read once, planned once, and what its plan says.

use super::*;
use crate::ops::{from_body_and_query, from_json, BodyOverQuery, ProblemDetails};

fn request(json: &str) -> GenerateRequest {
    from_json(json.as_bytes()).unwrap()
}

/// The genre's generator version and rater profile.
fn versions(genre: GenreId) -> (u32, (&'static str, u32)) {
    struct Versions;
    impl GenreVisitor for Versions {
        type Output = (u32, (&'static str, u32));
        fn visit<G: Registered>(self) -> Self::Output {
            (G::GENERATOR_VERSION, G::RATER_PROFILE)
        }
    }
    dispatch(genre, Versions)
}

fn default_shape(genre: GenreId) -> Shape {
    struct DefaultShape;
    impl GenreVisitor for DefaultShape {
        type Output = Shape;
        fn visit<G: Registered>(self) -> Shape {
            G::DEFAULT_SHAPE
        }
    }
    dispatch(genre, DefaultShape)
}

#[test]
fn a_body_wins_over_its_query_string() {
    let query = request(r#"{"genre": "kakuro", "seed": 1}"#);
    let body = request(r#"{"seed": 2, "level": "easy"}"#);
    let merged = body.or(query);
    assert_eq!(merged.parameters.genre, Some(GenreId::Kakuro.into()));
    assert_eq!(merged.options.seed, Some(Seed(2)));
    assert_eq!(
        merged.parameters.level,
        Some(TargetLevel::Exactly(Level::Easy).into())
    );
}

#[test]
fn a_field_out_of_its_schema_is_refused_even_where_the_other_source_gives_it() {
    let genre = GenreId::DEFAULT;
    let good = format!(r#""genre": "{genre}", "shape": "6x6", "budget": 1000"#);
    // A malformed shape is a syntax error (400); the others are outside their limits (422).
    let broken = [
        (r#""budget": 1000000000001"#, 422, "/problems/limits"),
        (r#""shape": "6 by 6""#, 400, "/problems/syntax"),
        (r#""shape": "8X8""#, 400, "/problems/syntax"),
        (r#""genre": "Kakuro!""#, 422, "/problems/limits"),
        (r#""level": "EASY""#, 422, "/problems/limits"),
    ];
    for (broken, status, kind) in broken {
        let broken = request(&format!("{{{broken}}}"));
        let good = request(&format!("{{{good}}}"));
        let as_query = from_body_and_query(Some(good.clone()), broken.clone());
        let as_body = from_body_and_query(Some(broken.clone()), good.clone());
        assert!(as_query.is_err() && as_body.is_err(), "{broken:?}");
        let problem = ProblemDetails::from(&as_body.unwrap_err());
        assert_eq!((problem.status, problem.kind.as_str()), (status, kind));
    }
    let good = request(&format!("{{{good}}}"));
    let merged = from_body_and_query(None, good.clone()).unwrap();
    assert_eq!(merged, good);
}

#[test]
fn a_request_without_a_genre_does_not_fit() {
    let error = generate(&GenerateRequest::default(), &mut Budget::new(1)).unwrap_err();
    assert!(matches!(error, Error::Request(_)), "{error:?}");
    assert!(error.to_string().contains(GenreId::DEFAULT.name()));
}

#[test]
fn an_unknown_genre_lists_the_names_and_a_shape_outside_the_limits_is_refused_when_run() {
    let error = request(r#"{"genre": "sudoku"}"#).plan().unwrap_err();
    let problem = ProblemDetails::from(&error);
    assert_eq!(
        (problem.status, problem.kind.as_str()),
        (422, "/problems/limits")
    );
    assert!(
        problem.detail.contains(&GenreId::names()),
        "{}",
        problem.detail
    );
    // A batch answers it in each seed's line, so the plan takes it and the run refuses it.
    let plan = request(r#"{"genre": "kakuro", "shape": "99x99"}"#)
        .plan()
        .unwrap();
    let error = plan.run(&mut Budget::new(1_000)).unwrap_err();
    assert!(error.to_string().contains("shape 99x99"), "{error}");
    assert_eq!(plan.check_shape(), Err(error));
}

#[test]
fn fresh_seeds_survive_a_javascript_number() {
    // A JavaScript number holds every integer up to 2^53 exactly.
    assert_eq!(MAX_FRESH_SEED, (1 << 53) - 1);
    let seeds: Vec<u64> = (0..1000).map(|_| fresh_seed()).collect();
    assert!(seeds.iter().all(|&seed| seed <= MAX_FRESH_SEED));
    assert!(seeds.iter().all(|&seed| (seed as f64) as u64 == seed));
    // Still spread over the range, not stuck in a corner of it.
    assert!(seeds.iter().any(|&seed| seed > MAX_FRESH_SEED / 2));
}

#[test]
fn without_the_solution_nothing_gives_it_away() {
    let genre = GenreId::DEFAULT;
    let mut request = GenerateRequest::new(genre, Some(Shape::new(6, 6)), TargetLevel::Any, 3);
    let full = generate(&request, &mut Budget::new(u64::MAX)).unwrap();
    request.parameters.solution = Some(false);
    let bare = generate(&request, &mut Budget::new(u64::MAX)).unwrap();
    assert!(full.solution.is_some() && !full.rating.deductions.is_empty());
    assert_eq!(bare.solution, None);
    assert!(bare.rating.deductions.is_empty());
    assert_eq!(bare.extra, None);
    assert_eq!(
        (bare.id, bare.rating.techniques),
        (full.id, full.rating.techniques)
    );
}

#[test]
fn a_fingerprint_names_what_the_report_depends_on() {
    let genre = GenreId::DEFAULT;
    let request = GenerateRequest::new(genre, None, TargetLevel::Any, 7);
    let fingerprint = |request: &GenerateRequest| request.plan().unwrap().fingerprint();
    let seeded = fingerprint(&request).unwrap();
    // The string caches hold: genre, shape, level, seed, solution, the versions.
    let (generator, (profile, profile_version)) = versions(genre);
    let expected = format!(
        "{genre}-{}-any-7-s-g{generator}-{profile}.{profile_version}-s{SCORE_VERSION}-v{}",
        default_shape(genre),
        env!("CARGO_PKG_VERSION"),
    );
    assert_eq!(seeded, expected);
    let mut other_seed = request.clone();
    other_seed.options.seed = Some(Seed(8));
    let mut bare = request.clone();
    bare.parameters.solution = Some(false);
    let mut budget = request.clone();
    budget.parameters.budget = Some(crate::ops::StepBudget(5));
    assert_ne!(fingerprint(&other_seed).unwrap(), seeded);
    assert_ne!(fingerprint(&bare).unwrap(), seeded);
    let mut ranged = request.clone();
    ranged.parameters.score_min = Some("5.0".parse().unwrap());
    assert_eq!(
        fingerprint(&ranged).unwrap(),
        expected.replace("-any-7-", "-any-r5.0-10.0-7-")
    );
    // The budget changes whether a puzzle comes out, never which one.
    assert_eq!(fingerprint(&budget).unwrap(), seeded);
    // The default shape written out is the same request.
    let mut shaped = request.clone();
    shaped.parameters.shape = Some(default_shape(genre).into());
    assert_eq!(fingerprint(&shaped).unwrap(), seeded);
    let mut unseeded = request;
    unseeded.options.seed = None;
    assert_eq!(fingerprint(&unseeded), None);
}

#[test]
fn a_request_is_parsed_once_when_read_and_planned_once() {
    use crate::ops::counting::counts;
    let (parsed, planned) = counts();
    let request = request(r#"{"genre": "kakuro", "shape": "6x6", "level": "easy", "seed": 1}"#);
    assert_eq!(counts(), (parsed + 3, planned), "genre, shape and level");
    let plan = request.plan().unwrap();
    plan.fingerprint();
    plan.run(&mut Budget::new(crate::ops::GENERATE_BUDGET))
        .unwrap();
    assert_eq!(counts(), (parsed + 3, planned + 1));
}

#[test]
fn a_budget_that_runs_out_says_how_far_the_generation_got() {
    let request = GenerateRequest::new(GenreId::DEFAULT, None, TargetLevel::Any, 1);
    let error = generate(&request, &mut Budget::new(100)).unwrap_err();
    let Error::Exhausted(progress) = error else {
        panic!("{error:?}");
    };
    assert_eq!((progress.budget, progress.stage), (100, Stage::Generating));
    let problem = ProblemDetails::from(&Error::Exhausted(progress));
    assert_eq!(problem.stage.as_deref(), Some("generating"));
    assert!(
        problem.detail.contains("try another seed"),
        "{}",
        problem.detail
    );
}
