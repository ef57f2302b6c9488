// Interactive-Sudoku-Solver's side of the killer comparison (scripts/cpsat_compare.py --iss).
//
//   node scripts/iss_count.mjs ISS_DIR KILLER_INPUTS.jsonl
//
// ISS_DIR is a checkout of github.com/sigh/Interactive-Sudoku-Solver (its js/ and
// tests/helpers/ are enough; no npm install). Each input line is one of `solver_compare
// inputs --genre killer-sudoku`: its model (side, box, cages with cells as row * side + col,
// givens) is written in ISS's constraint text (`.Cage~SUM~R1C1~R1C2...`), and
// SimpleSolver.countSolutions(text, 2) (building the solver from the text included) runs once
// cold, then repeatedly, timed in CPU time: the median of the repeated runs (enough for about 50 ms, 3 to 101;
// none after a first run of a second or more) and the first run's time, in milliseconds, are
// printed as one JSON line per puzzle, with ISS's own counters of the cold run
// (SimpleSolver.latestStats(): guesses, backtracks, nodes searched, constraints processed).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';

const [issDir, inputsPath] = process.argv.slice(2);
if (!issDir || !inputsPath) {
  console.error('usage: node scripts/iss_count.mjs ISS_DIR KILLER_INPUTS.jsonl');
  process.exit(2);
}
const load = (path) => import(pathToFileURL(join(resolve(issDir), path)).href);
const { ensureGlobalEnvironment } = await load('tests/helpers/test_env.js');
ensureGlobalEnvironment();
const { SimpleSolver } = await load('js/sandbox/simple_solver.js');

const toText = (model) => {
  const side = model.side;
  // ISS names a row and a column by one base-36 character each (R1CG is row 1, column 16).
  const line = (n) => (n + 1).toString(36).toUpperCase();
  const cell = (index) => `R${line(Math.floor(index / side))}C${line(index % side)}`;
  let text = side === 9 ? '' : `.Shape~${side}x${side}`;
  for (const cage of model.cages) {
    text += `.Cage~${cage.sum}~${cage.cells.map(cell).join('~')}`;
  }
  model.givens.forEach((given, index) => {
    if (given) text += `.~${cell(index)}_${given}`;
  });
  return text;
};

const solver = new SimpleSolver();
// CPU time of the process (user and system), in milliseconds: the machine is shared, so the
// wall time would count other processes' turns too.
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const timeOnce = (text) => {
  const start = cpuMs();
  const count = solver.countSolutions(text, 2);
  return [cpuMs() - start, count];
};

for (const line of readFileSync(inputsPath, 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const record = JSON.parse(line);
  const text = toText(record.model);
  const [first, count] = timeOnce(text);
  const { guesses, backtracks, nodesSearched, constraintsProcessed } = solver.latestStats();
  const runs = first >= 1000 ? 0 : Math.min(101, Math.max(3, Math.ceil(50 / Math.max(first, 1e-6))));
  const times = [];
  for (let i = 0; i < runs; i++) times.push(timeOnce(text)[0]);
  times.sort((a, b) => a - b);
  const median = runs ? times[Math.floor(runs / 2)] : first;
  console.log(JSON.stringify({
    name: record.name, count, median_ms: median, first_ms: first, runs: runs || 1,
    guesses, backtracks, nodes_searched: nodesSearched, constraints_processed: constraintsProcessed,
  }));
}
