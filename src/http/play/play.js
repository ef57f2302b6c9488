// The play page's client: every puzzle fact comes from the API (/genres, /generate, /check, /hint);
// this file only draws the grid, reads the player's marks and shows what the API answered.
'use strict';

// The shapes offered, within each genre's limits (GET /genres), plus the genre's default.
const SHAPES = ['4x4', '5x5', '6x6', '7x7', '8x8', '9x9', '10x10', '12x12'];
// How the page is played, by the board kind a genre names (GET /genres): the rules come from
// the genre, the controls from the board.
const CONTROLS = {
  digits: 'Type digits; Backspace, Delete or 0 clears; the arrow keys move.',
  shading: 'Click a cell to shade it, again to mark it unshaded (a dot), again to clear it; Space does the same.',
};

const $ = (id) => document.getElementById(id);

// The registered genres by name, as GET /genres describes them.
const genres = new Map();
// The puzzle being played: its genre's description, the /generate response and the cells drawn.
let game = null;
// The last /hint answer that can be applied (its placements).
let pendingHint = null;

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
  for (const id of ['new', 'check', 'hint', 'reveal', 'clear']) {
    $(id).disabled = on || (id !== 'new' && !game);
  }
  $('apply-hint').disabled = on || !pendingHint;
}

function chosenGenre() {
  return genres.get($('genre').value);
}

// The shape and level menus and the rules for the chosen genre.
function genreChanged() {
  const genre = chosenGenre();
  const fits = (shape) => shape.split('x').map(Number).every((side) => side >= genre.min_side && side <= genre.max_side);
  const shapes = SHAPES.filter(fits);
  if (!shapes.includes(genre.default_shape)) shapes.push(genre.default_shape);
  const wanted = genre.default_shape;
  $('shape').replaceChildren(...shapes.map((s) => new Option(s, s, s === wanted, s === wanted)));
  const level = $('level').value || genre.levels[0];
  const levels = [...genre.levels, 'any'];
  $('level').replaceChildren(...levels.map((l) => new Option(l, l, l === level, l === level)));
  $('how-text').textContent = howTo(genre);
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
  genreChanged();
  $('genre').addEventListener('change', genreChanged);
  $('new').disabled = false;
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
      td.append(input);
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
  } else if (/^[1-9]$/.test(event.key)) {
    event.preventDefault();
    input.value = event.key;
    marksChanged();
  } else if (['0', 'Backspace', 'Delete', ' '].includes(event.key)) {
    event.preventDefault();
    input.value = '';
    marksChanged();
  } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey) {
    event.preventDefault();
  }
}

// Pasting, autofill and on-screen keyboards: keep the last digit 1-9 typed.
function digitInput(event) {
  const digits = event.target.value.replace(/[^1-9]/g, '');
  event.target.value = digits.slice(-1);
  marksChanged();
}

function digitAnswer() {
  return game.cells.map((row, r) => row.map((cell, c) => {
    if (cell.block) return '#';
    return $(`input-${r}-${c}`).value || '.';
  }).join(''));
}

function setDigit(r, c, value) {
  const input = $(`input-${r}-${c}`);
  if (input) input.value = /^[1-9]$/.test(value) ? value : '';
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

async function check() {
  busy(true);
  try {
    const report = await api('POST', '/check', { id: game.data.id, answer: answer(), finish: $('finish').checked });
    marksChanged();
    if (report.solved) {
      setStatus('Solved! Every rule holds.', 'solved');
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
      setStatus('Solved! Nothing left to hint.', 'solved');
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
    for (let c = 0; c < game.cells[0].length; c++) setCell(r, c, '.');
  }
  marksChanged();
}

function showInfo(data) {
  const entries = [['Genre', game.genre.title], ['Shape', data.shape], ['Seed', data.seed], ['ID', data.id]];
  $('info').replaceChildren(...entries.flatMap(([k, v]) => {
    const dt = document.createElement('dt');
    dt.textContent = k;
    const dd = document.createElement('dd');
    dd.textContent = v;
    if (k === 'ID') dd.className = 'id';
    return [dt, dd];
  }));
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

async function generate(event) {
  event.preventDefault();
  const params = new URLSearchParams({ genre: $('genre').value, shape: $('shape').value, level: $('level').value });
  if ($('seed').value !== '') params.set('seed', $('seed').value);
  game = null;
  pendingHint = null;
  busy(true);
  setStatus('Generating…', 'busy');
  try {
    const data = await api('GET', `/generate?${params}`);
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
    showInfo(data);
    setStatus(`New ${data.rating.level} ${genre.title} ${data.shape}. Good luck.`, 'playing');
  } catch (error) {
    setStatus(`Could not generate: ${error.message}`, 'error');
  } finally {
    busy(false);
  }
}

document.addEventListener('DOMContentLoaded', () => {
  loadGenres();
  $('controls').addEventListener('submit', generate);
  $('check').addEventListener('click', check);
  $('hint').addEventListener('click', hint);
  $('apply-hint').addEventListener('click', applyHint);
  $('reveal').addEventListener('click', reveal);
  $('clear').addEventListener('click', clearGrid);
});
