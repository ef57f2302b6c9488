//! A book's cover as KDP takes a paperback's: one PDF page holding the back cover, the spine and
//! the front cover side by side, with bleed on every side, the spine as wide as the pages are
//! thick (KDP's paper formula). Gray only and PDF/A-1b, as the pages are.

use krilla::geom::{PathBuilder, Rect, Transform};
use krilla::page::PageSettings;
use krilla::paint::Fill;

use super::book;
use super::fonts::{self, Fonts};
use super::pen::{self, internal, Align, Area, Pen, Type, INCH};
use super::{Layout, Printed};
use crate::core::Error;

/// The bleed KDP asks around a cover: 0.125 in, trimmed off.
pub const BLEED: f32 = 0.125 * INCH;
/// How far text stays inside the trim line (KDP asks 0.125 in at least).
const SAFE: f32 = 0.375 * INCH;
/// The least room either side of the spine's text (KDP: 0.0625 in).
const SPINE_MARGIN: f32 = 0.0625 * INCH;
/// The fewest pages a book has for KDP to allow text on its spine (more than 79).
const SPINE_TEXT_PAGES: usize = 80;
/// The room KDP's barcode takes on the back cover (2 by 1.2 in), and its distance from the
/// trim's bottom and spine-less edge.
const BARCODE: (f32, f32) = (2.0 * INCH, 1.2 * INCH);
const BARCODE_MARGIN: f32 = 0.25 * INCH;
/// The cover's background: a light gray to the bleed's edge, so the trim leaves no white line.
const BACKGROUND: f32 = 0.88;

/// The spine's width in points for `pages` pages of `paper` (KDP: the page count times the
/// paper's thickness a page).
pub fn spine_width(pages: usize, paper: super::Paper) -> f32 {
    pages as f32 * paper.inches_a_page() * INCH
}

/// The cover of the book of `puzzles`, whose pages number `pages`.
pub(crate) fn print(layout: &Layout, puzzles: &[Printed], pages: usize) -> Result<Vec<u8>, Error> {
    let trim = layout.trim;
    let spine = spine_width(pages, layout.paper);
    let width = 2.0 * BLEED + 2.0 * trim.width + spine;
    let height = 2.0 * BLEED + trim.height;
    let title = book::title(layout, puzzles);
    let kind = Type::of(layout.large_print);
    let fonts = Fonts::new();
    let mut document = pen::document(&title, layout.author.as_ref())?;
    let trimmed = Rect::from_xywh(BLEED, BLEED, width - 2.0 * BLEED, trim.height);
    let settings = PageSettings::from_wh(width, height)
        .ok_or_else(|| internal("cover size".into()))?
        .with_bleed_box(Rect::from_xywh(0.0, 0.0, width, height))
        .with_trim_box(trimmed);
    let mut page = document.start_page_with(settings);
    let mut surface = page.surface();
    let mut pen = Pen {
        surface: &mut surface,
        fonts: &fonts,
    };
    fill(
        &mut pen,
        Area {
            x: 0.0,
            y: 0.0,
            w: width,
            h: height,
        },
        BACKGROUND,
    );
    let back = Area {
        x: BLEED + SAFE,
        y: BLEED + SAFE,
        w: trim.width - 2.0 * SAFE,
        h: trim.height - 2.0 * SAFE,
    };
    let front = Area {
        x: BLEED + trim.width + spine + SAFE,
        ..back
    };
    // The front: the title, what the book holds, its first puzzle, the author.
    let mut y = front.y + kind.title;
    for line in fonts::wrap(&title, kind.title, true, front.w) {
        pen.text(
            &line,
            front.x + front.w / 2.0,
            y,
            kind.title,
            true,
            Align::Centre,
        );
        y += Type::line(kind.title);
    }
    let subtitle = book::what_it_holds(puzzles, layout.solutions);
    pen.paragraph(&subtitle, front, &mut y, kind.body, Align::Centre);
    y += Type::line(kind.body);
    let author_room = if layout.author.is_some() {
        Type::line(kind.heading) * 2.0
    } else {
        0.0
    };
    if let Some(first) = puzzles.first() {
        let room = Area {
            x: front.x,
            y,
            w: front.w,
            h: front.y + front.h - y - author_room,
        };
        let drawing = &first.puzzle;
        let scale = (room.w / drawing.width)
            .min(room.h / drawing.height)
            .max(0.0);
        let (w, h) = (drawing.width * scale, drawing.height * scale);
        let at = (room.x + (room.w - w) / 2.0, room.y + (room.h - h) / 2.0);
        pen.drawing(drawing, at, scale);
    }
    if let Some(author) = &layout.author {
        let mut y = front.y + front.h - Type::line(kind.heading) * 1.5;
        pen.paragraph(author, front, &mut y, kind.heading, Align::Centre);
    }
    // The back: what the book is, how each genre is played, and room for KDP's barcode.
    let mut y = back.y;
    pen.paragraph(&subtitle, back, &mut y, kind.heading, Align::Left);
    y += Type::line(kind.body);
    let mut genres: Vec<&Printed> = Vec::new();
    for puzzle in puzzles {
        if !genres.iter().any(|seen| seen.genre == puzzle.genre) {
            genres.push(puzzle);
        }
    }
    let barcode_top = BLEED + trim.height - BARCODE_MARGIN - BARCODE.1;
    for genre in genres {
        if y + 3.0 * Type::line(kind.body) > barcode_top {
            break;
        }
        pen.text(
            &format!("How to play {}", genre.title),
            back.x,
            y + kind.body,
            kind.body,
            true,
            Align::Left,
        );
        y += Type::line(kind.body);
        let room = Area {
            h: barcode_top - y,
            ..back
        };
        let lines = fonts::wrap(genre.rules, kind.body, false, room.w);
        let fitting = ((room.h / Type::line(kind.body)) as usize).min(lines.len());
        for line in &lines[..fitting] {
            y += Type::line(kind.body);
            pen.text(line, back.x, y, kind.body, false, Align::Left);
        }
        y += Type::line(kind.body);
    }
    let barcode = Area {
        x: BLEED + trim.width - BARCODE_MARGIN - BARCODE.0,
        y: barcode_top,
        w: BARCODE.0,
        h: BARCODE.1,
    };
    fill(&mut pen, barcode, 1.0);
    // The spine: the title and the author, read from top to bottom, when KDP allows text there
    // (more than 79 pages) and the spine, less its margins, holds a line of the least text
    // size (a line of DejaVu Sans is about 1.2 times its size from descender to ascender).
    let spine_size = ((spine - 2.0 * SPINE_MARGIN) / 1.2).min(kind.heading);
    if pages >= SPINE_TEXT_PAGES && spine_size >= kind.least {
        let centre = (BLEED + trim.width + spine / 2.0, height / 2.0);
        let text = match &layout.author {
            Some(author) => format!("{title}  \u{b7}  {author}"),
            None => title.clone(),
        };
        let text = fit(&text, spine_size, trim.height - 2.0 * SAFE);
        pen.surface
            .push_transform(&Transform::from_rotate_at(90.0, centre.0, centre.1));
        // The baseline a third of the size below the centre line centres the capitals.
        let baseline = centre.1 + spine_size * 0.35;
        pen.text(&text, centre.0, baseline, spine_size, true, Align::Centre);
        pen.surface.pop();
    }
    surface.finish();
    page.finish();
    pen::finish(document)
}

/// `text` cut, with an ellipsis, to fit `length` points at `size`.
fn fit(text: &str, size: f32, length: f32) -> String {
    if fonts::width(text, size, true) <= length {
        return text.to_string();
    }
    let mut cut: String = text.to_string();
    while !cut.is_empty() && fonts::width(&format!("{cut}\u{2026}"), size, true) > length {
        cut.pop();
    }
    format!("{}\u{2026}", cut.trim_end())
}

/// A rectangle filled with a gray.
fn fill(pen: &mut Pen, area: Area, gray: f32) {
    let mut path = PathBuilder::new();
    if let Some(rect) = Rect::from_xywh(area.x, area.y, area.w, area.h) {
        path.push_rect(rect);
    }
    if let Some(path) = path.finish() {
        pen.surface.set_stroke(None);
        pen.surface.set_fill(Some(Fill {
            paint: pen::gray(gray).into(),
            ..Fill::default()
        }));
        pen.surface.draw_path(&path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::Paper;

    #[test]
    fn the_spine_is_kdps_paper_formula() {
        // KDP's own example: 300 pages of white paper make a 0.6756 in spine.
        assert!((spine_width(300, Paper::White) / INCH - 0.6756).abs() < 1e-4);
        assert!((spine_width(300, Paper::Cream) / INCH - 0.75).abs() < 1e-4);
    }
}
