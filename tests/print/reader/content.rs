//! A page's drawing as hayro-interpret walks its content: every glyph with its character and
//! place (the text, as `pdftotext` gives it, and its words with their places, as
//! `pdftotext -bbox` does) and every paint with the number of components of its colour
//! space (a gray has one: what Ghostscript's `inkcov` proves by finding no C, M or Y).

use std::sync::{Arc, Mutex};

use hayro::hayro_interpret::font::{Glyph, GlyphRun};
use hayro::hayro_interpret::hayro_cmap::BfString;
use hayro::hayro_interpret::kurbo::{Affine, BezPath, Point, Rect, Vec2};
use hayro::hayro_interpret::util::TransformExt;
use hayro::hayro_interpret::{
    interpret_page, BlendMode, ClipPath, Context, Device, DrawMode, DrawProps, Image,
    ImageDrawProps, InterpreterCache, InterpreterSettings, Paint, SoftMask,
};

use super::Book;

/// One glyph: its character, where its advance starts and ends (in points from the page's
/// top left) and its font size there.
#[derive(Clone, Debug)]
pub struct Placed {
    pub character: char,
    pub start: Point,
    pub end: Point,
    pub size: f64,
}

/// A word: its text and the middle of its advance, on its baseline.
#[derive(Clone, Debug)]
pub struct Word {
    pub text: String,
    pub x: f64,
    pub y: f64,
}

/// How a paint is given: the number of components of its colour space (1 for a gray,
/// whether DeviceGray, CalGray or a one-channel ICC profile), or what it is when not a colour.
#[derive(Clone, Debug, PartialEq)]
pub enum Painted {
    Components(u8),
    Pattern,
    Image,
}

/// What a page draws.
#[derive(Default)]
pub struct Drawing {
    pub glyphs: Vec<Placed>,
    pub paints: Vec<Painted>,
    /// What hayro warned of while reading (a font it could not load, an image it could not
    /// decode): a sound page gives none.
    pub warnings: Vec<String>,
}

impl Book {
    /// What a page (numbered from 1) draws.
    pub fn drawing(&self, page: usize) -> Drawing {
        let page = &self.pdf.pages()[page - 1];
        let warnings = Arc::new(Mutex::new(Vec::new()));
        let sink = warnings.clone();
        let settings = InterpreterSettings {
            warning_sink: Arc::new(move |warning| {
                sink.lock().unwrap().push(format!("{warning:?}"))
            }),
            ..InterpreterSettings::default()
        };
        let cache = InterpreterCache::new();
        let (width, height) = page.render_dimensions();
        let mut context = Context::new(
            // Points from the top left, as pdftotext gives them.
            page.initial_transform(true).to_kurbo(),
            Rect::new(0.0, 0.0, width as f64, height as f64),
            &cache,
            page.xref(),
            settings,
        );
        let mut recorder = Recorder::default();
        interpret_page(page, &mut context, &mut recorder);
        let mut drawing = recorder.drawing;
        drawing.warnings = warnings.lock().unwrap().clone();
        drawing
    }

    /// A page's text: its words in drawing order, a space between words of a line and a
    /// line break between lines.
    pub fn text(&self, page: usize) -> String {
        let mut text = String::new();
        let mut previous: Option<&Placed> = None;
        let drawing = self.drawing(page);
        for glyph in &drawing.glyphs {
            if let Some(before) = previous {
                text.push_str(separator(before, glyph));
            }
            text.push(glyph.character);
            previous = Some(glyph);
        }
        text
    }

    /// Every page's text, a form feed between pages (as pdftotext puts it).
    pub fn all_text(&self) -> String {
        (1..=self.page_count())
            .map(|page| self.text(page))
            .collect::<Vec<_>>()
            .join("\n\u{c}")
    }

    /// A page's words with their places.
    pub fn words(&self, page: usize) -> Vec<Word> {
        let mut words: Vec<Vec<Placed>> = Vec::new();
        let mut previous: Option<Placed> = None;
        for glyph in self.drawing(page).glyphs {
            let joins = previous
                .as_ref()
                .is_some_and(|before| separator(before, &glyph).is_empty());
            if glyph.character.is_whitespace() {
                previous = None;
                continue;
            }
            match words.last_mut() {
                Some(word) if joins => word.push(glyph.clone()),
                _ => words.push(vec![glyph.clone()]),
            }
            previous = Some(glyph);
        }
        words
            .into_iter()
            .map(|glyphs| {
                let (first, last) = (&glyphs[0], &glyphs[glyphs.len() - 1]);
                Word {
                    text: glyphs.iter().map(|glyph| glyph.character).collect(),
                    x: (first.start.x + last.end.x) / 2.0,
                    y: (first.start.y + last.end.y) / 2.0,
                }
            })
            .collect()
    }
}

/// What stands between two glyphs drawn one after the other: nothing when the second starts
/// where the first ends, a space when it starts further along the same baseline, a line break
/// otherwise (another line, or text turned another way, as on a spine).
fn separator(before: &Placed, after: &Placed) -> &'static str {
    let direction = before.end - before.start;
    let length = direction.hypot();
    if length == 0.0 {
        return " ";
    }
    let along_unit: Vec2 = direction / length;
    let gap = after.start - before.end;
    let along = gap.dot(along_unit);
    let across = gap.cross(along_unit);
    let turned = (after.end - after.start).dot(along_unit) <= 0.0;
    if turned || across.abs() > 0.2 * before.size || along < -0.1 * before.size {
        "\n"
    } else if along > 0.15 * before.size {
        " "
    } else {
        ""
    }
}

/// The device hayro-interpret draws into: it keeps what the tests ask about and draws nothing.
#[derive(Default)]
struct Recorder {
    drawing: Drawing,
}

impl Recorder {
    fn paint(&mut self, paint: &Paint) {
        self.drawing.paints.push(match paint {
            Paint::Color(color) => Painted::Components(color.color_space().num_components()),
            Paint::Pattern(_) => Painted::Pattern,
        });
    }
}

impl<'a> Device<'a> for Recorder {
    fn draw_path(&mut self, _: &BezPath, props: DrawProps<'a>, draw_mode: &DrawMode) {
        if !matches!(draw_mode, DrawMode::Invisible) {
            self.paint(&props.paint);
        }
    }

    fn push_clip_path(&mut self, _: &ClipPath) {}

    fn push_transparency_group(&mut self, _: f32, _: Option<SoftMask<'a>>, _: BlendMode) {}

    fn draw_glyph_run(&mut self, run: &GlyphRun<'_, 'a>, props: DrawProps<'a>, mode: &DrawMode) {
        if !matches!(mode, DrawMode::Invisible) {
            self.paint(&props.paint);
        }
        for glyph in run.glyphs() {
            // Glyph space is 1000 units to the em; the glyph's transform takes it to text
            // space, the drawing's to the page.
            let to_page: Affine = props.transform * glyph.transform();
            let advance = match &**glyph {
                Glyph::Outline(outline) => outline.advance_width(),
                Glyph::Type3(type3) => type3.advance_width(),
            }
            .unwrap_or(0.0) as f64;
            let start = to_page * Point::ORIGIN;
            let size = (to_page * Point::new(0.0, 1000.0) - start).hypot();
            let end = to_page * Point::new(advance, 0.0);
            let text: Vec<char> = match glyph.as_unicode() {
                Some(BfString::Char(character)) => vec![character],
                Some(BfString::String(text)) => text.chars().collect(),
                None => vec!['\u{fffd}'],
            };
            // A ligature's characters share its advance, one after the other.
            let share = (end - start) / text.len() as f64;
            for (index, character) in text.into_iter().enumerate() {
                self.drawing.glyphs.push(Placed {
                    character,
                    start: start + share * index as f64,
                    end: start + share * (index + 1) as f64,
                    size,
                });
            }
        }
    }

    fn draw_image(&mut self, _: Image<'a, '_>, _: ImageDrawProps<'a>) {
        // krilla is built without raster images; an image would be a colour this reader
        // cannot prove gray, so it is recorded as one.
        self.drawing.paints.push(Painted::Image);
    }

    fn pop_clip(&mut self) {}

    fn pop_transparency_group(&mut self) {}
}
