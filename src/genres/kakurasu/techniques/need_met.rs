//! `need_met` (bookkeeping): a line whose need is 0 has its open cells unshaded.

use super::{Contradiction, Forced, Line};

/// The open cells to unshade when the need is 0.
pub fn find(line: &Line) -> Result<Forced, Contradiction> {
    Ok(match line.need()? {
        Some(0) => Forced {
            shade: 0,
            unshade: line.open(),
        },
        _ => Forced::NONE,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zero_clue_unshades_the_line() {
        let line = Line::open_line(3, Some(0));
        assert_eq!(find(&line).unwrap().unshade, 0b111);
    }

    #[test]
    fn a_met_clue_unshades_the_rest() {
        // Cells worth 1..4, clue 3, cell 3 shaded: the other open cells go.
        let line = Line {
            len: 4,
            clue: Some(3),
            shaded: 0b0100,
            unshaded: 0b0001,
        };
        assert_eq!(find(&line).unwrap().unshade, 0b1010);
        assert_eq!(find(&Line::open_line(3, Some(2))), Ok(Forced::NONE));
        assert_eq!(find(&Line::open_line(3, None)), Ok(Forced::NONE));
    }

    #[test]
    fn shading_beyond_the_clue_breaks_the_line() {
        let line = Line {
            len: 3,
            clue: Some(2),
            shaded: 0b100,
            unshaded: 0,
        };
        assert_eq!(find(&line), Err(Contradiction));
    }
}
