//! The digit counts of a part, packed: per digit, how many terms of each side surely and maybe
//! hold it, one lane of bits per digit, so a term's contribution moves in four additions.

use crate::core::{DigitSet, Halt};

use super::term::{Seen, Side};

/// Per digit (a lane of [`LANE_BITS`] bits each), how many terms of each side surely and maybe
/// hold it.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Tallies {
    left_surely: u128,
    left_maybe: u128,
    right_surely: u128,
    right_maybe: u128,
}

/// Bits per digit in a packed count: up to 16,383 terms a side.
const LANE_BITS: u32 = 14;
const LANE_MASK: u128 = (1 << LANE_BITS) - 1;

/// A digit set spread over the lanes of a packed count: lane `d - 1` is 1 when digit `d` is in
/// the set.
const SPREAD: [u128; 512] = {
    let mut table = [0u128; 512];
    let mut bits = 0;
    while bits < 512 {
        let mut digit = 0;
        while digit < 9 {
            if bits & (1 << digit) != 0 {
                table[bits] |= 1 << (digit * LANE_BITS as usize);
            }
            digit += 1;
        }
        bits += 1;
    }
    table
};

fn spread(set: DigitSet) -> u128 {
    SPREAD[usize::from(set.bits())]
}

/// Lane `digit - 1` of a packed count.
fn lane(packed: u128, digit: u8) -> i64 {
    ((packed >> (u32::from(digit - 1) * LANE_BITS)) & LANE_MASK) as i64
}

impl Tallies {
    /// Replaces a term's contribution `old` by `new`.
    pub(super) fn update(&mut self, side: Side, old: &Seen, new: &Seen) {
        let (surely, maybe) = match side {
            Side::Left => (&mut self.left_surely, &mut self.left_maybe),
            Side::Right => (&mut self.right_surely, &mut self.right_maybe),
        };
        // Each lane stays a count of terms, so no lane borrows from the next.
        *surely = surely
            .wrapping_sub(spread(old.surely))
            .wrapping_add(spread(new.surely));
        *maybe = maybe
            .wrapping_sub(spread(old.maybe))
            .wrapping_add(spread(new.maybe));
    }

    /// The digits whose count is tight, `(left at its fewest, left at its most)`, and the
    /// smallest slack of any digit; a contradiction when a count cannot balance.
    pub(super) fn tight(&self) -> Result<(DigitSet, DigitSet, i64), Halt> {
        let mut left_fewest = DigitSet::EMPTY;
        let mut left_most = DigitSet::EMPTY;
        let mut slack = i64::MAX;
        for digit in 1..=9u8 {
            let left_surely = lane(self.left_surely, digit);
            let left_maybe = lane(self.left_maybe, digit);
            let right_surely = lane(self.right_surely, digit);
            let right_maybe = lane(self.right_maybe, digit);
            let fewest_slack = right_maybe - left_surely;
            let most_slack = left_maybe - right_surely;
            if fewest_slack < 0 || most_slack < 0 {
                return Err(Halt::Contradiction);
            }
            // A digit every term has settled (in or out) has no slack: it stays balanced while
            // candidates narrow, but may break once they widen and narrow another way.
            slack = slack.min(fewest_slack).min(most_slack);
            let open = left_surely < left_maybe || right_surely < right_maybe;
            if open && fewest_slack == 0 {
                left_fewest.insert(digit);
            }
            if open && most_slack == 0 {
                left_most.insert(digit);
            }
        }
        Ok((left_fewest, left_most, slack))
    }
}
