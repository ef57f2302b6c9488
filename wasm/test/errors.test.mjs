// Failures throw an Error carrying the problem details the server sends; the budget and the
// cancellation callback stop a search as on the server.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, test } from 'node:test';
import { Worker } from 'node:worker_threads';

import { generate, generateJson, init, rate, solve } from '../index.js';

before(async () => {
  await init();
});

/** What a rejected call threw, checked to be an Error with the problem on it. */
function thrown(call) {
  try {
    call();
  } catch (error) {
    assert.ok(error instanceof Error, 'an Error');
    assert.equal(error.message, error.detail);
    for (const field of ['type', 'title', 'status', 'detail', 'problems']) {
      assert.deepEqual(error[field], error.problem[field], field);
    }
    return error;
  }
  assert.fail('the call did not throw');
}

test('a shape outside the genre limits is the limits problem, as a 422', () => {
  const error = thrown(() => generate({ genre: 'kakuro', shape: '40x40', seed: 1 }));
  assert.deepEqual(error.problem, {
    type: '/problems/limits',
    title: 'A value is outside its limits',
    status: 422,
    detail: 'shape 40x40 is outside the limits for kakuro: rows and columns must be 1 to 32',
    problems: [
      {
        at: { kind: 'input' },
        message: 'shape 40x40 is outside the limits for kakuro: rows and columns must be 1 to 32',
      },
    ],
  });
});

test('an unknown genre, an unknown level and a budget out of range are limits problems', () => {
  assert.equal(thrown(() => generate({ genre: 'sudoku' })).type, '/problems/limits');
  assert.equal(thrown(() => generate({ genre: 'kakuro', level: 'insane' })).status, 422);
  assert.equal(thrown(() => generate({ genre: 'kakuro', budget: 0 })).type, '/problems/limits');
});

test('JSON that does not fit the request is a bad request, as a 400', () => {
  for (const request of ['{"genre":', '[]', '{"genre":"kakuro","colour":"red"}', '{}',
    '{"genre":"kakuro","seed":-1}', '{"genre":"kakuro","budget":-1}']) {
    const error = thrown(() => generateJson(request));
    assert.equal(error.type, '/problems/bad-request', request);
    assert.equal(error.status, 400, request);
    assert.equal(error.problems, undefined, request);
  }
});

test('a request without a seed gets one, and that seed makes the same puzzle again', () => {
  const text = generateJson('{"genre":"kakurasu","shape":"4x4"}');
  // The seed as written (JSON.parse would round one above 2^53).
  const seed = text.match(/"seed":(\d+),/)[1];
  assert.ok(BigInt(seed) <= 2n ** 63n - 1n);
  const again = generateJson(`{"genre":"kakurasu","shape":"4x4","seed":${seed}}`);
  assert.equal(JSON.parse(again).id, JSON.parse(text).id);
});

test('a budget too small is the budget-exhausted problem', () => {
  const error = thrown(() => generate({ genre: 'kakuro', shape: '8x8', seed: 1, budget: 1000 }));
  assert.equal(error.type, '/problems/budget-exhausted');
  assert.equal(error.status, 422);
});

test('shouldStop is asked while the search runs, and true cancels it', () => {
  let asked = 0;
  const error = thrown(() =>
    generate({ genre: 'kakuro', shape: '10x10', level: 'expert', seed: 3 }, {
      shouldStop: () => ++asked >= 5,
    }),
  );
  assert.equal(error.type, '/problems/cancelled');
  assert.equal(asked, 5);
});

test('shouldStop stops the other searches too: solve and rate', () => {
  // A puzzle whose solving takes more than two polls (1 125 steps; rating it, 117 591).
  const { id } = JSON.parse(readFileSync(new URL('../../corpus/kakurasu/expert-16x16-seed0.json', import.meta.url)));
  for (const operation of [solve, rate]) {
    let asked = 0;
    const error = thrown(() => operation({ id }, { shouldStop: () => ++asked >= 2 }));
    assert.equal(error.type, '/problems/cancelled', operation.name);
    assert.equal(asked, 2, operation.name);
  }
});

test('a shouldStop that throws cancels the search too', () => {
  const error = thrown(() =>
    generate({ genre: 'kakuro', shape: '8x8', seed: 1 }, {
      shouldStop: () => {
        throw new Error('broken callback');
      },
    }),
  );
  assert.equal(error.type, '/problems/cancelled');
});

test('a shouldStop that never says stop changes nothing, and is forgotten after the call', () => {
  let asked = 0;
  const request = { genre: 'kakuro', shape: '6x6', level: 'hard', seed: 7 };
  const watched = generate(request, { shouldStop: () => (asked++, false) });
  assert.ok(asked > 0);
  const seen = asked;
  const plain = generate(request);
  assert.equal(asked, seen);
  delete watched.stats.elapsed_ms;
  delete plain.stats.elapsed_ms;
  assert.deepEqual(watched, plain);
});

test('a Web Worker is cancelled through a SharedArrayBuffer cell the page sets', async () => {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(new URL('../support/cancel-worker.mjs', import.meta.url), {
    workerData: { cell, request: { genre: 'kakuro', shape: '16x16', level: 'expert', seed: 1 } },
  });
  const answer = new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  // The worker says when its search has started; the page then cancels it.
  const started = await answer;
  assert.equal(started, 'searching');
  const result = new Promise((resolve) => worker.once('message', resolve));
  Atomics.store(cell, 0, 1);
  const { type, polls } = await result;
  await worker.terminate();
  assert.equal(type, '/problems/cancelled');
  assert.ok(polls > 1);
});
