//! The sum-grid kit: what Kakuro and cryptic Kakuro share because both are grids of blocks
//! holding run sums and white cells holding digits. A genre built on it brings its cell
//! spelling (numbers or letters) and its own rules; the kit brings the run layout and its
//! structure rules ([`layout`]), the cell spelling in numbers ([`numbers`]), the combination
//! tables ([`combos`]), the grid text and JSON syntax ([`syntax`]), the ID ([`id`]), answers
//! and solutions ([`answer`]), the SVG drawing ([`draw`]), what a broken run or cell is about
//! ([`violations`]: its cells, its sum's block and its words), and everything done with a
//! layout whose sums are known: the exact solver ([`solve`], with [`regions`], its reasoning
//! across runs), the human techniques of the kakuro-human profile ([`techniques`]), the rater
//! that applies them ([`rate`]), the hint that replays them ([`hint`]) and the layout's
//! descriptors ([`describe`]).
//!
//! It is not a genre (nothing registers it) and not public: Kakuro names its types as its own
//! (`kakuro::Layout`, `kakuro::Answer`, `kakuro::solve::Solver`, `kakuro::rate::grade`, ...),
//! which is their one public path. Its tests build their grids with [`testing`], not with a
//! genre's readers.

pub(crate) mod answer;
pub(crate) mod combos;
pub(crate) mod describe;
pub(crate) mod draw;
pub(crate) mod hint;
pub(crate) mod id;
pub(crate) mod layout;
pub(crate) mod numbers;
pub mod rate;
pub(crate) mod regions;
pub mod solve;
pub(crate) mod syntax;
pub(crate) mod techniques;
#[cfg(test)]
pub(crate) mod testing;
pub(crate) mod violations;
