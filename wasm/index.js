// The sumpuzzles engine in WebAssembly, for a browser page, a Web Worker or Node 20 and later.
//
// Each function takes the JSON object the HTTP endpoint takes as its request body (or that
// object's JSON text) and returns what the endpoint answers. A failure throws an Error carrying
// the endpoint's problem details: `type`, `title`, `status`, `detail` and `problems` as its own
// properties, the whole object as `error.problem`. The `...Json` forms take and return JSON text,
// byte for byte the server's body (64-bit seeds exact: JSON.parse rounds those above 2^53).

import initModule, {
  initSync as initModuleSync,
  generate as generateText,
  genres as genresText,
} from './pkg/sumpuzzles.js';

const wasmUrl = new URL('./pkg/sumpuzzles_bg.wasm', import.meta.url);
let ready = false;

/**
 * Loads the module; call once before anything else (again is a no-op). `source` is what
 * `WebAssembly.instantiate` takes (bytes, a compiled `WebAssembly.Module`) or a Response or URL
 * to fetch; by default the package's own .wasm, read from disk when the package is on disk
 * (Node, where fetch cannot read files) and fetched otherwise.
 */
export async function init(source) {
  if (source === undefined && wasmUrl.protocol === 'file:') {
    const { readFile } = await import('node:fs/promises');
    source = await readFile(wasmUrl);
  }
  await initModule({ module_or_path: source ?? wasmUrl });
  ready = true;
}

/** Loads the module from bytes or a compiled `WebAssembly.Module` (a worker handed one). */
export function initSync(source) {
  initModuleSync({ module: source });
  ready = true;
}

/** The registered genres with their defaults and limits, as `GET /genres`. */
export function genres() {
  return JSON.parse(genresJson());
}

/** `genres()` as JSON text. */
export function genresJson() {
  loaded();
  return genresText();
}

/**
 * Generates a puzzle, as `POST /generate`. `options.shouldStop`, when given, is called every
 * few hundred search steps; true stops the search with the `cancelled` problem (see README.md
 * for cancelling from a Web Worker).
 */
export function generate(request, options) {
  return JSON.parse(generateJson(asJson(request), options));
}

/** `generate()` on JSON text, returning JSON text. */
export function generateJson(request, options = {}) {
  loaded();
  return generateText(request, options.shouldStop);
}

function asJson(request) {
  return typeof request === 'string' ? request : JSON.stringify(request);
}

function loaded() {
  if (!ready) {
    throw new Error('sumpuzzles: call `await init()` (or `initSync(bytes)`) before using the engine');
  }
}
