// The play page's game: a puzzle's course, from the menus, a link, an ID or the browser's
// keeping to the board drawn (show), then Check, Hint, Apply hint, Reveal and Clear, printing it,
// and what the status says when a call fails. A classic script of the player (see play.js for
// the order the element loads them in), using the state play.js holds when called.
'use strict';

// The last /hint answer that can be applied (its placements).
let pendingHint = null;
// The last hint's sentence with its sums' values (cryptic Kakuro's letters decoded), shown when
// the player asks; null when there is none.
let hintValues = null;

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
