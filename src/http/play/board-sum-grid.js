// The sum grid board (GET /genres `board: "sum_grid"`): blocks, some of them holding the sums of
// the runs of white cells right of and below them, and white cells that take a digit (a white
// cell may show a token, such as a letter). Places in a violation or a hint are grid cells: a
// run's sum is in its block. A module that sum-puzzle.js imports once play-board.js (a classic
// script, whose global digit cells and BOARD_KINDS it uses) has loaded.
'use strict';

{
  // The puzzle object's `grid`, one space-separated token per cell: `#` a plain block, `D/A` a
  // block holding sums (the down sum before the slash, the across sum after; either may be
  // empty), `.` a white cell, any other token a white cell showing it.
  function read(grid) {
    return grid.map((line) => line.trim().split(/\s+/).map((token) => {
      if (token === '#') return { block: true };
      if (token.includes('/')) {
        const [down, across] = token.split('/');
        return { block: true, down: down || null, across: across || null };
      }
      return { block: false, shown: token === '.' ? null : token };
    }));
  }

  function drawBlock(td, cell, r, c) {
    td.className = 'block';
    if (!cell.down && !cell.across) return;
    td.classList.add('clue');
    // Said as "row 1, column 2: across sum 17, down sum 10", shown as the two numbers.
    td.append(span('said', `${place(r, c)}: `));
    if (cell.across) td.append(span('said', 'across sum '), span('across', cell.across));
    if (cell.across && cell.down) td.append(span('said', ', '));
    if (cell.down) td.append(span('said', 'down sum '), span('down', cell.down));
  }

  // What a screen reader says of a white cell's runs: the sums in the blocks before it.
  function sumsOf(cells, r, c) {
    let across = c - 1;
    while (across >= 0 && !cells[r][across].block) across--;
    let down = r - 1;
    while (down >= 0 && !cells[down][c].block) down--;
    const sums = [];
    if (across >= 0 && cells[r][across].across) sums.push(`across sum ${cells[r][across].across}`);
    if (down >= 0 && cells[down][c].down) sums.push(`down sum ${cells[down][c].down}`);
    return sums.length ? `, ${sums.join(', ')}` : '';
  }

  function draw(puzzle, genre) {
    const cells = read(puzzle.grid);
    const table = document.createElement('table');
    table.className = 'sum-grid';
    table.setAttribute('aria-label', `${genre.title} grid`);
    cells.forEach((row, r) => {
      const tr = table.insertRow();
      row.forEach((cell, c) => {
        const td = tr.insertCell();
        td.id = `cell-${r}-${c}`;
        if (cell.block) {
          drawBlock(td, cell, r, c);
          return;
        }
        td.className = 'white';
        if (cell.shown) td.append(span('shown', cell.shown));
        digitCell(td, r, c, place(r, c) + (cell.shown ? `, showing ${cell.shown}` : '') + sumsOf(cells, r, c));
      });
    });
    return {
      table,
      rows: cells.length,
      cols: cells[0].length,
      answer: () => cells.map((row, r) => row.map((cell, c) => (cell.block ? '#' : digitValue(r, c))).join('')),
      setCell: setDigit,
      focusable: (r, c) => $(`input-${r}-${c}`),
      element: (r, c) => $(`cell-${r}-${c}`),
    };
  }

  BOARD_KINDS.sum_grid = { draw };
}
