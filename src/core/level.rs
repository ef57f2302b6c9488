//! The levels of difficulty a rating gives: the level of the hardest technique a puzzle needs.
//! Its own module, below both the rating and the score, which each read it.

use std::fmt;

/// How hard a puzzle is for a human solver: the level of the hardest technique it needs.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// Only the easy techniques.
    Easy,
    /// Medium techniques at the hardest.
    Medium,
    /// Hard techniques at the hardest.
    Hard,
    /// Expert techniques (long contradiction chains) at the hardest.
    Expert,
    /// The techniques of every level together cannot finish the puzzle.
    BeyondExpert,
}

impl Level {
    /// The levels a rating can give a puzzle that the techniques finish, easiest first.
    pub const RATED: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    /// The name in the API and the formats (`easy`, ..., `beyond_expert`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::BeyondExpert => "beyond_expert",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
