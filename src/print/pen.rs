//! The PDF writer's side of printing: a PDF/A-1b document with krilla (checked by krilla's
//! own validator, which forbids transparency) and a fixed date, so that the same request gives
//! the same bytes; the page's geometry (areas, type sizes); and the pen that draws text, rules
//! and a puzzle's drawing on its pages in grays only, no line thinner than KDP's minimum.

use krilla::color::luma;
use krilla::configure::{Archival, ConfigurationBuilder};
use krilla::geom::{Path, PathBuilder, Point, Rect};
use krilla::metadata::{DateTime, Metadata};
use krilla::paint::{Fill, Stroke, StrokeDash};
use krilla::surface::Surface;
use krilla::text::TextDirection;
use krilla::{Document, SerializeSettings};

use super::drawing::{Drawing, Gray, Shape};
use super::fonts::{self, Fonts};
use crate::core::Error;

/// A PDF page's unit is the point: 72 to the inch.
pub(crate) const INCH: f32 = 72.0;
/// The thinnest line drawn (KDP's minimum line weight): thinner strokes are drawn this wide.
pub const MIN_LINE: f32 = 0.75;

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
