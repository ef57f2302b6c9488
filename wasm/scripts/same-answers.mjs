// Whether a rewritten module (wasm-opt's) answers as the one wasm-bindgen wrote: the build keeps
// an optimised module only if it loads and gives the same text for a spread of requests (every
// genre the package lists and each of its levels, the operations on a puzzle, a refused
// request). The full comparison with the server is test/server.test.mjs; this is the build's
// guard against a broken optimiser.
//
//   node scripts/same-answers.mjs PKG_DIR REWRITTEN.wasm     (exit 0: the same answers)

import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [dir, rewritten] = process.argv.slice(2);
const glue = pathToFileURL(`${dir}/sumpuzzles.js`).href;

/** Each request's answer from one module: the text, or the thrown problem as text. */
async function answers(modulePath, tag) {
  // A query string makes a second instance of the glue, with its own module.
  const engine = await import(`${glue}?${tag}`);
  engine.initSync({ module: readFileSync(modulePath) });
  const listed = engine.genres();
  const texts = [listed];
  const ask = (operation, request) => {
    try {
      return engine[operation](JSON.stringify(request), undefined);
    } catch (error) {
      return `${error.status} ${JSON.stringify(error.problem)}`;
    }
  };
  for (const { name: genre, levels, min_side: least, max_side: most, digits } of JSON.parse(listed)) {
    // A small shape: 6x6, within the genre's sides.
    const side = Math.min(Math.max(6, least), most);
    const shape = `${side}x${side}`;
    // The solution's marks taken out: its digits on a board whose cells take digits (a sum
    // grid's blocks stay), every mark on one whose cells take none (a shading).
    const blank = (row) => [...row].map((ch) => (digits === '' || digits.includes(ch) ? '.' : ch)).join('');
    for (const level of [...levels, 'any']) {
      for (const seed of [0, 1]) {
        const text = ask('generate', { genre, shape, level, seed });
        texts.push(text.replace(/"elapsed_ms":\d+/g, ''));
        if (!text.startsWith('{')) continue;
        const { id, solution } = JSON.parse(text);
        const empty = solution.map(blank);
        texts.push(ask('solve', { id }), ask('rate', { id }), ask('render', { id }));
        texts.push(ask('check', { id, answer: solution }), ask('hint', { id, answer: empty }));
        // Every empty cell or unreachable line a violation, with its words and places.
        texts.push(ask('check', { id, answer: empty, finish: true }), ask('render', { id, answer: empty, finish: true }));
      }
    }
  }
  texts.push(ask('generate', { genre: 'kakuro', shape: '40x40' }), ask('solve', { id: 'kakuro:1' }));
  return texts;
}

try {
  const original = await answers(`${dir}/sumpuzzles_bg.wasm`, 'original');
  const candidate = await answers(rewritten, 'rewritten');
  const differ = original.findIndex((text, i) => text !== candidate[i]);
  if (differ >= 0 || original.length !== candidate.length) {
    console.error(`same-answers: answer ${differ} differs:\n${original[differ]}\n${candidate[differ]}`);
    process.exit(1);
  }
  console.log(`same-answers: ${original.length} answers alike`);
} catch (error) {
  console.error(`same-answers: ${error.stack || error}`);
  process.exit(1);
}
