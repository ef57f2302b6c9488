//! A book's or sheet's pages planned before anything is drawn: the type sizes, the live area
//! inside KDP's margins and gutter, the slots of a page's puzzles, how many puzzles a page
//! takes while every text keeps the print minimums, and what each page holds.

use super::drawing::Drawing;
use super::fonts;
use super::pen::{Area, Type, INCH, MIN_LINE};
use super::{Format, Layout, Printed, Trim, PER_PAGE};
use crate::core::{Error, InputError};
use crate::genres::GenreId;

/// The most pages a book has (KDP's largest paperback on white paper).
pub const MAX_PAGES: usize = 828;
/// The fewest pages a book has (KDP's smallest paperback): "Notes" pages pad it.
pub const MIN_PAGES: usize = 24;

/// The outside, top and bottom margins (KDP asks at least 0.25 in).
const OUTSIDE: f32 = 0.5 * INCH;
/// Room between puzzles on a page.
const GAP: f32 = 0.2 * INCH;
/// The largest scale of a drawing (its cell is 40 units: at most 60 pt, 0.83 in, which
/// large print needs for its 16 pt).
const MAX_SCALE: f32 = 1.5;

/// The gutter (inside margin) for a book of `pages` pages, KDP's table.
pub fn gutter(pages: usize) -> f32 {
    INCH * match pages {
        0..=150 => 0.375,
        151..=300 => 0.5,
        301..=500 => 0.625,
        501..=700 => 0.75,
        _ => 0.875,
    }
}

/// What a page holds.
#[derive(Clone, Debug)]
pub(crate) enum Content {
    Title,
    Copyright,
    /// How to play the genre.
    Rules(GenreId),
    /// Puzzles `start..end` (indices), the solutions' when `solutions`.
    Puzzles {
        start: usize,
        end: usize,
        solutions: bool,
    },
    Notes,
}

/// The book's pages and what each is drawn with.
pub(crate) struct Plan {
    pub(crate) pages: Vec<Content>,
    pub(crate) per_page: usize,
    pub(crate) solutions_per_page: usize,
    pub(crate) gutter: f32,
}

/// How many columns and rows of slots `n` puzzles a page take.
fn grid(n: usize) -> (usize, usize) {
    match n {
        1 => (1, 1),
        2 => (1, 2),
        4 => (2, 2),
        _ => (2, 3),
    }
}

/// The page's live area: inside its margins, less the footer line of a numbered page.
pub(crate) fn live_area(trim: Trim, number: usize, gutter: f32, book: bool, kind: &Type) -> Area {
    let (left, right) = if !book {
        (OUTSIDE, OUTSIDE)
    } else if number % 2 == 1 {
        // A right-hand page: its gutter is on the left.
        (gutter, OUTSIDE)
    } else {
        (OUTSIDE, gutter)
    };
    let footer = if book {
        Type::line(kind.body) * 1.5
    } else {
        0.0
    };
    Area {
        x: left,
        y: OUTSIDE,
        w: trim.width - left - right,
        h: trim.height - 2.0 * OUTSIDE - footer,
    }
}

/// The slots of `n` puzzles in `area`.
pub(crate) fn slots(area: Area, n: usize) -> Vec<Area> {
    let (cols, rows) = grid(n);
    let w = (area.w - GAP * (cols - 1) as f32) / cols as f32;
    let h = (area.h - GAP * (rows - 1) as f32) / rows as f32;
    (0..rows)
        .flat_map(|row| (0..cols).map(move |col| (row, col)))
        .map(|(row, col)| Area {
            x: area.x + col as f32 * (w + GAP),
            y: area.y + row as f32 * (h + GAP),
            w,
            h,
        })
        .collect()
}

/// A puzzle's caption lines in a slot `width` wide: its number (bold) and, under a puzzle,
/// its genre, shape, level, score and ID in small type.
pub(crate) fn caption(
    puzzle: &Printed,
    solution: bool,
    width: f32,
    kind: &Type,
) -> Vec<(String, f32, bool)> {
    let mut lines = vec![(
        if solution {
            format!("Solution {}", puzzle.number)
        } else {
            format!("Puzzle {}", puzzle.number)
        },
        kind.body,
        true,
    )];
    if !solution {
        lines.extend(
            fonts::wrap(&puzzle.caption, kind.small, false, width)
                .into_iter()
                .map(|line| (line, kind.small, false)),
        );
    }
    lines
}

pub(crate) fn caption_height(lines: &[(String, f32, bool)]) -> f32 {
    lines
        .iter()
        .map(|(_, size, _)| Type::line(*size))
        .sum::<f32>()
        + GAP / 2.0
}

/// The scale a drawing takes in a slot under its caption.
pub(crate) fn scale(drawing: &Drawing, slot: Area, caption: f32) -> f32 {
    (slot.w / drawing.width)
        .min((slot.h - caption).max(0.0) / drawing.height)
        .min(MAX_SCALE)
}

/// The smallest text the puzzles (or solutions) would have at `n` a page, with the puzzle
/// it is in: None when every drawing keeps `kind.least`.
fn too_small(
    puzzles: &[Printed],
    solutions: bool,
    n: usize,
    area: Area,
    kind: &Type,
) -> Option<(f32, usize)> {
    let slot = slots(area, n)[0];
    puzzles
        .iter()
        .filter_map(|puzzle| {
            let drawing = if solutions {
                puzzle.solution.as_ref()?
            } else {
                &puzzle.puzzle
            };
            let lines = caption(puzzle, solutions, slot.w, kind);
            let scale = scale(drawing, slot, caption_height(&lines));
            let smallest = drawing.smallest_text().unwrap_or(f32::INFINITY) * scale;
            (smallest < kind.least || scale <= 0.0).then_some((smallest, puzzle.number))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
}

/// The layout's pages: the puzzles' page count chosen, the solutions' (as many a page as
/// keep the minimums), the gutter from the page count; a 422 naming the limit and the
/// largest `per_page` that fits when the puzzles' pages cannot keep the minimums.
pub(crate) fn plan(layout: &Layout, puzzles: &[Printed], kind: &Type) -> Result<Plan, Error> {
    let book = layout.format == Format::Book;
    let genres: Vec<GenreId> = puzzles.iter().fold(Vec::new(), |mut genres, puzzle| {
        if !genres.contains(&puzzle.genre) {
            genres.push(puzzle.genre);
        }
        genres
    });
    let with_solutions = layout.solutions && puzzles.iter().all(|p| p.solution.is_some());
    let mut gutter = gutter(0);
    let mut plan = None;
    // The gutter depends on the page count, which depends on how many solutions fit a page,
    // which depends on the gutter: a few rounds settle it.
    for _ in 0..4 {
        // The narrower of a right- and a left-hand page (they are the same width).
        let area = live_area(layout.trim, 1, gutter, book, kind);
        let fits =
            |n: usize, solutions: bool| too_small(puzzles, solutions, n, area, kind).is_none();
        let largest =
            |solutions: bool| PER_PAGE.iter().rev().copied().find(|&n| fits(n, solutions));
        let per_page = match (layout.per_page, largest(false)) {
            (Some(n), _) if fits(n, false) => n,
            (None, Some(n)) => n,
            (asked, _) => {
                let n = asked.unwrap_or(1);
                let (smallest, number) = too_small(puzzles, false, n, area, kind)
                    .expect("a layout that does not fit has a text too small");
                let fitting = match largest(false) {
                    Some(fitting) => format!("the largest per_page that fits is {fitting}"),
                    None => "no per_page fits: choose a larger trim or a smaller shape".into(),
                };
                return Err(InputError::limits(format!(
                    "the print minimums cannot be kept: text is at least {} pt{}, and at \
                     {n} a page on a {} page puzzle {number}'s smallest text would be \
                     {smallest:.1} pt (lines are drawn at least {MIN_LINE} pt); {fitting}",
                    kind.least,
                    if layout.large_print {
                        " in large print"
                    } else {
                        ""
                    },
                    layout.trim,
                ))
                .into());
            }
        };
        let solutions_per_page = if with_solutions {
            largest(true).unwrap_or(1)
        } else {
            0
        };
        let mut pages = Vec::new();
        if book {
            pages.push(Content::Title);
            pages.push(Content::Copyright);
            pages.extend(genres.iter().map(|&genre| Content::Rules(genre)));
        }
        let chunk = |n: usize, solutions: bool, pages: &mut Vec<Content>| {
            for start in (0..puzzles.len()).step_by(n) {
                pages.push(Content::Puzzles {
                    start,
                    end: (start + n).min(puzzles.len()),
                    solutions,
                });
            }
        };
        chunk(per_page, false, &mut pages);
        if with_solutions {
            chunk(solutions_per_page, true, &mut pages);
        }
        if book {
            while pages.len() < MIN_PAGES {
                pages.push(Content::Notes);
            }
        }
        if pages.len() > MAX_PAGES {
            return Err(InputError::limits(format!(
                "the book would have {} pages; a book has at most {MAX_PAGES}: ask for more \
                 puzzles a page or fewer puzzles",
                pages.len()
            ))
            .into());
        }
        let settled = !book || self::gutter(pages.len()) == gutter;
        let next_gutter = self::gutter(pages.len());
        plan = Some(Plan {
            pages,
            per_page,
            solutions_per_page,
            gutter,
        });
        if settled {
            break;
        }
        gutter = next_gutter;
    }
    Ok(plan.expect("at least one round"))
}

/// How many pages the book of `puzzles` has (what its cover's spine is measured from).
pub(crate) fn page_count(layout: &Layout, puzzles: &[Printed]) -> Result<usize, Error> {
    Ok(plan(layout, puzzles, &Type::of(layout.large_print))?
        .pages
        .len())
}
