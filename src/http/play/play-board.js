// The play page's boards. Each board kind that GET /genres names (a genre's `board`) is drawn
// by its own script, board-<kind>.js, loaded after this one, which adds its drawing to
// BOARD_KINDS; this file picks the drawing by the kind and holds what every board shares:
// digit cells and their pencil notes (for the kinds whose cells take digits), moving between
// cells, and highlighting the places a violation or a hint names. Nothing here knows a genre:
// the digits a cell takes and whether it takes notes come from GET /genres, and a violation
// brings its own words and places. Loaded before play.js, whose state (`$`, `game`, `notes`)
// these functions use when called.
'use strict';

// The drawings, by board kind. `draw(puzzle, genre)` draws a puzzle object and gives the board:
// `table` (its element), `rows` and `cols` (the grid's size), `answer()` (the player's marks as
// answer rows), `setCell(r, c, value)` (a mark, as answers spell it), `focusable(r, c)` (what the
// arrow keys move to, or null) and `element(r, c)` (what shows a highlight at a place that a
// violation's or a hint's `cells` or `clues` name, or null: a clue outside the grid has a place
// just outside it, as the kind's script says).
const BOARD_KINDS = {};

// The board of `genre` with `puzzle` drawn.
function drawBoard(genre, puzzle) {
  const kind = BOARD_KINDS[genre.board];
  if (!kind) throw new Error(`this page has no drawing for a ${genre.board} board`);
  const board = kind.draw(puzzle, genre);
  // A grid to assistive technology: its rows and cells, moved through with the arrow keys.
  if (board.table.tagName === 'TABLE') board.table.setAttribute('role', 'grid');
  return board;
}

function place(r, c) { return `row ${r + 1}, column ${c + 1}`; }

function span(className, text) {
  const s = document.createElement('span');
  s.className = className;
  s.textContent = text;
  return s;
}

const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

// Moves the focus from (r, c) along (dr, dc) to the next cell the keyboard can reach.
function moveFocus(r, c, dr, dc) {
  const { rows, cols } = game.board;
  for (let i = r + dr, j = c + dc; i >= 0 && j >= 0 && i < rows && j < cols; i += dr, j += dc) {
    const target = game.board.focusable(i, j);
    if (target) { target.focus(); return; }
  }
}

// ---- Digit cells: a written digit, or the player's candidate notes --------------------------

// The digits the board's cells take: the board's own when it says (a caged grid of side N takes
// the first N), else the genre's (GET /genres `digits`).
function cellDigits() {
  return (game.board && game.board.digits) || game.genre.digits;
}

// A digit the board's cells take, as answers spell it; '' otherwise.
function digitOf(text) {
  const digit = text.toUpperCase();
  return digit.length === 1 && cellDigits().includes(digit) ? digit : '';
}

// Makes the table cell `td` at (r, c) a cell the player writes a digit in, named `label`.
function digitCell(td, r, c, label) {
  td.classList.add('digit-cell');
  const input = document.createElement('input');
  input.type = 'text';
  input.inputMode = 'numeric';
  // No maxLength: an on-screen keyboard could not type over a digit (digitInput keeps the one
  // typed last).
  input.autocomplete = 'off';
  input.id = `input-${r}-${c}`;
  input.dataset.row = r;
  input.dataset.col = c;
  input.setAttribute('aria-label', label);
  input.dataset.label = label;
  input.addEventListener('keydown', digitKey);
  input.addEventListener('input', digitInput);
  input.addEventListener('focus', () => select(r, c));
  const noted = document.createElement('span');
  noted.className = 'notes';
  noted.id = `notes-${r}-${c}`;
  // The notes are said by the cell's own label (setNotes).
  noted.setAttribute('aria-hidden', 'true');
  td.append(input, noted);
}

function digitKey(event) {
  const input = event.target;
  const r = Number(input.dataset.row);
  const c = Number(input.dataset.col);
  const digit = event.key.length === 1 ? digitOf(event.key) : '';
  if (ARROWS[event.key]) {
    event.preventDefault();
    moveFocus(r, c, ...ARROWS[event.key]);
  } else if ((event.key === 'p' || event.key === 'P') && game.genre.pencil_marks) {
    event.preventDefault();
    setPencil(!$('pencil').checked);
  } else if (digit) {
    event.preventDefault();
    enter(r, c, digit);
  } else if (['0', 'Backspace', 'Delete', ' '].includes(event.key)) {
    event.preventDefault();
    erase(r, c);
  } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey) {
    event.preventDefault();
  }
}

// On-screen keyboards (input events, no key events), pasting and autofill: the digit typed
// (the event's data, else the last digit of the value) is written over the cell's digit, or in
// pencil mode toggled as a note; a deletion erases.
function digitInput(event) {
  const input = event.target;
  const r = Number(input.dataset.row);
  const c = Number(input.dataset.col);
  const typed = [...(event.data || input.value)].map(digitOf).filter(Boolean);
  // What the cell showed before: enter() and erase() write the cell themselves.
  input.value = input.dataset.digit || '';
  if ((event.inputType || '').startsWith('delete')) erase(r, c);
  else if (typed.length) enter(r, c, typed[typed.length - 1]);
}

// The player enters `digit` at (r, c): a note in pencil mode, else the cell's digit.
function enter(r, c, digit) {
  if ($('pencil').checked && game.genre.pencil_marks) toggleNote(r, c, digit);
  else setDigit(r, c, digit);
  marksChanged();
}

// The player erases (r, c): its digit, or when it has none (in pencil mode) its notes.
function erase(r, c) {
  if (digitValue(r, c) === '.' && $('pencil').checked) setNotes(r, c, []);
  setDigit(r, c, '');
  marksChanged();
}

// The cell the digit pad writes in: the digit cell focused or tapped last.
function select(r, c) {
  for (const el of player.root.querySelectorAll('#grid .selected')) el.classList.remove('selected');
  selected = { r, c };
  $(`input-${r}-${c}`)?.parentElement.classList.add('selected');
}

// The digit written at (r, c), or '.' for none.
function digitValue(r, c) {
  return $(`input-${r}-${c}`).value || '.';
}

function setDigit(r, c, value) {
  const input = $(`input-${r}-${c}`);
  if (!input) return;
  input.value = digitOf(value);
  input.dataset.digit = input.value;
  // A written digit hides the cell's pencil marks; they come back when it is cleared.
  input.parentElement.classList.toggle('filled', input.value !== '');
}

// ---- Pencil marks: candidate digits noted in a cell, the player's alone ---------------------

function setPencil(on) {
  $('pencil').checked = on;
  $('pad-pencil').setAttribute('aria-pressed', String(on));
  $('puzzle-area').classList.toggle('pencil', on);
}

function setNotes(r, c, digits) {
  const key = `${r},${c}`;
  if (digits.length) notes.set(key, new Set(digits));
  else notes.delete(key);
  const shown = $(`notes-${r}-${c}`);
  if (!shown) return;
  const all = [...cellDigits()];
  // The notes as a square of the digits a cell takes: 3x3 for 1-9.
  shown.style.gridTemplateColumns = `repeat(${Math.ceil(Math.sqrt(all.length))}, 1fr)`;
  shown.replaceChildren(...all.map((d) => span('note', digits.includes(d) ? d : '')));
  shown.dataset.digits = all.filter((d) => digits.includes(d)).join('');
  const input = $(`input-${r}-${c}`);
  if (input) {
    const said = shown.dataset.digits ? `, pencil marks ${[...shown.dataset.digits].join(' ')}` : '';
    input.setAttribute('aria-label', input.dataset.label + said);
  }
}

function toggleNote(r, c, digit) {
  const noted = new Set(notes.get(`${r},${c}`) || []);
  if (noted.has(digit)) noted.delete(digit);
  else noted.add(digit);
  setNotes(r, c, [...noted]);
}

// ---- Every board ---------------------------------------------------------------------------

function answer() {
  return game.board.answer();
}

function setCell(r, c, value) {
  game.board.setCell(r, c, value);
}

function clearMarks(...classes) {
  for (const name of classes) {
    for (const el of player.root.querySelectorAll(`#grid .${name}`)) el.classList.remove(name);
  }
}

// Highlights the place (r, c) of a violation's or a hint's cells or clues.
function mark(r, c, className) {
  const el = game.board.element(r, c);
  if (el) el.classList.add(className);
}

// The marks changed (or a report came): old highlights go, and the position is recorded for
// undo and kept in the browser.
function marksChanged() {
  recordPosition();
  clearMarks('violation', 'hint-cell', 'hint-clue', 'wrong');
  $('violations').replaceChildren();
  pendingHint = null;
  $('apply-hint').disabled = true;
  if ($('status').dataset.state !== 'playing') setStatus('Playing.', 'playing');
}

// A violation says itself what it is and where (GET /check): its words, and the cells and the
// clues it is about.
function describe(v) {
  return v.message;
}

function highlight(v) {
  for (const [r, c] of [...v.cells, ...v.clues]) mark(r, c, 'violation');
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
