//! The Killer Sudoku text form: rows of cage labels, `label=sum` words, optional `genre:`,
//! `box:` and `givens:` lines (the format's doc in `format`).

use crate::core::error::text_location;
use crate::core::text::tokens;
use crate::core::{InputError, Location};

use super::parts::{cages_of, givens_rows, parse_box, parse_givens_rows, syntax};
use super::sudocue::parse_sudocue;
use crate::genres::killer_sudoku::model::{Puzzle, GENRE, MAX_SIDE};

/// The letters of text labels.
const LABEL_CHARS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// The label of cage `index` when there are `count` cages.
fn label(index: usize, count: usize) -> String {
    let letters = LABEL_CHARS.len();
    if count <= letters {
        (LABEL_CHARS[index] as char).to_string()
    } else {
        let (high, low) = (index / letters, index % letters);
        format!("{}{}", LABEL_CHARS[high] as char, LABEL_CHARS[low] as char)
    }
}

/// Writes the text form.
pub fn to_text(puzzle: &Puzzle) -> String {
    let side = puzzle.side();
    let count = puzzle.cages().len();
    let mut text = format!("genre: {GENRE}\n");
    if !puzzle.usual_box() {
        let (rows, cols) = puzzle.box_shape();
        text.push_str(&format!("box: {rows}x{cols}\n"));
    }
    for row in 0..side {
        let labels: Vec<String> = (0..side)
            .map(|col| label(puzzle.cage_of(row * side + col), count))
            .collect();
        text.push_str(&labels.join(" "));
        text.push('\n');
    }
    // Sums, up to twelve a line.
    let sums: Vec<String> = puzzle
        .cages()
        .iter()
        .enumerate()
        .map(|(index, cage)| format!("{}={}", label(index, count), cage.sum))
        .collect();
    for line in sums.chunks(12) {
        text.push_str(&line.join(" "));
        text.push('\n');
    }
    if puzzle.has_givens() {
        text.push_str(&format!("givens: {}\n", givens_rows(puzzle).join(" ")));
    }
    text
}

/// Reads the text form, or SudoCue's long form when the text is one.
pub fn parse_text(text: &str) -> Result<Puzzle, InputError> {
    let trimmed = text.trim();
    if trimmed.starts_with("3x3:") {
        return parse_sudocue(trimmed);
    }
    let mut box_shape = None;
    let mut grid: Vec<Vec<(Location, &str)>> = Vec::new();
    let mut sums: Vec<(Location, &str, u32)> = Vec::new();
    let mut givens: Option<Vec<(Location, &str)>> = None;
    let mut offset = 0;
    for line in text.split('\n') {
        let line_start = offset;
        offset += line.len() + 1;
        let line = line.strip_suffix('\r').unwrap_or(line);
        let at = |byte: usize| text_location(text, line_start + byte);
        let indent = line.len() - line.trim_start().len();
        let content = line.trim();
        if content.is_empty() {
            continue;
        }
        if let Some((key, value)) = content.split_once(':') {
            let value_start = indent + key.len() + 1;
            match key.trim().to_ascii_lowercase().as_str() {
                "genre" => {
                    let genre = value.trim();
                    if !genre.eq_ignore_ascii_case(GENRE) {
                        return Err(syntax(
                            at(indent),
                            format!("this reader takes {GENRE}, found genre '{genre}'"),
                        ));
                    }
                }
                "box" => {
                    box_shape = Some(parse_box(value).ok_or_else(|| {
                        syntax(
                            at(value_start),
                            format!(
                                "expected a box as rows x cols (such as 2x3), found '{}'",
                                value.trim()
                            ),
                        )
                    })?);
                }
                "givens" => {
                    givens = Some(
                        tokens(value)
                            .map(|(start, row)| (at(value_start + start), row))
                            .collect(),
                    );
                }
                other => {
                    return Err(syntax(
                        at(indent),
                        format!("unknown key '{other}': expected 'genre', 'box' or 'givens'"),
                    ))
                }
            }
            continue;
        }
        let words: Vec<(usize, &str)> = tokens(line).collect();
        if words.iter().any(|(_, word)| word.contains('=')) {
            for (start, word) in words {
                let Some((name, sum)) = word.split_once('=') else {
                    return Err(syntax(
                        at(start),
                        format!("expected label=sum, found '{word}'"),
                    ));
                };
                let sum = sum.parse::<u32>().map_err(|_| {
                    syntax(
                        at(start + name.len() + 1),
                        format!("expected a cage sum (a whole number), found '{sum}'"),
                    )
                })?;
                sums.push((at(start), name, sum));
            }
        } else {
            if grid.len() >= MAX_SIDE {
                return Err(InputError::limits(format!(
                    "more than {MAX_SIDE} rows: a killer sudoku grid has at most {MAX_SIDE}"
                )));
            }
            // A row written without spaces ("AABB", as many published grids are) is one label
            // a character: a row of one label cannot fill a grid of several columns.
            let row: Vec<(Location, &str)> = match words.as_slice() {
                [(start, word)] if word.chars().nth(1).is_some() => word
                    .char_indices()
                    .map(|(offset, c)| (at(start + offset), &word[offset..offset + c.len_utf8()]))
                    .collect(),
                _ => words
                    .into_iter()
                    .map(|(start, word)| (at(start), word))
                    .collect(),
            };
            grid.push(row);
        }
    }
    let side = grid.len();
    if side == 0 {
        return Err(syntax(
            Location::Input,
            "no grid: expected rows of cage labels, then label=sum words",
        ));
    }
    let mut names: Vec<&str> = Vec::new();
    let mut cage_sums: Vec<Option<u32>> = Vec::new();
    for (at, name, sum) in &sums {
        if names.contains(name) {
            return Err(syntax(at.clone(), format!("cage '{name}' has two sums")));
        }
        names.push(name);
        cage_sums.push(Some(*sum));
    }
    let mut labels = Vec::with_capacity(side * side);
    for (row, words) in grid.iter().enumerate() {
        if words.len() != side {
            let at = words.first().map_or(Location::Input, |(at, _)| at.clone());
            return Err(syntax(
                at,
                format!(
                    "grid row {} has {} cage label{} (separated by spaces, or one character each \
                     with none), but the grid has {side} rows, so {side} columns",
                    row + 1,
                    words.len(),
                    if words.len() == 1 { "" } else { "s" }
                ),
            ));
        }
        for (at, word) in words {
            let Some(index) = names.iter().position(|name| name == word) else {
                return Err(syntax(
                    at.clone(),
                    format!("cage '{word}' has no sum: add '{word}=<sum>'"),
                ));
            };
            labels.push(index);
        }
    }
    if let Some(unused) = (0..names.len()).find(|index| !labels.contains(index)) {
        return Err(syntax(
            sums[unused].0.clone(),
            format!("cage '{}' has a sum but no cells", names[unused]),
        ));
    }
    let sums: Vec<u32> = cage_sums.into_iter().map(|sum| sum.unwrap_or(0)).collect();
    let givens = match givens {
        Some(rows) => parse_givens_rows(&rows, side)?,
        None => Vec::new(),
    };
    Puzzle::new(side, box_shape, cages_of(&labels, &sums), givens)
}
