//! Bounded hypotheses, the algorithm of the raters' contradiction techniques: what would follow
//! if a variable had a value, followed one deduction at a time, within a number of steps.
//!
//! # Steps
//! A hypothesis sets the variable and then makes deductions, and a step is one deduction, as in
//! a rater's record: one constraint narrowed (by whatever techniques the genre's [`Hypotheses`]
//! apply for the mode asked), counted only when it changes something. Deductions follow the
//! assumption breadth first: the constraints the assumption queued, in that order, then the
//! constraints of the variables those deductions changed, in the order they changed, each
//! constraint queued once at a time. A rule breaks when a narrowing finds no way left; the
//! chain's length is the number of the step that breaks it. When no constraint can narrow any
//! more, a genre may take one further deduction of its own ([`Hypotheses::stalled`]; Kakuro's
//! Expert technique nests its Hard one there); otherwise the hypothesis has stalled.
//!
//! Hypotheses run on the caller's state and undo their changes when they finish.
//!
//! # Reuse
//! A [`Prober`] lives as long as one rating (or one grading) of one puzzle and makes the scans
//! cheaper without changing what they find. A hypothesis is a deterministic function of what it
//! read of the state (the genre says what a narrowing reads: cells, lines), as it was before the
//! hypothesis: each result is kept with those parts and reused while they are unchanged. A
//! result cut short by a step cap is reused only under a cap no larger. Hypotheses nested in
//! another run on hypothetical states that rarely recur: they are not kept, and what they read
//! counts as read by the outer one. The budget is charged only for work actually done: one step
//! per constraint narrowed inside a hypothesis that is run, nothing for a reused result.

use super::budget::{Budget, Stop};

/// What one step of a hypothesis did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A rule broke.
    Broken,
    /// A deduction changed something.
    Made,
    /// Nothing left to deduce.
    None,
}

/// What narrowing one constraint did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Narrowed {
    /// No way left to satisfy it.
    Broken,
    /// It narrowed some variable.
    Changed,
    /// It narrowed nothing.
    Unchanged,
}

/// A genre's side of the hypotheses: its state, its constraints and how one is narrowed.
pub trait Hypotheses: Sized {
    /// What the hypotheses run on (the candidates, the board).
    type State: ?Sized;
    /// A variable to assume a value of.
    type Var: Copy;
    type Value: Copy;
    /// What the hypotheses may use (Hard techniques or not); part of what a kept result is
    /// kept for.
    type Mode: Copy;
    /// One change to the state, to undo.
    type Undo;
    /// The state of one part of the state that a narrowing reads, to tell whether it changed.
    type Read: Copy + PartialEq;

    /// How many constraints there are, numbered from 0.
    fn constraint_count(&self) -> usize;
    /// How many parts of the state narrowings read, numbered from 0.
    fn part_count(&self) -> usize;
    /// How many slots the kept results of one state need, and the slot of one hypothesis.
    fn slot_count(&self, state: &Self::State) -> usize;
    fn slot(&self, var: Self::Var, value: Self::Value, mode: Self::Mode) -> usize;

    /// Sets `var` to `value`, noting the change in `effects` and queueing its constraints.
    fn assume(
        &mut self,
        state: &mut Self::State,
        var: Self::Var,
        value: Self::Value,
        effects: &mut Effects<'_, Self>,
    );
    /// Narrows one constraint under `mode`, noting in `effects` what it read and changed and
    /// queueing the constraints its changes reach.
    fn narrow(
        &mut self,
        state: &mut Self::State,
        constraint: usize,
        mode: Self::Mode,
        effects: &mut Effects<'_, Self>,
    ) -> Narrowed;
    /// Undoes one change.
    fn restore(state: &mut Self::State, undo: &Self::Undo);
    /// The current state of a part of the state.
    fn read(state: &Self::State, part: usize) -> Self::Read;

    /// The step after the constraints stalled: none unless the genre has one of its own.
    fn stalled(
        _prober: &mut Prober<Self>,
        _state: &mut Self::State,
        _hypothesis: &mut Hypothesis<Self::Undo>,
        _mode: Self::Mode,
        _budget: &mut Budget,
    ) -> Result<Step, Stop> {
        Ok(Step::None)
    }
}

/// Where a narrowing notes what it read and changed and what it queues.
pub struct Effects<'a, H: Hypotheses> {
    reads: &'a mut Reads,
    hypothesis: &'a mut Hypothesis<H::Undo>,
}

impl<H: Hypotheses> Effects<'_, H> {
    /// The narrowing read `part` of the state.
    #[inline]
    pub fn read(&mut self, part: usize) {
        self.reads.note(part);
    }

    /// The narrowing is about to make this change.
    #[inline]
    pub fn changed(&mut self, undo: H::Undo) {
        self.hypothesis.undo.push(undo);
    }

    /// Queues `constraint` unless it is waiting already.
    #[inline]
    pub fn queue(&mut self, constraint: usize) {
        self.hypothesis.queue.push(constraint);
    }
}

/// One hypothesis under way: its changes and its constraints waiting to be narrowed.
pub struct Hypothesis<U> {
    /// The changes so far, oldest first.
    pub undo: Vec<U>,
    pub queue: Fifo,
}

/// Constraints waiting to be narrowed, first in first out, each at most once at a time: a ring
/// as long as there are constraints holds any queue.
pub struct Fifo {
    ring: Vec<u32>,
    head: usize,
    len: usize,
    queued: Vec<bool>,
}

impl Fifo {
    fn new(len: usize) -> Fifo {
        Fifo {
            ring: vec![0; len],
            head: 0,
            len: 0,
            queued: vec![false; len],
        }
    }

    #[inline]
    pub fn push(&mut self, index: usize) {
        if !self.queued[index] {
            self.queued[index] = true;
            let mut slot = self.head + self.len;
            if slot >= self.ring.len() {
                slot -= self.ring.len();
            }
            self.ring[slot] = index as u32;
            self.len += 1;
        }
    }

    #[inline]
    fn pop(&mut self) -> Option<usize> {
        if self.len == 0 {
            return None;
        }
        let index = self.ring[self.head] as usize;
        self.head += 1;
        if self.head == self.ring.len() {
            self.head = 0;
        }
        self.len -= 1;
        self.queued[index] = false;
        Some(index)
    }
}

/// The parts read by the outermost hypothesis under way.
struct Reads {
    recording: bool,
    generation: u32,
    stamp: Vec<u32>,
    parts: Vec<u32>,
}

impl Reads {
    #[inline]
    fn note(&mut self, part: usize) {
        if self.stamp[part] != self.generation {
            self.stamp[part] = self.generation;
            self.parts.push(part as u32);
        }
    }
}

/// How a hypothesis ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    /// A rule broke in this step.
    Refuted(u32),
    /// Nothing more could be deduced: no cap would refute it.
    Stalled,
    /// Stopped at the cap after this many steps.
    Cut(u32),
}

impl Outcome {
    /// The refutation's length under `cap`, or `None` when the outcome does not tell (a run
    /// cut at a smaller cap).
    fn under(self, cap: u32) -> Option<Option<u32>> {
        match self {
            Outcome::Refuted(steps) => Some((steps <= cap).then_some(steps)),
            Outcome::Stalled => Some(None),
            Outcome::Cut(ran) if cap <= ran => Some(None),
            Outcome::Cut(_) => None,
        }
    }
}

/// A hypothesis's outcome and the parts it read, as they were on the real state.
struct Remembered<R> {
    outcome: Outcome,
    read: Vec<(u32, R)>,
}

/// Runs hypotheses on one puzzle's states, reusing what it can (see "Reuse").
pub struct Prober<H: Hypotheses> {
    /// The genre's side, with whatever it keeps between narrowings.
    pub hypotheses: H,
    /// By [`Hypotheses::slot`]; allocated on first use.
    remembered: Vec<Option<Remembered<H::Read>>>,
    reads: Reads,
    /// Buffers of finished hypotheses, for the next ones.
    spare: Vec<Hypothesis<H::Undo>>,
}

impl<H: Hypotheses> Prober<H> {
    pub fn new(hypotheses: H) -> Prober<H> {
        let parts = hypotheses.part_count();
        Prober {
            hypotheses,
            remembered: Vec::new(),
            reads: Reads {
                recording: false,
                generation: 0,
                stamp: vec![0; parts],
                parts: Vec::new(),
            },
            spare: Vec::new(),
        }
    }

    /// The step in which assuming `value` for `var` breaks a rule, if it does within `cap`
    /// steps. `state` is left as it was.
    pub fn refutes(
        &mut self,
        state: &mut H::State,
        var: H::Var,
        value: H::Value,
        mode: H::Mode,
        cap: u32,
        budget: &mut Budget,
    ) -> Result<Option<u32>, Stop> {
        if self.reads.recording {
            let outcome = self.run(state, var, value, mode, cap, budget)?;
            return Ok(outcome.under(cap).flatten());
        }
        if self.remembered.is_empty() {
            let slots = self.hypotheses.slot_count(state);
            self.remembered.resize_with(slots, || None);
        }
        let slot = self.hypotheses.slot(var, value, mode);
        if let Some(remembered) = &self.remembered[slot] {
            let unchanged = remembered
                .read
                .iter()
                .all(|&(part, read)| H::read(state, part as usize) == read);
            if unchanged {
                if let Some(result) = remembered.outcome.under(cap) {
                    return Ok(result);
                }
            }
        }
        self.reads.recording = true;
        self.reads.generation = self.reads.generation.wrapping_add(1);
        self.reads.parts.clear();
        let outcome = self.run(state, var, value, mode, cap, budget);
        self.reads.recording = false;
        let outcome = outcome?;
        let mut read = match self.remembered[slot].take() {
            Some(old) => old.read,
            None => Vec::new(),
        };
        read.clear();
        read.extend(
            self.reads
                .parts
                .iter()
                .map(|&part| (part, H::read(state, part as usize))),
        );
        self.remembered[slot] = Some(Remembered { outcome, read });
        Ok(outcome.under(cap).flatten())
    }

    /// Runs one hypothesis and undoes it.
    #[inline]
    fn run(
        &mut self,
        state: &mut H::State,
        var: H::Var,
        value: H::Value,
        mode: H::Mode,
        cap: u32,
        budget: &mut Budget,
    ) -> Result<Outcome, Stop> {
        let constraints = self.hypotheses.constraint_count();
        let mut hypothesis = self.spare.pop().unwrap_or_else(|| Hypothesis {
            undo: Vec::new(),
            queue: Fifo::new(constraints),
        });
        let mut effects = Effects {
            reads: &mut self.reads,
            hypothesis: &mut hypothesis,
        };
        self.hypotheses.assume(state, var, value, &mut effects);
        let mut steps = 0;
        let result = loop {
            if steps >= cap {
                break Ok(Outcome::Cut(steps));
            }
            let step = match self.next_step(state, &mut hypothesis, mode, budget) {
                Ok(Step::None) => H::stalled(self, state, &mut hypothesis, mode, budget),
                other => other,
            };
            match step {
                Ok(Step::Broken) => break Ok(Outcome::Refuted(steps + 1)),
                Ok(Step::Made) => steps += 1,
                Ok(Step::None) => break Ok(Outcome::Stalled),
                Err(stop) => break Err(stop),
            }
        };
        for undo in hypothesis.undo.iter().rev() {
            H::restore(state, undo);
        }
        hypothesis.undo.clear();
        while hypothesis.queue.pop().is_some() {}
        self.spare.push(hypothesis);
        result
    }

    /// The next narrowing that changes something (or breaks a rule), in queue order.
    #[inline]
    fn next_step(
        &mut self,
        state: &mut H::State,
        hypothesis: &mut Hypothesis<H::Undo>,
        mode: H::Mode,
        budget: &mut Budget,
    ) -> Result<Step, Stop> {
        let mut effects = Effects {
            reads: &mut self.reads,
            hypothesis,
        };
        while let Some(constraint) = effects.hypothesis.queue.pop() {
            budget.step()?;
            match self
                .hypotheses
                .narrow(state, constraint, mode, &mut effects)
            {
                Narrowed::Broken => return Ok(Step::Broken),
                Narrowed::Changed => return Ok(Step::Made),
                Narrowed::Unchanged => {}
            }
        }
        Ok(Step::None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Variables in a row, each equal to the next, and the last one not true: assuming the
    /// first true breaks the rule in as many steps as there are variables.
    struct Chain(usize);

    impl Chain {
        fn constraints_of(&self, var: usize, effects: &mut Effects<'_, Chain>) {
            if var > 0 {
                effects.queue(var - 1);
            }
            effects.queue(var);
        }
    }

    impl Hypotheses for Chain {
        type State = [Option<bool>];
        type Var = usize;
        type Value = bool;
        type Mode = ();
        type Undo = usize;
        type Read = Option<bool>;

        fn constraint_count(&self) -> usize {
            self.0
        }

        fn part_count(&self) -> usize {
            self.0
        }

        fn slot_count(&self, state: &[Option<bool>]) -> usize {
            state.len() * 2
        }

        fn slot(&self, var: usize, value: bool, _mode: ()) -> usize {
            var * 2 + usize::from(value)
        }

        fn assume(
            &mut self,
            state: &mut [Option<bool>],
            var: usize,
            value: bool,
            effects: &mut Effects<'_, Self>,
        ) {
            effects.changed(var);
            state[var] = Some(value);
            self.constraints_of(var, effects);
        }

        /// Constraint `i` below the last: variable `i` equals variable `i + 1`; the last: the
        /// last variable is not true.
        fn narrow(
            &mut self,
            state: &mut [Option<bool>],
            constraint: usize,
            _mode: (),
            effects: &mut Effects<'_, Self>,
        ) -> Narrowed {
            effects.read(constraint);
            if constraint + 1 == self.0 {
                return match state[constraint] {
                    Some(true) => Narrowed::Broken,
                    _ => Narrowed::Unchanged,
                };
            }
            effects.read(constraint + 1);
            let (a, b) = (constraint, constraint + 1);
            match (state[a], state[b]) {
                (Some(x), Some(y)) if x != y => Narrowed::Broken,
                (Some(x), None) | (None, Some(x)) => {
                    let open = if state[a].is_none() { a } else { b };
                    effects.changed(open);
                    state[open] = Some(x);
                    self.constraints_of(open, effects);
                    Narrowed::Changed
                }
                _ => Narrowed::Unchanged,
            }
        }

        fn restore(state: &mut [Option<bool>], &var: &usize) {
            state[var] = None;
        }

        fn read(state: &[Option<bool>], var: usize) -> Option<bool> {
            state[var]
        }
    }

    /// The result and the steps spent.
    fn refutes(
        prober: &mut Prober<Chain>,
        state: &mut [Option<bool>],
        cap: u32,
    ) -> (Option<u32>, u64) {
        let mut budget = Budget::unlimited();
        let result = prober
            .refutes(state, 0, true, (), cap, &mut budget)
            .unwrap();
        (result, budget.used())
    }

    #[test]
    fn a_refutation_counts_its_steps_and_leaves_the_state() {
        let mut state = vec![None; 6];
        let mut prober = Prober::new(Chain(6));
        let (result, spent) = refutes(&mut prober, &mut state, 6);
        assert_eq!(result, Some(6));
        assert!(spent > 0);
        assert_eq!(state, vec![None; 6]);
        // Assuming false breaks nothing.
        let mut budget = Budget::unlimited();
        assert_eq!(
            prober.refutes(&mut state, 0, false, (), 20, &mut budget),
            Ok(None)
        );
    }

    #[test]
    fn a_kept_result_is_reused_while_what_it_read_is_unchanged() {
        let mut state = vec![None; 6];
        let mut prober = Prober::new(Chain(6));
        assert_eq!(refutes(&mut prober, &mut state, 6).0, Some(6));
        // Again, and under a smaller cap: told by the kept result, for nothing.
        assert_eq!(refutes(&mut prober, &mut state, 6), (Some(6), 0));
        assert_eq!(refutes(&mut prober, &mut state, 5), (None, 0));
        // A part it read changed: run again, and the chain breaks sooner.
        state[3] = Some(false);
        let (result, spent) = refutes(&mut prober, &mut state, 6);
        assert_eq!(result, Some(3));
        assert!(spent > 0);
    }

    #[test]
    fn a_result_cut_short_is_reused_only_under_a_cap_no_larger() {
        let mut state = vec![None; 6];
        let mut prober = Prober::new(Chain(6));
        assert_eq!(refutes(&mut prober, &mut state, 3).0, None);
        assert_eq!(refutes(&mut prober, &mut state, 2), (None, 0));
        let (result, spent) = refutes(&mut prober, &mut state, 6);
        assert_eq!(result, Some(6));
        assert!(spent > 0);
    }

    #[test]
    fn the_budget_stops_a_hypothesis_and_nothing_is_kept() {
        let mut state = vec![None; 6];
        let mut prober = Prober::new(Chain(6));
        let mut budget = Budget::new(3);
        assert_eq!(
            prober.refutes(&mut state, 0, true, (), 6, &mut budget),
            Err(Stop::Exhausted)
        );
        assert_eq!(state, vec![None; 6]);
        assert_eq!(refutes(&mut prober, &mut state, 6).0, Some(6));
    }
}
