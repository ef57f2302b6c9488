//! `generate`: one puzzle, or a batch of them written a line at a time; and the generation
//! flags `generate` and `booklet` share.

use anyhow::{bail, Result};
use clap::ValueEnum;

use sumpuzzles::genres::GenreId;
use sumpuzzles::ops::{
    self, BatchLine, BatchRequest, BatchSize, GenerateOptions, GenerateRequest,
    GenerationParameters, GenerationRequest, Parsed, Plan, Seed, SeedChoice,
};
use sumpuzzles::{Budget, Level, Score, TargetLevel};

use super::output::{out, print_json};

/// What a generation takes, for `generate` and `booklet`.
#[derive(clap::Args)]
pub struct GenerationArgs {
    #[arg(long, default_value_t = GenreId::DEFAULT)]
    genre: GenreId,
    /// `<rows>x<cols>`; the genre's default when absent.
    #[arg(long)]
    shape: Option<String>,
    /// The level.
    #[arg(long, value_enum, default_value_t = LevelChoice::Any)]
    level: LevelChoice,
    /// The seed; with --count, the first of the batch's seeds.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The lowest score (1.0 to 10.0, one decimal); with --score-max, a range within the
    /// level's band.
    #[arg(long)]
    score_min: Option<Score>,
    /// The highest score (1.0 to 10.0, one decimal).
    #[arg(long)]
    score_max: Option<Score>,
    /// A batch of this many puzzles (1 to 100), seeds --seed, --seed + 1, ...
    #[arg(long, conflicts_with = "seeds")]
    count: Option<u32>,
    /// A batch of these seeds, comma-separated (1 to 100 of them).
    #[arg(long, value_delimiter = ',', conflicts_with = "seed")]
    seeds: Option<Vec<u64>>,
    /// Step budget (of each puzzle, in a batch).
    #[arg(long, default_value_t = ops::LOCAL_GENERATE_BUDGET)]
    pub budget: u64,
}

/// The levels a generation may ask for: the library's [`TargetLevel`] is no plain enum (a
/// level, or any), so the command line lists its names here.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum LevelChoice {
    /// Only the easy techniques.
    Easy,
    /// Medium techniques at the hardest.
    Medium,
    /// Hard techniques at the hardest.
    Hard,
    /// Expert techniques at the hardest.
    Expert,
    /// Any of easy to expert.
    Any,
}

impl From<LevelChoice> for TargetLevel {
    fn from(choice: LevelChoice) -> TargetLevel {
        match choice {
            LevelChoice::Easy => TargetLevel::Exactly(Level::Easy),
            LevelChoice::Medium => TargetLevel::Exactly(Level::Medium),
            LevelChoice::Hard => TargetLevel::Exactly(Level::Hard),
            LevelChoice::Expert => TargetLevel::Exactly(Level::Expert),
            LevelChoice::Any => TargetLevel::Any,
        }
    }
}

impl GenerationArgs {
    /// The parameters, the shape parsed by the wire's rules (strict, as the service's), once.
    pub fn parameters(&self, solution: Option<bool>) -> GenerationParameters {
        GenerationParameters {
            genre: Some(self.genre.into()),
            shape: self.shape.clone().map(Parsed::of),
            level: Some(TargetLevel::from(self.level).into()),
            budget: None,
            score_min: self.score_min,
            score_max: self.score_max,
            solution,
        }
    }

    /// The seeds the flags choose: `count` from `seed`, or `seeds`.
    pub fn seed_choice(&self) -> SeedChoice {
        SeedChoice {
            seed: self.count.map(|_| Seed(self.seed)),
            seeds: self.seeds.clone(),
            count: self.count.map(BatchSize),
        }
    }

    /// Whether the flags ask for a batch (`--count` or `--seeds`) rather than one puzzle.
    fn is_batch(&self) -> bool {
        self.count.is_some() || self.seeds.is_some()
    }
}

/// `generate`: one puzzle as pretty JSON, or a batch a line at a time.
pub fn generate(generation: &GenerationArgs, no_solution: bool) -> Result<()> {
    let parameters = generation.parameters(no_solution.then_some(false));
    if !generation.is_batch() {
        let request = GenerateRequest {
            parameters,
            options: GenerateOptions {
                seed: Some(Seed(generation.seed)),
            },
        };
        // A generation by score may examine its candidates on every core: the puzzle is the
        // same with any number (see `generate_in_range`).
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        return print_json(&ops::generate(
            &request,
            &mut Budget::new(generation.budget).with_threads(cores),
        )?);
    }
    let batch = GenerationRequest {
        parameters,
        options: generation.seed_choice(),
    };
    generate_batch(&batch, generation.budget)
}

/// Writes a batch's lines as each puzzle is made; fails at the end when a seed did.
fn generate_batch(batch: &BatchRequest, budget: u64) -> Result<()> {
    let plan = batch.plan()?;
    let mut failed = 0;
    for (&seed, generation) in plan.seeds().iter().zip(plan.generations()) {
        let line = BatchLine::of(seed, generation.run(&mut Budget::new(budget)));
        failed += usize::from(matches!(line, BatchLine::Failed(_)));
        out(&line.to_ndjson())?;
    }
    if failed > 0 {
        bail!(
            "{failed} of {} seeds failed (their lines hold the problem)",
            plan.seeds().len()
        );
    }
    Ok(())
}
