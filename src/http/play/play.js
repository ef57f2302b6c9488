// The play page's client: every puzzle fact comes from the API (/genres, /generate, /daily,
// /check, /hint), answered by the server or by the same engine in this browser (the WebAssembly
// package in a Web Worker, play-worker.js); this file only draws the grid, reads the player's
// marks and shows what the engine answered.
'use strict';

// How the page is played, by the board kind a genre names (GET /genres): the rules come from
// the genre, the controls from the board.
const CONTROLS = {
  digits: 'Type digits; Backspace, Delete or 0 clears; the arrow keys move. P switches to pencil marks: ' +
    'digits then toggle small candidates in the cell (they are yours alone: Check and Hint read only written digits).',
  // A shaded cell has no candidates to note: the unshaded dot is the board's own note.
  shading: 'Click a cell to shade it, again to mark it unshaded (a dot), again to clear it; Space does the same.',
};
// Board kinds whose cells take candidate notes.
const PENCIL_BOARDS = new Set(['digits']);
// A seed the page sends: digits only. It is kept as typed (a string), since a JavaScript number
// rounds integers above 2^53 and the service takes seeds up to 2^63-1.
const SEED = /^[0-9]{1,19}$/;

const $ = (id) => document.getElementById(id);

// The registered genres by name, as GET /genres describes them.
const genres = new Map();
// The puzzle being played: its genre's description, the /generate response and the cells drawn.
let game = null;
// The last /hint answer that can be applied (its placements).
let pendingHint = null;
// Pencil marks: "row,col" to the candidate digits noted there.
const notes = new Map();
// The timer: when the puzzle was shown, and the interval that shows the time spent.
const timer = { started: 0, interval: null };

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
};

// The server's problem object (or the worker's) as a thrown Error.
function problemError(problem, fallback) {
  const error = new Error(problem.detail || problem.title || fallback);
  error.status = problem.status;
  error.problem = problem;
  return error;
}

// A call the player stopped: an aborted fetch, or a search that answered `cancelled` (499).
function isCancel(error) {
  return error.name === 'AbortError' || error.status === 499;
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
    response = await fetch(target, options);
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
  if (!response.ok) throw problemError(data || {}, `${response.status} ${text.slice(0, 200)}`);
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

function inBrowser(operation, fields) {
  if (engine.unavailable) return Promise.reject(new Error(`the browser engine cannot run: ${engine.unavailable}`));
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
    worker = new Worker('/play-worker.js', { type: 'module' });
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

function setStatus(text, state) {
  const status = $('status');
  status.textContent = text;
  status.dataset.state = state;
}

function busy(on) {
  for (const id of ['new', 'daily', 'check', 'hint', 'reveal', 'clear']) {
    $(id).disabled = on || (!['new', 'daily'].includes(id) && !game);
  }
  $('apply-hint').disabled = on || !pendingHint;
  $('cancel').hidden = !on;
}

// What the status says where the engine runs.
function where() {
  return engine.mode === 'browser' ? 'in the browser' : 'on the server';
}

function chosenGenre() {
  return genres.get($('genre').value);
}

// The square shapes from the genre's smallest side to its largest (GET /genres), and its default.
function shapesOf(genre) {
  const shapes = [];
  for (let side = genre.min_side; side <= genre.max_side; side++) shapes.push(`${side}x${side}`);
  if (!shapes.includes(genre.default_shape)) shapes.push(genre.default_shape);
  return shapes;
}

// The shape and level menus and the rules for the chosen genre.
function genreChanged(wantedShape) {
  const genre = chosenGenre();
  const shapes = shapesOf(genre);
  if (typeof wantedShape === 'string' && !shapes.includes(wantedShape)) shapes.push(wantedShape);
  const wanted = typeof wantedShape === 'string' ? wantedShape : genre.default_shape;
  $('shape').replaceChildren(...shapes.map((s) => new Option(s, s, s === wanted, s === wanted)));
  const level = $('level').value || genre.levels[0];
  const levels = [...genre.levels, 'any'];
  $('level').replaceChildren(...levels.map((l) => new Option(l, l, l === level, l === level)));
  $('how-text').textContent = howTo(genre);
  $('pencil-label').hidden = !PENCIL_BOARDS.has(genre.board);
}

function howTo(genre) {
  return `${genre.rules} ${CONTROLS[genre.board]}`;
}

async function loadGenres() {
  try {
    for (const genre of await call('genres')) genres.set(genre.name, genre);
  } catch (error) {
    setStatus(`Could not read the genres: ${error.message}`, 'error');
    return;
  }
  $('genre').replaceChildren(...[...genres.values()].map((g) => new Option(g.title, g.name)));
  $('genre').addEventListener('change', () => genreChanged());
  $('new').disabled = false;
  $('daily').disabled = false;
  openPermalink();
}

// A link such as /?genre=...&shape=...&level=...&seed=... opens that puzzle (with date=YYYY-MM-DD
// instead of a seed, that day's daily puzzle); a page without one shows the genre's menus.
function openPermalink() {
  const link = new URLSearchParams(window.location.search);
  const genre = genres.get(link.get('genre'));
  if (!genre) {
    genreChanged();
    return;
  }
  $('genre').value = genre.name;
  genreChanged(link.get('shape') || undefined);
  const level = link.get('level');
  if (level && [...$('level').options].some((o) => o.value === level)) $('level').value = level;
  const seed = link.get('seed');
  if (seed && SEED.test(seed)) {
    $('seed').value = seed;
    generate();
  } else if (link.has('date')) {
    daily(link.get('date'));
  }
}

function place(r, c) { return `row ${r + 1}, column ${c + 1}`; }

// ---- Digit boards: blocks with sums, white cells for digits ---------------------------------

// One token per cell: `#` a plain block, `down/across` a block with sums (either may be empty),
// `.` a white cell, any other token a white cell showing it (a letter, for instance).
function parseGrid(grid) {
  return grid.map((line) => line.trim().split(/\s+/).map((token) => {
    if (token === '#') return { block: true };
    if (token.includes('/')) {
      const [down, across] = token.split('/');
      return { block: true, down: down || null, across: across || null };
    }
    return { block: false, given: token === '.' ? null : token };
  }));
}

function drawDigits(cells, title) {
  const table = document.createElement('table');
  table.className = 'digits';
  table.setAttribute('aria-label', `${title} grid`);
  cells.forEach((row, r) => {
    const tr = table.insertRow();
    row.forEach((cell, c) => {
      const td = tr.insertCell();
      td.dataset.row = r;
      td.dataset.col = c;
      td.id = `cell-${r}-${c}`;
      if (cell.block) {
        td.className = 'block';
        if (cell.down || cell.across) {
          td.classList.add('clue');
          const labels = [];
          if (cell.across) {
            td.append(span('across', cell.across));
            labels.push(`across sum ${cell.across}`);
          }
          if (cell.down) {
            td.append(span('down', cell.down));
            labels.push(`down sum ${cell.down}`);
          }
          td.setAttribute('aria-label', `${place(r, c)}: ${labels.join(', ')}`);
        }
        return;
      }
      td.className = 'white';
      if (cell.given) td.append(span('given', cell.given));
      const input = document.createElement('input');
      input.type = 'text';
      input.inputMode = 'numeric';
      input.maxLength = 1;
      input.autocomplete = 'off';
      input.id = `input-${r}-${c}`;
      input.dataset.row = r;
      input.dataset.col = c;
      input.setAttribute('aria-label', place(r, c) + (cell.given ? `, letter ${cell.given}` : ''));
      input.addEventListener('keydown', digitKey);
      input.addEventListener('input', digitInput);
      const noted = document.createElement('span');
      noted.className = 'notes';
      noted.id = `notes-${r}-${c}`;
      noted.setAttribute('aria-label', 'pencil marks');
      td.append(input, noted);
    });
  });
  return table;
}

function span(className, text) {
  const s = document.createElement('span');
  s.className = className;
  s.textContent = text;
  return s;
}

function moveFocus(r, c, dr, dc) {
  const rows = game.cells.length;
  const cols = game.cells[0].length;
  for (let i = r + dr, j = c + dc; i >= 0 && j >= 0 && i < rows && j < cols; i += dr, j += dc) {
    const target = $(game.genre.board === 'shading' ? `cell-${i}-${j}` : `input-${i}-${j}`);
    if (target) { target.focus(); return; }
  }
}

const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

function digitKey(event) {
  const input = event.target;
  const r = Number(input.dataset.row);
  const c = Number(input.dataset.col);
  if (ARROWS[event.key]) {
    event.preventDefault();
    moveFocus(r, c, ...ARROWS[event.key]);
  } else if (event.key === 'p' || event.key === 'P') {
    event.preventDefault();
    setPencil(!$('pencil').checked);
  } else if (/^[1-9]$/.test(event.key) && $('pencil').checked) {
    event.preventDefault();
    toggleNote(r, c, event.key);
  } else if (/^[1-9]$/.test(event.key)) {
    event.preventDefault();
    setDigit(r, c, event.key);
    marksChanged();
  } else if (['0', 'Backspace', 'Delete', ' '].includes(event.key)) {
    event.preventDefault();
    if (input.value === '' && $('pencil').checked) setNotes(r, c, []);
    setDigit(r, c, '');
    marksChanged();
  } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey) {
    event.preventDefault();
  }
}

// Pasting, autofill and on-screen keyboards: keep the last digit 1-9 typed.
function digitInput(event) {
  const digits = event.target.value.replace(/[^1-9]/g, '');
  setDigit(Number(event.target.dataset.row), Number(event.target.dataset.col), digits.slice(-1));
  marksChanged();
}

// ---- Pencil marks: candidate digits noted in a cell, the player's alone ---------------------

function setPencil(on) {
  $('pencil').checked = on;
  document.body.classList.toggle('pencil', on);
}

function setNotes(r, c, digits) {
  const key = `${r},${c}`;
  if (digits.length) notes.set(key, new Set(digits));
  else notes.delete(key);
  const shown = $(`notes-${r}-${c}`);
  if (!shown) return;
  shown.replaceChildren(...[...'123456789'].map((d) => span('note', digits.includes(d) ? d : '')));
  shown.dataset.digits = [...digits].sort().join('');
}

function toggleNote(r, c, digit) {
  const noted = new Set(notes.get(`${r},${c}`) || []);
  if (noted.has(digit)) noted.delete(digit);
  else noted.add(digit);
  setNotes(r, c, [...noted].sort());
}

function digitAnswer() {
  return game.cells.map((row, r) => row.map((cell, c) => {
    if (cell.block) return '#';
    return $(`input-${r}-${c}`).value || '.';
  }).join(''));
}

function setDigit(r, c, value) {
  const input = $(`input-${r}-${c}`);
  if (!input) return;
  input.value = /^[1-9]$/.test(value) ? value : '';
  // A written digit hides the cell's pencil marks; they come back when it is cleared.
  input.parentElement.classList.toggle('filled', input.value !== '');
}

// The cells of the run whose sum is in the block at (r, c).
function runCells(r, c, down) {
  const out = [];
  const [dr, dc] = down ? [1, 0] : [0, 1];
  for (let i = r + dr, j = c + dc; game.cells[i] && game.cells[i][j] && !game.cells[i][j].block; i += dr, j += dc) {
    out.push([i, j]);
  }
  return out;
}

// ---- Shading boards: cells to shade, a clue per row and per column -------------------------

const SHADE_NEXT = { '.': '#', '#': '-', '-': '.' };
const SHADE_NAME = { '.': 'unmarked', '#': 'shaded', '-': 'unshaded' };

function drawShading(puzzle, title) {
  const rows = puzzle.row_clues.length;
  const cols = puzzle.col_clues.length;
  const table = document.createElement('table');
  table.className = 'shading';
  table.setAttribute('aria-label', `${title} grid`);
  const head = table.insertRow();
  head.insertCell().className = 'corner';
  for (let c = 0; c < cols; c++) {
    const td = head.insertCell();
    td.className = 'index';
    td.textContent = c + 1;
    td.setAttribute('aria-label', `column ${c + 1} weighs ${c + 1}`);
  }
  head.insertCell().className = 'corner';
  for (let r = 0; r < rows; r++) {
    const tr = table.insertRow();
    const index = tr.insertCell();
    index.className = 'index';
    index.textContent = r + 1;
    index.setAttribute('aria-label', `row ${r + 1} weighs ${r + 1}`);
    for (let c = 0; c < cols; c++) {
      const td = tr.insertCell();
      td.className = 'shade-cell';
      const button = document.createElement('button');
      button.type = 'button';
      button.id = `cell-${r}-${c}`;
      button.className = 'shade';
      button.dataset.row = r;
      button.dataset.col = c;
      button.dataset.mark = '.';
      button.setAttribute('aria-label', `${place(r, c)}, unmarked`);
      button.addEventListener('click', () => { setShade(r, c, SHADE_NEXT[button.dataset.mark]); marksChanged(); });
      button.addEventListener('contextmenu', (event) => {
        event.preventDefault();
        setShade(r, c, button.dataset.mark === '-' ? '.' : '-');
        marksChanged();
      });
      button.addEventListener('keydown', (event) => {
        if (ARROWS[event.key]) { event.preventDefault(); moveFocus(r, c, ...ARROWS[event.key]); }
      });
      td.append(button);
    }
    const clue = tr.insertCell();
    clue.className = 'line-clue';
    clue.id = `row-clue-${r}`;
    clue.dataset.row = r;
    clue.textContent = puzzle.row_clues[r] ?? '';
    clue.setAttribute('aria-label', `row ${r + 1} clue ${puzzle.row_clues[r] ?? 'none'}`);
  }
  const foot = table.insertRow();
  foot.insertCell().className = 'corner';
  for (let c = 0; c < cols; c++) {
    const td = foot.insertCell();
    td.className = 'line-clue';
    td.id = `col-clue-${c}`;
    td.dataset.col = c;
    td.textContent = puzzle.col_clues[c] ?? '';
    td.setAttribute('aria-label', `column ${c + 1} clue ${puzzle.col_clues[c] ?? 'none'}`);
  }
  foot.insertCell().className = 'corner';
  return table;
}

function setShade(r, c, mark) {
  const button = $(`cell-${r}-${c}`);
  if (!button) return;
  button.dataset.mark = mark;
  button.setAttribute('aria-label', `${place(r, c)}, ${SHADE_NAME[mark]}`);
}

function shadingAnswer() {
  const { row_clues: rows, col_clues: cols } = game.data.puzzle;
  return rows.map((_, r) => cols.map((__, c) => $(`cell-${r}-${c}`).dataset.mark).join(''));
}

// ---- Every board ---------------------------------------------------------------------------

function shading() {
  return game.genre.board === 'shading';
}

function answer() {
  return shading() ? shadingAnswer() : digitAnswer();
}

function setCell(r, c, value) {
  if (shading()) setShade(r, c, value);
  else setDigit(r, c, value);
}

function clearMarks(...classes) {
  for (const name of classes) {
    for (const el of document.querySelectorAll(`#grid .${name}`)) el.classList.remove(name);
  }
}

function mark(r, c, className) {
  const el = $(`cell-${r}-${c}`);
  if (el) el.classList.add(className);
}

function marksChanged() {
  clearMarks('violation', 'hint-cell', 'hint-clue', 'wrong');
  $('violations').replaceChildren();
  pendingHint = null;
  $('apply-hint').disabled = true;
  if ($('status').dataset.state !== 'playing') setStatus('Playing.', 'playing');
}

// A violation says what it is about by its fields: a line (`row` or `col`, with its `clue`), a
// run (`down`, at the block holding its `sum`), a letter read two ways (`letter`), or a cell.
function describe(v) {
  if (shading()) {
    const line = v.row != null ? `Row ${v.row + 1}` : `Column ${v.col + 1}`;
    return `${line}: shaded cells weigh ${v.total}, the clue is ${v.clue}.`;
  }
  const misread = `letter ${v.letter} is read as ${v.digit} here but as another digit elsewhere.`;
  if (v.down == null) {
    if (v.letter != null) return `At ${place(v.row, v.col)}, ${misread}`;
    return `Empty cell at ${place(v.row, v.col)}.`;
  }
  const run = `The ${v.down ? 'down' : 'across'} run of ${v.sum} at ${place(v.row, v.col)}`;
  if (v.letter != null) return `${run}: ${misread}`;
  if (v.repeated != null) return `${run} has the digit ${v.repeated} twice.`;
  return `${run} adds up to ${v.total}.`;
}

// Marks the cells a broken rule is about: a run's block and cells, an empty cell, a line.
function highlight(v) {
  if (shading()) {
    const { row_clues: rows, col_clues: cols } = game.data.puzzle;
    if (v.row != null) {
      cols.forEach((_, c) => mark(v.row, c, 'violation'));
      $(`row-clue-${v.row}`).classList.add('violation');
    } else {
      rows.forEach((_, r) => mark(r, v.col, 'violation'));
      $(`col-clue-${v.col}`).classList.add('violation');
    }
    return;
  }
  mark(v.row, v.col, 'violation');
  if (v.down != null) {
    for (const [r, c] of runCells(v.row, v.col, v.down === 1)) mark(r, c, 'violation');
  }
}

// ---- The timer: the time spent on the puzzle shown, stopped when it is solved ------------------

function startTimer() {
  stopTimer();
  delete $('timer').dataset.stopped;
  timer.started = Date.now();
  const show = () => {
    const seconds = Math.floor((Date.now() - timer.started) / 1000);
    $('timer').textContent = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  };
  show();
  timer.interval = setInterval(show, 1000);
}

function stopTimer() {
  if (timer.interval !== null) clearInterval(timer.interval);
  timer.interval = null;
}

function solved(text) {
  stopTimer();
  $('timer').dataset.stopped = '';
  setStatus(text, 'solved');
}

async function check() {
  busy(true);
  try {
    const report = await call('check', { id: game.data.id, answer: answer(), finish: $('finish').checked });
    marksChanged();
    if (report.solved) {
      solved('Solved! Every rule holds.');
    } else if (report.violations.length === 0) {
      setStatus('No broken rule so far, but the grid is not complete.', 'incomplete');
    } else {
      report.violations.forEach(highlight);
      $('violations').replaceChildren(...report.violations.map((v) => {
        const li = document.createElement('li');
        li.textContent = describe(v);
        return li;
      }));
      const n = report.violations.length;
      setStatus(`Not there yet: ${n} broken rule${n === 1 ? '' : 's'}, highlighted in red.`, 'violations');
    }
  } catch (error) {
    failed('Check', error);
  } finally {
    busy(false);
  }
}

async function hint() {
  busy(true);
  try {
    const h = await call('hint', { id: game.data.id, answer: answer() });
    marksChanged();
    $('hint-text').textContent = h.explanation;
    $('hint-text').dataset.kind = h.kind;
    if (h.kind === 'solved') {
      solved('Solved! Nothing left to hint.');
    } else if (h.kind === 'wrong') {
      for (const [r, c] of h.cells) mark(r, c, 'wrong');
    } else {
      for (const [r, c] of h.cells) mark(r, c, 'hint-cell');
      for (const [r, c] of h.clues || []) {
        if (shading()) {
          const clue = $(r >= game.data.puzzle.row_clues.length ? `col-clue-${c}` : `row-clue-${r}`);
          if (clue) clue.classList.add('hint-clue');
        } else {
          mark(r, c, 'hint-clue');
        }
      }
      if (h.placed && h.placed.length) pendingHint = h;
    }
    const level = h.level ? ` (${h.level})` : '';
    if (h.technique) $('hint-text').textContent = `${h.technique.replaceAll('_', ' ')}${level}: ${h.explanation}`;
  } catch (error) {
    failed('Hint', error);
  } finally {
    busy(false);
  }
}

function applyHint() {
  if (!pendingHint) return;
  for (const p of pendingHint.placed) setCell(p.row, p.col, p.value);
  marksChanged();
}

function reveal() {
  game.data.solution.forEach((row, r) => [...row].forEach((ch, c) => {
    if (shading() || ch !== '#') setCell(r, c, ch);
  }));
  marksChanged();
  setStatus('Solution revealed. Press Check to confirm it.', 'revealed');
}

function clearGrid() {
  for (let r = 0; r < game.cells.length; r++) {
    for (let c = 0; c < game.cells[0].length; c++) {
      setCell(r, c, '.');
      setNotes(r, c, []);
    }
  }
  marksChanged();
}

// The link that opens this puzzle again: its parameters and the seed, as sent when it was typed
// (a JSON number may have rounded it), else as answered (drawn seeds are below 2^53).
function permalink(data, seed) {
  const link = new URLSearchParams({ genre: data.genre, shape: data.shape, level: $('level').value, seed });
  return `${window.location.pathname}?${link}`;
}

function showInfo(data, seed) {
  const entries = [['Genre', game.genre.title], ['Shape', data.shape], ['Seed', seed], ['Made', game.madeIn], ['ID', data.id]];
  if (data.date) entries.splice(2, 0, ['Daily', data.date]);
  $('info').replaceChildren(...entries.flatMap(([k, v]) => {
    const dt = document.createElement('dt');
    dt.textContent = k;
    const dd = document.createElement('dd');
    dd.textContent = v;
    if (k === 'ID') dd.className = 'id';
    if (k === 'Made') dd.id = 'made-in';
    return [dt, dd];
  }));
  const link = permalink(data, seed);
  $('permalink').href = link;
  $('link-line').hidden = false;
  window.history.replaceState(null, '', link);
  $('rating-level').textContent = data.rating.level;
  $('rating-level').dataset.level = data.rating.level;
  // The score places the puzzle within its level's band, on a scale of 1.0 to 10.0.
  $('rating-score').textContent = `Score ${data.score.toFixed(1)} of 10`;
  const techniques = Object.entries(data.rating.techniques || {}).sort((a, b) => b[1] - a[1]);
  $('rating-techniques').replaceChildren(...techniques.map(([name, count]) => {
    const li = document.createElement('li');
    li.textContent = `${name.replaceAll('_', ' ')} × ${count}`;
    return li;
  }));
}

// A new puzzle from the menus (and the seed, when one is typed).
async function generate(event) {
  if (event) event.preventDefault();
  const params = { genre: $('genre').value, shape: $('shape').value, level: $('level').value };
  const seed = $('seed').value.trim();
  if (seed !== '') {
    if (!SEED.test(seed)) {
      setStatus('A seed is a whole number of up to 19 digits.', 'error');
      return;
    }
    params.seed = seed;
  }
  await play('generate', params, seed);
}

// Today's puzzle (or a date's) for the menus' genre, shape and level: the same for everyone.
async function daily(date) {
  const params = { genre: $('genre').value, shape: $('shape').value, level: $('level').value };
  if (date) params.date = date;
  await play('daily', params, '');
}

function failed(what, error) {
  if (isCancel(error)) setStatus(`${what} cancelled.`, 'cancelled');
  else setStatus(`${what} failed: ${error.message}`, 'error');
}

async function play(operation, params, typedSeed) {
  game = null;
  pendingHint = null;
  notes.clear();
  busy(true);
  setStatus(`Generating ${where()}…`, 'busy');
  try {
    const data = await call(operation, params);
    const genre = genres.get(data.genre);
    const cells = genre.board === 'shading'
      ? data.puzzle.row_clues.map(() => data.puzzle.col_clues.map(() => ({})))
      : parseGrid(data.puzzle.grid);
    game = { genre, data, cells, madeIn: where() };
    $('grid').replaceChildren(genre.board === 'shading' ? drawShading(data.puzzle, genre.title) : drawDigits(cells, genre.title));
    $('grid').dataset.board = genre.board;
    $('violations').replaceChildren();
    $('hint-text').textContent = 'Press Hint for the next deduction from your position.';
    delete $('hint-text').dataset.kind;
    $('how-text').textContent = howTo(genre);
    $('pencil-label').hidden = !PENCIL_BOARDS.has(genre.board);
    setPencil(false);
    showInfo(data, typedSeed || String(data.seed));
    const what = data.date ? `daily ${data.date}` : 'new';
    setStatus(`The ${what} ${data.rating.level} ${genre.title} ${data.shape}, made ${where()}. Good luck.`, 'playing');
    startTimer();
  } catch (error) {
    failed('Generation', error);
  } finally {
    busy(false);
  }
}

document.addEventListener('DOMContentLoaded', () => {
  if (window.crossOriginIsolated) engine.cell = new Int32Array(new SharedArrayBuffer(4));
  startWorker();
  loadGenres();
  for (const id of ['engine-server', 'engine-browser']) $(id).addEventListener('change', engineSwitched);
  $('cancel').addEventListener('click', cancel);
  $('controls').addEventListener('submit', generate);
  $('daily').addEventListener('click', () => daily());
  $('pencil').addEventListener('change', () => setPencil($('pencil').checked));
  $('check').addEventListener('click', check);
  $('hint').addEventListener('click', hint);
  $('apply-hint').addEventListener('click', applyHint);
  $('reveal').addEventListener('click', reveal);
  $('clear').addEventListener('click', clearGrid);
});
