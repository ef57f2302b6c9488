//! The native side of `bench/generate.mjs`: times `api::generate` and the report's JSON (what
//! a door does, as the WebAssembly side does) for seeds `0..seeds`, each `repeat` times, and
//! prints each seed's fastest time in milliseconds, one line per seed (`failed` when no puzzle
//! came).
//!
//! `native_generate GENRE SHAPE LEVEL SEEDS REPEAT BUDGET`; one generation first warms the
//! tables up, as the WebAssembly side does.

use std::time::Instant;

use sumpuzzles::api::{self, GenerateRequest};
use sumpuzzles::Budget;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [genre, shape, level, seeds, repeat, budget] = &args[..] else {
        panic!("usage: native_generate GENRE SHAPE LEVEL SEEDS REPEAT BUDGET");
    };
    let request = |seed| GenerateRequest {
        genre: api::genre_named(genre).expect("a registered genre"),
        shape: Some(shape.parse().expect("a shape like 8x8")),
        level: level.parse().expect("a level"),
        seed,
    };
    let repeat: u32 = repeat.parse().expect("a repeat count");
    let budget: u64 = budget.parse().expect("a step budget");
    let generate = |seed| {
        api::generate(&request(seed), &mut Budget::new(budget))
            .map(|report| serde_json::to_string(&report).expect("reports serialise"))
    };
    let _ = generate(0);
    for seed in 0..seeds.parse().expect("a seed count") {
        let mut fastest = f64::INFINITY;
        for _ in 0..repeat {
            let start = Instant::now();
            let result = generate(seed);
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            fastest = fastest.min(if result.is_ok() { ms } else { f64::INFINITY });
        }
        if fastest.is_finite() {
            println!("{fastest:.4}");
        } else {
            println!("failed");
        }
    }
}
