//! The Killer Sudoku formats: the JSON puzzle object, the text form, the ID and SudoCue's
//! long killer form.
//!
//! JSON: `{"cages": [{"sum": 11, "cells": [[0, 0], [1, 0]]}, ...], "givens": ["..3.", ...],
//! "box": [2, 3]}`, rows and columns from 0; `givens` (row strings, `.` for empty) and `box`
//! (rows, cols; by default 2x2, 2x3, 3x3, 3x4 or 4x4 for sides 4, 6, 9, 12 and 16) optional.
//! The side is one more than the largest row or column named.
//!
//! Text: an optional `genre: killer-sudoku` line, an optional `box: 2x3` line, the grid as
//! rows of cage labels separated by spaces (a label is any word without `=` or `:`; the
//! writer uses `A`-`Z` and `a`-`z`, and two letters each when there are more than 52 cages),
//! the sums as `label=sum` words on lines of their own, and an optional `givens:` line of row
//! strings. For example:
//! ```text
//! genre: killer-sudoku
//! A A B B
//! C D D B
//! C E F F
//! C E G G
//! A=3 B=9 C=9 D=5 E=4 F=7 G=3
//! ```
//!
//! ID: `killer-sudoku:<N>x<N>:<cages>/<sums>[/<givens>][/<rows>x<cols>]`: each cell's cage in
//! reading order, cages numbered in the order their first cells come, as one character each
//! (`0`-`9`, `A`-`Z`, `a`-`z`) or, with more than 62 cages, two; the sums in that order,
//! separated by dots; the givens as N x N characters (`.` for empty); the box when it is not
//! the usual one.
//!
//! SudoCue's long killer form (read and written for 9x9 without givens): `3x3::k:` then one
//! number per cell in reading order, each followed by `:`, the cage's sum times 256 plus the
//! cage's number. `3x3:d:k:` is Killer-X (diagonals too), another genre, and refused.
//!
//! Digits beyond 9 (12x12, 16x16) are `A`-`G` for 10-16 in givens and answers.

use crate::core::error::text_location;
use crate::core::text::tokens;
use crate::core::{InputError, Location};

use super::model::{char_digit, default_box, digit_char, Cage, Puzzle, GENRE, MAX_SIDE};
use super::wire::{CageObject, PuzzleObject};

/// The characters of one-character cage numbers in IDs.
const ID_CHARS: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/// The letters of text labels.
const LABEL_CHARS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

fn syntax(at: Location, message: impl Into<String>) -> InputError {
    InputError::syntax(at, message)
}

/// The cages of a grid of labels: `labels[cell]` is the cell's label index, `sums[label]` its
/// sum.
fn cages_of(labels: &[usize], sums: &[u32]) -> Vec<Cage> {
    let mut cages: Vec<Cage> = sums
        .iter()
        .map(|&sum| Cage {
            sum,
            cells: Vec::new(),
        })
        .collect();
    for (cell, &label) in labels.iter().enumerate() {
        cages[label].cells.push(cell);
    }
    cages
}

/// Reads a box shape `RxC`.
fn parse_box(text: &str) -> Option<(usize, usize)> {
    let (rows, cols) = text.trim().split_once(['x', 'X'])?;
    Some((rows.trim().parse().ok()?, cols.trim().parse().ok()?))
}

/// Reads givens, one row string per row, `.` (or `0`) for empty.
fn parse_givens_rows(rows: &[(Location, &str)], side: usize) -> Result<Vec<u8>, InputError> {
    if rows.len() != side {
        return Err(InputError::new(
            crate::core::InputErrorKind::Structure,
            rows.first().map_or(Location::Input, |(at, _)| at.clone()),
            format!("{} rows of givens for a grid of {side} rows", rows.len()),
        ));
    }
    let mut givens = Vec::with_capacity(side * side);
    for (row, (at, text)) in rows.iter().enumerate() {
        let chars: Vec<char> = text.chars().collect();
        if chars.len() != side {
            return Err(syntax(
                at.clone(),
                format!(
                    "givens row {} has {} cells, not {side}",
                    row + 1,
                    chars.len()
                ),
            ));
        }
        for (col, &c) in chars.iter().enumerate() {
            let digit = match c {
                '.' | '0' => 0,
                _ => match char_digit(c).filter(|&digit| usize::from(digit) <= side) {
                    Some(digit) => digit,
                    None => {
                        return Err(syntax(
                            Location::Cell { row, col },
                            format!("expected a digit of 1-{side} or '.' for a given, found '{c}'"),
                        ))
                    }
                },
            };
            givens.push(digit);
        }
    }
    Ok(givens)
}

fn givens_rows(puzzle: &Puzzle) -> Vec<String> {
    puzzle
        .givens()
        .chunks(puzzle.side())
        .map(|row| {
            row.iter()
                .map(|&digit| if digit == 0 { '.' } else { digit_char(digit) })
                .collect()
        })
        .collect()
}

// ---- Text -----------------------------------------------------------------------------------

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

// ---- ID -------------------------------------------------------------------------------------

fn id_char_value(c: u8) -> Option<usize> {
    ID_CHARS.iter().position(|&id| id == c)
}

/// Writes the ID.
pub fn to_id(puzzle: &Puzzle) -> String {
    let side = puzzle.side();
    let count = puzzle.cages().len();
    let wide = count > ID_CHARS.len();
    let mut cages = String::with_capacity(side * side * if wide { 2 } else { 1 });
    for cell in 0..side * side {
        let index = puzzle.cage_of(cell);
        if wide {
            cages.push(ID_CHARS[index / ID_CHARS.len()] as char);
            cages.push(ID_CHARS[index % ID_CHARS.len()] as char);
        } else {
            cages.push(ID_CHARS[index] as char);
        }
    }
    let sums: Vec<String> = puzzle.cages().iter().map(|c| c.sum.to_string()).collect();
    let mut id = format!("{GENRE}:{side}x{side}:{cages}/{}", sums.join("."));
    if puzzle.has_givens() {
        id.push('/');
        id.push_str(&givens_rows(puzzle).concat());
    }
    if !puzzle.usual_box() {
        let (rows, cols) = puzzle.box_shape();
        id.push_str(&format!("/{rows}x{cols}"));
    }
    id
}

/// Reads an ID.
pub fn parse_id(id: &str) -> Result<Puzzle, InputError> {
    let at = |position: usize| Location::Id {
        position: position + 1,
    };
    let prefix = format!("{GENRE}:");
    if id.len() < prefix.len() || !id[..prefix.len()].eq_ignore_ascii_case(&prefix) {
        return Err(syntax(
            at(0),
            format!("a {GENRE} ID starts with '{prefix}'"),
        ));
    }
    let rest = &id[prefix.len()..];
    let Some((shape, body)) = rest.split_once(':') else {
        return Err(syntax(
            at(prefix.len()),
            "expected <N>x<N>: after the genre",
        ));
    };
    let side = match parse_box(shape) {
        Some((rows, cols)) if rows == cols && (1..=MAX_SIDE).contains(&rows) => rows,
        Some((rows, cols)) if rows == cols => {
            return Err(InputError::limits(format!(
                "a {rows}x{cols} grid: a killer sudoku grid has a side of 1 to {MAX_SIDE}"
            )))
        }
        _ => {
            return Err(syntax(
                at(prefix.len()),
                format!("expected a square shape such as 9x9, found '{shape}'"),
            ))
        }
    };
    let body_start = prefix.len() + shape.len() + 1;
    let mut parts = Vec::new();
    let mut start = body_start;
    for part in body.split('/') {
        parts.push((start, part));
        start += part.len() + 1;
    }
    if parts.len() < 2 {
        return Err(syntax(
            at(id.len()),
            "expected <cages>/<sums> after the shape",
        ));
    }
    let cells = side * side;
    let (cages_at, cages_text) = parts[0];
    let width = if cages_text.len() == cells {
        1
    } else if cages_text.len() == 2 * cells {
        2
    } else {
        return Err(syntax(
            at(cages_at),
            format!(
                "expected one or two characters per cell ({cells} or {}) for the cages, found {}",
                2 * cells,
                cages_text.len()
            ),
        ));
    };
    let bytes = cages_text.as_bytes();
    let mut labels = Vec::with_capacity(cells);
    for cell in 0..cells {
        let mut value = 0;
        for offset in 0..width {
            let position = cell * width + offset;
            let Some(digit) = id_char_value(bytes[position]) else {
                return Err(syntax(
                    at(cages_at + position),
                    "expected a cage number (0-9, A-Z, a-z)",
                ));
            };
            value = value * ID_CHARS.len() + digit;
        }
        labels.push(value);
    }
    let (sums_at, sums_text) = parts[1];
    let mut sums = Vec::new();
    let mut position = sums_at;
    for sum in sums_text.split('.') {
        sums.push(
            sum.parse::<u32>()
                .map_err(|_| syntax(at(position), format!("expected a cage sum, found '{sum}'")))?,
        );
        position += sum.len() + 1;
    }
    if let Some(&beyond) = labels.iter().find(|&&label| label >= sums.len()) {
        let cell = labels
            .iter()
            .position(|&label| label == beyond)
            .unwrap_or(0);
        return Err(syntax(
            at(cages_at + cell * width),
            format!("cage {beyond} has no sum: the ID lists {} sums", sums.len()),
        ));
    }
    let mut givens = Vec::new();
    let mut box_shape = None;
    for &(part_at, part) in &parts[2..] {
        if part.contains(['x', 'X']) && box_shape.is_none() {
            box_shape = Some(parse_box(part).ok_or_else(|| {
                syntax(
                    at(part_at),
                    format!("expected a box such as 2x3, found '{part}'"),
                )
            })?);
        } else if givens.is_empty() && part.chars().count() == cells {
            let rows: Vec<(Location, &str)> = (0..side)
                .map(|row| {
                    (
                        at(part_at + row * side),
                        &part[row * side..(row + 1) * side],
                    )
                })
                .collect();
            givens = parse_givens_rows(&rows, side)?;
        } else {
            return Err(syntax(
                at(part_at),
                format!("expected {cells} givens or a box such as 2x3, found '{part}'"),
            ));
        }
    }
    Puzzle::new(side, box_shape, cages_of(&labels, &sums), givens)
}

// ---- SudoCue --------------------------------------------------------------------------------

/// Writes SudoCue's long killer form, for a 9x9 puzzle with the usual boxes and no givens.
pub fn to_sudocue(puzzle: &Puzzle) -> Option<String> {
    if puzzle.side() != 9 || !puzzle.usual_box() || puzzle.has_givens() {
        return None;
    }
    let mut text = String::from("3x3::k:");
    for cell in 0..81 {
        let cage = puzzle.cage_of(cell);
        let value = puzzle.cages()[cage].sum * 256 + cage as u32 + 1;
        text.push_str(&format!("{value}:"));
    }
    Some(text)
}

/// Reads SudoCue's long killer form.
pub fn parse_sudocue(text: &str) -> Result<Puzzle, InputError> {
    let at = |position: usize| Location::Text {
        line: 1,
        column: position + 1,
    };
    let Some(body) = text.strip_prefix("3x3::k:") else {
        return Err(syntax(
            at(0),
            if text.starts_with("3x3:d:") {
                "a SudoCue form with 'd' is Killer-X (the diagonals hold 1-9 too), which this genre is not".to_string()
            } else {
                "expected SudoCue's long killer form, '3x3::k:' then 81 numbers each followed by ':'".to_string()
            },
        ));
    };
    let mut ids: Vec<u32> = Vec::new();
    let mut sums: Vec<u32> = Vec::new();
    let mut labels = Vec::with_capacity(81);
    let mut position = 7;
    let values: Vec<&str> = body.trim_end_matches(':').split(':').collect();
    if values.len() != 81 {
        return Err(syntax(
            at(text.len()),
            format!("expected 81 cells, found {}", values.len()),
        ));
    }
    for value in values {
        let number = value.trim().parse::<u32>().map_err(|_| {
            syntax(
                at(position),
                format!("expected a number (sum x 256 + cage), found '{value}'"),
            )
        })?;
        let (sum, id) = (number / 256, number % 256);
        let label = match ids.iter().position(|&known| known == id) {
            Some(label) => {
                if sums[label] != sum {
                    return Err(syntax(
                        at(position),
                        format!("cage {id} is given the sums {} and {sum}", sums[label]),
                    ));
                }
                label
            }
            None => {
                ids.push(id);
                sums.push(sum);
                ids.len() - 1
            }
        };
        labels.push(label);
        position += value.len() + 1;
    }
    Puzzle::new(9, None, cages_of(&labels, &sums), Vec::new())
}

// ---- JSON -----------------------------------------------------------------------------------

/// Writes the JSON puzzle object.
pub fn to_json(puzzle: &Puzzle) -> PuzzleObject {
    let side = puzzle.side();
    PuzzleObject {
        cages: puzzle
            .cages()
            .iter()
            .map(|cage| CageObject {
                sum: cage.sum,
                cells: cage
                    .cells
                    .iter()
                    .map(|&cell| [cell / side, cell % side])
                    .collect(),
            })
            .collect(),
        givens: puzzle.has_givens().then(|| givens_rows(puzzle)),
        box_shape: (!puzzle.usual_box()).then(|| {
            let (rows, cols) = puzzle.box_shape();
            [rows, cols]
        }),
    }
}

fn whole(value: &serde_json::Value, at: Location, what: &str) -> Result<usize, InputError> {
    value
        .as_u64()
        .and_then(|value| usize::try_from(value).ok())
        .ok_or_else(|| {
            syntax(
                at,
                format!("{what} must be a whole number 0 or more, found {value}"),
            )
        })
}

/// Reads the JSON puzzle object.
pub fn parse_json(puzzle: &serde_json::Value) -> Result<Puzzle, InputError> {
    crate::core::puzzle_object_keys(puzzle, GENRE, &["cages", "givens", "box"])?;
    let cages_value = puzzle.get("cages").and_then(|v| v.as_array()).ok_or_else(|| {
        syntax(
            Location::Input,
            "a killer-sudoku puzzle object needs \"cages\": an array of {\"sum\": n, \"cells\": [[row, col], ...]}",
        )
    })?;
    let mut cages = Vec::with_capacity(cages_value.len());
    let mut positions: Vec<Vec<(usize, usize)>> = Vec::new();
    let mut largest = 0;
    for (index, cage) in cages_value.iter().enumerate() {
        let at = || Location::Item {
            field: "cages",
            index,
        };
        let object = cage.as_object().ok_or_else(|| {
            syntax(
                at(),
                "a cage is an object {\"sum\": n, \"cells\": [[row, col], ...]}",
            )
        })?;
        if let Some(key) = object
            .keys()
            .find(|key| !["sum", "cells"].contains(&key.as_str()))
        {
            return Err(syntax(
                at(),
                format!("unknown key \"{key}\" in a cage: expected \"sum\" and \"cells\""),
            ));
        }
        let sum = object
            .get("sum")
            .ok_or_else(|| syntax(at(), "the cage has no \"sum\""))?;
        let sum = whole(sum, at(), "a cage's sum")?;
        let sum = u32::try_from(sum).map_err(|_| syntax(at(), "the cage's sum is too large"))?;
        let cells = object
            .get("cells")
            .and_then(|v| v.as_array())
            .ok_or_else(|| syntax(at(), "the cage has no \"cells\" array"))?;
        if cells.is_empty() {
            return Err(syntax(at(), "the cage has no cells"));
        }
        let mut places = Vec::with_capacity(cells.len());
        for cell in cells {
            let pair = cell
                .as_array()
                .filter(|pair| pair.len() == 2)
                .ok_or_else(|| syntax(at(), format!("a cell is [row, col], found {cell}")))?;
            let (row, col) = (
                whole(&pair[0], at(), "a row")?,
                whole(&pair[1], at(), "a column")?,
            );
            if row >= MAX_SIDE || col >= MAX_SIDE {
                return Err(InputError::limits(format!(
                    "the cell [{row}, {col}] is outside any grid: a killer sudoku grid has at most {MAX_SIDE} rows and columns"
                )));
            }
            largest = largest.max(row).max(col);
            places.push((row, col));
        }
        positions.push(places);
        cages.push(sum);
    }
    let givens_rows: Option<Vec<String>> = match puzzle.get("givens") {
        None | Some(serde_json::Value::Null) => None,
        Some(serde_json::Value::Array(rows)) => Some(
            rows.iter()
                .enumerate()
                .map(|(index, row)| {
                    row.as_str().map(str::to_string).ok_or_else(|| {
                        syntax(
                            Location::Item {
                                field: "givens",
                                index,
                            },
                            "a row of givens is a string such as \"..3.\"",
                        )
                    })
                })
                .collect::<Result<_, _>>()?,
        ),
        Some(_) => {
            return Err(syntax(
                Location::Input,
                "\"givens\" is an array of row strings ('.' for empty)",
            ))
        }
    };
    let side = match &givens_rows {
        Some(rows) if !rows.is_empty() => rows.len(),
        _ => largest + 1,
    };
    let box_shape = match puzzle.get("box") {
        None | Some(serde_json::Value::Null) => None,
        Some(value) => {
            let pair = value
                .as_array()
                .filter(|pair| pair.len() == 2)
                .ok_or_else(|| syntax(Location::Input, "\"box\" is [rows, cols]"))?;
            Some((
                whole(&pair[0], Location::Input, "the box's rows")?,
                whole(&pair[1], Location::Input, "the box's columns")?,
            ))
        }
    };
    let cages = cages
        .into_iter()
        .zip(positions)
        .enumerate()
        .map(|(index, (sum, places))| {
            places
                .into_iter()
                .map(|(row, col)| {
                    if row >= side || col >= side {
                        Err(InputError::new(
                            crate::core::InputErrorKind::Structure,
                            Location::Item { field: "cages", index },
                            format!("the cell [{row}, {col}] is outside the {side}x{side} grid of the givens"),
                        ))
                    } else {
                        Ok(row * side + col)
                    }
                })
                .collect::<Result<Vec<usize>, InputError>>()
                .map(|cells| Cage { sum, cells })
        })
        .collect::<Result<Vec<Cage>, InputError>>()?;
    let givens = match givens_rows {
        Some(rows) => {
            let located: Vec<(Location, &str)> = rows
                .iter()
                .enumerate()
                .map(|(index, row)| {
                    (
                        Location::Item {
                            field: "givens",
                            index,
                        },
                        row.as_str(),
                    )
                })
                .collect();
            parse_givens_rows(&located, side)?
        }
        None => Vec::new(),
    };
    if box_shape.is_none() && default_box(side).is_none() {
        return Err(InputError::new(
            crate::core::InputErrorKind::Structure,
            Location::Input,
            format!("a {side}x{side} grid has no usual box shape: give \"box\" as [rows, cols]"),
        ));
    }
    Puzzle::new(side, box_shape, cages, givens)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str =
        "genre: killer-sudoku\nA A B B\nC D D B\nC E F F\nC E G G\nA=3 B=9 C=9 D=5 E=4 F=7 G=3\n";

    #[test]
    fn the_text_form_round_trips_and_matches_the_id() {
        let puzzle = parse_text(TEXT).unwrap();
        assert_eq!(puzzle.side(), 4);
        assert_eq!(to_text(&puzzle), TEXT);
        let id = to_id(&puzzle);
        assert_eq!(id, "killer-sudoku:4x4:0011233124552466/3.9.9.5.4.7.3");
        assert_eq!(parse_id(&id).unwrap(), puzzle);
        let json = serde_json::to_value(to_json(&puzzle)).unwrap();
        assert_eq!(parse_json(&json).unwrap(), puzzle);
    }

    #[test]
    fn rows_without_spaces_are_a_label_a_character() {
        let compact = "genre: killer-sudoku\nAABB\nCDDB\nCEFF\nCEGG\nA=3 B=9 C=9 D=5 E=4 F=7 G=3\n";
        assert_eq!(parse_text(compact).unwrap(), parse_text(TEXT).unwrap());
        // A compact row one label short is placed at its first character, and said so.
        let error = parse_text("AABB\nCDD\nCEFF\nCEGG\nA=3 B=9 C=9 D=5 E=4 F=7 G=3\n").unwrap_err();
        assert_eq!(error.problems[0].at, Location::Text { line: 2, column: 1 });
        assert!(
            error.to_string().contains("grid row 2 has 3 cage labels"),
            "{error}"
        );
        // A label of one character further on in a compact row is placed at its own column.
        let error =
            parse_text("AABB\nCDDX\nCEFF\nCEGG\nA=3 B=9 C=9 D=5 E=4 F=7 G=3\n").unwrap_err();
        assert_eq!(error.problems[0].at, Location::Text { line: 2, column: 4 });
    }

    #[test]
    fn givens_and_boxes_round_trip() {
        let text = "box: 3x2\nA A B\nA B B\nC C C\nA=7 B=7 C=7\n";
        // A 3x3 grid has no usual box; 3x2 does not fit it.
        assert!(parse_text(text).is_err());
        let mut text = TEXT.to_string();
        text.push_str("givens: 1... .... .... ...4\n");
        let puzzle = parse_text(&text).unwrap();
        assert_eq!(puzzle.givens()[0], 1);
        assert_eq!(parse_id(&to_id(&puzzle)).unwrap(), puzzle);
        assert_eq!(parse_text(&to_text(&puzzle)).unwrap(), puzzle);
        let json = serde_json::to_value(to_json(&puzzle)).unwrap();
        assert_eq!(parse_json(&json).unwrap(), puzzle);
    }

    #[test]
    fn errors_name_their_place() {
        let error = parse_text("A A B B\nC D D B\nC E F X\nC E G G\nA=3 B=9 C=9 D=5 E=4 F=7 G=3\n")
            .unwrap_err();
        assert_eq!(error.problems[0].at, Location::Text { line: 3, column: 7 });
        let error = parse_id("killer-sudoku:4x4:0011233124552466/3.9.9.5.4.7.x").unwrap_err();
        assert_eq!(error.problems[0].at, Location::Id { position: 48 });
        let error = parse_id("killer-sudoku:4x4:0011233124552466/3.9.9.5.4.7.4").unwrap_err();
        assert!(error.to_string().contains("add up to"), "{error}");
        let error = parse_json(&serde_json::json!({"cages": [{"sum": 1, "cells": [[0, -1]]}]}))
            .unwrap_err();
        assert_eq!(
            error.problems[0].at,
            Location::Item {
                field: "cages",
                index: 0
            }
        );
        let error = parse_json(&serde_json::json!({"cages": [], "extra": 1})).unwrap_err();
        assert!(error.to_string().contains("extra"), "{error}");
    }
}
