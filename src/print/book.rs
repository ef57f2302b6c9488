//! The pages of a book or sheet, laid out and drawn into a PDF with krilla: PDF/A-1b
//! (checked by krilla's own validator, which forbids transparency), grays only, both fonts
//! embedded as subsets, a trim box on every page and a fixed date, so that the same request
//! gives the same bytes. KDP's rules for a paperback without bleed are kept (docs/print.md).

use krilla::color::luma;
use krilla::configure::{Archival, ConfigurationBuilder};
use krilla::geom::{Path, PathBuilder, Point, Rect};
use krilla::metadata::{DateTime, Metadata};
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke, StrokeDash};
use krilla::surface::Surface;
use krilla::text::TextDirection;
use krilla::{Document, SerializeSettings};

use super::drawing::{Drawing, Gray, Shape};
use super::fonts::{self, Fonts};
use super::{Format, Layout, Printed, Trim, PER_PAGE};
use crate::core::{Budget, Error, InputError};
use crate::genres::GenreId;

/// The most pages a book has (KDP's largest paperback on white paper).
pub const MAX_PAGES: usize = 828;
/// The fewest pages a book has (KDP's smallest paperback): "Notes" pages pad it.
pub const MIN_PAGES: usize = 24;

const INCH: f32 = 72.0;
/// The outside, top and bottom margins (KDP asks at least 0.25 in).
const OUTSIDE: f32 = 0.5 * INCH;
/// Room between puzzles on a page.
const GAP: f32 = 0.2 * INCH;
/// The largest scale of a drawing (its cell is 40 units: at most 60 pt, 0.83 in, which
/// large print needs for its 16 pt).
const MAX_SCALE: f32 = 1.5;
/// The thinnest line drawn (KDP's minimum line weight): thinner strokes are drawn this wide.
pub const MIN_LINE: f32 = 0.75;

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

/// The type sizes of a book, in points.
#[derive(Clone, Copy)]
pub(crate) struct Type {
    /// The least any text may be.
    pub(crate) least: f32,
    pub(crate) body: f32,
    pub(crate) heading: f32,
    pub(crate) title: f32,
    /// A puzzle's level, score and ID.
    pub(crate) small: f32,
}

impl Type {
    pub(crate) fn of(large_print: bool) -> Type {
        if large_print {
            Type {
                least: 16.0,
                body: 16.0,
                heading: 24.0,
                title: 34.0,
                small: 16.0,
            }
        } else {
            Type {
                least: 7.0,
                body: 10.5,
                heading: 18.0,
                title: 28.0,
                small: 7.0,
            }
        }
    }

    pub(crate) fn line(size: f32) -> f32 {
        size * 1.3
    }
}

/// A rectangle on the page, in points from the top left.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Area {
    pub(crate) x: f32,
    pub(crate) y: f32,
    pub(crate) w: f32,
    pub(crate) h: f32,
}

/// What a page holds.
#[derive(Clone, Debug)]
enum Content {
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
struct Plan {
    pages: Vec<Content>,
    per_page: usize,
    solutions_per_page: usize,
    gutter: f32,
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
fn live_area(trim: Trim, number: usize, gutter: f32, book: bool, kind: &Type) -> Area {
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
fn slots(area: Area, n: usize) -> Vec<Area> {
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
fn caption(puzzle: &Printed, solution: bool, width: f32, kind: &Type) -> Vec<(String, f32, bool)> {
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

fn caption_height(lines: &[(String, f32, bool)]) -> f32 {
    lines
        .iter()
        .map(|(_, size, _)| Type::line(*size))
        .sum::<f32>()
        + GAP / 2.0
}

/// The scale a drawing takes in a slot under its caption.
fn scale(drawing: &Drawing, slot: Area, caption: f32) -> f32 {
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
fn plan(layout: &Layout, puzzles: &[Printed], kind: &Type) -> Result<Plan, Error> {
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

/// A PDF/A-1b document (checked by krilla's validator), with the book's metadata and a fixed
/// date: the same request gives the same bytes.
pub(crate) fn document(title: &str, author: Option<&String>) -> Result<Document, Error> {
    let configuration = ConfigurationBuilder::new()
        .with_archival_validator(Archival::A1_B)
        .finish()
        .map_err(|error| internal(format!("{error:?}")))?;
    let settings = SerializeSettings {
        configuration,
        ..SerializeSettings::default()
    };
    let mut document = Document::new_with(settings);
    let mut metadata = Metadata::new()
        .title(title.to_string())
        .creator("sumpuzzles".to_string())
        .producer("sumpuzzles".to_string())
        .language("en".to_string())
        .creation_date(DateTime::new(2026).month(1).day(1));
    if let Some(author) = author {
        metadata = metadata.authors(vec![author.clone()]);
    }
    document.set_metadata(metadata);
    Ok(document)
}

/// The finished document's bytes.
pub(crate) fn finish(document: Document) -> Result<Vec<u8>, Error> {
    document
        .finish()
        .map_err(|error| internal(format!("{error:?}")))
}

/// The book's title: the one asked for, or its genres' names.
pub(crate) fn title(layout: &Layout, puzzles: &[Printed]) -> String {
    layout
        .title
        .clone()
        .unwrap_or_else(|| default_title(puzzles))
}

/// The book or sheet as PDF bytes; a raised flag stops it between pages.
pub(crate) fn print(
    layout: &Layout,
    puzzles: &[Printed],
    budget: &mut Budget,
) -> Result<Vec<u8>, Error> {
    let kind = Type::of(layout.large_print);
    let plan = plan(layout, puzzles, &kind)?;
    let book = layout.format == Format::Book;
    let fonts = Fonts::new();
    let title = title(layout, puzzles);
    let mut document = document(&title, layout.author.as_ref())?;
    let (width, height) = (layout.trim.width, layout.trim.height);
    for (index, content) in plan.pages.iter().enumerate() {
        budget.check_cancelled()?;
        let number = index + 1;
        let trim_box = Rect::from_xywh(0.0, 0.0, width, height);
        let settings = PageSettings::from_wh(width, height)
            .ok_or_else(|| internal("page size".into()))?
            .with_trim_box(trim_box);
        let mut page = document.start_page_with(settings);
        let mut surface = page.surface();
        let area = live_area(layout.trim, number, plan.gutter, book, &kind);
        let mut pen = Pen {
            surface: &mut surface,
            fonts: &fonts,
        };
        match content {
            Content::Title => {
                let mut y = area.y + area.h * 0.3;
                for line in fonts::wrap(&title, kind.title, true, area.w) {
                    pen.text(
                        &line,
                        area.x + area.w / 2.0,
                        y,
                        kind.title,
                        true,
                        Align::Centre,
                    );
                    y += Type::line(kind.title);
                }
                y += Type::line(kind.body);
                let subtitle = what_it_holds(puzzles, plan.solutions_per_page > 0);
                pen.paragraph(&subtitle, area, &mut y, kind.body, Align::Centre);
                if let Some(author) = &layout.author {
                    let mut y = area.y + area.h * 0.8;
                    pen.paragraph(author, area, &mut y, kind.heading, Align::Centre);
                }
            }
            Content::Copyright => {
                let mut y = area.y + area.h * 0.6;
                let copyright = layout
                    .copyright
                    .clone()
                    .unwrap_or_else(|| format!("{title}. All rights reserved."));
                // A given puzzle may be beyond the rater's techniques: it has no score, and
                // logic alone is not promised for it.
                let uniqueness = if puzzles.iter().all(|puzzle| puzzle.score.is_some()) {
                    "Every puzzle in this book has exactly one solution, found by logic alone. \
                     Its level and score are a human-technique rater's; the ID under each \
                     puzzle finds it again."
                } else {
                    "Every puzzle in this book has exactly one solution. Its level and score \
                     are a human-technique rater's (a puzzle beyond its techniques has no \
                     score); the ID under each puzzle finds it again."
                };
                for text in [copyright.as_str(), uniqueness, "Made with sumpuzzles."] {
                    pen.paragraph(text, area, &mut y, kind.body, Align::Left);
                    y += Type::line(kind.body);
                }
            }
            Content::Rules(genre) => {
                let puzzle = puzzles
                    .iter()
                    .find(|p| p.genre == *genre)
                    .expect("a genre of the book");
                let mut y = area.y + kind.heading;
                pen.text(
                    &format!("How to play {}", puzzle.title),
                    area.x,
                    y,
                    kind.heading,
                    true,
                    Align::Left,
                );
                y += Type::line(kind.heading) * 1.5;
                pen.paragraph(puzzle.rules, area, &mut y, kind.body, Align::Left);
            }
            Content::Puzzles {
                start,
                end,
                solutions,
            } => {
                let n = if *solutions {
                    plan.solutions_per_page
                } else {
                    plan.per_page
                };
                let mut area = area;
                if *solutions && (*start == 0) {
                    let y = area.y + kind.heading;
                    pen.text("Solutions", area.x, y, kind.heading, true, Align::Left);
                    let used = Type::line(kind.heading) * 1.5;
                    area.y += used;
                    area.h -= used;
                }
                for (puzzle, slot) in puzzles[*start..*end].iter().zip(slots(area, n)) {
                    let drawing = if *solutions {
                        puzzle.solution.as_ref().expect("solutions were made")
                    } else {
                        &puzzle.puzzle
                    };
                    let lines = caption(puzzle, *solutions, slot.w, &kind);
                    let mut y = slot.y;
                    for (line, size, bold) in &lines {
                        y += Type::line(*size);
                        pen.text(line, slot.x, y - size * 0.25, *size, *bold, Align::Left);
                    }
                    let top = caption_height(&lines);
                    let scale = scale(drawing, slot, top);
                    let x = slot.x + (slot.w - drawing.width * scale) / 2.0;
                    pen.drawing(drawing, (x, slot.y + top), scale);
                }
            }
            Content::Notes => {
                let y = area.y + kind.heading;
                pen.text("Notes", area.x, y, kind.heading, true, Align::Left);
                let mut y = y + Type::line(kind.heading) * 1.5;
                while y < area.y + area.h {
                    pen.rule((area.x, y), (area.x + area.w, y), 0.6);
                    y += 0.35 * INCH;
                }
            }
        }
        if book && !matches!(content, Content::Title | Content::Copyright) {
            // Odd pages are right-hand pages: the number goes on the outer side.
            let y = area.y + area.h + Type::line(kind.body) * 1.5 - kind.body * 0.3;
            let (x, align) = if number % 2 == 1 {
                (area.x + area.w, Align::Right)
            } else {
                (area.x, Align::Left)
            };
            pen.text(&number.to_string(), x, y, kind.body, false, align);
        }
        surface.finish();
        page.finish();
    }
    finish(document)
}

/// "100 puzzles with their solutions" (or without, when they are left out).
pub(crate) fn what_it_holds(puzzles: &[Printed], solutions: bool) -> String {
    format!(
        "{} puzzles{}",
        puzzles.len(),
        if solutions {
            " with their solutions"
        } else {
            ""
        }
    )
}

/// The title of a book given none: its genres' names.
fn default_title(puzzles: &[Printed]) -> String {
    let mut titles: Vec<&str> = Vec::new();
    for puzzle in puzzles {
        if !titles.contains(&puzzle.title) {
            titles.push(puzzle.title);
        }
    }
    format!("{} Puzzles", titles.join(" and "))
}

/// A failure of the PDF writer itself (a bug, not the request's).
pub(crate) fn internal(what: String) -> Error {
    Error::request(format!("the PDF could not be written: {what}"))
}

#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Align {
    Left,
    Centre,
    Right,
}

/// What draws on a page.
pub(crate) struct Pen<'a, 'b> {
    pub(crate) surface: &'a mut Surface<'b>,
    pub(crate) fonts: &'a Fonts,
}

pub(crate) fn gray(gray: Gray) -> luma::Color {
    luma::Color::new((gray.clamp(0.0, 1.0) * 255.0).round() as u8)
}

impl Pen<'_, '_> {
    pub(crate) fn text(
        &mut self,
        text: &str,
        x: f32,
        baseline: f32,
        size: f32,
        bold: bool,
        align: Align,
    ) {
        let width = fonts::width(text, size, bold);
        let start = match align {
            Align::Left => x,
            Align::Centre => x - width / 2.0,
            Align::Right => x - width,
        };
        self.surface.set_stroke(None);
        self.surface.set_fill(Some(Fill::default()));
        self.surface.draw_text(
            Point::from_xy(start, baseline),
            self.fonts.face(bold),
            size,
            text,
            false,
            TextDirection::Auto,
        );
    }

    /// A wrapped paragraph from `y` on, which it moves below the paragraph.
    pub(crate) fn paragraph(
        &mut self,
        text: &str,
        area: Area,
        y: &mut f32,
        size: f32,
        align: Align,
    ) {
        for line in fonts::wrap(text, size, false, area.w) {
            *y += Type::line(size);
            let x = if align == Align::Centre {
                area.x + area.w / 2.0
            } else {
                area.x
            };
            self.text(&line, x, *y, size, false, align);
        }
    }

    pub(crate) fn rule(&mut self, from: (f32, f32), to: (f32, f32), gray_level: Gray) {
        let mut path = PathBuilder::new();
        path.move_to(from.0, from.1);
        path.line_to(to.0, to.1);
        if let Some(path) = path.finish() {
            self.surface.set_fill(None);
            self.surface.set_stroke(Some(Stroke {
                paint: gray(gray_level).into(),
                width: MIN_LINE,
                ..Stroke::default()
            }));
            self.surface.draw_path(&path);
        }
    }

    /// A drawing with its top left at `origin`, `scale` points a unit.
    pub(crate) fn drawing(&mut self, drawing: &Drawing, origin: (f32, f32), scale: f32) {
        let at = |(x, y): (f32, f32)| (origin.0 + x * scale, origin.1 + y * scale);
        for (shape, paint) in &drawing.shapes {
            if let Shape::Text {
                x,
                y,
                size,
                content,
            } = shape
            {
                if let Some(fill) = paint.fill {
                    let (x, y) = at((*x, *y));
                    let size = size * scale;
                    let width = fonts::width(content, size, paint.bold);
                    self.surface.set_stroke(None);
                    self.surface.set_fill(Some(Fill {
                        paint: gray(fill).into(),
                        ..Fill::default()
                    }));
                    self.surface.draw_text(
                        Point::from_xy(x - width / 2.0, y),
                        self.fonts.face(paint.bold),
                        size,
                        content,
                        false,
                        TextDirection::Auto,
                    );
                }
                continue;
            }
            let Some(path) = outline(shape, at, scale) else {
                continue;
            };
            let filled = !matches!(shape, Shape::Line { .. });
            self.surface
                .set_fill(paint.fill.filter(|_| filled).map(|fill| Fill {
                    paint: gray(fill).into(),
                    ..Fill::default()
                }));
            self.surface
                .set_stroke(paint.stroke.as_ref().map(|(stroke, width, dashes)| Stroke {
                    paint: gray(*stroke).into(),
                    width: (width * scale).max(MIN_LINE),
                    dash: (!dashes.is_empty()).then(|| StrokeDash {
                        array: dashes.iter().map(|dash| dash * scale).collect(),
                        offset: 0.0,
                    }),
                    ..Stroke::default()
                }));
            self.surface.draw_path(&path);
        }
    }
}

/// A shape's outline on the page.
fn outline(shape: &Shape, at: impl Fn((f32, f32)) -> (f32, f32), scale: f32) -> Option<Path> {
    let mut path = PathBuilder::new();
    match shape {
        Shape::Rect { x, y, w, h } => {
            let (x, y) = at((*x, *y));
            path.push_rect(Rect::from_xywh(x, y, w * scale, h * scale)?);
        }
        Shape::Line { from, to } => {
            let (from, to) = (at(*from), at(*to));
            path.move_to(from.0, from.1);
            path.line_to(to.0, to.1);
        }
        Shape::Polygon(points) => {
            let mut points = points.iter().map(|&point| at(point));
            let first = points.next()?;
            path.move_to(first.0, first.1);
            for (x, y) in points {
                path.line_to(x, y);
            }
            path.close();
        }
        Shape::Circle { centre, r } => {
            let (cx, cy) = at(*centre);
            let r = r * scale;
            // Four cubic arcs, the usual approximation of a circle.
            let k = 0.552_284_8 * r;
            path.move_to(cx + r, cy);
            path.cubic_to(cx + r, cy + k, cx + k, cy + r, cx, cy + r);
            path.cubic_to(cx - k, cy + r, cx - r, cy + k, cx - r, cy);
            path.cubic_to(cx - r, cy - k, cx - k, cy - r, cx, cy - r);
            path.cubic_to(cx + k, cy - r, cx + r, cy - k, cx + r, cy);
            path.close();
        }
        Shape::Text { .. } => return None,
    }
    path.finish()
}
