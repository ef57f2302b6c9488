//! `sum_table` (Hard): the same as `few_ways` when the open cells make up the need in more
//! than 4 ways, read off a subset-sum table: which sums the cells before a cell can make and
//! which the cells after it can complete (see `crate::genres::kakurasu::line`).

use super::{Contradiction, Forced, Line};

/// The cells every way shades or leaves unshaded.
pub fn find(line: &Line) -> Result<Forced, Contradiction> {
    line.settle()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_ways_that_all_leave_out_cell_eight() {
        // Cells worth 2..9 (cell 1 unshaded) need 9: {9}, {2,7}, {3,6}, {4,5}, {2,3,4}. Cell 8
        // would need the 1, which is gone, so no way uses it; no Easy technique sees that.
        let line = Line {
            len: 9,
            clue: Some(9),
            shaded: 0,
            unshaded: 0b1,
        };
        assert_eq!(line.ways(10), Ok(5));
        assert_eq!(super::super::easy_fit(&line), Ok(Forced::NONE));
        assert_eq!(
            find(&line),
            Ok(Forced {
                shade: 0,
                unshade: 1 << 7
            })
        );
    }
}
