//! `few_ways` (Medium): the open cells can make up the need in at most 4 ways; cells shaded in
//! every way are shaded, cells in none are unshaded.

use super::{Contradiction, Forced, Line};

/// The most ways a person is expected to list.
pub const MAX_WAYS: usize = 4;

/// True when the line has a clue and at most [`MAX_WAYS`] ways (an error when it has none).
pub fn applies(line: &Line) -> Result<bool, Contradiction> {
    let ways = line.ways(MAX_WAYS + 1)?;
    if ways == 0 {
        return Err(Contradiction);
    }
    Ok(line.clue.is_some() && ways <= MAX_WAYS)
}

/// The cells the ways agree on, when there are at most [`MAX_WAYS`].
pub fn find(line: &Line) -> Result<Forced, Contradiction> {
    if applies(line)? {
        line.settle()
    } else {
        Ok(Forced::NONE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_example_need_six_from_one_to_four() {
        // 1, 2, 3, 4 need 6: the ways are {2,4} and {1,2,3}, so cell 2 is shaded.
        let forced = find(&Line::open_line(4, Some(6))).unwrap();
        assert_eq!(
            forced,
            Forced {
                shade: 0b0010,
                unshade: 0
            }
        );
    }

    #[test]
    fn more_than_four_ways_is_left_to_sum_table() {
        // 1..6 need 10: {4,6}, {1,3,6}, {1,4,5}, {2,3,5}, {1,2,3,4}: five ways.
        let line = Line::open_line(6, Some(10));
        assert_eq!(line.ways(10), Ok(5));
        assert_eq!(find(&line), Ok(Forced::NONE));
    }

    #[test]
    fn no_way_breaks_the_line() {
        let line = Line {
            len: 4,
            clue: Some(8),
            shaded: 0,
            unshaded: 0b1000,
        };
        assert_eq!(find(&line), Err(Contradiction));
    }
}
