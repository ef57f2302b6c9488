//! The command line: the commands and their flags, as clap reads them.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use sumpuzzles::ops;

use super::booklet::BookletArgs;
use super::generation::GenerationArgs;
use super::puzzle::{FormatTarget, PuzzleArgs};

/// Generate, rate, solve and check sum puzzles (the registry's genres: [`about`]).
#[derive(Parser)]
#[command(version, about = about())]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The CLI's one-line description, naming the registry's genres (as the OpenAPI document's
/// does), so that a new genre is named without an edit here.
fn about() -> String {
    let titles: Vec<&str> = ops::genres().iter().map(|genre| genre.title).collect();
    format!(
        "Generate, rate, solve and check sum puzzles ({}), as a library, a CLI and an HTTP service",
        titles.join(", ")
    )
}

#[derive(Subcommand)]
pub enum Command {
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
    /// The next hint for a (partial) answer: the rater's next placement, or the first wrong mark.
    Hint {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// File with the answer, one row per line (or a JSON array of row strings).
        #[arg(long)]
        answer: PathBuf,
    },
    /// Draw a puzzle as a printable SVG on standard output: blank, with an answer (its broken
    /// rules highlighted) or with the solution.
    Render {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// File with an answer to write in, one row per line (or a JSON array of row strings).
        #[arg(long, conflicts_with = "solution")]
        answer: Option<PathBuf>,
        /// Write the solution in (the puzzle must have exactly one).
        #[arg(long)]
        solution: bool,
        /// With --answer: turn unmarked cells into empty ones before checking.
        #[arg(long, requires = "answer")]
        finish: bool,
    },
    /// Convert a puzzle between the text, ID and JSON formats and puzz.link URLs.
    Format {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// Print only this format; all of them as JSON when absent.
        #[arg(long, value_enum)]
        to: Option<FormatTarget>,
    },
    /// Generate a puzzle (pretty JSON), or with --count or --seeds a batch: one JSON line per
    /// seed, in seed order, as `POST /generate/batch` writes them (a seed that fails gives a
    /// line with its problem, and the others go on).
    Generate {
        #[command(flatten)]
        generation: GenerationArgs,
        /// Leave the solution out (and whatever gives it away: the rating's deductions,
        /// cryptic Kakuro's letters).
        #[arg(long)]
        no_solution: bool,
    },
    /// Make a puzzle book (or sheet) as a print-ready PDF, as `POST /booklet` does: a batch's
    /// puzzles (--count from --seed, or --seeds) laid out by the layout flags (docs/print.md).
    Booklet(Box<BookletArgs>),
    /// Run the HTTP service.
    #[cfg(feature = "server")]
    Serve(Box<crate::serve::ServeArgs>),
    /// Exit 0 when the service answers its health check (for container health checks).
    Healthcheck {
        /// The URL to ask; a container on another port sets SUMPUZZLES_HEALTHCHECK_URL and
        /// keeps the image's health check as it is.
        #[arg(
            long,
            env = "SUMPUZZLES_HEALTHCHECK_URL",
            default_value = "http://127.0.0.1:8080/healthz"
        )]
        url: String,
    },
    /// Print the OpenAPI document the service serves.
    #[cfg(feature = "server")]
    Openapi,
}
