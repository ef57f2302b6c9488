//! The pools' logic: keys, fills, takes, the caps and the budget rule.

use super::*;
use crate::core::CancelFlag;
use crate::ops::GenerateOptions;

const SMALL: &str = "kakuro:6x6:hard";

fn pools(depth: usize, max_bytes: usize) -> Arc<PuzzlePools> {
    PuzzlePools::new(
        PuzzlePoolConfig {
            keys: PoolKey::parse_list(SMALL).unwrap(),
            depth,
            max_bytes,
            fill_workers: 1,
        },
        ops::GENERATE_BUDGET,
    )
}

/// Runs fills the way an idle worker does, until the pools want no more.
fn fill_up(pools: &Arc<PuzzlePools>) -> usize {
    let filler = Filler(pools.clone());
    let mut tasks = 0;
    while let Some(task) = filler.next_task() {
        task(CancelFlag::new());
        tasks += 1;
    }
    tasks
}

fn json(answer: &PooledAnswer) -> serde_json::Value {
    serde_json::from_slice(&answer.json).unwrap()
}

/// An unseeded request for Kakuro of `shape` and `level`, as a query string reads it.
fn unseeded_request(query: &str) -> GenerateRequest {
    let uri: axum::http::Uri = format!("/generate?genre=kakuro&{query}").parse().unwrap();
    axum::extract::Query::try_from_uri(&uri).unwrap().0
}

fn unseeded(shape: &str, level: &str) -> GeneratePlan {
    unseeded_request(&format!("shape={shape}&level={level}"))
        .plan()
        .unwrap()
}

#[test]
fn keys_read_their_names_and_limits() {
    let key = PoolKey::parse("kakuro-cryptic:5x5:expert").unwrap();
    assert_eq!(key.to_string(), "kakuro-cryptic:5x5:expert");
    assert_eq!(PoolKey::parse_list(DEFAULT_KEYS).unwrap().len(), 5);
    assert_eq!(PoolKey::parse_list("off").unwrap(), vec![]);
    assert_eq!(PoolKey::parse_list(" ").unwrap(), vec![]);
    assert_eq!(
        PoolKey::parse_list("kakuro:8x8:hard,kakuro:8x8:hard")
            .unwrap()
            .len(),
        1
    );
    for wrong in [
        "kakuro:40x40:expert",
        "kakuro:8x8",
        "sudoku:9x9:easy",
        "kakuro:8x8:nightmare",
        "kakuro:8:hard",
    ] {
        assert!(PoolKey::parse(wrong).is_err(), "{wrong}");
    }
}

#[test]
fn only_unseeded_plans_without_a_range_have_a_key() {
    let key = |query: &str| {
        PoolKey::for_plan(&unseeded_request(query).plan().unwrap()).map(|key| key.to_string())
    };
    assert_eq!(key("shape=6x6&level=hard"), Some(SMALL.to_string()));
    // The genre's default shape and level `any` when absent.
    assert_eq!(key(""), Some("kakuro:10x10:any".to_string()));
    assert_eq!(key("shape=6x6&level=hard&seed=3"), None);
    assert_eq!(key("shape=6x6&level=hard&score_min=5.5"), None);
}

#[test]
fn fills_stop_at_the_depth_and_takes_count_down() {
    let pools = pools(3, usize::MAX);
    let key = PoolKey::parse(SMALL).unwrap();
    assert_eq!(fill_up(&pools), 3);
    assert_eq!(pools.depth(&key), 3);
    let request = unseeded("6x6", "hard");
    let Taken::Hit(answer) = pools.take(&request, ops::GENERATE_BUDGET) else {
        panic!("a full shelf serves");
    };
    let report = json(&answer);
    assert_eq!(report["requested_seed"], report["seed"]);
    assert_eq!(report["level"], "hard");
    assert_eq!(pools.depth(&key), 2);
    // One taken, one made again.
    assert_eq!(fill_up(&pools), 1);
    for _ in 0..3 {
        assert!(matches!(pools.take(&request, u64::MAX), Taken::Hit(_)));
    }
    assert!(matches!(pools.take(&request, u64::MAX), Taken::Miss));
    assert!(matches!(
        pools.take(&unseeded("8x8", "hard"), u64::MAX),
        Taken::NotPooled
    ));
}

#[test]
fn the_memory_cap_bounds_every_shelf_together() {
    // Room for about one puzzle: filling stops once the cap is reached.
    let pools = pools(10, 1);
    assert_eq!(fill_up(&pools), 1);
    let key = PoolKey::parse(SMALL).unwrap();
    // The one puzzle made is over the cap on its own, so it is not kept.
    assert_eq!(pools.depth(&key), 0);
    // Room for about three: the shelf stops well short of its depth of 10.
    let one = self::pools(1, usize::MAX);
    fill_up(&one);
    let cap = one.stock().bytes * 7 / 2;
    let pools = self::pools(10, cap);
    fill_up(&pools);
    let stock = pools.stock();
    let kept = stock.shelves[0].puzzles.len();
    assert!(
        stock.bytes <= cap && (1..10).contains(&kept),
        "{kept} puzzles, {} bytes of {cap}",
        stock.bytes
    );
    let counted: usize = stock.shelves[0].puzzles.iter().map(Pooled::bytes).sum();
    assert_eq!(counted, stock.bytes);
}

#[test]
fn a_pooled_puzzle_is_served_only_within_the_requests_budget() {
    let pools = pools(2, usize::MAX);
    fill_up(&pools);
    let request = unseeded("6x6", "hard");
    let least = {
        let stock = pools.stock();
        let steps = stock.shelves[0].puzzles.iter().map(|p| p.steps);
        steps.min().unwrap()
    };
    assert!(matches!(pools.take(&request, least - 1), Taken::Miss));
    let Taken::Hit(answer) = pools.take(&request, least) else {
        panic!("the puzzle within the budget is served");
    };
    assert_eq!(json(&answer)["stats"]["steps"], least);
}

#[test]
fn a_pooled_answer_is_the_fresh_reports_json_with_or_without_the_solution() {
    let pools = pools(2, usize::MAX);
    fill_up(&pools);
    for with_solution in [true, false] {
        let request = unseeded_request(&format!("shape=6x6&level=hard&solution={with_solution}"));
        let Taken::Hit(answer) = pools.take(&request.plan().unwrap(), u64::MAX) else {
            panic!("a full shelf serves");
        };
        let pooled = json(&answer);
        assert_eq!(pooled.get("solution").is_some(), with_solution);
        let again = GenerateRequest {
            options: GenerateOptions {
                seed: pooled["seed"].as_u64().map(ops::Seed),
            },
            ..request
        };
        let mut fresh = ops::generate(&again, &mut Budget::new(ops::GENERATE_BUDGET)).unwrap();
        fresh.stats.elapsed_ms = pooled["stats"]["elapsed_ms"].as_u64().unwrap();
        assert_eq!(answer.json, serde_json::to_vec(&fresh).unwrap());
        assert_eq!(answer.attempts, fresh.stats.attempts);
    }
}

#[test]
fn a_cancelled_fill_shelves_nothing_and_frees_its_reservation() {
    let pools = pools(1, usize::MAX);
    let filler = Filler(pools.clone());
    let task = filler.next_task().unwrap();
    // The one place is reserved while the fill is under way.
    assert!(filler.next_task().is_none());
    let flag = CancelFlag::new();
    flag.cancel();
    task(flag);
    assert_eq!(pools.depth(&PoolKey::parse(SMALL).unwrap()), 0);
    assert!(filler.next_task().is_some());
}

#[test]
fn a_key_whose_fills_keep_failing_is_given_up() {
    // Kakurasu 4x4 holds no expert puzzle: the generator refuses it at once.
    let pools = PuzzlePools::new(
        PuzzlePoolConfig {
            keys: PoolKey::parse_list("kakurasu:4x4:expert").unwrap(),
            depth: 5,
            max_bytes: usize::MAX,
            fill_workers: 1,
        },
        ops::GENERATE_BUDGET,
    );
    assert_eq!(fill_up(&pools), FAILURES_TO_GIVE_UP as usize);
}

#[test]
fn a_key_that_made_a_puzzle_goes_on_through_failed_fills() {
    let pools = pools(2, usize::MAX);
    let key = PoolKey::parse(SMALL).unwrap();
    let filler = Filler(pools.clone());
    filler.next_task().unwrap()(CancelFlag::new());
    assert_eq!(pools.depth(&key), 1);
    // Seeds whose generation runs past the budget, more in a row than a new key may fail.
    for _ in 0..2 * FAILURES_TO_GIVE_UP {
        assert_eq!(pools.reserve(), Some(key));
        pools.shelve(key, Err(Error::Stopped(Stop::Exhausted)), Duration::ZERO);
    }
    assert_eq!(fill_up(&pools), 1, "the key is still filled");
    assert_eq!(pools.depth(&key), 2);
}

#[test]
fn pools_are_off_without_keys_depth_or_fill_workers() {
    assert!(!PuzzlePoolConfig::off().enabled());
    assert!(PuzzlePoolConfig::defaults(2).enabled());
    assert_eq!(PuzzlePoolConfig::defaults(2).fill_workers, 1);
    let no_depth = PuzzlePoolConfig {
        depth: 0,
        ..PuzzlePoolConfig::defaults(2)
    };
    let pools = PuzzlePools::new(no_depth, ops::GENERATE_BUDGET);
    assert_eq!(pools.fill_workers(), 0);
    assert!(Filler(pools).next_task().is_none());
}
