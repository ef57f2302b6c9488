//! Puzzle books as print-ready PDF (docs/print.md): the layout of a book, the book made from
//! its puzzles, and its cover (the request and its plan are `ops::booklet`'s). The puzzles are
//! drawn from each genre's own SVG rendering, read back as shapes (`drawing`), so a printed
//! grid has exactly the SVG's geometry for every registered genre.

mod book;
mod cover;
mod drawing;
mod fonts;
mod page_plan;
mod pen;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer};

use crate::core::{Budget, Error, Level, Score};
use crate::genres::{dispatch, GenreId, GenreVisitor, Registered};

pub use cover::{spine_width, BLEED};
pub use page_plan::{gutter, MAX_PAGES, MIN_PAGES};

/// The most puzzles one book holds: a batch's most (`ops::MAX_BATCH`, which `ops::booklet`
/// asserts is the same), since a book's puzzles are made as one batch (its deadline, its
/// slot, its client's allowance).
pub const MAX_BOOK: usize = 100;

/// One puzzle as a book prints it: its genre, ID, shape, level, score and solution.
#[derive(Clone, Debug, PartialEq)]
pub struct BookPuzzle {
    /// The genre.
    pub genre: GenreId,
    /// The ID, printed under the puzzle so that it can be found again.
    pub id: String,
    /// `<rows>x<cols>`.
    pub shape: String,
    /// The rater's level (`beyond_expert` for a given puzzle its techniques cannot solve).
    pub level: Level,
    /// The score, when the rater finished (1.0 to 10.0).
    pub score: Option<Score>,
    /// The one solution, as answer rows.
    pub solution: Vec<String>,
    /// The candidates its generation screened (0 for a puzzle given), for a door's metrics.
    pub attempts: u64,
}

impl BookPuzzle {
    /// What it takes in memory beyond its own fields, for a memory bound.
    pub fn heap_bytes(&self) -> usize {
        self.id.len() + self.shape.len() + self.solution.iter().map(String::len).sum::<usize>()
    }
}

/// The longest title, author or copyright line, in characters.
pub const MAX_TEXT: usize = 200;

/// What kind of document: a book (front matter, numbered pages, solutions at the back, padded
/// to the trim's page count) or a sheet (the puzzles alone, on as few pages as they fit).
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
// The command line takes it by name, its choices listed in `--help`.
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Format {
    /// Title and copyright pages, a how-to-play page per genre, numbered puzzles, solutions
    /// at the back, "Notes" pages up to the trim's page count.
    #[default]
    Book,
    /// The puzzles alone, as many a page as fit (or `per_page`), for home printing.
    Sheet,
}

impl FromStr for Format {
    type Err = String;

    fn from_str(text: &str) -> Result<Format, String> {
        match text {
            "book" => Ok(Format::Book),
            "sheet" => Ok(Format::Sheet),
            _ => Err(format!("a format is `book` or `sheet`, not '{text}'")),
        }
    }
}

/// The paper a book is printed on: its thickness gives the spine's width (KDP's formula).
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
// The command line takes it by name, its choices listed in `--help`.
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Paper {
    /// White paper: 0.002252 in a page.
    #[default]
    White,
    /// Cream paper: 0.0025 in a page.
    Cream,
}

impl Paper {
    /// The thickness of one page (a leaf's side), in inches, as KDP's cover calculator has it.
    pub fn inches_a_page(self) -> f32 {
        match self {
            Paper::White => 0.002252,
            Paper::Cream => 0.0025,
        }
    }
}

/// A page size: a trim KDP prints, or a custom one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Trim {
    /// Width in points (1/72 in).
    pub width: f32,
    /// Height in points.
    pub height: f32,
}

/// The smallest and largest side of a custom trim, in inches (KDP's paperbacks are 4 to 8.5 in
/// wide and 6 to 11.69 in tall; a home printer's sheet is within these too).
pub const TRIM_LIMITS: (f32, f32) = (3.0, 14.0);

impl Trim {
    /// 6 by 9 inches, the default.
    pub const SIX_BY_NINE: Trim = Trim {
        width: 432.0,
        height: 648.0,
    };
}

impl FromStr for Trim {
    type Err = String;

    /// `6x9`, `8.5x11`, `a4`, `letter`, or `<w>x<h>` with `in` (the default) or `mm` after
    /// it: `5.5x8.5in`, `148x210mm`.
    fn from_str(text: &str) -> Result<Trim, String> {
        let lower = text.trim().to_ascii_lowercase();
        let (width, height) = match lower.as_str() {
            "a4" => (210.0 / 25.4, 297.0 / 25.4),
            "letter" => (8.5, 11.0),
            custom => {
                let (numbers, unit) = match custom.strip_suffix("mm") {
                    Some(numbers) => (numbers, 1.0 / 25.4),
                    None => (custom.strip_suffix("in").unwrap_or(custom), 1.0),
                };
                let side = |part: &str| part.trim().parse::<f32>().ok().filter(|n| n.is_finite());
                let (w, h) = numbers
                    .split_once('x')
                    .and_then(|(w, h)| Some((side(w)?, side(h)?)))
                    .ok_or_else(|| {
                        format!(
                            "a trim is 6x9, 8.5x11, a4, letter or <width>x<height> in inches \
                             (5.5x8.5, 5.5x8.5in) or millimetres (148x210mm); found '{text}'"
                        )
                    })?;
                (w * unit, h * unit)
            }
        };
        Ok(Trim {
            width: width * 72.0,
            height: height * 72.0,
        })
    }
}

impl fmt::Display for Trim {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}x{} in", self.width / 72.0, self.height / 72.0)
    }
}

impl<'de> Deserialize<'de> for Trim {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Trim, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The layout of a book, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Book or sheet.
    pub format: Format,
    /// Whether the solutions are printed.
    pub solutions: bool,
    /// The page size.
    pub trim: Trim,
    /// Puzzles a page; None on a sheet that was given none (as many as fit).
    pub per_page: Option<usize>,
    /// Every text at least 16 pt.
    pub large_print: bool,
    /// The title, author and copyright lines (None: made up from the puzzles).
    pub title: Option<String>,
    /// The author.
    pub author: Option<String>,
    /// The copyright line.
    pub copyright: Option<String>,
    /// The cover (back, spine, front on one page) instead of the pages.
    pub cover: bool,
    /// The paper, for the spine's width.
    pub paper: Paper,
}

/// The puzzles a page can hold.
pub const PER_PAGE: [usize; 4] = [1, 2, 4, 6];

/// The book of `puzzles` (in the book's order) as PDF bytes, or its cover when the layout
/// asks for it; a 422 when the layout cannot keep the print minimums. The budget's flag is
/// looked at between puzzles and pages: a cancelled book stops there.
pub fn print(
    layout: &Layout,
    puzzles: &[BookPuzzle],
    budget: &mut Budget,
) -> Result<Vec<u8>, Error> {
    let puzzles = puzzles
        .iter()
        .enumerate()
        .map(|(index, puzzle)| {
            budget.check_cancelled()?;
            Printed::of(index + 1, puzzle)
        })
        .collect::<Result<Vec<_>, Error>>()?;
    if layout.cover {
        let pages = page_plan::page_count(layout, &puzzles)?;
        return cover::print(layout, &puzzles, pages);
    }
    book::print(layout, &puzzles, budget)
}

/// One puzzle as the book prints it.
pub(crate) struct Printed {
    pub number: usize,
    pub genre: GenreId,
    pub title: &'static str,
    pub rules: &'static str,
    pub caption: String,
    /// The rater's score; None for a given puzzle its techniques cannot solve.
    pub score: Option<crate::core::Score>,
    pub puzzle: drawing::Drawing,
    pub solution: Option<drawing::Drawing>,
}

impl Printed {
    fn of(number: usize, report: &BookPuzzle) -> Result<Printed, Error> {
        struct Draw<'a>(&'a BookPuzzle);
        impl GenreVisitor for Draw<'_> {
            type Output = Result<(String, Option<String>, &'static str, &'static str), Error>;
            fn visit<G: Registered>(self) -> Self::Output {
                let puzzle = G::parse_id(&self.0.id)?;
                let blank = G::render_svg(&puzzle, None, &[]);
                let answer = G::parse_answer(&puzzle, &self.0.solution)?;
                let solved = G::render_svg(&puzzle, Some(&answer), &[]);
                Ok((blank, Some(solved), G::TITLE, G::RULES))
            }
        }
        let (blank, solved, title, rules) = dispatch(report.genre, Draw(report))?;
        Ok(Printed {
            number,
            genre: report.genre,
            title,
            rules,
            caption: match report.score {
                Some(score) => format!(
                    "{title} {} \u{b7} {} \u{b7} score {score} \u{b7} ID {}",
                    report.shape,
                    report.level.name().replace('_', " "),
                    report.id
                ),
                None => format!(
                    "{title} {} \u{b7} {} \u{b7} ID {}",
                    report.shape,
                    report.level.name().replace('_', " "),
                    report.id
                ),
            },
            score: report.score,
            puzzle: drawing::Drawing::read(&blank)?,
            solution: solved.map(|svg| drawing::Drawing::read(&svg)).transpose()?,
        })
    }
}
