//! A genre's SVG drawing read back as shapes, so that a printed page draws exactly the
//! geometry the SVG rendering has (the same rectangles, lines, triangles and text at the same
//! places), whatever the genre. It reads what [`crate::core::svg::Svg`] writes and nothing
//! else: one element a line, styled by class from the document's own style sheet, whose rules
//! are resolved here as a browser would (the most specific rule wins, then the later one).
//! Colours are read as grays (print is grayscale): a colour's luminance.

use crate::core::Error;

/// A gray, 0.0 (black) to 1.0 (white).
pub(crate) type Gray = f32;

/// How a shape is painted.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Paint {
    /// The fill, None for `fill: none`.
    pub fill: Option<Gray>,
    /// The stroke: its gray, width (in drawing units) and dashes.
    pub stroke: Option<(Gray, f32, Vec<f32>)>,
    /// Bold text.
    pub bold: bool,
}

/// One shape of a drawing, in the drawing's units (y downwards).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Shape {
    Rect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
    },
    Line {
        from: (f32, f32),
        to: (f32, f32),
    },
    Circle {
        centre: (f32, f32),
        r: f32,
    },
    Polygon(Vec<(f32, f32)>),
    /// Text centred on `x`, its baseline at `y`.
    Text {
        x: f32,
        y: f32,
        size: f32,
        content: String,
    },
}

/// A drawing: its size and its shapes, in the order they are painted.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Drawing {
    pub width: f32,
    pub height: f32,
    pub shapes: Vec<(Shape, Paint)>,
}

impl Drawing {
    /// Reads an SVG document written by [`crate::core::svg::Svg`]. The white paper behind
    /// the drawing is left out (paper is white already).
    pub(crate) fn read(svg: &str) -> Result<Drawing, Error> {
        let unreadable = |what: &str| Error::request(format!("unreadable drawing: {what}"));
        let view_box = attribute(svg, "viewBox").ok_or_else(|| unreadable("no viewBox"))?;
        let numbers: Vec<f32> = view_box
            .split_whitespace()
            .filter_map(|n| n.parse().ok())
            .collect();
        let [_, _, width, height] = numbers[..] else {
            return Err(unreadable("viewBox"));
        };
        let rules = svg
            .split_once("<style>")
            .and_then(|(_, rest)| rest.split_once("</style>"))
            .map(|(style, _)| read_rules(style))
            .unwrap_or_default();
        let mut shapes = Vec::new();
        for line in svg.lines().map(str::trim) {
            let Some(tag) = line
                .strip_prefix('<')
                .and_then(|rest| rest.split([' ', '>', '/']).next())
            else {
                continue;
            };
            let class = attribute(line, "class").unwrap_or_default();
            if class == "paper" {
                continue;
            }
            let number = |name: &str| -> Result<f32, Error> {
                attribute(line, name)
                    .and_then(|value| value.parse().ok())
                    .ok_or_else(|| unreadable(&format!("<{tag}> without {name}")))
            };
            let shape = match tag {
                "rect" => Shape::Rect {
                    x: number("x")?,
                    y: number("y")?,
                    w: number("width")?,
                    h: number("height")?,
                },
                "line" => Shape::Line {
                    from: (number("x1")?, number("y1")?),
                    to: (number("x2")?, number("y2")?),
                },
                "circle" => Shape::Circle {
                    centre: (number("cx")?, number("cy")?),
                    r: number("r")?,
                },
                "polygon" => Shape::Polygon(
                    attribute(line, "points")
                        .unwrap_or_default()
                        .split_whitespace()
                        .filter_map(|point| {
                            let (x, y) = point.split_once(',')?;
                            Some((x.parse().ok()?, y.parse().ok()?))
                        })
                        .collect(),
                ),
                "text" => Shape::Text {
                    x: number("x")?,
                    y: number("y")?,
                    size: number("font-size")?,
                    content: line
                        .split_once('>')
                        .and_then(|(_, rest)| rest.rsplit_once("</text>"))
                        .map(|(content, _)| unescape(content))
                        .unwrap_or_default(),
                },
                _ => continue,
            };
            shapes.push((shape, resolve(&rules, tag, class)));
        }
        Ok(Drawing {
            width,
            height,
            shapes,
        })
    }

    /// The smallest text size in the drawing, None when it has no text.
    pub(crate) fn smallest_text(&self) -> Option<f32> {
        self.shapes
            .iter()
            .filter_map(|(shape, _)| match shape {
                Shape::Text { size, .. } => Some(*size),
                _ => None,
            })
            .reduce(f32::min)
    }
}

/// The value of the first attribute `name="..."` in `text`.
fn attribute<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    let pattern = format!(" {name}=\"");
    let start = text.find(&pattern)? + pattern.len();
    let end = text[start..].find('"')?;
    Some(&text[start..start + end])
}

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// One rule of the style sheet: the element it names (if any), its classes, its declarations.
struct Rule {
    tag: Option<String>,
    classes: Vec<String>,
    declarations: Vec<(String, String)>,
}

/// The style sheet's rules, one a line as the drawings write them (`.a.b { fill: #fff; }`).
fn read_rules(style: &str) -> Vec<Rule> {
    style
        .lines()
        .filter_map(|line| {
            let (selector, body) = line.split_once('{')?;
            let body = body.split_once('}')?.0;
            let mut parts = selector.trim().split('.');
            let tag = parts.next().filter(|tag| !tag.is_empty()).map(String::from);
            let classes = parts.map(String::from).collect();
            let declarations = body
                .split(';')
                .filter_map(|declaration| {
                    let (name, value) = declaration.split_once(':')?;
                    Some((name.trim().to_string(), value.trim().to_string()))
                })
                .collect();
            Some(Rule {
                tag,
                classes,
                declarations,
            })
        })
        .collect()
}

/// The paint of an element `tag` of classes `class`: SVG's defaults (filled black, not
/// stroked) under the rules that match, the more specific (more classes, then a tag) and the
/// later winning.
fn resolve(rules: &[Rule], tag: &str, class: &str) -> Paint {
    let classes: Vec<&str> = class.split_whitespace().collect();
    let mut matching: Vec<(usize, usize, &Rule)> = rules
        .iter()
        .enumerate()
        .filter(|(_, rule)| {
            rule.tag.as_deref().is_none_or(|t| t == tag)
                && rule.classes.iter().all(|c| classes.contains(&c.as_str()))
        })
        .map(|(order, rule)| {
            (
                rule.classes.len() * 10 + usize::from(rule.tag.is_some()),
                order,
                rule,
            )
        })
        .collect();
    matching.sort_by_key(|&(specificity, order, _)| (specificity, order));
    let mut fill = Some(0.0);
    let mut stroke = None;
    let mut width = 1.0;
    let mut dashes = Vec::new();
    let mut bold = false;
    for (_, _, rule) in matching {
        for (name, value) in &rule.declarations {
            match name.as_str() {
                "fill" => fill = gray(value),
                "stroke" => stroke = gray(value),
                "stroke-width" => width = value.parse().unwrap_or(width),
                "stroke-dasharray" => {
                    dashes = value
                        .split([' ', ','])
                        .filter_map(|n| n.parse().ok())
                        .collect()
                }
                "font-weight" => bold = value == "bold",
                _ => {}
            }
        }
    }
    Paint {
        fill,
        stroke: stroke.map(|gray| (gray, width, dashes)),
        bold,
    }
}

/// A colour as a gray (its luminance); None for `none`.
fn gray(value: &str) -> Option<Gray> {
    let hex = match value {
        "none" | "transparent" => return None,
        "black" => "000",
        "white" => "fff",
        value => value.strip_prefix('#').unwrap_or("000"),
    };
    let channel = |digits: &str| u8::from_str_radix(digits, 16).unwrap_or(0) as f32 / 255.0;
    let (r, g, b) = match hex.len() {
        3 => {
            let double = |i: usize| channel(&hex[i..=i].repeat(2));
            (double(0), double(1), double(2))
        }
        6 => (
            channel(&hex[0..2]),
            channel(&hex[2..4]),
            channel(&hex[4..6]),
        ),
        _ => (0.0, 0.0, 0.0),
    };
    Some(0.299 * r + 0.587 * g + 0.114 * b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::svg::Svg;

    #[test]
    fn every_shape_the_writer_writes_is_read_back_with_its_resolved_paint() {
        let mut svg = Svg::new(
            100.0,
            50.0,
            "t",
            ".cell { fill: #fff; stroke: #000; stroke-width: 1; }\n\
             .cell.dark { fill: #333; }\n.cage { fill: none; stroke: #000; stroke-dasharray: 3 2; }\n",
        );
        svg.open_group("square", &[("row", 0)]);
        svg.rect(4.0, 4.0, 40.0, 40.0, "cell dark");
        svg.close_group();
        svg.line((0.0, 1.0), (2.0, 3.5), "cage");
        svg.circle((5.0, 6.0), 2.0, "dot");
        svg.polygon(&[(1.0, 1.0), (2.0, 1.0), (2.0, 2.0)], "cell");
        svg.text((20.0, 20.0), 12.0, "clue", "1 < 2");
        let drawing = Drawing::read(&svg.finish()).unwrap();
        assert_eq!((drawing.width, drawing.height), (100.0, 50.0));
        let shapes: Vec<&Shape> = drawing.shapes.iter().map(|(shape, _)| shape).collect();
        assert_eq!(
            shapes,
            [
                &Shape::Rect {
                    x: 4.0,
                    y: 4.0,
                    w: 40.0,
                    h: 40.0
                },
                &Shape::Line {
                    from: (0.0, 1.0),
                    to: (2.0, 3.5)
                },
                &Shape::Circle {
                    centre: (5.0, 6.0),
                    r: 2.0
                },
                &Shape::Polygon(vec![(1.0, 1.0), (2.0, 1.0), (2.0, 2.0)]),
                &Shape::Text {
                    x: 20.0,
                    y: 24.2,
                    size: 12.0,
                    content: "1 < 2".into()
                },
            ]
        );
        let dark = &drawing.shapes[0].1;
        assert!((dark.fill.unwrap() - 0.2).abs() < 0.01, "{dark:?}");
        assert_eq!(dark.stroke, Some((0.0, 1.0, vec![])));
        let cage = &drawing.shapes[1].1;
        assert_eq!(
            (cage.fill, cage.stroke.clone()),
            (None, Some((0.0, 1.0, vec![3.0, 2.0])))
        );
        assert_eq!(
            drawing.shapes[2].1.fill,
            Some(0.0),
            "unstyled: SVG's black fill"
        );
        assert_eq!(drawing.smallest_text(), Some(12.0));
    }

    #[test]
    fn a_document_without_a_view_box_is_an_error_not_a_panic() {
        assert!(Drawing::read("<svg></svg>").is_err());
    }
}
