// The play page's engine in the browser: a module Web Worker running the WebAssembly package
// (/wasm/), so that a search never blocks the page. It takes the endpoint's JSON body as text
// and answers the endpoint's body as text (the package's `...Json` forms: seeds above 2^53
// stay exact), or the problem object the server would have sent.
//
// Messages in: { id, operation, body, cell }, where `cell` (an Int32Array on a
// SharedArrayBuffer, on a cross-origin isolated page) is raised by the page to cancel the call.
// Messages out: { type: 'ready' } or { type: 'unavailable', reason } once, then
// { id, text } or { id, problem } per call.

// The package's own 404 says why it is missing (a server built without it): the module is
// fetched first so that the page can show that reason rather than a failed import.
async function load() {
  const response = await fetch('/wasm/pkg/sumpuzzles_bg.wasm');
  if (!response.ok) {
    let detail = null;
    try { detail = (await response.json()).detail; } catch (_) { /* not a problem object */ }
    throw new Error(detail || `the engine answered ${response.status}`);
  }
  const engine = await import('/wasm/index.js');
  await engine.init(response);
  return engine;
}

const loaded = load();
loaded.then(
  () => postMessage({ type: 'ready' }),
  (error) => postMessage({ type: 'unavailable', reason: error.message }),
);

// The page's operations and the package's functions that answer them as the server does.
const OPERATIONS = {
  genres: 'genresJson',
  generate: 'generateJson',
  daily: 'dailyJson',
  check: 'checkJson',
  hint: 'hintJson',
  format: 'formatJson',
  rate: 'rateJson',
};

onmessage = async ({ data: { id, operation, body, cell } }) => {
  try {
    const engine = await loaded;
    const run = engine[OPERATIONS[operation]];
    if (!run) throw new Error(`no operation ${operation}`);
    const options = cell ? { shouldStop: () => Atomics.load(cell, 0) !== 0 } : {};
    postMessage({ id, text: operation === 'genres' ? run() : run(body, options) });
  } catch (error) {
    const problem = error.problem || { title: 'The browser engine failed', detail: String(error.message || error) };
    postMessage({ id, problem });
  }
};
