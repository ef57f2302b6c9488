//! `booklet`: a puzzle book (or sheet) as a print-ready PDF, its puzzles made from a batch's
//! seeds or given, laid out by the layout flags (docs/print.md).

use std::path::PathBuf;

use anyhow::{Context, Result};

use sumpuzzles::ops::{
    BookletOptions, BookletRequest, GenerationParameters, PuzzleSource, SeedChoice,
};
use sumpuzzles::print::{Format, Paper, Trim};

use super::generation::GenerationArgs;
use super::puzzle::puzzle_content;

/// The flags of `booklet`.
#[derive(clap::Args)]
pub struct BookletArgs {
    #[command(flatten)]
    generation: GenerationArgs,
    /// `book` (title, copyright and how-to-play pages, numbered puzzles, solutions, Notes
    /// pages up to 24) or `sheet` (the puzzles alone).
    #[arg(long, value_enum, default_value_t = Format::Book)]
    format: Format,
    /// Leave the solutions out.
    #[arg(long)]
    no_solutions: bool,
    /// Print the solutions (a sheet leaves them out unless asked).
    #[arg(long, conflicts_with = "no_solutions")]
    solutions: bool,
    /// The page size: 6x9, 8.5x11, a4, letter, or <w>x<h> in inches or with `mm`.
    #[arg(long, default_value = "6x9")]
    trim: Trim,
    /// Puzzles a page: 1, 2, 4 or 6 (a book's default 1; a sheet's as many as fit).
    #[arg(long)]
    per_page: Option<u8>,
    /// Every text at least 16 pt.
    #[arg(long)]
    large_print: bool,
    /// Print these puzzles instead of making them: files (text, ID, JSON or a puzz.link
    /// URL, as `solve` reads them) or IDs, repeated, each with exactly one solution.
    #[arg(long = "puzzle", conflicts_with_all = ["count", "seeds", "shape", "score_min", "score_max"])]
    puzzles: Vec<String>,
    /// The cover (back, spine and front on one page) of the book instead of its pages.
    #[arg(long)]
    cover: bool,
    /// The paper, for the cover's spine width.
    #[arg(long, value_enum, default_value_t = Paper::White)]
    paper: Paper,
    /// The book's title.
    #[arg(long)]
    title: Option<String>,
    /// The author, on the title page.
    #[arg(long)]
    author: Option<String>,
    /// The copyright line.
    #[arg(long)]
    copyright: Option<String>,
    /// The PDF file to write.
    #[arg(short, long)]
    output: PathBuf,
}

/// `booklet`: makes (or reads) the puzzles, prints the book and writes the PDF.
pub fn booklet(args: BookletArgs) -> Result<()> {
    let generation = &args.generation;
    let (parameters, choice, given) = if args.puzzles.is_empty() {
        (generation.parameters(None), generation.seed_choice(), None)
    } else {
        let sources = args
            .puzzles
            .iter()
            .map(|puzzle| {
                PuzzleSource::from_content(&puzzle_content(puzzle)?, None)
                    .with_context(|| format!("reading the puzzle {puzzle}"))
            })
            .collect::<Result<Vec<_>>>()?;
        let parameters = GenerationParameters::default();
        (parameters, SeedChoice::default(), Some(sources))
    };
    let request = BookletRequest {
        parameters,
        options: BookletOptions {
            puzzles: given,
            format: Some(args.format),
            solutions: (args.no_solutions || args.solutions).then_some(args.solutions),
            trim: Some(args.trim),
            per_page: args.per_page,
            large_print: Some(args.large_print),
            title: args.title,
            author: args.author,
            copyright: args.copyright,
            cover: Some(args.cover),
            paper: Some(args.paper),
            ..BookletOptions::made_from(choice)
        },
    };
    let pdf = request.plan()?.run_all(generation.budget)?;
    std::fs::write(&args.output, pdf)
        .with_context(|| format!("writing {}", args.output.display()))?;
    Ok(())
}
