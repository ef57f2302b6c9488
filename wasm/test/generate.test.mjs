// The same seed gives the same puzzle natively and in WebAssembly: every genre, several shapes
// (square and not), every level and several seeds, compared field by field with the native
// command line's output (all of it but `stats.elapsed_ms`), and the failures by their message.

import assert from 'node:assert/strict';
import { before, test } from 'node:test';

import { generate, generateJson, genres, init } from '../index.js';
import { nativeGenerate, requireNative, timeless } from '../support/native.mjs';

/** Shapes per genre: small ones that some levels cannot reach, and rectangles. */
const SHAPES = {
  kakuro: ['4x4', '6x6', '8x8', '5x9'],
  kakurasu: ['4x4', '6x6', '7x7', '5x8'],
  'kakuro-cryptic': ['6x6', '7x7', '6x8'],
};
const LEVELS = ['any', 'easy', 'medium', 'hard', 'expert'];
const SEEDS = [0, 1, 2];
/** The server's default budget, which the package uses too; named on both sides. */
const BUDGET = 500_000_000;

before(async () => {
  requireNative();
  await init();
});

test('every registered genre is compared', () => {
  assert.deepEqual(
    genres().map((genre) => genre.name).sort(),
    Object.keys(SHAPES).sort(),
  );
});

for (const [genre, shapes] of Object.entries(SHAPES)) {
  for (const shape of shapes) {
    test(`${genre} ${shape}: the same puzzles natively and in WebAssembly`, () => {
      let generated = 0;
      for (const level of LEVELS) {
        for (const seed of SEEDS) {
          const request = { genre, shape, level, seed, budget: BUDGET };
          const native = nativeGenerate(request);
          const case_ = `${genre} ${shape} ${level} seed ${seed}`;
          if (native.report) {
            assert.equal(timeless(generate(request)), timeless(native.report), case_);
            generated += 1;
          } else {
            assert.throws(() => generate(request), { detail: native.error }, case_);
          }
        }
      }
      // A shape where every level fails would compare error messages only.
      assert.ok(generated > 0, `${genre} ${shape}: nothing generated`);
    });
  }
}

test('a seed above 2^53 is kept exact in the JSON text and gives the native puzzle', () => {
  const seed = '9223372036854775807';
  const text = generateJson(`{"genre":"kakurasu","shape":"5x5","level":"easy","seed":${seed}}`);
  assert.match(text, new RegExp(`"seed":${seed},`));
  const native = nativeGenerate({ genre: 'kakurasu', shape: '5x5', level: 'easy', seed, budget: BUDGET });
  const wasm = JSON.parse(text);
  assert.equal(wasm.id, native.report.id);
  assert.deepEqual(wasm.solution, native.report.solution);
});
