// The caged board (GET /genres `board: "caged"`): an N x N grid with boxes (bold lines), split
// into cages outlined by dashed lines inside the cell borders, each cage's sum small in its
// top-left cell; the player writes a digit of 1..N in every cell that is not given (10 to 16 as
// A to G, as answers write them). Clicking a cage's sum lists the combinations of different
// digits that make it, keeping those with the digits written in the cage. Places in a
// violation or a hint are grid cells: a cage's sum is in its first cell. A module
// that sum-puzzle.js imports once play-board.js (a classic script, whose global digit cells and
// BOARD_KINDS it uses) has loaded.
'use strict';

{
  // The usual box (rows, cols) of a side, as the puzzle object leaves it out.
  const BOXES = { 1: [1, 1], 4: [2, 2], 6: [2, 3], 9: [3, 3], 12: [3, 4], 16: [4, 4] };
  const DIGITS = '123456789ABCDEFG';

  // The digit characters of numbers 1..16 and back.
  const charOf = (n) => DIGITS[n - 1];
  const numberOf = (ch) => DIGITS.indexOf(ch.toUpperCase()) + 1;

  // The sets of `size` different digits of 1..side adding up to `sum`, each as its digits.
  function combinations(side, size, sum) {
    const found = [];
    const pick = (from, left, total, chosen) => {
      if (left === 0) {
        if (total === sum) found.push([...chosen]);
        return;
      }
      for (let d = from; d <= side && total + d <= sum; d++) {
        chosen.push(d);
        pick(d + 1, left - 1, total + d, chosen);
        chosen.pop();
      }
    };
    pick(1, size, 0, []);
    return found;
  }

  function draw(puzzle, genre) {
    const cells = puzzle.cages.flatMap((cage) => cage.cells);
    const side = 1 + Math.max(...cells.flat());
    const [boxRows, boxCols] = puzzle.box || BOXES[side] || [1, side];
    const givens = (puzzle.givens || []).map((row) => [...row]);
    const given = (r, c) => (givens[r] && givens[r][c] !== '.' ? givens[r][c] : null);
    const cageOf = Array.from({ length: side }, () => new Array(side).fill(-1));
    puzzle.cages.forEach((cage, k) => cage.cells.forEach(([r, c]) => { cageOf[r][c] = k; }));
    const same = (r, c, k) => r >= 0 && c >= 0 && r < side && c < side && cageOf[r][c] === k;
    // The cage's first cell in reading order holds its sum.
    const first = puzzle.cages.map((cage) => [...cage.cells].sort((a, b) => a[0] - b[0] || a[1] - b[1])[0]);

    const table = document.createElement('table');
    table.className = 'caged';
    table.dataset.side = side;
    table.setAttribute('aria-label', `${genre.title} grid`);
    for (let r = 0; r < side; r++) {
      const tr = table.insertRow();
      for (let c = 0; c < side; c++) {
        const td = tr.insertCell();
        td.id = `cell-${r}-${c}`;
        const k = cageOf[r][c];
        const cage = puzzle.cages[k];
        if (r % boxRows === 0) td.classList.add('box-top');
        if (c % boxCols === 0) td.classList.add('box-left');
        // The cage's outline: inset on the sides where the cage ends, reaching into the
        // neighbour where it goes on, so that the pieces meet.
        const outline = document.createElement('span');
        outline.className = 'cage-line';
        for (const [side_, dr, dc] of [['top', -1, 0], ['bottom', 1, 0], ['left', 0, -1], ['right', 0, 1]]) {
          if (!same(r + dr, c + dc, k)) outline.classList.add(`cage-${side_}`);
        }
        td.append(outline);
        const label = `${place(r, c)}, in a cage of ${cage.cells.length} adding up to ${cage.sum}`;
        if (first[k][0] === r && first[k][1] === c) {
          const sum = span('cage-sum', String(cage.sum));
          sum.title = 'Show the combinations';
          sum.addEventListener('click', () => showCombinations(td, cage));
          td.append(sum);
        }
        const fixed = given(r, c);
        if (fixed) {
          td.classList.add('given');
          td.append(span('given-digit', fixed));
          td.setAttribute('aria-label', `${label}, given ${fixed}`);
        } else {
          digitCell(td, r, c, label);
        }
      }
    }

    // The combinations of a cage's sum that hold every digit written in it, shown under its
    // first cell until the next click.
    function showCombinations(td, cage) {
      const shown = td.querySelector('.combos');
      if (shown) { shown.remove(); return; }
      const written = cage.cells.map(([r, c]) => given(r, c) || digitValue(r, c)).filter((d) => d !== '.').map(numberOf);
      const fitting = combinations(side, cage.cells.length, cage.sum)
        .filter((combo) => written.every((d) => combo.includes(d)));
      const text = fitting.length
        ? fitting.map((combo) => combo.map(charOf).join('')).join(' ')
        : 'none with the digits written';
      const list = span('combos', `${cage.sum} in ${cage.cells.length}: ${text}`);
      list.setAttribute('role', 'status');
      td.append(list);
    }

    const value = (r, c) => given(r, c) || digitValue(r, c);
    // A value as answers write it: a hint's placement may come as a number (10 for A).
    const asChar = (v) => (/^\d+$/.test(String(v)) && Number(v) > 9 ? charOf(Number(v)) : String(v));
    return {
      table,
      rows: side,
      cols: side,
      // The digits this grid's cells take: the first N of the genre's.
      digits: DIGITS.slice(0, side),
      answer: () => Array.from({ length: side }, (_, r) => Array.from({ length: side }, (_, c) => value(r, c)).join('')),
      setCell: (r, c, v) => { if (!given(r, c)) setDigit(r, c, asChar(v)); },
      focusable: (r, c) => $(`input-${r}-${c}`),
      element: (r, c) => $(`cell-${r}-${c}`),
    };
  }

  BOARD_KINDS.caged = { draw };
}
