//! The `sumpuzzles` command: solve, rate, check, convert and generate puzzles, and (with the
//! `server` feature) serve them over HTTP.

use std::io::Read;
use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};
use serde::Serialize;

use sumpuzzles::api::{self, GenerateRequest, PuzzleBody};
use sumpuzzles::core::{Budget, Shape, TargetLevel};
use sumpuzzles::GenreId;

/// Generate, rate, solve and check sum puzzles (Kakuro, Kakurasu, cryptic Kakuro).
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Where a puzzle is read from and in which genre.
#[derive(clap::Args)]
struct PuzzleArgs {
    /// File holding the puzzle (text, ID or JSON); standard input when absent or `-`.
    file: Option<PathBuf>,
    /// The genre, when the input does not say (text defaults to kakuro).
    #[arg(long)]
    genre: Option<String>,
    /// Step budget for the search.
    #[arg(long, default_value_t = 200_000_000)]
    budget: u64,
}

#[derive(Subcommand)]
enum Command {
    /// Count solutions (up to a limit) and print them.
    Solve {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// Stop after this many solutions.
        #[arg(long, default_value_t = 2)]
        limit: usize,
    },
    /// Rate a puzzle with the genre's human techniques.
    Rate {
        #[command(flatten)]
        puzzle: PuzzleArgs,
    },
    /// Check an answer against a puzzle.
    Check {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// File with the answer, one row per line (or a JSON array of row strings).
        #[arg(long)]
        answer: PathBuf,
        /// Turn unmarked cells into empty ones before checking.
        #[arg(long)]
        finish: bool,
    },
    /// Convert a puzzle between the text, ID and JSON formats.
    Format {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// Print only this format (`id`, `text` or `json`); all three as JSON when absent.
        #[arg(long)]
        to: Option<String>,
    },
    /// Generate a puzzle.
    Generate {
        #[arg(long, default_value = "kakuro")]
        genre: String,
        /// `<rows>x<cols>`; the genre's default when absent.
        #[arg(long)]
        shape: Option<String>,
        /// easy, medium, hard, expert or any.
        #[arg(long, default_value = "any")]
        level: String,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        #[arg(long, default_value_t = 2_000_000_000)]
        budget: u64,
    },
}

fn main() -> Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Command::Solve { puzzle, limit } => {
            let content = read_input(&puzzle.file)?;
            let mut body = None;
            let source = source(&content, &puzzle, &mut body)?;
            print(&api::solve(
                &source,
                limit,
                &mut Budget::new(puzzle.budget),
            )?)
        }
        Command::Rate { puzzle } => {
            let content = read_input(&puzzle.file)?;
            let mut body = None;
            let source = source(&content, &puzzle, &mut body)?;
            print(&api::rate(&source, &mut Budget::new(puzzle.budget))?)
        }
        Command::Check {
            puzzle,
            answer,
            finish,
        } => {
            let content = read_input(&puzzle.file)?;
            let mut body = None;
            let source = source(&content, &puzzle, &mut body)?;
            let answer_text = std::fs::read_to_string(&answer)
                .with_context(|| format!("reading {}", answer.display()))?;
            let rows: Vec<String> = if answer_text.trim_start().starts_with('[') {
                serde_json::from_str(&answer_text)
                    .context("the answer should be a JSON array of row strings")?
            } else {
                answer_text.lines().map(str::to_string).collect()
            };
            print(&api::check(&source, &rows, finish)?)
        }
        Command::Format { puzzle, to } => {
            let content = read_input(&puzzle.file)?;
            let mut body = None;
            let source = source(&content, &puzzle, &mut body)?;
            let forms = api::convert(&source)?;
            match to.as_deref() {
                None => print(&forms),
                Some("id") => {
                    println!("{}", forms.id);
                    Ok(())
                }
                Some("text") => {
                    print!("{}", forms.text);
                    Ok(())
                }
                Some("json") => {
                    print(&serde_json::json!({"genre": forms.genre, "puzzle": forms.puzzle}))
                }
                Some(other) => bail!("--to takes id, text or json, not '{other}'"),
            }
        }
        Command::Generate {
            genre,
            shape,
            level,
            seed,
            budget,
        } => {
            let request = GenerateRequest {
                genre: api::genre_named(&genre)?,
                shape: shape
                    .map(|s| s.parse::<Shape>())
                    .transpose()
                    .map_err(anyhow::Error::msg)?,
                level: level.parse::<TargetLevel>().map_err(anyhow::Error::msg)?,
                seed,
            };
            print(&api::generate(&request, &mut Budget::new(budget))?)
        }
    }
}

fn read_input(file: &Option<PathBuf>) -> Result<String> {
    let mut content = String::new();
    match file {
        Some(path) if path.as_os_str() != "-" => {
            content = std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?;
        }
        _ => {
            std::io::stdin()
                .read_to_string(&mut content)
                .context("reading standard input")?;
        }
    }
    Ok(content)
}

fn source<'a>(
    content: &'a str,
    args: &PuzzleArgs,
    body: &'a mut Option<PuzzleBody>,
) -> Result<api::PuzzleSource<'a>> {
    let genre = args
        .genre
        .as_deref()
        .map(str::parse::<GenreId>)
        .transpose()
        .map_err(anyhow::Error::msg)?;
    Ok(api::source_from_content(content, genre, body)?)
}

fn print(value: &impl Serialize) -> Result<()> {
    println!("{}", serde_json::to_string_pretty(value)?);
    Ok(())
}
