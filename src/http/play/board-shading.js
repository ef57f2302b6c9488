// The shading board (GET /genres `board: "shading"`): cells the player shades, numbered along
// the top and the left, with a clue right of each row and below each column. Places in a
// violation or a hint are grid cells, and a clue's place is where it is drawn, just outside the
// grid: a row's at [row, cols], a column's at [rows, col]. A module that sum-puzzle.js imports
// once play-board.js (a classic script, whose globals it uses) has loaded.
'use strict';

{
  // A click moves a cell on: unmarked, shaded, marked unshaded (a dot), unmarked again.
  const NEXT = { '.': '#', '#': '-', '-': '.' };
  const NAME = { '.': 'unmarked', '#': 'shaded', '-': 'unshaded' };

  function setShade(r, c, mark) {
    const button = $(`cell-${r}-${c}`);
    if (!button || !NAME[mark]) return;
    button.dataset.mark = mark;
    button.setAttribute('aria-label', `${place(r, c)}, ${NAME[mark]}`);
  }

  function index(n, what) {
    const td = document.createElement('td');
    td.className = 'index';
    td.textContent = n + 1;
    td.setAttribute('aria-label', `${what} ${n + 1} weighs ${n + 1}`);
    return td;
  }

  function clue(id, what, value) {
    const td = document.createElement('td');
    td.className = 'line-clue';
    td.id = id;
    td.textContent = value ?? '';
    td.setAttribute('aria-label', `${what} clue ${value ?? 'none'}`);
    return td;
  }

  function corner() {
    const td = document.createElement('td');
    td.className = 'corner';
    return td;
  }

  function shadeButton(r, c) {
    const button = document.createElement('button');
    button.type = 'button';
    button.id = `cell-${r}-${c}`;
    button.className = 'shade';
    button.dataset.row = r;
    button.dataset.col = c;
    button.dataset.mark = '.';
    button.setAttribute('aria-label', `${place(r, c)}, unmarked`);
    button.addEventListener('click', () => { setShade(r, c, NEXT[button.dataset.mark]); marksChanged(); });
    button.addEventListener('contextmenu', (event) => {
      event.preventDefault();
      setShade(r, c, button.dataset.mark === '-' ? '.' : '-');
      marksChanged();
    });
    button.addEventListener('keydown', (event) => {
      if (ARROWS[event.key]) { event.preventDefault(); moveFocus(r, c, ...ARROWS[event.key]); }
    });
    return button;
  }

  // The puzzle object: `row_clues` and `col_clues` (null for an absent clue).
  function draw(puzzle, genre) {
    const rows = puzzle.row_clues.length;
    const cols = puzzle.col_clues.length;
    const table = document.createElement('table');
    table.className = 'shading';
    table.setAttribute('aria-label', `${genre.title} grid`);
    const head = table.insertRow();
    head.append(corner(), ...puzzle.col_clues.map((_, c) => index(c, 'column')), corner());
    for (let r = 0; r < rows; r++) {
      const tr = table.insertRow();
      tr.append(index(r, 'row'));
      for (let c = 0; c < cols; c++) {
        const td = tr.insertCell();
        td.className = 'shade-cell';
        td.append(shadeButton(r, c));
      }
      tr.append(clue(`row-clue-${r}`, `row ${r + 1}`, puzzle.row_clues[r]));
    }
    const foot = table.insertRow();
    foot.append(corner(), ...puzzle.col_clues.map((value, c) => clue(`col-clue-${c}`, `column ${c + 1}`, value)), corner());
    return {
      table,
      rows,
      cols,
      answer: () => puzzle.row_clues.map((_, r) => puzzle.col_clues.map((__, c) => $(`cell-${r}-${c}`).dataset.mark).join('')),
      setCell: setShade,
      focusable: (r, c) => $(`cell-${r}-${c}`),
      element: (r, c) => {
        if (r < rows && c === cols) return $(`row-clue-${r}`);
        if (r === rows && c < cols) return $(`col-clue-${c}`);
        return $(`cell-${r}-${c}`);
      },
    };
  }

  BOARD_KINDS.shading = { draw };
}
