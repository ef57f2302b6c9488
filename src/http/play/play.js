// The play page's client: every puzzle fact comes from the API (/genres, /generate, /daily,
// /check, /hint), answered by the server or by the same engine in this browser (the WebAssembly
// package in a Web Worker, play-worker.js). This file holds the page's state, its menus, status
// and timer, and wires the controls; play-engine.js makes the calls, play-board.js picks the
// drawing of the genre's board kind (one script per kind, board-<kind>.js) and holds what every
// board shares. They are classic scripts that sum-puzzle.js (the <sum-puzzle> element, which
// the play page uses too) loads in that order (engine, board, this one), sharing one global
// scope, before it imports the board kinds' modules; the element then calls startPlayer. Nothing
// here knows a genre: its rules, controls, board kind, digits and pencil marks come from
// GET /genres, and a violation or a hint names its own places.
'use strict';

// A seed the page sends: digits only. It is kept as typed (a string), since a JavaScript number
// rounds integers above 2^53 and the service takes seeds up to 2^63-1.
const SEED = /^[0-9]{1,19}$/;

// Where the player is drawn and what it was asked (startPlayer): the shadow root of the
// <sum-puzzle> element (sum-puzzle.js), its host element, the service's address, and the options
// its attributes give. One player per page.
const player = { root: document, host: null, base: new URL('/', window.location.href), options: {} };

const $ = (id) => player.root.getElementById(id);

// A DOM event on the element, for the host page: `started`, `checked`, `solved`.
function announce(type, detail) {
  if (player.host) player.host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}

// The registered genres by name, as GET /genres describes them.
const genres = new Map();
// The puzzle being played: its genre's description, the /generate response and the board drawn.
let game = null;
// The last /hint answer that can be applied (its placements).
let pendingHint = null;
// The last hint's sentence with its sums' values (cryptic Kakuro's letters decoded), shown when
// the player asks; null when there is none.
let hintValues = null;
// Pencil marks: "row,col" to the candidate digits noted there.
const notes = new Map();
// The timer: when the puzzle was shown, and the interval that shows the time spent.
const timer = { started: 0, interval: null };
// The digit cell the pad writes in ({ r, c }), or null.
let selected = null;
// Undo and redo: the positions played (answer rows and notes, as JSON), the last one shown,
// and the ones undone.
const history = { past: [], future: [] };
// Where the browser keeps the puzzle being played, so that a reload resumes it.
// (An embedded puzzle is kept under a key of its own: savedKey.)
const SAVED = 'sumpuzzles.play';

function savedKey() {
  return player.options.embedded ? `${SAVED}.embed.${player.options.query}` : SAVED;
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
  if (on) { $('undo').disabled = true; $('redo').disabled = true; } else undoButtons();
  $('cancel').hidden = !on;
}

// What the status says where the engine runs.
function where() {
  return engine.mode === 'browser' ? 'in the browser' : 'on the server';
}

function chosenGenre() {
  return genres.get($('genre').value);
}

// The shapes the genre makes when it lists them (GET /genres `shapes`), else the square shapes
// from its smallest side to its largest, and its default.
function shapesOf(genre) {
  if (genre.shapes) return [...genre.shapes];
  const shapes = [];
  for (let side = genre.min_side; side <= genre.max_side; side++) shapes.push(`${side}x${side}`);
  if (!shapes.includes(genre.default_shape)) shapes.push(genre.default_shape);
  return shapes;
}

// The levels the genre makes at the shape (GET /genres `shape_levels` when it lists the shape,
// else its `levels`), then `any`.
function levelsOf(genre, shape) {
  const listed = genre.shape_levels?.find((entry) => entry.shape === shape);
  return [...(listed ? listed.levels : genre.levels), 'any'];
}

// A level in words: `beyond_expert` reads "beyond expert".
function levelWords(level) {
  return level.replaceAll('_', ' ');
}

// The level a new puzzle of `shape` can ask for nearest a rating's `level`: itself, the shape's
// hardest for a puzzle rated beyond expert (a published one opened by its ID), or any level
// for a puzzle not rated.
function nearestLevel(genre, shape, level) {
  const levels = levelsOf(genre, shape).filter((l) => l !== 'any');
  if (levels.includes(level)) return level;
  return level === 'beyond_expert' ? levels[levels.length - 1] : 'any';
}

// The shape and level menus and the rules for the chosen genre.
function genreChanged(wantedShape) {
  const genre = chosenGenre();
  const shapes = shapesOf(genre);
  if (typeof wantedShape === 'string' && !shapes.includes(wantedShape)) shapes.push(wantedShape);
  const wanted = typeof wantedShape === 'string' ? wantedShape : genre.default_shape;
  $('shape').replaceChildren(...shapes.map((s) => new Option(s, s, s === wanted, s === wanted)));
  shapeChanged();
  showHowTo(genre);
}

// The level menu for the chosen shape, keeping the chosen level where the shape holds it.
function shapeChanged() {
  const genre = chosenGenre();
  const levels = levelsOf(genre, $('shape').value);
  const chosen = $('level').value;
  const level = levels.includes(chosen) ? chosen : levels[0];
  $('level').replaceChildren(...levels.map((l) => new Option(l, l, l === level, l === level)));
}

// The genre's rules and its board's controls, and the pencil-mark switch where cells take notes.
function showHowTo(genre) {
  $('how-text').textContent = `${genre.rules} ${genre.controls}`;
  $('pencil-label').hidden = !genre.pencil_marks;
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
  $('shape').addEventListener('change', shapeChanged);
  $('new').disabled = false;
  $('daily').disabled = false;
  openPermalink();
}

// A link such as /?genre=...&shape=...&level=...&seed=... opens that puzzle (with date=YYYY-MM-DD
// instead of a seed, that day's daily puzzle; /?puzzle=ID the puzzle of that ID); a page without
// one shows the genre's menus.
function openPermalink() {
  const link = new URLSearchParams(player.options.embedded ? player.options.query : window.location.search);
  const kept = savedGame(link);
  if (kept) {
    resume(kept);
    return;
  }
  if (link.has('puzzle')) {
    openPuzzle(link.get('puzzle'));
    return;
  }
  const genre = genres.get(link.get('genre'));
  if (!genre) {
    genreChanged();
    return;
  }
  $('genre').value = genre.name;
  genreChanged(link.get('shape') || undefined);
  if (player.options.embedded && !link.has('seed') && !link.has('date')) {
    // An element with a genre but no seed or date plays a random puzzle of it.
    const level = link.get('level');
    if (level && [...$('level').options].some((o) => o.value === level)) $('level').value = level;
    generate();
    return;
  }
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

// ---- The timer: the time spent on the puzzle shown, stopped when it is solved ------------------

// The timer from `elapsed` milliseconds already spent (a resumed puzzle's).
function startTimer(elapsed = 0) {
  stopTimer();
  delete $('timer').dataset.stopped;
  timer.started = Date.now() - elapsed;
  showTime(elapsed);
  timer.interval = setInterval(() => { showTime(Date.now() - timer.started); save(); }, 1000);
}

function showTime(elapsed) {
  const seconds = Math.floor(elapsed / 1000);
  $('timer').textContent = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function stopTimer() {
  if (timer.interval !== null) clearInterval(timer.interval);
  timer.interval = null;
}

function solved(text) {
  const first = game && game.solvedIn === undefined;
  if (first) game.solvedIn = Date.now() - timer.started;
  stopTimer();
  if (first) {
    announce('solved', { id: game.data.id, genre: game.data.genre, time: game.solvedIn, seconds: Math.round(game.solvedIn / 1000) });
    remember(game.data, game.solvedIn);
  }
  $('timer').dataset.stopped = '';
  save();
  setStatus(text, 'solved');
}

// Whether Check counts blank cells as mistakes: when the player asks, or when no cell is left
// unmarked. Mid-game, it reports only the rules the marks made so far break.
function checkFinish() {
  return $('finish').checked || !answer().some((row) => row.includes('.'));
}

async function check() {
  busy(true);
  try {
    const finish = checkFinish();
    const report = await call('check', { id: game.data.id, answer: answer(), finish });
    marksChanged();
    // An empty cell is a broken rule only when the grid is finished (a genre-neutral kind).
    const violations = report.violations.filter((v) => finish || v.kind !== 'empty');
    announce('checked', { id: game.data.id, solved: report.solved, violations: violations.length });
    if (report.solved) {
      solved('Solved! Every rule holds.');
    } else if (violations.length === 0) {
      setStatus('No broken rule so far, but the grid is not complete.', 'incomplete');
    } else {
      violations.forEach(highlight);
      $('violations').replaceChildren(...violations.map((v) => {
        const li = document.createElement('li');
        li.textContent = describe(v);
        return li;
      }));
      const n = violations.length;
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
  // A hint proves the solution unique first: on the hardest puzzles, seconds in the browser.
  setStatus(`Looking for a hint ${where()}…`, 'busy');
  try {
    const h = await call('hint', { id: game.data.id, answer: answer() });
    marksChanged();
    $('hint-text').textContent = h.explanation;
    $('hint-text').dataset.kind = h.kind;
    // Sums written in letters (cryptic Kakuro): the words say letters, their values only on
    // the player's asking.
    hintValues = h.explanation_values ? hintWords(h, h.explanation_values) : null;
    $('hint-values').hidden = !hintValues;
    if (h.kind === 'solved') {
      solved('Solved! Nothing left to hint.');
    } else if (h.kind === 'wrong') {
      for (const [r, c] of h.cells) mark(r, c, 'wrong');
    } else {
      for (const [r, c] of h.cells) mark(r, c, 'hint-cell');
      for (const [r, c] of h.clues) mark(r, c, 'hint-clue');
      if (h.placed && h.placed.length) pendingHint = h;
    }
    $('hint-text').textContent = hintWords(h, h.explanation);
  } catch (error) {
    if (browserWouldSearchFurther(error)) {
      setStatus('No hint from the server: this puzzle needs more search than it gives one request. '
        + 'The engine in this browser searches further: switch the Engine to “in the browser” and ask again.', 'error');
    } else {
      failed('Hint', error);
    }
  } finally {
    busy(false);
  }
}

// A hint's sentence, after its technique and level when it has them.
function hintWords(h, sentence) {
  const level = h.level ? ` (${h.level})` : '';
  return h.technique ? `${h.technique.replaceAll('_', ' ')}${level}: ${sentence}` : sentence;
}

// The hint's sentence with the sums' values, once the player asks for it.
function showHintValues() {
  if (!hintValues) return;
  $('hint-text').textContent = hintValues;
  $('hint-values').hidden = true;
}

function applyHint() {
  if (!pendingHint) return;
  for (const p of pendingHint.placed) setCell(p.row, p.col, p.value);
  marksChanged();
}

// Writes the solution's rows in (each cell takes what it takes: a mark on a cell that takes none,
// such as a block's `#`, leaves it as it is).
function reveal() {
  game.data.solution.forEach((row, r) => [...row].forEach((ch, c) => setCell(r, c, ch)));
  marksChanged();
  setStatus('Solution revealed. Press Check to confirm it.', 'revealed');
}

function clearGrid() {
  for (let r = 0; r < game.board.rows; r++) {
    for (let c = 0; c < game.board.cols; c++) {
      setCell(r, c, '.');
      setNotes(r, c, []);
    }
  }
  marksChanged();
}

// The link that opens this puzzle again: its parameters and the seed, as sent when it was typed
// (a JSON number may have rounded it), else as answered (drawn seeds are below 2^53).
function permalink(data, seed) {
  // A puzzle opened by its ID has no seed: its link names the ID.
  const link = new URLSearchParams(seed ? { genre: data.genre, shape: data.shape, level: $('level').value, seed } : { puzzle: data.id });
  return `${window.location.pathname}?${link}`;
}

function showInfo(data, seed) {
  const entries = [['Genre', game.genre.title], ['Shape', data.shape], ['Seed', seed], ['Made', game.madeIn], ['ID', data.id]];
  if (data.date) entries.splice(2, 0, ['Daily', data.date]);
  if (!seed) entries.splice(entries.findIndex(([k]) => k === 'Seed'), 1);
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
  $('link-line').hidden = player.options.embedded;
  $('print-line').hidden = player.options.embedded;
  if (!player.options.embedded) window.history.replaceState(null, '', link);
  // A puzzle opened by its ID is rated when it is opened; a rating that did not finish has no
  // level or score.
  // The level in words; the data attribute keeps its name.
  $('rating-level').textContent = data.rating.level ? levelWords(data.rating.level) : 'not rated';
  $('rating-level').dataset.level = data.rating.level || '';
  // The score places the puzzle within its level's band, on a scale of 1.0 to 10.0.
  $('rating-score').textContent = data.score == null ? '' : `Score ${data.score.toFixed(1)} of 10`;
  showRecord(data);
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

// The player's local date, YYYY-MM-DD: a daily puzzle follows it, not the server's clock.
function localDate() {
  const now = new Date();
  const two = (n) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

// Today's puzzle (by the player's date, or a date's) for the menus' genre, shape and level: the
// same for everyone on that date.
async function daily(date) {
  const params = { genre: $('genre').value, shape: $('shape').value, level: $('level').value };
  params.date = date && date !== 'today' ? date : localDate();
  await play('daily', params, '');
}

// Says that `what` failed. A problem's detail is written for a developer (it names budgets,
// fields and flags), so the kinds a player meets get a sentence of their own: the server busy
// (try again, or play in the browser) and a search longer than one request may take (for a new
// puzzle, `advice` says what to choose instead). Other failures (a link's malformed ID, say)
// keep the detail, which says what is wrong.
function failed(what, error, advice) {
  if (isCancel(error)) {
    setStatus(`${what} cancelled.`, 'cancelled');
    return;
  }
  const orBrowser = canSwitchToBrowser() ? ', or switch the Engine to “in the browser”' : '';
  const wait = error.retryAfter ? `in ${error.retryAfter} s` : 'in a moment';
  let words;
  switch (problemKind(error)) {
    case 'overloaded':
    case 'expired-in-queue':
    case 'too-many-connections':
    case 'shutting-down':
      words = `the server is busy right now. Try again ${wait}${orBrowser}.`;
      break;
    case 'rate-limited':
    case 'client-busy':
      words = `this device has asked the server for a lot in a short time. Try again ${wait}${orBrowser}.`;
      break;
    case 'deadline-exceeded':
      words = `the server stopped at its time limit. Try again${orBrowser}.`;
      break;
    case 'budget-exhausted':
      words = `this needs more search than the server gives one request.${advice ? ` ${advice}` : ''}`;
      break;
    default:
      setStatus(`${what} failed: ${error.message}`, 'error');
      return;
  }
  setStatus(`${what} failed: ${words}`, 'error');
}

async function play(operation, params, typedSeed) {
  // An embedded puzzle never ships its solution to the page: the engine checks and hints.
  if (player.options.embedded) params.solution = false;
  game = null;
  pendingHint = null;
  busy(true);
  setStatus(`Generating ${where()}…`, 'busy');
  try {
    const data = await call(operation, params);
    show({ data, seed: typedSeed || String(data.seed), madeIn: where(), level: $('level').value });
    const what = data.date ? `daily ${data.date}` : 'new';
    setStatus(`The ${what} ${data.rating.level} ${game.genre.title} ${data.shape}, made ${where()}. Good luck.`, 'playing');
    startTimer();
    save();
    announce('started', { id: data.id, genre: data.genre, shape: data.shape, level: data.rating.level });
  } catch (error) {
    const daily = operation === 'daily';
    failed(daily ? 'The daily puzzle' : 'Generation', error,
      `Try ${daily ? '' : 'another seed, '}an easier level or a smaller shape.`);
  } finally {
    busy(false);
  }
}

// The puzzle of an ID (a <sum-puzzle puzzle="..."> element, a /?puzzle=... link): its forms
// (/format) and its rating (/rate), asked of the engine, drawn as a generated puzzle is, with
// no solution.
async function openPuzzle(id) {
  game = null;
  pendingHint = null;
  // The menus (hidden in an embedded puzzle) show the first genre until the puzzle's is known.
  genreChanged();
  busy(true);
  setStatus(`Opening the puzzle ${where()}…`, 'busy');
  try {
    const forms = await call('format', { id });
    const rating = await call('rate', { id });
    const data = { ...forms, rating, score: rating.score, level: rating.level };
    // The menus say the puzzle's genre, (once drawn) shape and level: the rating's, or the
    // nearest a new puzzle can ask for.
    $('genre').value = data.genre;
    genreChanged();
    show({ data, seed: '', madeIn: where(), level: '' });
    genreChanged(data.shape);
    $('level').value = nearestLevel(game.genre, data.shape, rating.level);
    game.level = $('level').value;
    const level = rating.level ? `${levelWords(rating.level)} ` : '';
    setStatus(`The ${level}${game.genre.title} ${data.shape}. Good luck.`, 'playing');
    startTimer();
    save();
    announce('started', { id: data.id, genre: data.genre, shape: data.shape, level: rating.level });
  } catch (error) {
    failed('Opening the puzzle', error);
  } finally {
    busy(false);
  }
}

// Draws the puzzle of `saved` (a /generate or /daily answer, its seed, where it was made and
// the Level menu's choice) with an empty position; the game it plays is `game`.
function show(saved) {
  const { data } = saved;
  const genre = genres.get(data.genre);
  notes.clear();
  selected = null;
  const board = drawBoard(genre, data.puzzle);
  // A puzzle opened by its ID (/format) has its shape in its board.
  if (!data.shape) data.shape = `${board.rows}x${board.cols}`;
  game = { genre, data, board, madeIn: saved.madeIn, seed: saved.seed, level: saved.level };
  $('grid').replaceChildren(board.table);
  $('grid').dataset.board = genre.board;
  // The board's columns (its table's, clues and indexes included), for cells that fit the screen.
  const columns = board.table.rows?.[0]?.cells.length || board.cols;
  $('grid').style.setProperty('--cols', String(columns));
  $('violations').replaceChildren();
  $('hint-text').textContent = 'Press Hint for the next deduction from your position.';
  delete $('hint-text').dataset.kind;
  hintValues = null;
  $('hint-values').hidden = true;
  showHowTo(genre);
  showPad();
  setPencil(false);
  showInfo(data, saved.seed);
  $('reveal').hidden = !data.solution;
  history.past = [position()];
  history.future = [];
  undoButtons();
}

// ---- Print: this puzzle, or N like it, as a PDF from the server's POST /booklet ---------------

// The page size a home printer has: US Letter where it is the custom, else A4.
function homeTrim() {
  const region = (() => { try { return new Intl.Locale(navigator.language).maximize().region; } catch (_) { return ''; } })();
  return ['US', 'CA', 'MX', 'PH', 'CL', 'CO', 'VE'].includes(region) ? 'letter' : 'a4';
}

// Asks /booklet for a PDF (its fields in the query string, so that a seed beyond 2^53 stays
// exact) and hands it to the browser as a download named `name`.
async function printPdf(fields, name) {
  setStatus('Making the PDF on the server…', 'busy');
  try {
    const target = new URL(`/booklet?${new URLSearchParams(fields)}`, player.base);
    const response = await fetch(target, { method: 'POST' });
    if (!response.ok) {
      const problem = await response.json().catch(() => ({}));
      throw problemError(problem, `${response.status}`, response);
    }
    const link = document.createElement('a');
    link.href = URL.createObjectURL(await response.blob());
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
    setStatus(`${name} is ready: print it from your PDF viewer.`, 'playing');
  } catch (error) {
    failed('Printing', error);
  }
}

// This puzzle alone on a sheet, by its ID.
function printThis() {
  if (game) printPdf({ puzzles: game.data.id, format: 'sheet', trim: homeTrim() }, 'puzzle.pdf');
}

// This puzzle and the next seeds' of its genre, shape and level: a sheet with the solutions. A
// puzzle opened by its ID has no seed (the server draws the sheet's) and may be rated beyond
// what a generation can ask for (the nearest level is asked).
function printMore() {
  if (!game) return;
  const { data } = game;
  const count = Math.min(100, Math.max(1, Math.round(Number($('print-count').value)) || 1));
  const fields = { genre: data.genre, shape: data.shape, level: nearestLevel(game.genre, data.shape, data.rating.level),
    count, format: 'sheet', solutions: 'true', trim: homeTrim() };
  if (game.seed) fields.seed = game.seed;
  printPdf(fields, `${count}-puzzles.pdf`);
}

// ---- The position: undo and redo, kept in the browser -----------------------------------------

// The position shown: the answer rows and the notes, as JSON.
function position() {
  const noted = Object.fromEntries([...notes].map(([key, digits]) => [key, [...digits].join('')]));
  return JSON.stringify({ answer: answer(), notes: noted });
}

// Shows a position, as position() spelled it.
function restore(text) {
  const { answer: rows, notes: noted } = JSON.parse(text);
  rows.forEach((row, r) => [...row].forEach((mark, c) => setCell(r, c, mark)));
  for (const key of [...notes.keys()]) {
    const [r, c] = key.split(',').map(Number);
    setNotes(r, c, []);
  }
  for (const [key, digits] of Object.entries(noted)) {
    const [r, c] = key.split(',').map(Number);
    setNotes(r, c, [...digits]);
  }
}

// A new position after the player's move, unless it is the one shown.
function recordPosition() {
  if (!game) return;
  const now = position();
  if (history.past[history.past.length - 1] === now) return;
  history.past.push(now);
  history.future = [];
  undoButtons();
  save();
}

function undo() {
  if (!game || history.past.length < 2) return;
  history.future.push(history.past.pop());
  moved();
}

function redo() {
  if (!game || history.future.length === 0) return;
  history.past.push(history.future.pop());
  moved();
}

function moved() {
  restore(history.past[history.past.length - 1]);
  marksChanged();
  undoButtons();
  save();
}

function undoButtons() {
  $('undo').disabled = !game || history.past.length < 2;
  $('redo').disabled = !game || history.future.length === 0;
}

// Keeps the puzzle, its position and its time in the browser (a full or private storage only
// loses the resume).
function save() {
  if (!game) return;
  const elapsed = game.solvedIn ?? Date.now() - timer.started;
  const kept = { data: game.data, seed: game.seed, madeIn: game.madeIn, level: game.level,
    position: history.past[history.past.length - 1], elapsed, solved: game.solvedIn !== undefined };
  try { localStorage.setItem(savedKey(), JSON.stringify(kept)); } catch (_) { /* no storage */ }
}

// The puzzle kept in the browser, when its genre is still served and `link` (the address's
// query) opens no other puzzle.
function savedGame(link) {
  let kept = null;
  try { kept = JSON.parse(localStorage.getItem(savedKey())); } catch (_) { return null; }
  if (!kept || !kept.data || !genres.has(kept.data.genre)) return null;
  if (link.toString() === '') return kept;
  const same = link.get('puzzle') === kept.data.id || (link.get('genre') === kept.data.genre && link.get('shape') === kept.data.shape
    && (link.get('seed') === kept.seed || (kept.data.date && link.get('date') === kept.data.date)));
  return same ? kept : null;
}

// Resumes a kept puzzle: its menus, position and time.
function resume(kept) {
  $('genre').value = kept.data.genre;
  genreChanged(kept.data.shape);
  if ([...$('level').options].some((o) => o.value === kept.level)) $('level').value = kept.level;
  show(kept);
  restore(kept.position);
  history.past = [kept.position];
  if (kept.solved) {
    game.solvedIn = kept.elapsed;
    showTime(kept.elapsed);
    solved('Solved! Every rule holds.');
  } else {
    startTimer(kept.elapsed);
    const level = kept.data.rating.level ? `${levelWords(kept.data.rating.level)} ` : '';
    setStatus(`Resumed: the ${level}${game.genre.title} ${kept.data.shape}.`, 'playing');
  }
  busy(false);
}

// ---- The record: puzzles solved, and the daily streak, kept in the browser ----------------------

// Where the browser keeps them: { solved: { id: { on: date, ms } }, dailies: [dates] }, the
// dailies being the daily puzzles' dates solved on their own date (the player's local date).
const RECORD = 'sumpuzzles.record';
// The solved puzzles kept: the oldest go first.
const RECORD_SOLVED = 500;

function record() {
  try {
    const kept = JSON.parse(localStorage.getItem(RECORD));
    if (kept && typeof kept.solved === 'object' && Array.isArray(kept.dailies)) return kept;
  } catch (_) { /* no storage, or not ours */ }
  return { solved: {}, dailies: [] };
}

// A puzzle solved in `ms`: remembered, and a daily puzzle solved on its own date kept for the
// streak.
function remember(data, ms) {
  const kept = record();
  const today = localDate();
  if (!kept.solved[data.id]) kept.solved[data.id] = { on: today, ms };
  const ids = Object.keys(kept.solved);
  for (const id of ids.slice(0, Math.max(0, ids.length - RECORD_SOLVED))) delete kept.solved[id];
  if (data.date === today && !kept.dailies.includes(today)) kept.dailies = [...kept.dailies, today].slice(-400);
  try { localStorage.setItem(RECORD, JSON.stringify(kept)); } catch (_) { /* no storage */ }
  showRecord(data);
}

// The date `days` before YYYY-MM-DD, as YYYY-MM-DD (calendar days, whatever the clock's zone).
function daysBefore(date, days) {
  const [y, m, d] = date.split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d - days));
  return day.toISOString().slice(0, 10);
}

// The days in a row, up to today, on which the day's daily puzzle was solved; a streak whose
// last day is yesterday still counts (today's is not solved yet).
function dailyStreak(dailies) {
  const solved = new Set(dailies);
  const today = localDate();
  let day = solved.has(today) ? today : daysBefore(today, 1);
  let streak = 0;
  while (solved.has(day)) {
    streak += 1;
    day = daysBefore(day, 1);
  }
  return streak;
}

// Whether this puzzle was solved before (when, in what time), and the daily streak.
function showRecord(data) {
  const kept = record();
  const before = kept.solved[data.id];
  const time = before ? `${Math.floor(before.ms / 60000)}:${String(Math.floor(before.ms / 1000) % 60).padStart(2, '0')}` : '';
  $('solved-before').textContent = before ? `You solved this puzzle on ${before.on} in ${time}.` : '';
  $('solved-before').hidden = !before;
  const streak = dailyStreak(kept.dailies);
  $('streak').textContent = streak ? `Daily streak: ${streak} day${streak === 1 ? '' : 's'} in a row.` : '';
  $('streak').hidden = streak === 0;
}

// ---- The digit pad: tap a cell, then a digit --------------------------------------------------

// The pad's digits are the ones the board's cells take (cellDigits: a caged grid of side N the
// first N, else the genre's, GET /genres `digits`); a genre whose cells take none has no pad,
// and one without pencil marks no pencil key. More than ten keys go in two rows.
function showPad() {
  const digits = [...cellDigits()];
  $('pad').hidden = digits.length === 0;
  $('pad-pencil').hidden = !game.genre.pencil_marks;
  const perRow = digits.length > 10 ? Math.ceil(digits.length / 2) : digits.length;
  $('pad-digits').style.setProperty('--keys', String(perRow || 1));
  $('pad-digits').replaceChildren(...digits.map((d) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'pad-digit';
    button.dataset.digit = d;
    button.textContent = d;
    button.setAttribute('aria-label', `write ${d}`);
    return button;
  }));
}

function padPressed(event) {
  const button = event.target.closest('button');
  if (!button || !game) return;
  if (button.id === 'pad-pencil') { setPencil(!$('pencil').checked); return; }
  if (!selected) { setStatus('Tap a cell first, then a digit.', 'playing'); return; }
  const { r, c } = selected;
  if (button.id === 'pad-erase') erase(r, c);
  else if (button.dataset.digit) enter(r, c, button.dataset.digit);
}

// Starts the player in `root` (the element's shadow root, holding the player's markup), for the
// element `host`, calling the service at `base`; `options.embedded` (a puzzle named by the
// element's attributes, as the query `options.query` spells them: no menus, no permalink,
// solution=false) or the play page's full player (menus, permalinks).
function startPlayer(root, host, base, options) {
  Object.assign(player, { root, host, base, options });
  $('controls').hidden = Boolean(options.embedded);
  // The play page loads offline once visited (sw.js); an embedded puzzle leaves the host's
  // page to the host.
  if (!options.embedded && 'serviceWorker' in navigator) {
    navigator.serviceWorker.register(new URL('/sw.js', base)).catch(() => { /* no offline page */ });
  }
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
  $('hint-values').addEventListener('click', showHintValues);
  $('reveal').addEventListener('click', reveal);
  $('print-one').addEventListener('click', printThis);
  $('print-more').addEventListener('click', printMore);
  $('print-count').addEventListener('input', () => { $('print-more-count').textContent = $('print-count').value; });
  $('clear').addEventListener('click', clearGrid);
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('pad').addEventListener('click', padPressed);
  // A tap on the pad keeps the cell's focus (and a phone's keyboard as it was).
  $('pad').addEventListener('mousedown', (event) => event.preventDefault());
  document.addEventListener('keydown', (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) { event.preventDefault(); undo(); }
    if ((key === 'z' && event.shiftKey) || key === 'y') { event.preventDefault(); redo(); }
  });
}
