// Byte-identical across targets: the same requests to the package in this Node and to the real
// server (`sumpuzzles serve`, started here on a loopback port, or $SUMPUZZLES_URL), and the
// same JSON back. A report must be the same text byte for byte (a generation's
// `stats.elapsed_ms` aside, which measures time); a failure must be the server's problem object,
// field for field, with its status.
//
// What is sent: `GET /genres`; generation in every genre, for several shapes (square and not,
// some too small for some levels), every level and several seeds; solve, rate, check, hint and
// render on every puzzle of the genre's corpus (corpus/<genre>/, or puzzles generated here for a
// genre without one), from each kind of puzzle source; and bad inputs of every kind. `format`
// has no endpoint: it is compared with the command line's `format`.

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import * as sumpuzzles from '../index.js';
import { nativeFormat, timeless } from '../support/native.mjs';
import { call, startServer } from '../support/server.mjs';

const corpusRoot = fileURLToPath(new URL('../../corpus/', import.meta.url));

/**
 * The package's function, the server's path and the representation compared (the `Accept`
 * sent), per operation: `render` returns the SVG text.
 */
const OPERATIONS = {
  generate: [sumpuzzles.generateJson, '/generate', 'application/json'],
  solve: [sumpuzzles.solveJson, '/solve', 'application/json'],
  rate: [sumpuzzles.rateJson, '/rate', 'application/json'],
  check: [sumpuzzles.checkJson, '/check', 'application/json'],
  hint: [sumpuzzles.hintJson, '/hint', 'application/json'],
  render: [sumpuzzles.render, '/render', 'image/svg+xml'],
};
const LEVELS = ['any', 'easy', 'medium', 'hard', 'expert'];
const SEEDS = [0, 1];
/** Requests compared, per operation. */
const compared = {};
let server;
let genres;

before(async () => {
  await sumpuzzles.init();
  server = await startServer();
  genres = sumpuzzles.genres();
});

after(async () => {
  await server?.stop();
});

/**
 * Sends `body` (an object, or JSON text as it is) to the package and to the server; asserts
 * that both answer the same and returns the package's answer: `{ text }` or `{ problem }`.
 */
async function compare(operation, body) {
  const [packaged, path, accept] = OPERATIONS[operation];
  const json = typeof body === 'string' ? body : JSON.stringify(body);
  const answer = call(server.url, path, json, accept); // the server works while the package does
  let mine;
  try {
    mine = { text: packaged(json) };
  } catch (error) {
    if (!error.problem) throw error;
    mine = { problem: error.problem };
  }
  const theirs = await answer;
  compared[operation] = (compared[operation] ?? 0) + 1;
  const what = `${operation} ${json.slice(0, 300)}`;
  if (theirs.status === 200) {
    assert.ok(mine.text !== undefined, `${what}: the server answered, the package threw ${JSON.stringify(mine.problem)}`);
    const normal = operation === 'generate' ? timeless : (text) => text;
    assert.equal(normal(mine.text), normal(theirs.text), what);
  } else {
    assert.match(theirs.type, /^application\/problem\+json/, what);
    assert.ok(mine.problem, `${what}: the server said ${theirs.status} ${theirs.text}, the package answered`);
    assert.deepEqual(mine.problem, JSON.parse(theirs.text), what);
    assert.equal(mine.problem.status, theirs.status, what);
  }
  return mine;
}

/** The genre's corpus puzzles (generation reports), or puzzles generated for it here. */
async function corpus(genre) {
  const folder = `${corpusRoot}${genre.name.replaceAll('-', '_')}`;
  if (existsSync(folder)) {
    return readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => JSON.parse(readFileSync(`${folder}/${name}`, 'utf8')));
  }
  const puzzles = [];
  for (const shape of ['6x6', '7x7', '6x8']) {
    for (const level of genre.levels) {
      for (const seed of SEEDS) {
        const { text } = await compare('generate', { genre: genre.name, shape, level, seed });
        if (text) puzzles.push(JSON.parse(text));
      }
    }
  }
  return puzzles;
}

/** The sources a request can name a generated puzzle by, one per kind the puzzle has. */
function sources(report) {
  const all = [
    { genre: report.genre, puzzle: report.puzzle },
    { id: report.id },
    // A text in a genre other than the first registered may not say its genre (cryptic
    // Kakuro's Project Euler form does not).
    { genre: report.genre, text: report.text },
    report.url && { url: report.url },
  ];
  return all.filter(Boolean);
}

/** Answers made from a solution: partly erased, erased, and with one cell wrong. */
function answers(solution) {
  const erase = (row) => row.replace(/[^#]/g, '.');
  const half = Math.ceil(solution.length / 2);
  const wrongAt = solution.findIndex((row) => /[0-9-]/.test(row));
  const wrong = solution.map((row, index) =>
    index === wrongAt
      ? row.replace(/[0-9-]/, (cell) => (cell === '-' ? '#' : String((Number(cell) % 9) + 1)))
      : row,
  );
  return {
    partial: solution.map((row, index) => (index < half ? row : erase(row))),
    blank: solution.map(erase),
    wrong,
  };
}

test('GET /genres is the same text', async () => {
  const theirs = await call(server.url, '/genres');
  assert.equal(theirs.status, 200);
  assert.equal(sumpuzzles.genresJson(), theirs.text);
});

test('generation: every genre, shapes, levels and seeds give the same puzzles', async () => {
  for (const genre of genres) {
    const [min, max] = [genre.min_side, genre.max_side];
    const shapes = [`${min}x${min}`, '6x6', '5x7', '7x5', '8x8'].filter((shape) =>
      shape.split('x').every((side) => side >= min && side <= max),
    );
    let generated = 0;
    for (const shape of shapes) {
      for (const level of LEVELS) {
        for (const seed of SEEDS) {
          const mine = await compare('generate', { genre: genre.name, shape, level, seed });
          if (mine.text) generated += 1;
        }
      }
    }
    // Shapes where every level fails would compare problems only.
    assert.ok(generated >= shapes.length * 2, `${genre.name}: only ${generated} generated`);
    // The genre's default shape and level, and a seed the package drew, which the server
    // must turn into the same puzzle.
    await compare('generate', { genre: genre.name, seed: 5 });
    // The seed as written: JSON.parse would round one above 2^53.
    const drawn = sumpuzzles.generateJson(JSON.stringify({ genre: genre.name, shape: '6x6' }));
    const seed = drawn.match(/"seed":(\d+),/)[1];
    const again = await compare('generate', `{"genre":"${genre.name}","shape":"6x6","seed":${seed}}`);
    assert.equal(JSON.parse(again.text).id, JSON.parse(drawn).id);
  }
});

test('a seed above 2^53 is written exactly and gives the server\'s puzzle', async () => {
  const seed = '9223372036854775807';
  const mine = await compare('generate', `{"genre":"kakurasu","shape":"5x5","level":"easy","seed":${seed}}`);
  assert.match(mine.text, new RegExp(`"seed":${seed},`));
});

test('solve, rate, check, hint and render on every corpus puzzle give the same answers', async () => {
  for (const genre of genres) {
    const puzzles = await corpus(genre);
    assert.ok(puzzles.length > 0, `${genre.name}: no puzzles`);
    puzzles.forEach((report) => assert.equal(report.genre, genre.name));
    for (const [index, report] of puzzles.entries()) {
      const all = sources(report);
      const source = (offset) => all[(index + offset) % all.length];
      const { partial, blank, wrong } = answers(report.solution);
      const solved = await compare('solve', source(0));
      assert.ok(solved.text, `${report.id}: not solved`);
      await compare('solve', { ...source(1), limit: 1 });
      await compare('rate', source(2));
      await compare('check', { ...source(3), answer: report.solution });
      await compare('check', { ...source(0), answer: report.solution.join('\n') });
      await compare('check', { ...source(1), answer: wrong });
      await compare('check', { ...source(2), answer: partial, finish: true });
      await compare('hint', { ...source(3), answer: blank });
      await compare('hint', { ...source(0), answer: partial });
      await compare('hint', { ...source(1), answer: wrong });
      await compare('render', source(2));
      await compare('render', { ...source(3), solution: true });
      await compare('render', { ...source(0), answer: wrong });
    }
  }
});

test('published puzzles (SUMPUZZLES_TESTDATA), from their text and their puzz.link URL', async (t) => {
  const root = process.env.SUMPUZZLES_TESTDATA;
  if (!root) {
    t.skip('SUMPUZZLES_TESTDATA is not set');
    return;
  }
  // A small budget bounds the largest of them (up to 150x150); running out must read the same.
  const budget = 1_000_000;
  let published = 0;
  for (const genre of genres) {
    const file = `${root}/${genre.name}.jsonl`;
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').trim().split('\n')) {
      const { text } = JSON.parse(line);
      const source = { genre: genre.name, text };
      let url;
      try {
        url = sumpuzzles.format(source).url;
      } catch {
        // A puzzle that breaks the structure rules: its problems are compared below.
      }
      await compare('solve', { ...source, budget });
      await compare('rate', { ...(url ? { url } : source), budget });
      await compare('hint', { ...source, answer: [], budget });
      published += 1;
    }
  }
  assert.ok(published > 0, `no published puzzles under ${root}`);
});

test('format gives what the command line gives, from every kind of source', () => {
  let formatted = 0;
  for (const genre of genres) {
    const folder = `${corpusRoot}${genre.name.replaceAll('-', '_')}`;
    const reports = existsSync(folder)
      ? readdirSync(folder).slice(0, 6).map((name) => JSON.parse(readFileSync(`${folder}/${name}`, 'utf8')))
      : [sumpuzzles.generate({ genre: genre.name, shape: '6x6', seed: 0 })];
    for (const report of reports) {
      const native = nativeFormat(report.text, report.genre);
      for (const source of sources(report)) {
        assert.deepEqual(sumpuzzles.format(source), native, `${report.id} from ${Object.keys(source)}`);
        formatted += 1;
      }
    }
  }
  compared.format = formatted;
});

test('bad inputs get the same problem', async () => {
  const id = 'kakuro:3x3:DbAb/4.6.3.7';
  const malformed = ['{"id": ', 'not json', `{"id":"${id}"} trailing`, '[]', '"text"', '{"id": 5}'];
  for (const operation of ['solve', 'rate', 'check', 'hint', 'render']) {
    for (const body of [...malformed, '', 'null']) await compare(operation, body);
    await compare(operation, { id, colour: 'red' });
    await compare(operation, `{"id":"${id}","id":"${id}"}`);
    await compare(operation, {});
    await compare(operation, { id, text: 'genre: kakuro' });
    await compare(operation, { id, genre: 'kakurasu' });
    await compare(operation, { genre: 'sudoku', puzzle: {} });
    await compare(operation, { genre: 'kakuro', puzzle: { grid: ['# x', '. .'] } });
    await compare(operation, { genre: 'kakuro', puzzle: {} });
    await compare(operation, { genre: 'kakurasu', puzzle: { row_clues: [1, 2], col_clues: [1] } });
    await compare(operation, { id: 'kakuro:3x3:ZZZ' });
    await compare(operation, { id: 'kakuro:99x99:DbAb/4.6.3.7' });
    await compare(operation, { text: 'genre: kakuro\ngrid:\n# 3/\n/4 . .\n' });
    await compare(operation, { url: 'https://puzz.link/p?kakuro/nonsense' });
    await compare(operation, { url: 'not a url' });
  }
  for (const body of malformed) await compare('generate', body);
  const generation = [
    { genre: 'kakuro', colour: 'red' },
    {},
    { genre: 'sudoku' },
    { genre: 'kakuro', shape: '40x40' },
    { genre: 'kakuro', shape: '0x5' },
    { genre: 'kakuro', shape: 'abc' },
    { genre: 'kakuro', shape: '1000x1000' },
    { genre: 'kakurasu', shape: '4x4', level: 'expert', seed: 1 },
    { genre: 'kakuro', level: 'insane' },
    { genre: 'kakuro', seed: -1 },
    { genre: 'kakuro', seed: 1.5 },
    { genre: 'kakuro', seed: 'one' },
    { genre: 'kakuro', budget: 0 },
    { genre: 'kakuro', budget: 10 ** 13 },
    // A seed no other test asks for: the server sends a seeded puzzle it has kept whatever the
    // request's budget (its answer cache), so a kept one would be a 200 where the package, which
    // keeps nothing, runs out of budget.
    { genre: 'kakuro', shape: '8x8', seed: 987654321, budget: 100 },
  ];
  for (const body of generation) await compare('generate', body);
  await compare('generate', '{"genre":"kakuro","seed":9223372036854775808}');
  const [{ id: big }] = [JSON.parse(readFileSync(`${corpusRoot}kakuro/expert-16x16-seed0.json`, 'utf8'))];
  await compare('solve', { id: big, budget: 1 });
  await compare('rate', { id: big, budget: 5 });
  await compare('hint', { id: big, budget: 5, answer: [] });
  await compare('render', { id: big, budget: 1, solution: true });
  await compare('solve', { id, limit: 0 });
  await compare('solve', { id, limit: 101 });
  await compare('solve', { id, budget: 0 });
  await compare('render', { id, answer: ['###', '#12', '#34'], solution: true });
  await compare('check', { id });
  await compare('check', { id, answer: ['###', '#12'] });
  await compare('check', { id, answer: ['###', '#1x', '#34'] });
  await compare('check', { id, answer: 7 });
  await compare('hint', { id, answer: ['####', '#12', '#34'] });
  // Not exactly one solution: hint and the drawn solution need one.
  const many = 'kakurasu:2x2:1.1/1.1'; // both diagonals
  for (const operation of ['solve', 'rate']) await compare(operation, { id: many });
  await compare('hint', { id: many, answer: ['..', '..'] });
  await compare('render', { id: many, solution: true });
});

test('daily puzzles: the package gives the server\'s puzzle of a date, and its problems', async () => {
  const cases = [
    { genre: 'kakuro', shape: '8x8', level: 'hard', date: '2025-03-14' },
    { genre: 'kakurasu', date: '2026-12-01', solution: false },
    { genre: 'kakuro-cryptic', shape: '6x6', date: '2000-01-01' },
    { genre: 'kakuro', date: '1999-12-31' }, // before the first daily puzzle: 422
    { genre: 'kakuro', date: '2025-02-30' }, // not a date: 400
  ];
  for (const parameters of cases) {
    const query = new URLSearchParams(Object.entries(parameters).map(([k, v]) => [k, String(v)]));
    const theirs = await call(server.url, `/daily?${query}`);
    const what = `daily ${query}`;
    let mine;
    try {
      mine = { text: sumpuzzles.dailyJson(JSON.stringify(parameters)) };
    } catch (error) {
      if (!error.problem) throw error;
      mine = { problem: error.problem };
    }
    if (theirs.status === 200) {
      assert.equal(timeless(mine.text ?? JSON.stringify(mine.problem)), timeless(theirs.text), what);
    } else {
      assert.deepEqual(mine.problem, JSON.parse(theirs.text), what);
    }
  }
  compared.daily = cases.length;
  // Without a date, today by the host's clock: the seed is today's YYYYMMDD in UTC.
  const today = new Date().toISOString().slice(0, 10);
  const report = sumpuzzles.daily({ genre: 'kakurasu', shape: '4x4' });
  assert.equal(report.date, today);
  assert.equal(report.seed, Number(today.replaceAll('-', '')));
});

test('the server serves this package under /wasm/, as it lies here', async () => {
  const types = {
    'index.js': 'text/javascript; charset=utf-8',
    'pkg/sumpuzzles.js': 'text/javascript; charset=utf-8',
    'pkg/sumpuzzles_bg.wasm': 'application/wasm',
  };
  for (const [path, type] of Object.entries(types)) {
    const response = await fetch(`${server.url}/wasm/${path}`);
    assert.equal(response.status, 200, `${path}: rebuild the server after the package (cargo build --release)`);
    assert.equal(response.headers.get('content-type'), type, path);
    const served = Buffer.from(await response.arrayBuffer());
    assert.ok(served.equals(readFileSync(new URL(`../${path}`, import.meta.url))), `${path}: another build`);
  }
  // What a browser does with it: compiling from the stream needs the application/wasm type.
  const module = await WebAssembly.compileStreaming(fetch(`${server.url}/wasm/pkg/sumpuzzles_bg.wasm`));
  assert.ok(WebAssembly.Module.exports(module).some(({ name }) => name === 'generate'));
});

test('every operation was compared, and how often', (t) => {
  for (const operation of [...Object.keys(OPERATIONS), 'format']) {
    assert.ok(compared[operation] > 0, `${operation} not compared`);
  }
  t.diagnostic(`requests compared: ${JSON.stringify(compared)}`);
});
