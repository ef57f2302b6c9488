use sumpuzzles::api::{self, GenerateRequest};
use sumpuzzles::core::{Budget, Shape, TargetLevel};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let genre = api::genre_named(&args[1]).unwrap();
    for s in args[2].split(',') {
        let shape: Shape = s.parse().unwrap();
        let mut line = format!("{shape}:");
        for level in ["any", "easy", "medium", "hard", "expert"] {
            let mut max = 0;
            let mut fails = 0;
            let mut total_ms = 0u128;
            for seed in 0..20 {
                let req = GenerateRequest {
                    genre,
                    shape: Some(shape),
                    level: level.parse::<TargetLevel>().unwrap(),
                    seed,
                };
                let t = std::time::Instant::now();
                match api::generate(&req, &mut Budget::new(100_000_000)) {
                    Ok(r) => max = max.max(r.stats.attempts),
                    Err(_) => fails += 1,
                }
                total_ms += t.elapsed().as_millis();
            }
            line += &format!(" {level} max {max} fails {fails} ({total_ms} ms);");
        }
        println!("{line}");
    }
}
