//! The search on a model small enough to count by formula.

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

#[test]
fn the_luby_schedule_doubles_its_blocks() {
    let start: Vec<u64> = (0..15).map(luby).collect();
    assert_eq!(start, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    // The last term of each block of 2^k - 1 terms is 2^(k-1).
    for k in 1..40u32 {
        assert_eq!(luby((1u64 << k) - 2), 1 << (k - 1), "block {k}");
    }
    assert_eq!(Strategy::Luby { unit: 0 }.first_fail_limit(), 1);
    assert_eq!(Strategy::ADAPTIVE.first_fail_limit(), 32);
}

/// Colouring the vertices of a cycle (or a path) with `colours` colours, neighbours
/// different: a model small enough to count by formula. A constraint is an edge; a fixed
/// vertex takes its colour from its neighbours (one budget step per vertex looked at).
struct Colouring {
    domains: Vec<u16>,
    cycle: bool,
    /// Edges besides the cycle's (or the path's).
    chords: Vec<(usize, usize)>,
    queue: Vec<usize>,
    trail: Vec<(usize, u16)>,
}

impl Colouring {
    fn new(vertices: usize, colours: u32, cycle: bool) -> Colouring {
        Colouring {
            domains: vec![(1 << colours) - 1; vertices],
            cycle,
            chords: Vec::new(),
            queue: Vec::new(),
            trail: Vec::new(),
        }
    }

    /// Each neighbour of `vertex` with the edge between them (numbered from 0: the cycle's,
    /// then the chords).
    fn neighbours(&self, vertex: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let n = self.domains.len();
        let before =
            (vertex > 0 || self.cycle).then(|| ((vertex + n - 1) % n, (vertex + n - 1) % n));
        let after = (vertex + 1 < n || self.cycle).then(|| ((vertex + 1) % n, vertex));
        let chords = self
            .chords
            .iter()
            .enumerate()
            .filter_map(move |(i, &(a, b))| {
                (a == vertex)
                    .then_some((b, n + i))
                    .or((b == vertex).then_some((a, n + i)))
            });
        before.into_iter().chain(after).chain(chords)
    }
}

impl Model for Colouring {
    type Var = usize;
    type Value = u32;
    type Values = std::vec::IntoIter<u32>;
    type Solution = Vec<u32>;

    fn propagate<W: Weigh>(&mut self, weigh: &mut W, budget: &mut Budget) -> Result<(), Halt> {
        while let Some(vertex) = self.queue.pop() {
            if let Err(stop) = budget.step() {
                self.queue.clear();
                return Err(Halt::Stopped(stop));
            }
            let colour = self.domains[vertex];
            let neighbours: Vec<_> = self.neighbours(vertex).collect();
            for (other, edge) in neighbours {
                let left = self.domains[other] & !colour;
                if left == self.domains[other] {
                    continue;
                }
                if left == 0 {
                    weigh.failed(edge);
                    self.queue.clear();
                    return Err(Halt::Contradiction);
                }
                self.trail.push((other, self.domains[other]));
                self.domains[other] = left;
                if left.count_ones() == 1 {
                    self.queue.push(other);
                }
            }
        }
        Ok(())
    }

    fn fewest_candidates(&self) -> Option<usize> {
        let open = |&v: &usize| self.domains[v].count_ones() > 1;
        // Two values is the fewest an open vertex has: the first such will do.
        let mut open_vertices = (0..self.domains.len()).filter(open);
        let first = open_vertices
            .clone()
            .find(|&v| self.domains[v].count_ones() == 2);
        first.or_else(|| open_vertices.next())
    }

    fn values(&self, vertex: usize) -> Self::Values {
        (0..16)
            .filter(|&c| self.domains[vertex] & 1 << c != 0)
            .collect::<Vec<_>>()
            .into_iter()
    }

    fn assign(&mut self, vertex: usize, colour: u32) {
        self.trail.push((vertex, self.domains[vertex]));
        self.domains[vertex] = 1 << colour;
        self.queue.push(vertex);
    }

    fn mark(&self) -> usize {
        self.trail.len()
    }

    fn undo(&mut self, mark: usize) {
        for (vertex, old) in self.trail.drain(mark..).rev() {
            self.domains[vertex] = old;
        }
    }

    fn solution(&self) -> Option<Vec<u32>> {
        Some(self.domains.iter().map(|d| d.trailing_zeros()).collect())
    }
}

impl Weighted for Colouring {
    fn constraint_count(&self) -> usize {
        self.domains.len() + self.chords.len()
    }

    fn is_open(&self, vertex: usize) -> bool {
        self.domains[vertex].count_ones() > 1
    }

    fn variables(&self) -> impl Iterator<Item = (usize, u32)> + '_ {
        self.domains.iter().map(|d| d.count_ones()).enumerate()
    }

    fn constraints_of(&self, vertex: usize) -> impl Iterator<Item = usize> + '_ {
        self.neighbours(vertex).map(|(_, edge)| edge)
    }
}

impl Excludes for Colouring {
    fn exclude(&mut self, vertex: usize, colour: u32) {
        self.trail.push((vertex, self.domains[vertex]));
        self.domains[vertex] &= !(1 << colour);
        if self.domains[vertex].count_ones() == 1 {
            self.queue.push(vertex);
        }
    }

    fn literal_count(&self) -> usize {
        self.domains.len() * 16
    }

    fn literal(&self, vertex: usize, colour: u32) -> usize {
        vertex * 16 + colour as usize
    }

    fn has(&self, vertex: usize, colour: u32) -> bool {
        self.domains[vertex] & 1 << colour != 0
    }

    fn fixed(&self, vertex: usize) -> Option<u32> {
        (self.domains[vertex].count_ones() == 1).then(|| self.domains[vertex].trailing_zeros())
    }

    fn forget_queued(&mut self) {
        self.queue.clear();
    }
}

/// The two-way search finds each colouring of a cycle exactly once, the same set as the
/// plain search, stops at the limit and when the budget runs out, and finds none of an odd
/// cycle with two colours.
#[test]
fn the_two_way_search_counts_exactly() {
    for (vertices, colours) in [(3, 3), (5, 3), (8, 3), (6, 4), (7, 2), (8, 2), (9, 2)] {
        let k = colours as i64 - 1;
        let sign = if vertices % 2 == 0 { 1 } else { -1 };
        let expected = (k.pow(vertices as u32) + sign * k) as usize;
        let outcome = search_binary(
            &mut Colouring::new(vertices, colours, true),
            u64::MAX,
            usize::MAX,
            &mut Budget::unlimited(),
        )
        .0;
        assert!(outcome.complete);
        let mut found = outcome.solutions;
        found.sort();
        found.dedup();
        assert_eq!(found.len(), expected, "{vertices} {colours}");
        let mut plain = search(
            &mut Colouring::new(vertices, colours, true),
            usize::MAX,
            &mut Budget::unlimited(),
        )
        .solutions;
        plain.sort();
        assert_eq!(found, plain);
        let limited = search_binary(
            &mut Colouring::new(vertices, colours, true),
            u64::MAX,
            2,
            &mut Budget::unlimited(),
        )
        .0;
        assert_eq!(limited.count(), expected.min(2));
    }
    let stopped = search_binary(
        &mut Colouring::new(12, 3, true),
        u64::MAX,
        usize::MAX,
        &mut Budget::new(50),
    )
    .0;
    assert!(!stopped.complete);
    assert_eq!(stopped.stopped, Some(Stop::Exhausted));
    assert_eq!(stopped.steps, 50);
}

/// A cycle of `vertices` with `chords` more edges drawn by the project's seeded generator from
/// `seed` (so the graphs are fixed), coloured with three colours.
fn chorded(vertices: usize, chords: usize, seed: u64) -> Colouring {
    let mut model = Colouring::new(vertices, 3, true);
    let mut rng = crate::core::rng::SeededRng::new(seed, 0);
    while model.chords.len() < chords {
        let (a, b) = (rng.index(vertices), rng.index(vertices));
        let (a, b) = (a.min(b), a.max(b));
        if b - a > 1 && !(a == 0 && b == vertices - 1) && !model.chords.contains(&(a, b)) {
            model.chords.push((a, b));
        }
    }
    model
}

/// Starting over after every failure, or every few, the two-way search still finds each
/// colouring exactly once, with nothing to weed out: what a start-over searched is written
/// down as nogoods, which keep every later start-over out of it. (Without them the colourings
/// found before a start-over are found again after it.) The models: cycles with chords, three
/// colours, where the search fails below the top and so starts over. A budget still stops it
/// where it says, nogoods' visits included.
#[test]
fn the_two_way_search_starts_over_without_searching_anything_twice() {
    for unit in [1, 2, 3, 5] {
        for (vertices, chords, seed) in [
            (12, 8, 1),
            (16, 12, 2),
            (18, 14, 3),
            (20, 14, 4),
            (20, 18, 5),
            (20, 22, 6),
            (20, 24, 7),
            (24, 28, 8),
            (24, 30, 9),
        ] {
            let mut expected = search(
                &mut chorded(vertices, chords, seed),
                usize::MAX,
                &mut Budget::unlimited(),
            )
            .solutions;
            expected.sort();
            let outcome = search_binary(
                &mut chorded(vertices, chords, seed),
                unit,
                usize::MAX,
                &mut Budget::unlimited(),
            )
            .0;
            assert!(outcome.complete);
            let mut found = outcome.solutions;
            let count = found.len();
            found.sort();
            found.dedup();
            assert_eq!(
                found.len(),
                count,
                "{unit} {vertices} {seed}: a colouring found twice"
            );
            assert_eq!(found, expected, "{unit} {vertices} {seed}");
        }
        for steps in [7, 50, 333] {
            let stopped = search_binary(
                &mut chorded(14, 8, 9),
                unit,
                usize::MAX,
                &mut Budget::new(steps),
            )
            .0;
            assert!(!stopped.complete);
            assert_eq!(stopped.stopped, Some(Stop::Exhausted));
            assert_eq!(stopped.steps, steps);
        }
    }
}

/// The statistics describe the tree searched. Without start-overs the two-way tree is a full
/// binary tree below the top: every decision that neither fails nor completes a colouring has
/// two children (the value given, then taken away), so the decisions number twice the leaves
/// (failures and colourings) less two. With a start-over after every failure, each start-over
/// follows a failure and writes nogoods down.
#[test]
fn the_two_way_search_counts_its_tree() {
    let graphs = || {
        [(16, 12, 2), (20, 24, 7), (24, 30, 9)]
            .map(|(vertices, chords, seed)| chorded(vertices, chords, seed))
            .into_iter()
            .chain([pigeonhole(6), pigeonhole(7)])
    };
    for (index, mut model) in graphs().enumerate() {
        let (outcome, stats) =
            search_binary(&mut model, u64::MAX, usize::MAX, &mut Budget::unlimited());
        assert!(outcome.complete);
        let leaves = stats.failures + outcome.count() as u64;
        assert!(stats.failures > 0, "{index}: {stats:?}");
        assert_eq!(stats.nodes, 2 * leaves - 2, "{index}: {stats:?}");
        assert_eq!((stats.restarts, stats.nogood_literals), (0, 0));
    }
    for (index, mut model) in graphs().enumerate() {
        let (outcome, stats) = search_binary(&mut model, 1, usize::MAX, &mut Budget::unlimited());
        assert!(outcome.complete);
        assert!(stats.restarts > 0, "{index}: {stats:?}");
        assert!(stats.failures >= stats.restarts, "{index}: {stats:?}");
        assert!(stats.nogood_literals > 0, "{index}: {stats:?}");
    }
}

/// The complete graph on `vertices` with one colour too few (pigeonhole): no colouring, and
/// a search that fails again and again before it knows.
fn pigeonhole(vertices: usize) -> Colouring {
    let mut model = Colouring::new(vertices, vertices as u32 - 1, true);
    for a in 0..vertices {
        for b in a + 2..vertices {
            if !(a == 0 && b == vertices - 1) {
                model.chords.push((a, b));
            }
        }
    }
    model
}

/// The nogoods' memory is bounded: once they hold their cap of assignments, the search writes
/// down no more and starts over no more, and it still decides. With no room it never starts
/// over; with a little it stops soon after the cap, well before what it writes down without
/// one.
#[test]
fn the_nogoods_stop_at_their_cap() {
    for vertices in [6, 7, 8] {
        let search = |cap| {
            binary::search_binary_capped(
                &mut pigeonhole(vertices),
                1,
                usize::MAX,
                &mut Budget::unlimited(),
                cap,
            )
        };
        let (outcome, uncapped) = search(usize::MAX);
        let uncapped = uncapped.nogood_literals;
        assert!(outcome.complete && outcome.count() == 0);
        assert!(uncapped > 100, "{vertices}: {uncapped}");
        for cap in [0, 10, uncapped / 4] {
            let (outcome, held) = search(cap);
            let held = held.nogood_literals;
            assert!(outcome.complete, "{vertices} {cap}");
            assert_eq!(outcome.count(), 0);
            if cap == 0 {
                assert_eq!(held, 0, "{vertices}");
            } else {
                assert!(
                    held >= cap && held < uncapped / 2,
                    "{vertices} {cap}: {held}"
                );
            }
        }
    }
}

const STRATEGIES: [Strategy; 5] = [
    Strategy::FewestCandidates,
    Strategy::Adaptive { first_restart: 1 },
    Strategy::Adaptive { first_restart: 3 },
    Strategy::Luby { unit: 1 },
    Strategy::Luby { unit: 2 },
];

/// Every strategy finds each colouring of a cycle exactly once: (k-1)^n + (-1)^n (k-1) of
/// them, whatever the restarts.
#[test]
fn every_strategy_counts_exactly() {
    for (vertices, colours) in [(3, 3), (5, 3), (8, 3), (6, 4), (7, 2), (8, 2)] {
        let k = colours as i64 - 1;
        let sign = if vertices % 2 == 0 { 1 } else { -1 };
        let expected = (k.pow(vertices as u32) + sign * k) as usize;
        let mut plain = Vec::new();
        for strategy in STRATEGIES {
            let mut model = Colouring::new(vertices, colours, true);
            let outcome = search_with(&mut model, strategy, usize::MAX, &mut Budget::unlimited());
            assert!(outcome.complete);
            assert_eq!(
                outcome.count(),
                expected,
                "{vertices} {colours} {strategy:?}"
            );
            let mut found = outcome.solutions;
            found.sort();
            found.dedup();
            assert_eq!(found.len(), expected, "a solution counted twice");
            if strategy == Strategy::FewestCandidates {
                plain = found;
            } else {
                assert_eq!(found, plain, "{strategy:?}");
            }
        }
    }
}

/// The plain search keeps the order of the recursion: values in order, depth first, so
/// the first colouring of a path is 0, 1, 0, 1, ... and the limit stops it there.
#[test]
fn the_plain_search_finds_solutions_in_order_up_to_the_limit() {
    let mut model = Colouring::new(4, 3, false);
    let outcome = search(&mut model, 3, &mut Budget::unlimited());
    assert!(outcome.complete);
    assert_eq!(
        outcome.solutions,
        vec![vec![0, 1, 0, 1], vec![0, 1, 0, 2], vec![0, 1, 2, 0]]
    );
}

/// A path of 5,000 vertices is searched 5,000 levels deep on a stack of 128 KiB, which a
/// recursion of that depth would overflow.
#[test]
fn a_deep_search_needs_no_deep_stack() {
    let outcome = std::thread::Builder::new()
        .stack_size(128 * 1024)
        .spawn(|| {
            let mut model = Colouring::new(5_000, 3, false);
            search(&mut model, 1, &mut Budget::unlimited())
        })
        .unwrap()
        .join()
        .expect("the search ran within the small stack");
    assert!(outcome.complete);
    assert_eq!(outcome.count(), 1);
}

/// The budget stops the search: every strategy reports how and spends what it had.
#[test]
fn the_budget_stops_every_strategy() {
    for strategy in STRATEGIES {
        let mut model = Colouring::new(12, 3, true);
        let outcome = search_with(&mut model, strategy, usize::MAX, &mut Budget::new(50));
        assert!(!outcome.complete);
        assert_eq!(outcome.stopped, Some(Stop::Exhausted));
        assert_eq!(outcome.steps, 50);
    }
}

/// No colouring of an odd cycle with two colours: the first propagation can tell only
/// after a branch, and every strategy finishes with none.
#[test]
fn an_impossible_model_has_no_solution() {
    for strategy in STRATEGIES {
        let mut model = Colouring::new(9, 2, true);
        let outcome = search_with(&mut model, strategy, 2, &mut Budget::unlimited());
        assert!(outcome.complete);
        assert_eq!(outcome.count(), 0);
    }
}
