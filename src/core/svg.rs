//! A small SVG writer for printable puzzle drawings.
//!
//! A drawing is in user units with a `viewBox` and no fixed size, so it scales to whatever it
//! is shown or printed in. Every element is styled by class from one embedded stylesheet: the
//! drawing prints cleanly in black and white, only broken rules get a colour (class
//! `violated`), and a program (or a test) can tell what an element is from its class alone.

use std::fmt::{self, Write};

/// The side of a grid cell in user units; font sizes are fractions of it.
pub const CELL: f64 = 40.0;

/// Room around the drawing, so the outer frame's stroke is not cut off.
pub const MARGIN: f64 = 4.0;

/// Styles every drawing shares: the paper, the fonts and the highlight colour of broken rules.
const BASE_STYLE: &str = "\
.paper { fill: #fff; }
text { font-family: sans-serif; text-anchor: middle; }
.frame { fill: none; stroke: #000; stroke-width: 2.5; }
rect.violated { fill: #f6c6bd; }
text.violated { fill: #c0392b; font-weight: bold; }
";

/// Escapes text for XML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// A coordinate or length, written with at most two decimals (`13.33`, `40`).
struct Num(f64);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rounded = (self.0 * 100.0).round() / 100.0;
        // `-0` would be legal but odd to read.
        write!(f, "{}", if rounded == 0.0 { 0.0 } else { rounded })
    }
}

/// The font size that fits a label of `chars` characters where `base` fits two.
pub fn fitted_size(base: f64, chars: usize) -> f64 {
    if chars <= 2 {
        base
    } else {
        base * 2.0 / chars as f64
    }
}

/// An SVG document being written.
pub struct Svg {
    width: f64,
    height: f64,
    title: String,
    style: String,
    body: String,
    open_groups: usize,
}

impl Svg {
    /// A drawing `width` by `height` units (margins included) with a white paper, a title
    /// (shown by viewers, read by screen readers) and the genre's styles after the shared ones.
    pub fn new(width: f64, height: f64, title: &str, style: &str) -> Svg {
        let mut svg = Svg {
            width,
            height,
            title: title.to_string(),
            style: format!("{BASE_STYLE}{style}"),
            body: String::new(),
            open_groups: 0,
        };
        svg.rect(0.0, 0.0, width, height, "paper");
        svg
    }

    /// Opens a group with a class and `data-*` attributes (such as the cell it draws).
    pub fn open_group(&mut self, class: &str, data: &[(&str, usize)]) {
        let _ = write!(self.body, "<g class=\"{}\"", escape(class));
        for (name, value) in data {
            let _ = write!(self.body, " data-{}=\"{value}\"", escape(name));
        }
        self.body.push_str(">\n");
        self.open_groups += 1;
    }

    pub fn close_group(&mut self) {
        if self.open_groups > 0 {
            self.body.push_str("</g>\n");
            self.open_groups -= 1;
        }
    }

    pub fn rect(&mut self, x: f64, y: f64, width: f64, height: f64, class: &str) {
        let _ = writeln!(
            self.body,
            "<rect class=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
            escape(class),
            Num(x),
            Num(y),
            Num(width),
            Num(height)
        );
    }

    pub fn line(&mut self, from: (f64, f64), to: (f64, f64), class: &str) {
        let _ = writeln!(
            self.body,
            "<line class=\"{}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
            escape(class),
            Num(from.0),
            Num(from.1),
            Num(to.0),
            Num(to.1)
        );
    }

    pub fn circle(&mut self, centre: (f64, f64), radius: f64, class: &str) {
        let _ = writeln!(
            self.body,
            "<circle class=\"{}\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
            escape(class),
            Num(centre.0),
            Num(centre.1),
            Num(radius)
        );
    }

    pub fn polygon(&mut self, points: &[(f64, f64)], class: &str) {
        let points: Vec<String> = points
            .iter()
            .map(|&(x, y)| format!("{},{}", Num(x), Num(y)))
            .collect();
        let _ = writeln!(
            self.body,
            "<polygon class=\"{}\" points=\"{}\"/>",
            escape(class),
            points.join(" ")
        );
    }

    /// Text centred on `centre`. The baseline is placed by hand (a third of the size below
    /// the centre, about half the height of a digit or capital) because `dominant-baseline`
    /// is not honoured by every viewer and printer.
    pub fn text(&mut self, centre: (f64, f64), size: f64, class: &str, content: &str) {
        let _ = writeln!(
            self.body,
            "<text class=\"{}\" x=\"{}\" y=\"{}\" font-size=\"{}\">{}</text>",
            escape(class),
            Num(centre.0),
            Num(centre.1 + size * 0.35),
            Num(size),
            escape(content)
        );
    }

    /// The finished document.
    pub fn finish(mut self) -> String {
        while self.open_groups > 0 {
            self.close_group();
        }
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\">\n\
             <title>{title}</title>\n<style>\n{style}</style>\n{body}</svg>\n",
            w = Num(self.width),
            h = Num(self.height),
            title = escape(&self.title),
            style = self.style,
            body = self.body,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_attributes_are_escaped() {
        assert_eq!(escape("a<b & \"c\"'"), "a&lt;b &amp; &quot;c&quot;&apos;");
        let mut svg = Svg::new(10.0, 10.0, "<t>", "");
        svg.text((5.0, 5.0), 4.0, "x\"y", "1 < 2");
        let out = svg.finish();
        assert!(out.contains("<title>&lt;t&gt;</title>"), "{out}");
        assert!(out.contains("class=\"x&quot;y\""), "{out}");
        assert!(out.contains(">1 &lt; 2</text>"), "{out}");
    }

    #[test]
    fn numbers_have_at_most_two_decimals() {
        assert_eq!(Num(40.0).to_string(), "40");
        assert_eq!(Num(40.0 / 3.0).to_string(), "13.33");
        assert_eq!(Num(-0.001).to_string(), "0");
    }

    #[test]
    fn groups_are_closed_and_the_view_box_is_the_size() {
        let mut svg = Svg::new(80.0, 44.5, "t", ".a { fill: red; }\n");
        svg.open_group("cell", &[("row", 1), ("col", 2)]);
        svg.rect(0.0, 0.0, 1.0, 1.0, "a");
        let out = svg.finish();
        assert!(out.contains("viewBox=\"0 0 80 44.5\""), "{out}");
        assert!(out.contains("<g class=\"cell\" data-row=\"1\" data-col=\"2\">"));
        assert!(out.trim_end().ends_with("</g>\n</svg>"), "{out}");
        assert!(out.contains(".a { fill: red; }"));
    }

    #[test]
    fn long_labels_get_smaller() {
        assert_eq!(fitted_size(12.0, 2), 12.0);
        assert_eq!(fitted_size(12.0, 3), 8.0);
    }
}
