//! How the exact solvers (Kakuro, cryptic Kakuro) search once propagation stops: the plain
//! depth-first order their generators depend on, or the adaptive search with its restart
//! schedule.

/// How a search picks the variable to branch on, and whether it starts over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// The open variable with the fewest candidates (each solver breaks ties its own way),
    /// depth first to the end. The generators (version 1) and the raters depend on its order
    /// of solutions and its step counts, so it stays as it is.
    FewestCandidates,
    /// For puzzles where a wrong value placed early can otherwise be found out only after the
    /// search has tried every filling of unrelated variables placed after it (thrashing):
    /// - the open variable with the fewest candidates per weight, a constraint's weight being
    ///   one plus the times its filtering failed, a variable's the weights of its constraints
    ///   added (dom/wdeg);
    /// - first the variable all of whose values failed last, until one of its values holds
    ///   (last conflict), which brings the value to blame to light quickly;
    /// - starting over from the top after `first_restart` failures, then after half as many
    ///   again each time (at least one more; see [`next_fail_limit`]), keeping the weights and
    ///   the solutions found but not the last conflict (restarts). A start-over that is not
    ///   cut short searches everything, and a solution found again is not counted again, so
    ///   counts stay exact.
    Adaptive { first_restart: u64 },
}

impl Strategy {
    /// The adaptive search as [`crate::genres::kakuro::solve`] runs it (the cryptic solver
    /// starts over later: [`crate::genres::kakuro_cryptic::solve::ADAPTIVE`]).
    pub const ADAPTIVE: Strategy = Strategy::Adaptive { first_restart: 64 };

    /// Failures after which the first start-over is cut short: never for
    /// [`Strategy::FewestCandidates`].
    pub fn first_fail_limit(self) -> u64 {
        match self {
            Strategy::FewestCandidates => u64::MAX,
            Strategy::Adaptive { first_restart } => first_restart.max(1),
        }
    }
}

/// The failures the start-over after one cut short at `limit` may have: half as many again,
/// at least one more.
pub fn next_fail_limit(limit: u64) -> u64 {
    limit.saturating_add(limit / 2).max(limit.saturating_add(1))
}

/// How one start-over of a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Searched {
    /// Everything searched, or the limit reached.
    All,
    /// Cut short after its failures: start over.
    CutShort,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_schedule_grows_by_half() {
        assert_eq!(Strategy::FewestCandidates.first_fail_limit(), u64::MAX);
        assert_eq!(
            Strategy::Adaptive { first_restart: 0 }.first_fail_limit(),
            1
        );
        assert_eq!(next_fail_limit(1), 2);
        assert_eq!(next_fail_limit(2), 3);
        assert_eq!(next_fail_limit(64), 96);
        assert_eq!(next_fail_limit(u64::MAX), u64::MAX);
    }
}
