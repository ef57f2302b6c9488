// The play page's hint in the browser on the published Killer Sudoku the server's budget does
// not decide (the 14 MATHEMAGIC_KILLERS of SUMPUZZLES_TESTDATA's killer-sudoku.jsonl): each
// first hint from the empty grid, asked of this package as the page's worker asks it, with the
// page's browser budget (BROWSER_HINT_BUDGET in src/http/play/play-engine.js, 40,000,000
// steps). Prints each hint's technique, the cell it fills and its wall and CPU time (the
// process's CPU, as in compare.mjs), then the median and the most.
//
//   SUMPUZZLES_TESTDATA=../shared/testdata node wasm/bench/hard-hints.mjs

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as engine from '../index.js';

const BROWSER_HINT_BUDGET = 40_000_000;

const testdata = process.env.SUMPUZZLES_TESTDATA;
if (!testdata) {
  console.error('SUMPUZZLES_TESTDATA is not set: it names the folder holding killer-sudoku.jsonl');
  process.exit(2);
}
await engine.init();
const records = readFileSync(join(testdata, 'killer-sudoku.jsonl'), 'utf8')
  .split('\n').filter(Boolean).map((line) => JSON.parse(line))
  .filter((record) => (record.notes || '').startsWith('collection MATHEMAGIC_KILLERS'));
const cpuTimes = [];
console.log('| Puzzle | Hint | Wall | CPU |');
console.log('|---|---|---:|---:|');
for (const record of records) {
  const side = record.size;
  const body = JSON.stringify({
    genre: 'killer-sudoku',
    puzzle: { cages: record.cages, box: record.box },
    answer: Array(side).fill('.'.repeat(side)),
    budget: BROWSER_HINT_BUDGET,
  });
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const hint = JSON.parse(engine.hintJson(body));
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  cpuTimes.push(cpuSeconds);
  const placed = hint.placed.map((p) => `row ${p.row + 1}, column ${p.col + 1}: ${p.value}`).join('; ');
  console.log(`| ${record.name} | ${hint.kind} (${hint.technique}), ${placed} | ${((performance.now() - wall) / 1000).toFixed(2)} s | ${cpuSeconds.toFixed(2)} s |`);
}
cpuTimes.sort((a, b) => a - b);
const median = cpuTimes.length % 2
  ? cpuTimes[(cpuTimes.length - 1) / 2]
  : (cpuTimes[cpuTimes.length / 2 - 1] + cpuTimes[cpuTimes.length / 2]) / 2;
console.log(`\n${cpuTimes.length} hints: CPU median ${median.toFixed(2)} s, most ${cpuTimes.at(-1).toFixed(2)} s`);
