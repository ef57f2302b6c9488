// The play page's boards: drawing a genre's grid by its board kind (digits with sums, or
// shading with line clues), reading and setting the player's marks, pencil notes, and the words
// for a violation. Loaded before play.js, whose state (`$`, `game`, `notes`) they use when called.
'use strict';


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
