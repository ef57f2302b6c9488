// The sumpuzzles engine in WebAssembly, for a browser page, a Web Worker or Node 20 and later.
//
// Each function takes the JSON object the HTTP endpoint takes as its request body (or that
// object's JSON text) and returns what the endpoint answers: the parsed JSON body, or for
// `render` the SVG document. A failure throws an Error carrying the endpoint's problem details:
// `type`, `title`, `status`, `detail` and `problems` as its own properties, the whole object as
// `error.problem`. The `...Json` forms take and return JSON text, byte for byte the server's
// body (64-bit seeds exact: JSON.parse rounds those above 2^53).

import initModule, * as engine from './pkg/sumpuzzles.js';

const wasmUrl = new URL('./pkg/sumpuzzles_bg.wasm', import.meta.url);
let ready = false;

/**
 * Loads the module; call once before anything else (again is a no-op). `source` is what
 * `WebAssembly.instantiate` takes (bytes, a compiled `WebAssembly.Module`) or a Response or URL
 * to fetch; by default the package's own .wasm, read from disk when the package is on disk
 * (Node, where fetch cannot read files) and fetched otherwise.
 */
export async function init(source) {
  if (ready) return;
  if (source === undefined && wasmUrl.protocol === 'file:') {
    const { readFile } = await import('node:fs/promises');
    source = await readFile(wasmUrl);
  }
  await initModule({ module_or_path: source ?? wasmUrl });
  ready = true;
}

/** Loads the module from bytes or a compiled `WebAssembly.Module` (a worker handed one). */
export function initSync(source) {
  if (ready) return;
  engine.initSync({ module: source });
  ready = true;
}

/** The registered genres with their defaults and limits, as `GET /genres`. */
export function genres() {
  return JSON.parse(genresJson());
}

/** `genres()` as JSON text. */
export function genresJson() {
  loaded();
  return engine.genres();
}

/** Generates a puzzle, as `POST /generate` with this body. */
export const generate = parsed('generate');
/** The daily puzzle, as `GET /daily` with these parameters as an object. */
export const daily = parsed('daily');
/** Solves a puzzle, as `POST /solve`. */
export const solve = parsed('solve');
/** Rates a puzzle, as `POST /rate`. */
export const rate = parsed('rate');
/** The next hint for an answer, as `POST /hint`. */
export const hint = parsed('hint');
/** Checks an answer, as `POST /check`. */
export const check = parsed('check');
/** A puzzle in every format, as the CLI's `format`. */
export const format = parsed('format');

/** `generate()` on JSON text, returning JSON text. */
export const generateJson = text('generate');
/** `daily()` on JSON text, returning JSON text. */
export const dailyJson = text('daily');
/** `solve()` on JSON text, returning JSON text. */
export const solveJson = text('solve');
/** `rate()` on JSON text, returning JSON text. */
export const rateJson = text('rate');
/** `hint()` on JSON text, returning JSON text. */
export const hintJson = text('hint');
/** `check()` on JSON text, returning JSON text. */
export const checkJson = text('check');
/** `format()` on JSON text, returning JSON text. */
export const formatJson = text('format');

/** Draws a puzzle, as `POST /render`: the SVG document, as text. */
export function render(request, options) {
  return text('render')(asJson(request), options);
}

/**
 * The JSON-text form of an operation. `options.shouldStop`, when given, is called every few
 * hundred search steps; true (or a throw) stops the search with the `cancelled` problem (see
 * README.md for cancelling from a Web Worker). `check` and `format` do not search.
 */
function text(operation) {
  const run = engine[operation];
  return (request, options = {}) => {
    loaded();
    return run(request, options.shouldStop);
  };
}

/** The object form of an operation: its request as an object (or text), its report parsed. */
function parsed(operation) {
  const call = text(operation);
  return (request, options) => JSON.parse(call(asJson(request), options));
}

function asJson(request) {
  return typeof request === 'string' ? request : JSON.stringify(request);
}

function loaded() {
  if (!ready) {
    throw new Error('sumpuzzles: call `await init()` (or `initSync(bytes)`) before using the engine');
  }
}
