//! `falls_short` (Easy): an open cell without which the other open cells fall short of the
//! need is shaded.

use super::{Contradiction, Forced, Line};
use crate::genres::kakurasu::line::weight;

/// The open cells every way of making up the need must use, by their weight alone.
pub fn find(line: &Line) -> Result<Forced, Contradiction> {
    let Some(need) = line.need()? else {
        return Ok(Forced::NONE);
    };
    let open = line.open();
    let available = weight(open);
    if available < need {
        return Err(Contradiction);
    }
    // Without the cell worth w the others make at most available - w.
    let mut shade = 0;
    let mut rest = open;
    while rest != 0 {
        let index = rest.trailing_zeros();
        rest &= rest - 1;
        if available - (index + 1) < need {
            shade |= 1 << index;
        }
    }
    Ok(Forced { shade, unshade: 0 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_example_clue_five_shades_cells_two_and_three() {
        // A line worth 1, 2, 3 with clue 5: without cell 2 the others make 4, without cell 3
        // they make 3, both short of 5; without cell 1 they make 5, enough.
        let forced = find(&Line::open_line(3, Some(5))).unwrap();
        assert_eq!(
            forced,
            Forced {
                shade: 0b110,
                unshade: 0
            }
        );
    }

    #[test]
    fn unshaded_cells_do_not_count() {
        // Cells worth 1..4, cell 4 unshaded, clue 5: 1 + 2 + 3 = 6; cells 2 and 3 are needed.
        let line = Line {
            len: 4,
            clue: Some(5),
            shaded: 0,
            unshaded: 0b1000,
        };
        assert_eq!(find(&line).unwrap().shade, 0b0110);
        let short = Line {
            len: 3,
            clue: Some(6),
            shaded: 0,
            unshaded: 0b001,
        };
        assert_eq!(find(&short), Err(Contradiction));
    }
}
