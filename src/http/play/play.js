// The play page's client: every puzzle fact comes from the API (/genres, /generate, /daily,
// /check, /hint); this file only draws the grid, reads the player's marks and shows what the API
// answered.
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

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers['content-type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const text = await response.text();
  let data = null;
  try { data = JSON.parse(text); } catch (_) { /* not JSON: report the text */ }
  if (!response.ok) {
    const detail = data && (data.detail || data.title);
    throw new Error(detail || `${response.status} ${text.slice(0, 200)}`);
  }
  return data;
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
    for (const genre of await api('GET', '/genres')) genres.set(genre.name, genre);
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
    const report = await api('POST', '/check', { id: game.data.id, answer: answer(), finish: $('finish').checked });
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
    setStatus(`Check failed: ${error.message}`, 'error');
  } finally {
    busy(false);
  }
}

async function hint() {
  busy(true);
  try {
    const h = await api('POST', '/hint', { id: game.data.id, answer: answer() });
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
    setStatus(`Hint failed: ${error.message}`, 'error');
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
  const entries = [['Genre', game.genre.title], ['Shape', data.shape], ['Seed', seed], ['ID', data.id]];
  if (data.date) entries.splice(2, 0, ['Daily', data.date]);
  $('info').replaceChildren(...entries.flatMap(([k, v]) => {
    const dt = document.createElement('dt');
    dt.textContent = k;
    const dd = document.createElement('dd');
    dd.textContent = v;
    if (k === 'ID') dd.className = 'id';
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
  const params = new URLSearchParams({ genre: $('genre').value, shape: $('shape').value, level: $('level').value });
  const seed = $('seed').value.trim();
  if (seed !== '') {
    if (!SEED.test(seed)) {
      setStatus('A seed is a whole number of up to 19 digits.', 'error');
      return;
    }
    params.set('seed', seed);
  }
  await play(`/generate?${params}`, seed);
}

// Today's puzzle (or a date's) for the menus' genre, shape and level: the same for everyone.
async function daily(date) {
  const params = new URLSearchParams({ genre: $('genre').value, shape: $('shape').value, level: $('level').value });
  if (date) params.set('date', date);
  await play(`/daily?${params}`, '');
}

async function play(path, typedSeed) {
  game = null;
  pendingHint = null;
  notes.clear();
  busy(true);
  setStatus('Generating…', 'busy');
  try {
    const data = await api('GET', path);
    const genre = genres.get(data.genre);
    const cells = genre.board === 'shading'
      ? data.puzzle.row_clues.map(() => data.puzzle.col_clues.map(() => ({})))
      : parseGrid(data.puzzle.grid);
    game = { genre, data, cells };
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
    setStatus(`The ${what} ${data.rating.level} ${genre.title} ${data.shape}. Good luck.`, 'playing');
    startTimer();
  } catch (error) {
    setStatus(`Could not generate: ${error.message}`, 'error');
  } finally {
    busy(false);
  }
}

document.addEventListener('DOMContentLoaded', () => {
  loadGenres();
  $('controls').addEventListener('submit', generate);
  $('daily').addEventListener('click', () => daily());
  $('pencil').addEventListener('change', () => setPencil($('pencil').checked));
  $('check').addEventListener('click', check);
  $('hint').addEventListener('click', hint);
  $('apply-hint').addEventListener('click', applyHint);
  $('reveal').addEventListener('click', reveal);
  $('clear').addEventListener('click', clearGrid);
});
