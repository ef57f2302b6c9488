//! The book's fonts: DejaVu Sans and DejaVu Sans Bold (Debian's `fonts-dejavu-core`, whose
//! licence allows embedding: assets/fonts/LICENSE-DejaVu.txt), built into the program, and
//! their advance widths for centring and wrapping text.

use krilla::text::Font;
use skrifa::instance::{LocationRef, Size};
use skrifa::{FontRef, MetadataProvider};

const REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
const BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// The two faces, for drawing and measuring.
#[derive(Clone)]
pub(crate) struct Fonts {
    regular: Font,
    bold: Font,
}

impl Fonts {
    pub(crate) fn new() -> Fonts {
        let font = |data: &'static [u8]| Font::new(data.into(), 0).expect("the shipped font reads");
        Fonts {
            regular: font(REGULAR),
            bold: font(BOLD),
        }
    }

    /// The face to draw with.
    pub(crate) fn face(&self, bold: bool) -> Font {
        if bold {
            self.bold.clone()
        } else {
            self.regular.clone()
        }
    }
}

/// The width of `text` at `size` points, from the face's advance widths.
pub(crate) fn width(text: &str, size: f32, bold: bool) -> f32 {
    let font = FontRef::new(if bold { BOLD } else { REGULAR }).expect("the shipped font reads");
    let charmap = font.charmap();
    let metrics = font.glyph_metrics(Size::new(size), LocationRef::default());
    text.chars()
        .map(|c| {
            let glyph = charmap.map(c).unwrap_or_default();
            metrics.advance_width(glyph).unwrap_or(size * 0.6)
        })
        .sum()
}

/// `text` broken into lines of at most `room` points at `size`: at spaces, and inside a word
/// longer than a line (an ID) wherever it must.
pub(crate) fn wrap(text: &str, size: f32, bold: bool, room: f32) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.lines() {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            let tried = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if width(&tried, size, bold) <= room {
                line = tried;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            for c in word.chars() {
                line.push(c);
                if width(&line, size, bold) > room && line.chars().count() > 1 {
                    line.pop();
                    lines.push(std::mem::replace(&mut line, c.to_string()));
                }
            }
        }
        lines.push(line);
    }
    lines
}
