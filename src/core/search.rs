//! The one depth-first search every exact solver runs, over a small [`Model`] trait.
//!
//! A genre's solver supplies a model: its variables' domains, a propagation that narrows them
//! to a fixpoint, a way to pick the variable to branch on and its values in order, an
//! assignment that notes what it changes in the model's trail of undo entries, and the
//! solution read off when every variable is fixed. This module supplies the rest, in one
//! place: the search loop, the restarts, the last conflict and the dom/wdeg weights of the
//! adaptive search ([`Strategy`]).
//!
//! The loop is iterative, not recursive: a relaxed Kakuro grid of 160x160 may branch thousands
//! of levels deep, deeper than a thread's stack allows. Each level keeps the variable it
//! branched on, its values still to try, the mark in the model's trail where its changes start
//! and how many solutions were known when it began; trying a value first undoes the changes of
//! the value before. The order of the search, and so of the solutions, is that of the plain
//! recursion: values in the order [`Model::values`] gives them, depth first.
//!
//! Budget steps are the model's: its propagation spends them (one per constraint filtered) and
//! stops when the budget runs out or is cancelled; the search stops with it.
//!
//! Besides the strategies, which branch on every value of a variable in turn, there is a
//! two-way search for models that can take one value away ([`search_binary`]), whose
//! start-overs keep what they searched as nogoods.

use super::budget::{Budget, Stop};
use super::outcome::{Halt, SolveOutcome};

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
    /// - its values in the model's order for this search (`Weighted::adaptive_values`);
    /// - starting over from the top after `first_restart` failures, then after half as many
    ///   again each time (at least one more; see `next_fail_limit`), keeping the weights and
    ///   the solutions found but not the last conflict (restarts). A start-over that is not
    ///   cut short searches everything, and a solution found again is not counted again, so
    ///   counts stay exact.
    Adaptive {
        /// The failures before the first start-over (0 counts as 1).
        first_restart: u64,
    },
    /// [`Strategy::Adaptive`], but starting over after `unit` failures times the Luby
    /// sequence (`luby`: 1, 1, 2, 1, 1, 2, 4, ...), mostly short start-overs with an ever
    /// longer one now and then. Where a model tries first the value a variable last had
    /// (phase saving, as the Kakuro solver's `Weighted::adaptive_values` does), short
    /// start-overs keep what the last one got right and reconsider the early choices; on the
    /// open random grids of issue 19 that finds solutions the geometric schedule does not.
    Luby {
        /// The failures of a start-over of Luby length 1 (0 counts as 1).
        unit: u64,
    },
}

impl Strategy {
    /// The adaptive search as [`crate::genres::kakuro::solve_puzzle`] runs it (the cryptic solver
    /// starts over later: [`crate::genres::kakuro_cryptic::solve::ADAPTIVE`]).
    pub const ADAPTIVE: Strategy = Strategy::Luby { unit: 32 };

    /// Failures after which the first start-over is cut short: never for
    /// [`Strategy::FewestCandidates`].
    pub fn first_fail_limit(self) -> u64 {
        match self {
            Strategy::FewestCandidates => u64::MAX,
            Strategy::Adaptive { first_restart } => first_restart.max(1),
            Strategy::Luby { unit } => unit.max(1),
        }
    }
}

/// The failures the start-over after one cut short at `limit` may have: half as many again,
/// at least one more.
pub fn next_fail_limit(limit: u64) -> u64 {
    limit.saturating_add(limit / 2).max(limit.saturating_add(1))
}

/// Where propagation reports the constraint whose filtering failed, so the adaptive search
/// can weigh it; the plain search passes `()`, which ignores it.
pub trait Weigh {
    fn failed(&mut self, constraint: usize);
}

impl Weigh for () {
    #[inline]
    fn failed(&mut self, _constraint: usize) {}
}

/// A genre's solver state as the search sees it.
pub trait Model {
    /// A variable to branch on.
    type Var: Copy + PartialEq;
    /// One value of a variable.
    type Value: Copy;
    /// A variable's values, in the order the search tries them.
    type Values: Iterator<Item = Self::Value>;
    /// What a search reports for a state with every variable fixed.
    type Solution: PartialEq;

    /// Narrows the domains to a fixpoint, from what [`Model::assign`] queued (on the first
    /// call, from everything the model starts with), noting every change in the trail.
    /// Spends the budget's steps, stopping when it says so; reports a constraint whose
    /// filtering failed to `weigh`. After an error nothing is left queued.
    fn propagate<W: Weigh>(&mut self, weigh: &mut W, budget: &mut Budget) -> Result<(), Halt>;

    /// The open variable [`Strategy::FewestCandidates`] branches on; None when every variable
    /// is fixed.
    fn fewest_candidates(&self) -> Option<Self::Var>;

    /// The values of an open variable, to try in this order.
    fn values(&self, var: Self::Var) -> Self::Values;

    /// Fixes `var` to `value`, noting the change in the trail and queueing what propagation
    /// must look at again.
    fn assign(&mut self, var: Self::Var, value: Self::Value);

    /// The current position in the trail.
    fn mark(&self) -> usize;

    /// Undoes every change noted after `mark`.
    fn undo(&mut self, mark: usize);

    /// The solution of a state with every variable fixed, or None for one not to count (a
    /// solution the caller already knows).
    fn solution(&self) -> Option<Self::Solution>;
}

/// What the adaptive search needs on top: the constraints and which variables they weigh.
pub trait Weighted: Model {
    /// How many constraints propagation reports failures of, numbered from 0.
    fn constraint_count(&self) -> usize;

    /// True when `var` has more than one value left.
    fn is_open(&self, var: Self::Var) -> bool;

    /// Every variable with its count of values, in the order that breaks ties (the first of
    /// equals is taken).
    fn variables(&self) -> impl Iterator<Item = (Self::Var, u32)> + '_;

    /// The constraints whose weights make up `var`'s weight.
    fn constraints_of(&self, var: Self::Var) -> impl Iterator<Item = usize> + '_;

    /// The values of an open variable in the order the adaptive search tries them: by
    /// default those of [`Model::values`].
    fn adaptive_values(&self, var: Self::Var) -> Self::Values {
        self.values(var)
    }
}

/// Finds up to `limit` solutions of `model` with [`Strategy::FewestCandidates`].
pub fn search<M: Model>(
    model: &mut M,
    limit: usize,
    budget: &mut Budget,
) -> SolveOutcome<M::Solution> {
    run(model, &mut Plain(()), limit, budget)
}

/// Finds up to `limit` solutions of `model` with `strategy`.
pub fn search_with<M: Weighted>(
    model: &mut M,
    strategy: Strategy,
    limit: usize,
    budget: &mut Budget,
) -> SolveOutcome<M::Solution> {
    match strategy {
        Strategy::FewestCandidates => search(model, limit, budget),
        Strategy::Adaptive { .. } | Strategy::Luby { .. } => {
            let mut policy = Adaptive::new(model, strategy);
            run(model, &mut policy, limit, budget)
        }
    }
}

/// Each constraint's weight: one plus the times its filtering failed.
struct Weights(Vec<u32>);

impl Weigh for Weights {
    #[inline]
    fn failed(&mut self, constraint: usize) {
        self.0[constraint] = self.0[constraint].saturating_add(1);
    }
}

/// How one start-over of a search ended.
enum Searched {
    /// Everything searched, or the limit reached.
    All,
    /// Cut short after its failures: start over.
    CutShort,
}

/// What differs between the strategies: the branch choice, what a failure means, and what
/// is kept from one start-over to the next.
trait Policy<M: Model> {
    type Weights: Weigh;
    /// Whether a search may start over, and so find a solution again.
    const RESTARTS: bool;
    fn weights(&mut self) -> &mut Self::Weights;
    fn choose(&self, model: &M) -> Option<M::Var>;
    /// The values of the chosen variable, in the order to try them.
    fn values(&self, model: &M, var: M::Var) -> M::Values;
    /// Propagation held after `var` was assigned.
    fn held(&mut self, var: M::Var);
    /// Every value of `var` failed, and no solution was found below it.
    fn exhausted(&mut self, var: M::Var);
    /// Propagation failed; true when this start-over is to be cut short.
    fn failed(&mut self) -> bool;
    /// A start-over was cut short: get ready for the next.
    fn restart(&mut self);
}

/// [`Strategy::FewestCandidates`], which weighs nothing.
struct Plain(());

impl<M: Model> Policy<M> for Plain {
    type Weights = ();
    const RESTARTS: bool = false;

    fn weights(&mut self) -> &mut () {
        &mut self.0
    }

    fn choose(&self, model: &M) -> Option<M::Var> {
        model.fewest_candidates()
    }

    fn values(&self, model: &M, var: M::Var) -> M::Values {
        model.values(var)
    }

    fn held(&mut self, _var: M::Var) {}

    fn exhausted(&mut self, _var: M::Var) {}

    fn failed(&mut self) -> bool {
        false
    }

    fn restart(&mut self) {}
}

/// [`Strategy::Adaptive`]: what the search carries from node to node and from one
/// start-over to the next.
struct Adaptive<V> {
    weights: Weights,
    /// Failures after which this start-over is cut short, and the failures so far.
    fail_limit: u64,
    failures: u64,
    /// How the failure limit grows, and the start-overs so far.
    schedule: Schedule,
    restarts: u64,
    /// The variable all of whose values failed last, until one of its values holds.
    last_conflict: Option<V>,
}

impl<V> Adaptive<V> {
    /// The state of `strategy` (adaptive or Luby) at the start of a search of `model`.
    fn new<M: Weighted<Var = V>>(model: &M, strategy: Strategy) -> Adaptive<V> {
        Adaptive {
            weights: Weights(vec![1; model.constraint_count()]),
            schedule: match strategy {
                Strategy::Luby { unit } => Schedule::Luby { unit },
                _ => Schedule::Geometric,
            },
            fail_limit: strategy.first_fail_limit(),
            failures: 0,
            restarts: 0,
            last_conflict: None,
        }
    }
}

impl<M: Weighted> Policy<M> for Adaptive<M::Var> {
    type Weights = Weights;
    const RESTARTS: bool = true;

    fn weights(&mut self) -> &mut Weights {
        &mut self.weights
    }

    fn choose(&self, model: &M) -> Option<M::Var> {
        self.last_conflict
            .filter(|&var| model.is_open(var))
            .or_else(|| weighted_choice(model, &self.weights.0))
    }

    fn values(&self, model: &M, var: M::Var) -> M::Values {
        model.adaptive_values(var)
    }

    fn held(&mut self, var: M::Var) {
        if self.last_conflict == Some(var) {
            self.last_conflict = None;
        }
    }

    fn exhausted(&mut self, var: M::Var) {
        self.last_conflict = Some(var);
    }

    fn failed(&mut self) -> bool {
        self.failures += 1;
        self.failures >= self.fail_limit
    }

    fn restart(&mut self) {
        self.restarts += 1;
        self.fail_limit = match self.schedule {
            Schedule::Geometric => next_fail_limit(self.fail_limit),
            Schedule::Luby { unit } => unit.max(1).saturating_mul(luby(self.restarts)),
        };
        self.failures = 0;
        self.last_conflict = None;
    }
}

/// How the failure limit of [`Adaptive`] grows from one start-over to the next.
#[derive(Clone, Copy)]
enum Schedule {
    /// [`next_fail_limit`]: half as many again.
    Geometric,
    /// `unit` times [`luby`] of the start-overs so far.
    Luby { unit: u64 },
}

/// The Luby sequence, from index 0: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ... (each
/// block is the one before it twice, then twice its largest). It is unbounded, so a search
/// that starts over by it still ends with a start-over long enough to search everything.
pub fn luby(index: u64) -> u64 {
    // The smallest complete block (of 2^k - 1 terms) holding the index, then down the
    // halves it is made of until the index is a block's last term.
    let (mut size, mut exponent) = (1u64, 0u32);
    while size < index.saturating_add(1) {
        exponent += 1;
        size = 2 * size + 1;
    }
    let mut index = index;
    while size - 1 != index {
        size = (size - 1) >> 1;
        exponent -= 1;
        index %= size;
    }
    1 << exponent
}

/// The open variable with the fewest values per weight (the first of equals).
fn weighted_choice<M: Weighted>(model: &M, weights: &[u32]) -> Option<M::Var> {
    let mut best: Option<(u64, u64, M::Var)> = None;
    for (var, count) in model.variables() {
        let count = u64::from(count);
        if count <= 1 {
            continue;
        }
        let weight: u64 = model
            .constraints_of(var)
            .map(|constraint| u64::from(weights[constraint]))
            .sum();
        // count / weight < best_count / best_weight, without division.
        if best.is_none_or(|(best_count, best_weight, _)| count * best_weight < best_count * weight)
        {
            best = Some((count, weight, var));
        }
    }
    best.map(|(_, _, var)| var)
}

/// Propagates the model's starting state, then searches, starting over as the policy says.
fn run<M: Model, P: Policy<M>>(
    model: &mut M,
    policy: &mut P,
    limit: usize,
    budget: &mut Budget,
) -> SolveOutcome<M::Solution> {
    run_with(model, policy, limit, budget, descend)
}

/// [`run`], each start-over searched by `descend` (the model, the policy, the limit, the
/// solutions so far, the budget).
fn run_with<M: Model, P: Policy<M>>(
    model: &mut M,
    policy: &mut P,
    limit: usize,
    budget: &mut Budget,
    mut descend: impl FnMut(
        &mut M,
        &mut P,
        usize,
        &mut Vec<M::Solution>,
        &mut Budget,
    ) -> Result<Searched, Stop>,
) -> SolveOutcome<M::Solution> {
    let start = budget.used();
    let mut solutions = Vec::new();
    let result = match model.propagate(policy.weights(), budget) {
        Ok(()) => {
            let root = model.mark();
            loop {
                match descend(model, policy, limit, &mut solutions, budget) {
                    Ok(Searched::All) => break Ok(()),
                    Ok(Searched::CutShort) => {
                        model.undo(root);
                        policy.restart();
                    }
                    Err(stop) => break Err(stop),
                }
            }
        }
        Err(Halt::Contradiction) => Ok(()),
        Err(Halt::Stopped(stop)) => Err(stop),
    };
    SolveOutcome {
        solutions,
        complete: result.is_ok(),
        stopped: result.err(),
        steps: budget.used() - start,
    }
}

/// One start-over: depth first below the propagated state (see the module documentation). A
/// solution found before (in an earlier start-over) is not counted again.
fn descend<M: Model, P: Policy<M>>(
    model: &mut M,
    policy: &mut P,
    limit: usize,
    solutions: &mut Vec<M::Solution>,
    budget: &mut Budget,
) -> Result<Searched, Stop> {
    struct Level<M: Model> {
        var: M::Var,
        values: M::Values,
        mark: usize,
        known: usize,
    }
    let mut levels: Vec<Level<M>> = Vec::new();
    let mut descending = true;
    loop {
        if descending {
            if solutions.len() >= limit {
                return Ok(Searched::All);
            }
            match policy.choose(model) {
                Some(var) => levels.push(Level {
                    var,
                    values: policy.values(model, var),
                    mark: model.mark(),
                    known: solutions.len(),
                }),
                None => {
                    if let Some(solution) = model.solution() {
                        if !P::RESTARTS || !solutions.contains(&solution) {
                            solutions.push(solution);
                        }
                    }
                }
            }
        }
        let Some(level) = levels.last_mut() else {
            return Ok(Searched::All);
        };
        model.undo(level.mark);
        let next = if solutions.len() < limit {
            level.values.next()
        } else {
            None
        };
        let Some(value) = next else {
            if level.known == solutions.len() {
                policy.exhausted(level.var);
            }
            levels.pop();
            descending = false;
            continue;
        };
        let var = level.var;
        model.assign(var, value);
        descending = match model.propagate(policy.weights(), budget) {
            Ok(()) => {
                policy.held(var);
                true
            }
            Err(Halt::Contradiction) => {
                if policy.failed() {
                    return Ok(Searched::CutShort);
                }
                false
            }
            Err(Halt::Stopped(stop)) => return Err(stop),
        };
    }
}

mod binary;
pub use binary::{search_binary, Excludes, SearchStats};

#[cfg(test)]
mod tests;
