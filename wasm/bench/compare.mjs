// WebAssembly (this Node) against native, side by side in one run, on the same requests:
// generation for the specification's rows (Kakuro 8x8 and Kakurasu 6x6, every level, seeds
// 0-19) and solve and rate on every puzzle of the corpora.
//
//   node wasm/bench/compare.mjs [--seeds 20] [--repeat 3] [--corpus DIR]...
//
// The corpora are corpus/*/ unless --corpus names folders. Native times come from
// examples/native_ops.rs built with the root package's release profile (the one the server and
// the CLI ship with); WebAssembly times from this package. Both sides start at the request's
// JSON text and end at the report's (what a door does), and keep each request's fastest of
// `repeat` runs (a shared machine's noise only ever adds time). Times are CPU time, not wall
// time: a request runs on one thread, where the two agree on an idle machine, and on a shared
// one wall time mostly measures the other work (natively the thread's CPU clock; here the
// process's, `process.cpuUsage`, as Node 20 has no per-thread one: V8's compiler and GC
// threads count too, which can only add to the WebAssembly side). Both sides use the server's
// default budgets. Rows give the median, the worst case and the total over their requests,
// and the ratios WebAssembly / native; a run that failed on either side (a level a shape
// cannot reach) is left out of both.

import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

import { generateJson, init, rateJson, solveJson } from '../index.js';

const ROWS = [
  ['kakuro', '8x8'],
  ['kakurasu', '6x6'],
];
const LEVELS = ['any', 'easy', 'medium', 'hard', 'expert'];
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const SEEDS = option('--seeds', 20);
const REPEAT = option('--repeat', 3);
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const corpusRoot = fileURLToPath(new URL('../../corpus/', import.meta.url));
const corpora = process.argv.flatMap((arg, at) => (process.argv[at - 1] === '--corpus' ? [arg] : []));
if (corpora.length === 0) {
  for (const name of readdirSync(corpusRoot).sort()) corpora.push(`${corpusRoot}${name}`);
}

/** The root package's release profile, not this package's fat-LTO, panic-abort one. */
const NATIVE_PROFILE = {
  CARGO_TARGET_DIR: fileURLToPath(new URL('../target/native', import.meta.url)),
  CARGO_PROFILE_RELEASE_LTO: 'false',
  CARGO_PROFILE_RELEASE_CODEGEN_UNITS: '16',
  CARGO_PROFILE_RELEASE_PANIC: 'unwind',
};

function buildNative() {
  const args = ['build', '--quiet', '--release', '--example', 'native_ops'];
  const run = spawnSync('cargo', args, {
    cwd: packageDir,
    env: { ...process.env, ...NATIVE_PROFILE },
    stdio: 'inherit',
  });
  if (run.status !== 0) throw new Error(`cargo ${args.join(' ')} failed`);
  return `${NATIVE_PROFILE.CARGO_TARGET_DIR}/release/examples/native_ops`;
}

/** Each job's fastest time in ms, natively (Infinity where it failed). */
function native(binary, jobs) {
  const input = jobs.map(([operation, json]) => `${operation}\t${json}\n`).join('');
  const run = spawnSync(binary, [String(REPEAT)], { input, encoding: 'utf8', maxBuffer: 16 << 20 });
  if (run.status !== 0) throw new Error(`${binary}: ${run.stderr}`);
  return run.stdout
    .trim()
    .split('\n')
    .map((line) => (line === 'failed' ? Infinity : Number(line)));
}

const PACKAGED = { generate: generateJson, solve: solveJson, rate: rateJson };

/** The CPU time this process has used, in ms. */
function cpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Each job's fastest time in ms, in WebAssembly. */
function wasm(jobs) {
  return jobs.map(([operation, json]) => {
    let fastest = Infinity;
    for (let round = 0; round < REPEAT; round++) {
      const start = cpuMs();
      try {
        PACKAGED[operation](json);
        fastest = Math.min(fastest, cpuMs() - start);
      } catch {
        // A failure stays Infinity, as natively.
      }
    }
    return fastest;
  });
}

/** The ceil(n q)-th smallest time (the repository's examples/benchmark.rs quantile). */
function quantile(times, q) {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(Math.max(Math.ceil(sorted.length * q), 1), sorted.length) - 1];
}

const total = (times) => times.reduce((sum, time) => sum + time, 0);
const worst = (times) => Math.max(...times);
const median = (times) => quantile(times, 0.5);
const ms = (value) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const ratio = (wasmValue, nativeValue) => `${(wasmValue / nativeValue).toFixed(2)}x`;

/** The corpus puzzles of a folder, as solve and rate requests. */
function corpusJobs(folder, operation) {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const { genre, puzzle } = JSON.parse(readFileSync(`${folder}/${name}`, 'utf8'));
      return [operation, JSON.stringify({ genre, puzzle })];
    });
}

const groups = [];
for (const [genre, shape] of ROWS) {
  for (const level of LEVELS) {
    const jobs = [];
    for (let seed = 0; seed < SEEDS; seed++) {
      jobs.push(['generate', JSON.stringify({ genre, shape, level, seed })]);
    }
    groups.push({ name: `generate ${genre} ${shape} ${level}`, jobs });
  }
}
for (const folder of corpora) {
  for (const operation of ['solve', 'rate']) {
    const name = folder.replace(/\/$/, '').split('/').slice(-2).join('/');
    groups.push({ name: `${operation} ${name}`, jobs: corpusJobs(folder, operation) });
  }
}

const binary = buildNative();
await init();
// V8 compiles the module quickly first (Liftoff) and optimises it while it runs (TurboFan):
// run every group's first request once, as a page does with its first puzzles.
for (const { jobs } of groups) wasm([jobs[0]]);

const wasmFile = fileURLToPath(new URL('../pkg/sumpuzzles_bg.wasm', import.meta.url));
const moduleBytes = readFileSync(wasmFile);
const packageFiles = ['index.js', 'pkg/sumpuzzles.js', 'pkg/sumpuzzles_bg.wasm'].map((file) =>
  readFileSync(new URL(`../${file}`, import.meta.url)),
);
console.log(
  `Node ${process.version}, ${process.arch}; CPU time, fastest of ${REPEAT} per request; ` +
    `generation seeds 0-${SEEDS - 1}; corpora: ${corpora.map((c) => c.split('/').pop()).join(', ')}`,
);
console.log(
  `module ${moduleBytes.length} bytes (${gzipSync(moduleBytes, { level: 9 }).length} gzipped); ` +
    `what a page loads (index.js, glue, module) ${total(packageFiles.map((f) => f.length))} bytes ` +
    `(${total(packageFiles.map((f) => gzipSync(f, { level: 9 }).length))} gzipped)`,
);
console.log('');
console.log('| Requests | n | Native median | Wasm median | Ratio | Native worst | Wasm worst | Ratio | Native total | Wasm total | Ratio |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const { name, jobs } of groups) {
  const n = native(binary, jobs);
  const w = wasm(jobs);
  const kept = jobs.map((_, i) => i).filter((i) => Number.isFinite(n[i]) && Number.isFinite(w[i]));
  const [nk, wk] = [kept.map((i) => n[i]), kept.map((i) => w[i])];
  const columns = [median, worst, total].flatMap((f) => [ms(f(nk)), ms(f(wk)), ratio(f(wk), f(nk))]);
  console.log(`| ${name} | ${kept.length} | ${columns.join(' | ')} |`);
}
