// The play page's client: every puzzle fact comes from the API (/genres, /generate, /daily,
// /check, /hint), answered by the server or by the same engine in this browser (the WebAssembly
// package in a Web Worker, play-worker.js). The player is five classic scripts that
// sum-puzzle.js (the <sum-puzzle> element, which the play page uses too) loads in this order,
// sharing one global scope, before it imports the board kinds' modules; the element then calls
// startPlayer:
//   play-engine.js    where a call runs (the server or the browser) and cancelling it;
//   play-board.js     picks the drawing of the genre's board kind (one module per kind,
//                     board-<kind>.js) and holds what every board shares, the digit pad too;
//   play-progress.js  the time spent, undo and redo, and what the browser keeps (the game
//                     being played, the puzzles solved, the daily streak);
//   play-game.js      a puzzle's course: made, opened or resumed, shown, checked, hinted,
//                     revealed, printed, and what a failure says;
//   play.js           this file: the page's shared state, the status line, the menus, the
//                     permalink, and the wiring of the controls (startPlayer).
// A script uses another's functions and state only when called, so the order matters only for
// what runs at load (nothing here does). Nothing here knows a genre: its rules, controls, board
// kind, digits and pencil marks come from GET /genres, and a violation or a hint names its own
// places.
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
// Pencil marks: "row,col" to the candidate digits noted there.
const notes = new Map();
// The digit cell the pad writes in ({ r, c }), or null.
let selected = null;

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
