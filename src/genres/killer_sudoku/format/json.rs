//! The Killer Sudoku JSON puzzle object: cages of cells `[row, col]`, optional givens and box
//! (the format's doc in `format`).

use crate::core::{InputError, Location};

use super::parts::{givens_rows, parse_givens_rows, syntax};
use crate::genres::killer_sudoku::model::{default_box, Cage, Puzzle, GENRE, MAX_SIDE};
use crate::genres::killer_sudoku::wire::{CageObject, PuzzleObject};

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
