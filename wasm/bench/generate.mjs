// Generation time in WebAssembly (this Node) against native, side by side in one run: the
// specification's rows (Kakuro 8x8 and Kakurasu 6x6, every level, seeds 0-19).
//
//   node wasm/bench/generate.mjs [--seeds 20] [--repeat 3]
//
// Native times come from examples/native_generate.rs (built here with the root package's
// release profile, the one the CLI and the server ship with), WebAssembly times from this
// package in this Node, level by level. Each seed is generated `repeat` times and its fastest
// time kept (a shared machine's noise only ever adds time); the table gives the total over the
// seeds, the median and the 95th percentile (the quantiles of the repository's
// examples/benchmark.rs), with the server's default budget. Both sides include writing the
// report's JSON.

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { generate, generateJson, init } from '../index.js';

const ROWS = [
  ['kakuro', '8x8'],
  ['kakurasu', '6x6'],
];
const LEVELS = ['any', 'easy', 'medium', 'hard', 'expert'];
const BUDGET = 500_000_000;
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const SEEDS = option('--seeds', 20);
const REPEAT = option('--repeat', 3);
const packageDir = fileURLToPath(new URL('..', import.meta.url));

/** The root package's release profile, not this package's fat-LTO, panic-abort one. */
const NATIVE_PROFILE = {
  CARGO_TARGET_DIR: fileURLToPath(new URL('../target/native', import.meta.url)),
  CARGO_PROFILE_RELEASE_LTO: 'false',
  CARGO_PROFILE_RELEASE_CODEGEN_UNITS: '16',
  CARGO_PROFILE_RELEASE_PANIC: 'unwind',
};

function buildNative() {
  const args = ['build', '--quiet', '--release', '--example', 'native_generate'];
  const run = spawnSync('cargo', args, {
    cwd: packageDir,
    env: { ...process.env, ...NATIVE_PROFILE },
    stdio: 'inherit',
  });
  if (run.status !== 0) throw new Error(`cargo ${args.join(' ')} failed`);
  return `${NATIVE_PROFILE.CARGO_TARGET_DIR}/release/examples/native_generate`;
}

/** Each seed's fastest time in ms, natively (Infinity where no puzzle came). */
function native(binary, genre, shape, level) {
  const args = [genre, shape, level, String(SEEDS), String(REPEAT), String(BUDGET)];
  const run = spawnSync(binary, args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${binary}: ${run.stderr}`);
  return run.stdout
    .trim()
    .split('\n')
    .map((line) => (line === 'failed' ? Infinity : Number(line)));
}

/** Each seed's fastest time in ms, in WebAssembly. */
function wasm(genre, shape, level) {
  const times = [];
  for (let seed = 0; seed < SEEDS; seed++) {
    const request = JSON.stringify({ genre, shape, level, seed, budget: BUDGET });
    let fastest = Infinity;
    for (let round = 0; round < REPEAT; round++) {
      const start = performance.now();
      try {
        // JSON text out, as the native side writes the report (no JSON.parse timed).
        generateJson(request);
        fastest = Math.min(fastest, performance.now() - start);
      } catch {
        // A failure stays Infinity, as natively.
      }
    }
    times.push(fastest);
  }
  return times;
}

/** The example's quantile: the ceil(n q)-th smallest time. */
function quantile(times, q) {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(Math.max(Math.ceil(sorted.length * q), 1), sorted.length) - 1];
}

const total = (times) => times.reduce((sum, time) => sum + time, 0);
const ms = (value) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const ratio = (wasmValue, nativeValue) => (wasmValue / nativeValue).toFixed(2);

const binary = buildNative();
await init();
// V8 compiles the module quickly first and optimises it while it runs: warm it up on every row
// once, as a page does with its first puzzles (native code needs no warming but its tables).
for (const [genre, shape] of ROWS) {
  for (const level of LEVELS) generate({ genre, shape, level, seed: 0, budget: BUDGET });
}
console.log(`Node ${process.version}, seeds 0-${SEEDS - 1}, fastest of ${REPEAT} per seed`);
console.log(
  '| Genre | Size | Level | Native total | Wasm total | Ratio | Native median | Wasm median | Ratio | Native p95 | Wasm p95 | Ratio |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const [genre, shape] of ROWS) {
  for (const level of LEVELS) {
    const n = native(binary, genre, shape, level);
    const w = wasm(genre, shape, level);
    const columns = [total, (t) => quantile(t, 0.5), (t) => quantile(t, 0.95)].flatMap((f) => [
      ms(f(n)),
      ms(f(w)),
      ratio(f(w), f(n)),
    ]);
    console.log(`| ${genre} | ${shape} | ${level} | ${columns.join(' | ')} |`);
  }
}
