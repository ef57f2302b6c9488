// The play page on a phone (390x844, touch, taps only: the digit pad, notes, undo, redo, a
// reload that resumes, the board's measures up to 16x16) and from the keyboard alone
// (1280x900), light and dark, audited.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { axeAudit, expect, fail, generate, newPuzzle, openPage, root, shot, whiteCells } from './harness.mjs';

// ---- A phone: 390x844, touch, taps only -------------------------------------------------------

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

// Taps a cell, then a key of the digit pad.
async function padWrite(page, r, c, key) {
  await page.tap(`#input-${r}-${c}`);
  await page.tap(key === 'erase' ? '#pad-erase' : `#pad-digits button[data-digit="${key}"]`);
}

// The board's measures in the page: every cell square, every clue's text inside its cell, the
// board's right edge, and whether the grid pans.
async function boardMeasures(page) {
  return page.evaluate(() => {
    const cells = [...player.root.querySelectorAll('#grid td')].map((td) => td.getBoundingClientRect());
    const squares = cells.every((r) => Math.abs(r.width - r.height) <= 1);
    const outside = [...player.root.querySelectorAll('#grid td.clue .across, #grid td.clue .down')].filter((span) => {
      const box = span.getBoundingClientRect();
      const cell = span.parentElement.getBoundingClientRect();
      return box.left < cell.left || box.right > cell.right || box.top < cell.top || box.bottom > cell.bottom || box.width === 0;
    }).map((span) => `${span.parentElement.id}: ${span.textContent}`);
    const table = player.root.querySelector('#grid table').getBoundingClientRect();
    const grid = player.root.querySelector('#grid');
    const clue = player.root.querySelector('#grid td.clue .across, #grid td.clue .down');
    return { squares, outside, right: table.right, top: table.top, cell: cells[0].width,
      pans: grid.scrollWidth > grid.clientWidth, clueFont: parseFloat(getComputedStyle(clue).fontSize) };
  });
}

// Whether the element lies inside the viewport as the page is (no scrolling).
async function inView(page, selector) {
  return page.$eval(selector, (el) => {
    const box = el.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight && box.left >= 0 && box.right <= window.innerWidth;
  });
}

async function phoneNewPuzzle(page, params, press = 'tap') {
  await page.selectOption('#genre', params.genre);
  await page.selectOption('#shape', params.shape);
  await page.selectOption('#level', params.level);
  await page.fill('#seed', String(params.seed));
  await page[press]('#new');
  await page.waitForSelector('#status[data-state=playing]');
  await page.waitForSelector('#grid table');
  await page.evaluate(() => window.scrollTo(0, 0));
}

// A Kakuro 8x8 solved from the digit pad, with overwriting (pad and on-screen keyboard), pencil
// notes written and cleared from the pad and the keyboard, undo and redo, a mid-game Check, a
// hint read without scrolling, and a reload that resumes the puzzle, its digits, notes and time.
export async function phoneRound(browser, base) {
  const { page, problems, close } = await openPage(browser, base, { options: PHONE });
  const params = { genre: 'kakuro', shape: '8x8', level: 'easy', seed: 7 };
  const expected = await generate(base, params);
  await phoneNewPuzzle(page, params);
  expect((await page.textContent('#info .id')) === expected.id, 'phone: another puzzle than /generate gives');
  const white = whiteCells(expected.solution);
  let m = await boardMeasures(page);
  expect(m.squares, 'phone: the 8x8 cells are not square');
  expect(m.right <= 390, `phone: the 8x8 board ends at x=${m.right}`);
  expect(m.top < 120, `phone: the board starts ${m.top} px down`);
  expect(m.outside.length === 0, `phone: clues outside their cells: ${m.outside.join(', ')}`);

  // Overwrite from the pad, then from an on-screen keyboard (an input event, no key event).
  const [r0, c0, d0] = white[0];
  const other = String((Number(d0) % 9) + 1);
  await padWrite(page, r0, c0, other);
  expect((await page.inputValue(`#input-${r0}-${c0}`)) === other, 'phone: the pad did not write a digit');
  await page.tap(`#pad-digits button[data-digit="${d0}"]`);
  expect((await page.inputValue(`#input-${r0}-${c0}`)) === d0, 'phone: the pad did not overwrite a digit');
  await page.tap(`#input-${r0}-${c0}`);
  await page.keyboard.insertText(other);
  expect((await page.inputValue(`#input-${r0}-${c0}`)) === other, 'phone: the on-screen keyboard did not overwrite a digit');
  await page.keyboard.insertText(d0);
  expect((await page.inputValue(`#input-${r0}-${c0}`)) === d0, 'phone: the on-screen keyboard did not overwrite a digit again');

  // Pencil notes from the pad and from the on-screen keyboard; erased from the pad.
  const [r1, c1] = white[1];
  const noted = () => page.getAttribute(`#notes-${r1}-${c1}`, 'data-digits');
  await page.tap('#pad-pencil');
  expect(await page.isChecked('#pencil'), 'phone: the pad\'s pencil key does not switch to notes');
  await padWrite(page, r1, c1, '3');
  await page.tap('#pad-digits button[data-digit="5"]');
  await page.keyboard.insertText('7');
  expect((await noted()) === '357', `phone: notes ${await noted()} after 3, 5 (pad) and 7 (keyboard)`);
  expect((await page.inputValue(`#input-${r1}-${c1}`)) === '', 'phone: a note was written as a digit');
  await page.tap('#pad-digits button[data-digit="3"]');
  expect((await noted()) === '57', `phone: notes ${await noted()} after toggling 3 off`);
  await shot(page, 'phone-notes');
  await page.tap('#pad-erase');
  expect((await noted()) === '', `phone: Erase left the notes ${await noted()}`);
  await page.tap('#pad-digits button[data-digit="4"]');
  await page.tap('#pad-pencil');
  expect(!(await page.isChecked('#pencil')), 'phone: the pad\'s pencil key does not switch back');

  // Undo and redo: the note 4 goes and comes back, then the notes erased come back.
  await page.tap('#undo');
  expect((await noted()) === '', `phone: undo left the notes ${await noted()}`);
  await page.tap('#undo');
  expect((await noted()) === '57', `phone: a second undo gave the notes ${await noted()}`);
  await page.tap('#redo');
  await page.tap('#redo');
  expect((await noted()) === '4', `phone: redo gave the notes ${await noted()}`);

  // Half the grid from the pad; Check mid-game names no empty cell.
  const half = white.slice(0, Math.floor(white.length / 2)).filter(([r, c]) => !(r === r1 && c === c1));
  for (const [r, c, d] of half) await padWrite(page, r, c, d);
  await page.tap('#check');
  await page.waitForFunction(() => !['playing', 'busy'].includes(player.root.querySelector('#status').dataset.state));
  const state = await page.getAttribute('#status', 'data-state');
  const listed = await page.$$eval('#violations li', (items) => items.map((li) => li.textContent));
  expect(state === 'incomplete' && listed.length === 0, `phone: a right half grid checks as ${state}: ${listed.join(' | ')}`);

  // A hint's explanation shows without scrolling.
  await page.tap('#hint');
  await page.waitForSelector('#hint-text[data-kind]');
  expect(await inView(page, '#hint-text'), 'phone: the hint\'s explanation is out of view');
  expect(await inView(page, '#grid .hint-cell'), 'phone: the hinted cell is out of view');
  await shot(page, 'phone-hint');

  // A reload resumes the same puzzle, its digits, notes and time.
  await page.waitForFunction(() => player.root.querySelector('#timer').textContent !== '0:00', null, { timeout: 5000 });
  const before = await page.evaluate(() => ({ answer: answer(), timer: player.root.querySelector('#timer').textContent }));
  await page.reload();
  await page.waitForSelector('#status[data-state=playing]');
  const after = await page.evaluate(() => ({ answer: answer(), id: game.data.id, timer: player.root.querySelector('#timer').textContent }));
  expect(after.id === expected.id, 'phone: a reload opened another puzzle');
  expect(JSON.stringify(after.answer) === JSON.stringify(before.answer), `phone: a reload lost the digits: ${after.answer}`);
  expect((await noted()) === '4', `phone: a reload lost the notes (${await noted()})`);
  const seconds = (t) => t.split(':').reduce((a, b) => a * 60 + Number(b), 0);
  expect(seconds(after.timer) >= seconds(before.timer) && seconds(before.timer) > 0, `phone: the timer went from ${before.timer} to ${after.timer}`);

  // The rest from the pad, then Check.
  for (const [r, c, d] of white) {
    if ((await page.inputValue(`#input-${r}-${c}`)) !== d) await padWrite(page, r, c, d);
  }
  await page.tap('#check');
  await page.waitForSelector('#status[data-state=solved]');
  await shot(page, 'phone-solved');

  // 12x12 in view, 16x16 panning; square cells, clues inside their cells.
  for (const shape of ['12x12', '16x16']) {
    await phoneNewPuzzle(page, { genre: 'kakuro', shape, level: 'easy', seed: 3 });
    m = await boardMeasures(page);
    expect(m.squares, `phone: the ${shape} cells are not square`);
    expect(m.outside.length === 0, `phone ${shape}: clues outside their cells: ${m.outside.join(', ')}`);
    expect(m.clueFont >= 9, `phone ${shape}: clue text of ${m.clueFont} px`);
    if (shape === '12x12') expect(m.right <= 390 && !m.pans, `phone: the 12x12 board ends at x=${m.right}`);
    else expect(m.pans, 'phone: the 16x16 board neither fits nor pans');
    await shot(page, `phone-${shape}`);
  }

  // Kakurasu: no pad and no pencil switch.
  await phoneNewPuzzle(page, { genre: 'kakurasu', shape: '6x6', level: 'easy', seed: 7 });
  expect(await page.locator('#pad').isHidden(), 'phone: Kakurasu shows the digit pad');
  expect(await page.locator('#pencil-label').isHidden(), 'phone: Kakurasu shows the pencil switch');

  // Cryptic Kakuro: a hint names sums in letters; their values only when the player asks.
  await phoneNewPuzzle(page, { genre: 'kakuro-cryptic', shape: '7x7', level: 'easy', seed: 7 });
  await page.tap('#hint');
  await page.waitForSelector('#hint-text[data-kind=deduction]');
  const words = await page.textContent('#hint-text');
  expect(!/adding up to \d/.test(words), `phone: a cryptic hint decodes a sum: ${words}`);
  expect(await page.locator('#hint-values').isVisible(), 'phone: a cryptic hint offers no values');
  await page.tap('#hint-values');
  const values = await page.textContent('#hint-text');
  expect(values !== words && !/adding up to [A-J]+\b/.test(values) && (/adding up to \d/.test(values) || !/adding up to/.test(words)),
    `phone: the values of the hint ${JSON.stringify(words)} read ${JSON.stringify(values)}`);
  expect(await page.locator('#hint-values').isHidden(), 'phone: the values button stays after use');
  await axeAudit(page, 'the phone page');

  // Killer Sudoku 16x16 (the caged board) opened by its ID: 16 keys on the pad, the first row
  // written from it (1 to G), square cells, and a mid-game Check with nothing broken.
  const killer = JSON.parse(readFileSync(join(root, 'corpus', 'killer_sudoku', 'hard-16x16-seed0.json'), 'utf8'));
  await page.goto(`${base}/?${new URLSearchParams({ puzzle: killer.id })}`);
  await page.waitForSelector('#status[data-state=playing]');
  await page.evaluate(() => window.scrollTo(0, 0));
  expect((await page.textContent('#info .id')) === killer.id, 'phone: the killer link opened another puzzle');
  expect((await page.textContent('#rating-level')) === killer.rating.level, 'phone: the killer opened by ID is not rated as generated');
  const keys = await page.$$eval('#pad-digits button', (buttons) => buttons.map((b) => b.dataset.digit).join(''));
  expect(keys === '123456789ABCDEFG', `phone: the 16x16 pad has the keys ${keys}`);
  m = await page.evaluate(() => {
    const cells = [...player.root.querySelectorAll('#grid td')].map((td) => td.getBoundingClientRect());
    return { squares: cells.every((r) => Math.abs(r.width - r.height) <= 1), n: cells.length };
  });
  expect(m.squares && m.n === 256, `phone: the 16x16 killer has ${m.n} cells, square: ${m.squares}`);
  const row = killer.solution[0];
  for (const [c, d] of [...row].entries()) {
    await page.tap(`#input-0-${c}`);
    await page.tap(`#pad-digits button[data-digit="${d}"]`);
  }
  const written = await page.evaluate(() => answer()[0]);
  expect(written === row, `phone: the pad wrote ${written}, want ${row}`);
  await page.tap('#check');
  await page.waitForSelector('#status[data-state=incomplete]');
  await shot(page, 'phone-killer-16x16');
  expect(problems.length === 0, problems.join('\n'));
  await close();
}

// Presses Tab until the element `id` (or, for a prefix ending in '-', one whose id starts
// with it) has the focus.
async function tabTo(page, id) {
  for (let i = 0; i < 60; i++) {
    const at = await page.evaluate(() => player.root.activeElement?.id || '');
    if (id.endsWith('-') ? at.startsWith(id) : at === id) return;
    await page.keyboard.press('Tab');
  }
  fail(`Tab never reached #${id}`);
}

// At 1280x900 with the keyboard alone: a new puzzle from the menus, a Kakuro 8x8 typed in with
// Tab between cells, a digit typed over, undo and redo (Ctrl+Z, Ctrl+Y), Check; square cells and
// clues inside their cells at 12x12 and 16x16.
export async function keyboardRound(browser, base, colorScheme) {
  const { page, problems, close } = await openPage(browser, base, { options: { viewport: { width: 1280, height: 900 }, colorScheme } });
  const params = { genre: 'kakuro', shape: '8x8', level: 'easy', seed: 7 };
  const expected = await generate(base, params);
  await page.selectOption('#genre', 'kakuro');
  await page.selectOption('#shape', '8x8');
  await page.selectOption('#level', 'easy');
  await page.focus('#seed');
  await page.keyboard.type('7');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#status[data-state=playing]');
  expect((await page.textContent('#info .id')) === expected.id, 'keyboard: another puzzle than /generate gives');
  const white = whiteCells(expected.solution);
  await tabTo(page, 'input-');
  const [r0, c0, d0] = white[0];
  const other = String((Number(d0) % 9) + 1);
  await page.keyboard.press(other);
  await page.keyboard.press(d0);
  expect((await page.inputValue(`#input-${r0}-${c0}`)) === d0, 'keyboard: a digit typed over another is not written');
  await page.keyboard.press('Control+z');
  expect((await page.inputValue(`#input-${r0}-${c0}`)) === other, 'keyboard: Ctrl+Z did not undo');
  await page.keyboard.press('Control+y');
  expect((await page.inputValue(`#input-${r0}-${c0}`)) === d0, 'keyboard: Ctrl+Y did not redo');
  // Pencil notes from the keyboard in the next cell: P, digits toggled, P back.
  const [r1, c1] = white[1];
  await page.keyboard.press('Tab');
  await page.keyboard.press('p');
  for (const key of ['2', '6', '2', '8']) await page.keyboard.press(key);
  const noted = await page.getAttribute(`#notes-${r1}-${c1}`, 'data-digits');
  expect(noted === '68', `keyboard: notes ${noted} after 2, 6, 2, 8`);
  await page.keyboard.press('Delete');
  expect((await page.getAttribute(`#notes-${r1}-${c1}`, 'data-digits')) === '', 'keyboard: Delete left the notes');
  await page.keyboard.press('P');
  await page.keyboard.press('Shift+Tab');
  // Half the grid, a hint in view, a reload that resumes it.
  const halfway = Math.floor(white.length / 2);
  for (const [, , d] of white.slice(1, halfway)) {
    await page.keyboard.press('Tab');
    await page.keyboard.press(d);
  }
  await tabTo(page, 'hint');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#hint-text[data-kind]');
  expect(await inView(page, '#hint-text'), 'keyboard: the hint\'s explanation is out of view');
  const before = await page.evaluate(() => answer());
  await page.reload();
  await page.waitForSelector('#status[data-state=playing]');
  const after = await page.evaluate(() => ({ answer: answer(), id: game.data.id }));
  expect(after.id === expected.id && JSON.stringify(after.answer) === JSON.stringify(before),
    `keyboard: the reload resumed ${after.id} with ${after.answer}`);
  await tabTo(page, `input-${white[halfway - 1][0]}-${white[halfway - 1][1]}`);
  for (const [, , d] of white.slice(halfway)) {
    await page.keyboard.press('Tab');
    await page.keyboard.press(d);
  }
  await tabTo(page, 'check');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#status[data-state=solved]');
  await shot(page, `desktop-solved-${colorScheme}`);
  for (const shape of ['12x12', '16x16']) {
    await newPuzzle(page, { genre: 'kakuro', shape, level: 'easy', seed: 3 });
    const m = await boardMeasures(page);
    expect(m.squares && m.outside.length === 0, `desktop ${shape}: cells not square or clues outside: ${m.outside.join(', ')}`);
  }
  await axeAudit(page, `the desktop page (${colorScheme})`);
  expect(problems.length === 0, problems.join('\n'));
  await close();
}

// The phone page in the dark: the audit and a screenshot.
export async function phoneDarkRound(browser, base) {
  const { page, problems, close } = await openPage(browser, base, { options: { ...PHONE, colorScheme: 'dark' } });
  await phoneNewPuzzle(page, { genre: 'kakuro', shape: '8x8', level: 'easy', seed: 7 });
  await axeAudit(page, 'the phone page (dark)');
  await shot(page, 'phone-dark');
  expect(problems.length === 0, problems.join('\n'));
  await close();
}
