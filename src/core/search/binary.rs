//! The two-way search ([`search_binary`]), whose start-overs keep what was searched.
//!
//! A branch of the two-way search is a sequence of decisions: `x = a` (a level) and `x != a`
//! (the value a level took away once the subtree below it was searched). When a start-over is
//! cut short, each `x != a` of its branch is written down as a nogood: the positive decisions
//! before it together with `x = a` lead only to what was searched already, so no later
//! start-over takes them all again (the reduced nld-nogoods of Lecoutre, Sais, Tabary and
//! Vidal, "Recording and minimizing nogoods from restarts", 2007). Every node narrows by the
//! nogoods as a SAT solver does by its clauses: each watches two of its assignments, and when
//! every one but one holds, that one's value is taken away.
//!
//! So start-overs cost only the way back down, and each solution is found once: the branch
//! above a solution takes its last value away before anything else happens, and that is
//! written down at the next start-over. What they buy is the adaptive choice's second
//! thoughts: the weights learned deep in one start-over choose the top of the next.

use super::{run_with, Adaptive, Model, Policy, Searched, Strategy, Weighted};
use crate::core::budget::{Budget, Stop};
use crate::core::outcome::{Halt, SolveOutcome};

/// A model whose variables can lose one value, as the two-way search needs, and whose
/// assignments (a variable with one value) its nogoods can read.
pub trait Excludes: Weighted<Value: PartialEq> {
    /// Takes `value` from the open variable `var`, noting the change in the trail and queueing
    /// what propagation must look at again.
    fn exclude(&mut self, var: Self::Var, value: Self::Value);

    /// How many (variable, value) pairs [`Excludes::literal`] numbers.
    fn literal_count(&self) -> usize;

    /// The number of `var = value`, below [`Excludes::literal_count`].
    fn literal(&self, var: Self::Var, value: Self::Value) -> usize;

    /// Whether `var` still has `value`.
    fn has(&self, var: Self::Var, value: Self::Value) -> bool;

    /// `var`'s value when only one is left.
    fn fixed(&self, var: Self::Var) -> Option<Self::Value>;

    /// Writes every variable with one value left, with that value, into `out` (cleared first).
    fn assigned(&self, out: &mut Vec<(Self::Var, Self::Value)>) {
        out.clear();
        out.extend(
            self.variables()
                .filter(|&(_, count)| count == 1)
                .filter_map(|(var, _)| self.fixed(var).map(|value| (var, value))),
        );
    }

    /// Forgets the propagation queued: a nogood failed after [`Excludes::exclude`] queued
    /// some, and the state is about to be undone.
    fn forget_queued(&mut self);
}

/// Nogood visits one budget step pays for: a visit reads a few assignments, a step narrows
/// a constraint, and charging them keeps the steps a bound on the time.
const VISITS_A_STEP: u64 = 8;

/// The assignments all nogoods together may hold (about 4 MB for a cell and a digit each).
/// Past it the search writes no more nogoods and so starts over no more: memory stays bounded
/// whatever the budget. The hardest published Killer Sudoku hold at most 26,487 (`solver_compare
/// search`, docs/benchmarks-killer.md).
const MAX_LITERALS: usize = 1 << 18;

/// The nogoods: each a set of assignments not to take all together, the first two watched.
struct Nogoods<V, A> {
    nogoods: Vec<Vec<(V, A)>>,
    /// For each literal, the nogoods watching it.
    watches: Vec<Vec<u32>>,
    /// The nogoods of one assignment: values taken away at the top of every start-over.
    units: Vec<(V, A)>,
    /// The assignments held, units included.
    literals: usize,
    /// Nogoods looked at, for the budget.
    visits: u64,
    /// The assigned variables, reused from narrowing to narrowing.
    assigned: Vec<(V, A)>,
    /// The assignments past which no more are written down ([`MAX_LITERALS`]).
    cap: usize,
}

impl<V: Copy + PartialEq, A: Copy + PartialEq> Nogoods<V, A> {
    fn new(literals: usize, cap: usize) -> Self {
        Nogoods {
            nogoods: Vec::new(),
            watches: vec![Vec::new(); literals],
            units: Vec::new(),
            literals: 0,
            visits: 0,
            assigned: Vec::new(),
            cap,
        }
    }

    fn is_full(&self) -> bool {
        self.literals >= self.cap
    }

    /// Adds a nogood, watching its first two assignments.
    fn add<M: Excludes<Var = V, Value = A>>(&mut self, model: &M, nogood: Vec<(V, A)>) {
        self.literals += nogood.len();
        if let [only] = nogood[..] {
            self.units.push(only);
            return;
        }
        let index = self.nogoods.len() as u32;
        for &(var, value) in &nogood[..2] {
            self.watches[model.literal(var, value)].push(index);
        }
        self.nogoods.push(nogood);
    }

    /// Writes down the branch of a start-over cut short (module documentation).
    fn write_down<M: Excludes<Var = V, Value = A>>(&mut self, model: &M, branch: &[(V, A, bool)]) {
        let mut positive = Vec::new();
        for &(var, value, assigned) in branch {
            if assigned {
                positive.push((var, value));
            } else {
                // The taken-away value first and the latest assignment second: those two
                // are the last to hold, so the watches move least.
                let mut nogood = Vec::with_capacity(positive.len() + 1);
                nogood.push((var, value));
                nogood.extend(positive.iter().rev());
                self.add(model, nogood);
            }
        }
    }

    /// Takes away the units' values, at the top of a start-over; false when one holds.
    fn apply_units<M: Excludes<Var = V, Value = A>>(&self, model: &mut M) -> bool {
        for &(var, value) in &self.units {
            if model.fixed(var) == Some(value) {
                return false;
            }
            if model.has(var, value) {
                model.exclude(var, value);
            }
        }
        true
    }

    /// Narrows `model` by every nogood one of whose watched assignments holds. Ok(true) when
    /// it took a value away (propagation is then queued); a contradiction when all of a
    /// nogood's assignments hold.
    fn narrow<M: Excludes<Var = V, Value = A>>(
        &mut self,
        model: &mut M,
        budget: &mut Budget,
    ) -> Result<bool, Halt> {
        if self.nogoods.is_empty() {
            return Ok(false);
        }
        let mut assigned = std::mem::take(&mut self.assigned);
        model.assigned(&mut assigned);
        let result = self.narrow_by(model, &assigned, budget);
        self.assigned = assigned;
        result
    }

    fn narrow_by<M: Excludes<Var = V, Value = A>>(
        &mut self,
        model: &mut M,
        assigned: &[(V, A)],
        budget: &mut Budget,
    ) -> Result<bool, Halt> {
        let holds = |model: &M, (var, value): (V, A)| model.fixed(var) == Some(value);
        let mut changed = false;
        for &(var, value) in assigned {
            let literal = model.literal(var, value);
            let mut watching = std::mem::take(&mut self.watches[literal]);
            let mut at = 0;
            let mut result = Ok(());
            while at < watching.len() {
                self.visits += 1;
                if self.visits % VISITS_A_STEP == 0 {
                    if let Err(stop) = budget.step() {
                        result = Err(Halt::Stopped(stop));
                        break;
                    }
                }
                let index = watching[at] as usize;
                let nogood = &mut self.nogoods[index];
                if nogood[0] != (var, value) {
                    nogood.swap(0, 1);
                }
                // Another assignment that does not hold takes over the watch.
                if let Some(k) = (2..nogood.len()).find(|&k| !holds(model, nogood[k])) {
                    nogood.swap(0, k);
                    let (other_var, other_value) = nogood[0];
                    self.watches[model.literal(other_var, other_value)].push(index as u32);
                    watching.swap_remove(at);
                    continue;
                }
                // Every assignment but the other watched one holds.
                let (other_var, other_value) = nogood[1];
                if model.fixed(other_var) == Some(other_value) {
                    result = Err(Halt::Contradiction);
                    break;
                }
                if model.has(other_var, other_value) {
                    model.exclude(other_var, other_value);
                    changed = true;
                }
                at += 1;
            }
            // A watch moves only to an assignment that does not hold, never to this one.
            debug_assert!(self.watches[literal].is_empty());
            self.watches[literal] = watching;
            result?;
        }
        Ok(changed)
    }
}

/// Propagates the model, then the nogoods, until neither narrows more.
fn settle<M: Excludes>(
    model: &mut M,
    policy: &mut Adaptive<M::Var>,
    nogoods: &mut Nogoods<M::Var, M::Value>,
    budget: &mut Budget,
) -> Result<(), Halt> {
    loop {
        model.propagate(&mut policy.weights, budget)?;
        match nogoods.narrow(model, budget) {
            Ok(true) => continue,
            Ok(false) => return Ok(()),
            Err(halt) => {
                model.forget_queued();
                return Err(halt);
            }
        }
    }
}

/// What a two-way search went through, besides its steps: the shape of its tree, for
/// comparing it with other solvers' counts of guesses or conflicts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Decisions taken: a variable given a value, or a value taken away on backing up.
    pub nodes: u64,
    /// Decisions whose propagation ended in a contradiction.
    pub failures: u64,
    /// Start-overs.
    pub restarts: u64,
    /// The assignments the nogoods held at the end.
    pub nogood_literals: usize,
}

/// The two-way search with the adaptive choice (dom/wdeg, last conflict): the chosen
/// variable takes its first value, and when that is searched (or refuted) it loses that
/// value, the loss is propagated and the choice is made again, of this or another variable.
/// Taking the refuted value away before choosing lets the weights learned below it pick the
/// next variable. A start-over comes after `restart_unit` times the Luby sequence's failures
/// (`u64::MAX`: never), and keeps the weights and, as nogoods, everything searched (module
/// documentation).
///
/// Each solution is found once, in an order of its own. What the search went through comes
/// with the outcome ([`SearchStats`]).
pub fn search_binary<M: Excludes>(
    model: &mut M,
    restart_unit: u64,
    limit: usize,
    budget: &mut Budget,
) -> (SolveOutcome<M::Solution>, SearchStats) {
    search_binary_capped(model, restart_unit, limit, budget, MAX_LITERALS)
}

/// [`search_binary`] writing down nogoods of at most about `cap` assignments in all
/// (past it, those of one more branch).
pub(super) fn search_binary_capped<M: Excludes>(
    model: &mut M,
    restart_unit: u64,
    limit: usize,
    budget: &mut Budget,
    cap: usize,
) -> (SolveOutcome<M::Solution>, SearchStats) {
    let mut policy = Adaptive::new(model, Strategy::Luby { unit: restart_unit });
    let mut nogoods = Nogoods::new(model.literal_count(), cap);
    let mut stats = SearchStats::default();
    let outcome = run_with(
        model,
        &mut policy,
        limit,
        budget,
        |model, policy, limit, solutions, budget| {
            let searched = descend(
                model,
                policy,
                &mut nogoods,
                limit,
                solutions,
                budget,
                &mut stats,
            );
            stats.restarts += u64::from(matches!(searched, Ok(Searched::CutShort)));
            searched
        },
    );
    stats.nogood_literals = nogoods.literals;
    (outcome, stats)
}

/// One start-over of the two-way search, from the propagated top: each level is a variable
/// given a value; backing up to it takes the value away instead (the level's changes undone
/// first), and a contradiction there backs up further.
fn descend<M: Excludes>(
    model: &mut M,
    policy: &mut Adaptive<M::Var>,
    nogoods: &mut Nogoods<M::Var, M::Value>,
    limit: usize,
    solutions: &mut Vec<M::Solution>,
    budget: &mut Budget,
    stats: &mut SearchStats,
) -> Result<Searched, Stop> {
    struct Level<M: Model> {
        var: M::Var,
        value: M::Value,
        mark: usize,
        known: usize,
        /// Where its decision is in the branch.
        decided: usize,
    }
    // The branch: each decision's variable, value, and whether it was given (or taken away).
    let mut branch: Vec<(M::Var, M::Value, bool)> = Vec::new();
    let mut levels: Vec<Level<M>> = Vec::new();
    let mut cut_short = false;
    let top = if nogoods.apply_units(model) {
        settle(model, policy, nogoods, budget)
    } else {
        model.forget_queued();
        Err(Halt::Contradiction)
    };
    let mut descending = match top {
        Ok(()) => true,
        Err(Halt::Contradiction) => return Ok(Searched::All),
        Err(Halt::Stopped(stop)) => return Err(stop),
    };
    loop {
        if descending {
            if solutions.len() >= limit {
                return Ok(Searched::All);
            }
            if cut_short {
                nogoods.write_down(model, &branch);
                return Ok(Searched::CutShort);
            }
            match Policy::<M>::choose(policy, model) {
                Some(var) => {
                    let Some(value) = Policy::<M>::values(policy, model, var).next() else {
                        // An open variable has values; none would be a contradiction.
                        descending = false;
                        continue;
                    };
                    levels.push(Level {
                        var,
                        value,
                        mark: model.mark(),
                        known: solutions.len(),
                        decided: branch.len(),
                    });
                    branch.push((var, value, true));
                    model.assign(var, value);
                    stats.nodes += 1;
                    descending = match settle(model, policy, nogoods, budget) {
                        Ok(()) => {
                            Policy::<M>::held(policy, var);
                            true
                        }
                        Err(Halt::Contradiction) => {
                            stats.failures += 1;
                            cut_short |= Policy::<M>::failed(policy) && !nogoods.is_full();
                            false
                        }
                        Err(Halt::Stopped(stop)) => return Err(stop),
                    };
                    continue;
                }
                None => {
                    if let Some(solution) = model.solution() {
                        solutions.push(solution);
                    }
                }
            }
        }
        let Some(level) = levels.pop() else {
            return Ok(Searched::All);
        };
        model.undo(level.mark);
        branch.truncate(level.decided);
        if solutions.len() >= limit {
            return Ok(Searched::All);
        }
        branch.push((level.var, level.value, false));
        model.exclude(level.var, level.value);
        stats.nodes += 1;
        descending = match settle(model, policy, nogoods, budget) {
            Ok(()) => true,
            Err(Halt::Contradiction) => {
                stats.failures += 1;
                if level.known == solutions.len() {
                    Policy::<M>::exhausted(policy, level.var);
                }
                cut_short |= Policy::<M>::failed(policy) && !nogoods.is_full();
                false
            }
            Err(Halt::Stopped(stop)) => return Err(stop),
        };
    }
}
