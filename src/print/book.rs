//! The pages of a book or sheet drawn into a PDF: the title, copyright and rules pages, the
//! puzzles and their solutions in their slots, the notes pages and the page numbers, as the
//! plan (`page_plan.rs`) lays them out. KDP's rules for a paperback without bleed are kept
//! (docs/print.md).

use krilla::geom::Rect;
use krilla::page::PageSettings;

use super::fonts::{self, Fonts};
use super::page_plan::{caption, caption_height, live_area, plan, scale, slots, Content};
use super::pen::{document, finish, internal, Align, Pen, Type, INCH};
use super::{Format, Layout, Printed};
use crate::core::{Budget, Error};

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
