//! The commands on one puzzle (`solve`, `rate`, `check`, `hint`, `render`, `format`): where the
//! puzzle and an answer are read from, and what each command writes.

use std::io::Read;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use clap::ValueEnum;

use sumpuzzles::genres::GenreId;
use sumpuzzles::ops::{
    self, AnswerRows, CheckOptions, CheckRequest, FormatRequest, HintOptions, HintRequest,
    PuzzleSource, RateRequest, RenderOptions, RenderRequest, SolutionLimit, SolveOptions,
    SolveRequest,
};
use sumpuzzles::Budget;

use super::output::{out, out_line, print_json};

/// Where a puzzle is read from and in which genre.
#[derive(clap::Args)]
pub struct PuzzleArgs {
    /// File holding the puzzle (text, ID, JSON or a puzz.link URL); standard input when absent
    /// or `-`. An argument that names no existing file but reads as a puzzle ID or URL (it
    /// holds a `:`) is the puzzle itself.
    puzzle: Option<String>,
    /// The genre, when the input does not say (a text without a `genre:` line is in the
    /// first registered genre).
    #[arg(long)]
    genre: Option<GenreId>,
    /// Step budget for the search.
    #[arg(long, default_value_t = ops::LOCAL_BUDGET)]
    budget: u64,
}

impl PuzzleArgs {
    /// The puzzle, read from the argument (a file, or the ID or URL itself) or standard
    /// input.
    pub fn source(&self) -> Result<PuzzleSource> {
        let content = match self.puzzle.as_deref() {
            None | Some("-") => {
                let mut content = String::new();
                std::io::stdin()
                    .read_to_string(&mut content)
                    .context("reading standard input")?;
                content
            }
            Some(argument) => puzzle_content(argument)?,
        };
        Ok(PuzzleSource::from_content(&content, self.genre)?)
    }

    fn budget(&self) -> Budget {
        Budget::new(self.budget)
    }
}

/// What a puzzle argument holds: an existing file's content, or the argument itself when it
/// names no file but reads as an ID or a URL (it holds a `:`, which no grid text's first line
/// does); a name that is neither is a file that could not be read.
pub fn puzzle_content(argument: &str) -> Result<String> {
    if !Path::new(argument).exists() && argument.contains(':') && !argument.contains('\n') {
        return Ok(argument.to_string());
    }
    std::fs::read_to_string(argument).with_context(|| format!("reading {argument}"))
}

/// Reads answer rows from a file: one row per line, or a JSON array of row strings.
fn read_answer(path: &PathBuf) -> Result<AnswerRows> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    if text.trim_start().starts_with('[') {
        serde_json::from_str(&text)
            .map(AnswerRows::Rows)
            .context("the answer should be a JSON array of row strings")
    } else {
        Ok(AnswerRows::Rows(text.lines().map(str::to_string).collect()))
    }
}

/// `solve`: counts the solutions up to `limit` and prints them.
pub fn solve(puzzle: &PuzzleArgs, limit: usize) -> Result<()> {
    let options = SolveOptions {
        limit: Some(SolutionLimit(limit)),
        budget: None,
    };
    let request = SolveRequest::new(puzzle.source()?, options);
    print_json(&ops::solve(&request, &mut puzzle.budget())?)
}

/// `rate`: the genre's human-technique rating.
pub fn rate(puzzle: &PuzzleArgs) -> Result<()> {
    let request = RateRequest::from(puzzle.source()?);
    print_json(&ops::rate(&request, &mut puzzle.budget())?)
}

/// `check`: the answer in `answer` against the puzzle.
pub fn check(puzzle: &PuzzleArgs, answer: &PathBuf, finish: bool) -> Result<()> {
    let options = CheckOptions {
        answer: read_answer(answer)?,
        finish: Some(finish),
    };
    print_json(&ops::check(&CheckRequest::new(puzzle.source()?, options))?)
}

/// `hint`: the next hint for the (partial) answer in `answer`.
pub fn hint(puzzle: &PuzzleArgs, answer: &PathBuf) -> Result<()> {
    let options = HintOptions {
        answer: read_answer(answer)?,
        budget: None,
    };
    let request = HintRequest::new(puzzle.source()?, options);
    print_json(&ops::hint(&request, &mut puzzle.budget())?)
}

/// `render`: the puzzle as SVG, blank, with an answer or with its solution.
pub fn render(
    puzzle: &PuzzleArgs,
    answer: Option<&PathBuf>,
    solution: bool,
    finish: bool,
) -> Result<()> {
    let options = RenderOptions {
        answer: answer.map(read_answer).transpose()?,
        solution: Some(solution),
        finish: Some(finish),
        budget: None,
    };
    let request = RenderRequest::new(puzzle.source()?, options);
    out(&ops::render(&request, &mut puzzle.budget())?)
}

/// The one format `format --to` prints.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum FormatTarget {
    /// The ID, on one line.
    Id,
    /// The text format.
    Text,
    /// The genre and the puzzle object, as JSON.
    Json,
    /// The puzz.link URL (for a genre and puzzle puzz.link can show).
    Url,
}

/// `format`: the puzzle in every format as JSON, or in the one format `to`.
pub fn format(puzzle: &PuzzleArgs, to: Option<FormatTarget>) -> Result<()> {
    let forms = ops::format(&FormatRequest::from(puzzle.source()?))?;
    match to {
        None => print_json(&forms),
        Some(FormatTarget::Id) => out_line(&forms.id),
        Some(FormatTarget::Text) => out(&forms.text),
        Some(FormatTarget::Json) => {
            print_json(&serde_json::json!({"genre": forms.genre, "puzzle": forms.puzzle}))
        }
        Some(FormatTarget::Url) => match &forms.url {
            Some(url) => out_line(url),
            None => bail!(
                "this {} puzzle has no puzz.link URL: the genre has no puzz.link form, or \
                 puzz.link cannot show this puzzle",
                forms.genre
            ),
        },
    }
}
