//! The sum-grid kit: what Kakuro and cryptic Kakuro share because both are grids of blocks
//! holding run sums and white cells holding digits. A genre built on it brings its cell
//! spelling (numbers or letters) and its own rules; the kit brings the run layout and its
//! structure rules ([`layout`]), the combination tables ([`combos`]), the grid text and JSON
//! syntax ([`syntax`]), the ID ([`id`]), answers and solutions ([`answer`]), the SVG drawing
//! ([`draw`]), the exact solvers' reasoning across runs ([`regions`]: region totals and digit
//! counts) and what a broken run or cell is about ([`violations`]: its cells, its sum's block
//! and its words).
//!
//! It is not a genre (nothing registers it) and not public: Kakuro names its types as its own
//! (`kakuro::Layout`, `kakuro::Answer`, ...), which is their one public path.

pub(crate) mod answer;
pub(crate) mod combos;
pub(crate) mod draw;
pub(crate) mod id;
pub(crate) mod layout;
pub(crate) mod regions;
pub(crate) mod syntax;
pub(crate) mod violations;
