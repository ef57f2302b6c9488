// A worker that generates until the page raises the shared cell (test/errors.test.mjs): what a
// browser Web Worker does with the package.

import { parentPort, workerData } from 'node:worker_threads';

import { generate, init } from '../index.js';

await init();
const { cell, request } = workerData;
let polls = 0;
try {
  generate(request, {
    shouldStop: () => {
      polls += 1;
      if (polls === 1) {
        // The page raises the cell once it hears this: from the next poll on.
        parentPort.postMessage('searching');
        return false;
      }
      return Atomics.load(cell, 0) !== 0;
    },
  });
  parentPort.postMessage({ type: 'finished', polls });
} catch (error) {
  parentPort.postMessage({ type: error.type, polls });
}
