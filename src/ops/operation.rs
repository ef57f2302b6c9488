//! What every operation is to a door (a request read into a plan, a plan run under a budget)
//! and the budgets and bounds the requests are held to.

use crate::core::{Budget, Error};

/// The step budget of an operation on a puzzle (solve, rate, hint, render): about 2 s of CPU
/// for the slowest worst-case input measured on a 2-core machine (`cargo run --release
/// --example edge_costs`, docs/edge.md). A request may ask for less, never for more: a larger
/// budget is a door's setting (the service's configuration, an API key's allowance).
pub const DEFAULT_BUDGET: u64 = 1_200_000;
/// The step budget of a generation: more than any 16x16 expert Kakuro seed measured needed
/// (docs/edge.md), so that every shape and level of the spec's sizes can be generated. Kakuro's
/// 32x32 hard and expert can need more (docs/benchmarks.md): a door's setting raises it.
pub const GENERATE_BUDGET: u64 = 40_000_000;
/// The step budget of an operation on a puzzle where the caller's own machine does the work
/// and nobody else waits (the CLI): minutes of CPU rather than seconds, for puzzles no service
/// default reaches.
pub const LOCAL_BUDGET: u64 = 200_000_000;
/// The step budget of a generation where the caller's own machine does the work (the CLI):
/// enough for Kakuro's 32x32 expert seeds that run past [`GENERATE_BUDGET`].
pub const LOCAL_GENERATE_BUDGET: u64 = 2_000_000_000;
/// The step budget of each line of a file of cryptic Kakuro lines solved on the caller's own
/// machine (`examples/pe424.rs`): more than any of Project Euler 424's 200 puzzles needs.
pub const LOCAL_LINE_BUDGET: u64 = 100_000_000;
/// The largest step budget a request may name: beyond it the request does not fit.
pub const MAX_WIRE_BUDGET: u64 = 1_000_000_000_000;
/// The largest seed a request may name: seeds are 0 to 2^63-1, so that every JSON and
/// OpenAPI client (int64) can carry them.
pub const MAX_SEED: u64 = i64::MAX as u64;
/// The largest seed the service draws for a request without one: 2^53-1, the largest
/// integer every JavaScript number holds exactly, so that a seed handed out can be sent back.
pub const MAX_FRESH_SEED: u64 = (1 << 53) - 1;
/// The most puzzles one batch makes.
pub const MAX_BATCH: usize = 100;
/// The most solutions a solve request may ask for.
pub const MAX_LIMIT: usize = 100;

/// A request as a door reads it, and the plan it is read into: the one place its fields are
/// checked (the bounds of its numbers, the genre named, the fields that go together).
pub trait Operation {
    /// The request read and checked: what the door runs.
    type Plan: Plan;

    /// Reads the request into its plan, or says what is wrong with it.
    fn plan(&self) -> Result<Self::Plan, Error>;
}

/// An operation read and checked, ready to run: what a door that treats every operation alike
/// runs (on a worker, under the budget it chooses).
pub trait Plan: Send + 'static {
    /// What the operation answers.
    type Report: Send + 'static;

    /// The step budget the request names, if it names one (the door caps it).
    fn requested_budget(&self) -> Option<u64>;

    /// Whether the plan generates puzzles: generation has a budget of its own
    /// ([`GENERATE_BUDGET`]), the operations on a puzzle share [`DEFAULT_BUDGET`].
    fn generates(&self) -> bool {
        false
    }

    /// The embedded default budget of the operation: [`GENERATE_BUDGET`] for a generation,
    /// [`DEFAULT_BUDGET`] for the rest.
    fn default_budget(&self) -> u64 {
        if self.generates() {
            GENERATE_BUDGET
        } else {
            DEFAULT_BUDGET
        }
    }

    /// Runs the operation under `budget`. A budget that runs out is [`Error::Exhausted`],
    /// saying how far the work got.
    fn run(&self, budget: &mut Budget) -> Result<Self::Report, Error>;
}
