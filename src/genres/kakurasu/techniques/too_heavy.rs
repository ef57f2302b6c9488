//! `too_heavy` (Easy): an open cell worth more than the need is unshaded.

use super::{Contradiction, Forced, Line};
use crate::genres::kakurasu::line::full_mask;

/// The open cells worth more than the need.
pub fn find(line: &Line) -> Result<Forced, Contradiction> {
    let Some(need) = line.need()? else {
        return Ok(Forced::NONE);
    };
    // Cells worth need + 1 and more are the positions from `need` on.
    let heavy = if need as usize >= line.len {
        0
    } else {
        !full_mask(need as usize)
    };
    Ok(Forced {
        shade: 0,
        unshade: line.open() & heavy,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_example_third_cell_of_clue_two() {
        // A line worth 1, 2, 3 with clue 2: the third cell is unshaded.
        let forced = find(&Line::open_line(3, Some(2))).unwrap();
        assert_eq!(
            forced,
            Forced {
                shade: 0,
                unshade: 0b100
            }
        );
    }

    #[test]
    fn the_need_counts_shaded_cells() {
        // Cells worth 1..5, clue 6, cell 3 shaded: need 3, cells 4 and 5 are too heavy.
        let line = Line {
            len: 5,
            clue: Some(6),
            shaded: 0b00100,
            unshaded: 0,
        };
        assert_eq!(find(&line).unwrap().unshade, 0b11000);
        assert_eq!(find(&Line::open_line(3, Some(7))), Ok(Forced::NONE));
    }
}
