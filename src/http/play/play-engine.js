// The play page's engine: where each operation runs, the server's API or the same engine in
// this browser (the WebAssembly package in a Web Worker, play-worker.js), the switch between
// them, and cancelling a call. Loaded before play.js, which holds the page's state (`$`,
// `game`, the status line, `player.base`: the service the element's script came from) that
// these functions use when called.
'use strict';


// ---- Where the engine runs: the server's API, or the same engine in this browser -------------

//
// The browser engine is the server's engine compiled to WebAssembly (/wasm/, embedded in the
// binary): the same request gives the same answer, byte for byte, so the same seed makes the same
// puzzle. It runs in a Web Worker (play-worker.js) so that a search never blocks the page, and the
// worker starts when the page loads, so that it is ready when the server goes away: a call the
// server cannot be reached for is then made in the browser, and the switch moves there.
const engine = {
  mode: 'server',
  worker: null,
  // Why the browser engine cannot run (a server built without the package), once known.
  unavailable: null,
  // Calls sent to the worker: id -> { resolve, reject }.
  pending: new Map(),
  nextId: 1,
  // On a cross-origin isolated page, a shared cell that the worker's search polls: raising it
  // cancels the call under way and keeps the worker (and its compiled module) warm.
  cell: null,
  // The fetch under way in server mode, to cancel it.
  abort: null,
};

// The endpoint of each operation the page makes: GETs take their fields as the query string.
const ENDPOINTS = {
  genres: ['GET', '/genres'],
  generate: ['GET', '/generate'],
  daily: ['GET', '/daily'],
  check: ['POST', '/check'],
  hint: ['POST', '/hint'],
  format: ['POST', '/format'],
  rate: ['POST', '/rate'],
};

// The server's problem object (or the worker's) as a thrown Error, with the seconds the
// server's Retry-After asks a client to wait, when `response` says.
function problemError(problem, fallback, response) {
  const error = new Error(problem.detail || problem.title || fallback);
  error.status = problem.status;
  error.problem = problem;
  const wait = response && Number(response.headers.get('retry-after'));
  if (wait > 0) error.retryAfter = wait;
  return error;
}

// The kind of a problem (`overloaded`, `budget-exhausted`, ...): the end of its `type`.
function problemKind(error) {
  const type = error.problem && error.problem.type;
  return typeof type === 'string' ? type.slice(type.lastIndexOf('/') + 1) : '';
}

// Whether the player can move the work to this browser's engine: its side of the switch is on
// once the worker is ready, and an embedded element shows no switch.
function canSwitchToBrowser() {
  return engine.mode === 'server' && !$('engine-browser').disabled && !player.options.embedded;
}

// A call the player stopped: an aborted fetch, or a search that answered `cancelled` (499).
function isCancel(error) {
  return error.name === 'AbortError' || error.status === 499;
}

// A search the server's step budget ended (`budget-exhausted`) while the player can switch to
// this browser's engine, which runs it further with a budget of its own (BROWSER_HINT_BUDGET):
// its side of the switch is on once the worker is ready, and an embedded element shows no switch.
function browserWouldSearchFurther(error) {
  return canSwitchToBrowser() && problemKind(error) === 'budget-exhausted';
}

async function overHttp(operation, fields) {
  const [method, path] = ENDPOINTS[operation];
  engine.abort = new AbortController();
  const options = { method, headers: {}, signal: engine.abort.signal };
  let target = path;
  if (method === 'GET' && fields) target = `${path}?${new URLSearchParams(fields)}`;
  if (method === 'POST') {
    options.headers['content-type'] = 'application/json';
    options.body = JSON.stringify(fields);
  }
  let response;
  try {
    response = await fetch(new URL(target, player.base), options);
  } catch (error) {
    // A fetch that never got an answer: the server is down or the network is gone.
    if (error.name !== 'AbortError') error.unreachable = true;
    throw error;
  } finally {
    engine.abort = null;
  }
  const text = await response.text();
  let data = null;
  try { data = JSON.parse(text); } catch (_) { /* not JSON: report the text */ }
  if (!response.ok) throw problemError(data || {}, `${response.status} ${text.slice(0, 200)}`, response);
  return data;
}

// The request as the endpoint's JSON body. A seed goes as the digits typed (SEED), not through a
// JavaScript number, which rounds those above 2^53: the query string carried them as text too.
function jsonBody(operation, fields) {
  if (ENDPOINTS[operation][0] === 'POST' || !fields) return JSON.stringify(fields || null);
  const { seed, ...rest } = fields;
  const text = JSON.stringify(rest);
  if (seed === undefined) return text;
  if (!SEED.test(seed)) throw new Error('A seed is a whole number of up to 19 digits.');
  return `${text.slice(0, -1)}${text === '{}' ? '' : ','}"seed":${seed}}`;
}

// The step budget of a hint in the browser: a generation's (40,000,000 steps, the package's
// default for /generate), not the 1,200,000 a request gets from the server. A hint proves the
// puzzle's solution unique first, and the hardest published Killer Sudoku need up to about ten
// million steps for that; the server's budget guards a machine many share, while here the
// player's own device pays and Cancel stops the search.
const BROWSER_HINT_BUDGET = 40000000;

function inBrowser(operation, fields) {
  if (engine.unavailable) return Promise.reject(new Error(`the browser engine cannot run: ${engine.unavailable}`));
  if (operation === 'hint' && fields && fields.budget === undefined) fields = { ...fields, budget: BROWSER_HINT_BUDGET };
  const body = jsonBody(operation, fields);
  const id = engine.nextId++;
  if (engine.cell) Atomics.store(engine.cell, 0, 0);
  return new Promise((resolve, reject) => {
    engine.pending.set(id, { resolve, reject });
    engine.worker.postMessage({ id, operation, body, cell: engine.cell });
  }).then((text) => JSON.parse(text));
}

// One operation, wherever the engine runs; in server mode, in the browser when the server
// cannot be reached (and from then on, until the player switches back).
async function call(operation, fields) {
  if (engine.mode === 'server') {
    try {
      return await overHttp(operation, fields);
    } catch (error) {
      if (!error.unreachable || engine.unavailable) throw error;
      setEngine('browser', 'The server could not be reached: playing in the browser.', 'fallback');
    }
  }
  return inBrowser(operation, fields);
}

function startWorker() {
  let worker;
  try {
    // Same-origin only: on a page of another origin this throws, and the element plays through
    // the server.
    worker = new Worker(new URL('/play-worker.js', player.base), { type: 'module' });
  } catch (error) {
    engineUnavailable(error.message);
    return;
  }
  engine.worker = worker;
  worker.onmessage = ({ data }) => {
    if (data.type === 'ready') {
      $('engine-browser').disabled = false;
      if (engine.mode === 'server') engineNote('ready: the same engine, on this device, without the server', 'ready');
      return;
    }
    if (data.type === 'unavailable') {
      engineUnavailable(data.reason);
      return;
    }
    const waiting = engine.pending.get(data.id);
    if (!waiting) return;
    engine.pending.delete(data.id);
    if (data.problem) waiting.reject(problemError(data.problem, 'the browser engine failed'));
    else waiting.resolve(data.text);
  };
  // A worker whose script cannot load (or that fails outside a call).
  worker.onerror = (event) => {
    event.preventDefault();
    engineUnavailable(event.message || 'its worker did not start');
  };
}

function engineUnavailable(reason) {
  engine.unavailable = reason;
  for (const waiting of engine.pending.values()) waiting.reject(new Error(`the browser engine cannot run: ${reason}`));
  engine.pending.clear();
  $('engine-browser').disabled = true;
  setEngine('server', `In the browser: not available (${reason}).`, 'unavailable');
}

function engineNote(text, state) {
  $('engine-note').textContent = text;
  $('engine-note').dataset.state = state;
}

function setEngine(mode, note, state) {
  engine.mode = mode;
  $(`engine-${mode}`).checked = true;
  if (note) engineNote(note, state);
}

function engineSwitched() {
  const mode = $('engine-browser').checked ? 'browser' : 'server';
  setEngine(mode, mode === 'browser' ? 'this browser runs the engine: no request leaves the page' : 'the server runs the engine', mode);
}

// Stops the call under way: the fetch, or the worker's search (through the shared cell, which
// answers `cancelled` within a few hundred steps; without shared memory a busy worker cannot
// hear a message, so it is replaced by a new one).
function cancel() {
  if (engine.abort) engine.abort.abort();
  if (engine.pending.size === 0) return;
  if (engine.cell) {
    Atomics.store(engine.cell, 0, 1);
    return;
  }
  engine.worker.terminate();
  const stopped = new Error('Cancelled.');
  stopped.name = 'AbortError';
  for (const waiting of engine.pending.values()) waiting.reject(stopped);
  engine.pending.clear();
  startWorker();
}
