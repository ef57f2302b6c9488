// The play page on the server, at a desktop's size: each genre played to "solved" (typed,
// shaded, revealed), a broken rule listed and highlighted, a hint applied; the permalink, the
// daily puzzle, printing, pencil marks, the Shape menu, and the record of puzzles solved with
// the daily streak.
import { readFileSync } from 'node:fs';
import { checkAndWait, expect, expectGenreControls, expectViolationsShown, generate, newPuzzle, openPage, shot, typeSolution } from './harness.mjs';

export async function kakuroRound(page, base) {
  const params = { genre: 'kakuro', shape: '6x6', level: 'easy', seed: 7 };
  const expected = await generate(base, params);
  await newPuzzle(page, params);

  expect((await page.textContent('#info .id')) === expected.id, 'the page shows another puzzle than /generate gives');
  expect((await page.textContent('#rating-level')) === expected.rating.level, 'the rating level is not shown');
  expect((await page.textContent('#rating-score')) === `Score ${expected.score.toFixed(1)} of 10`, 'the score is not shown');
  expect((await page.locator('#rating-techniques li').count()) === Object.keys(expected.rating.techniques).length,
    'not every technique of the rating is listed');
  const clues = await page.locator('td.block.clue').count();
  expect(clues > 0, 'no sum blocks drawn');

  const white = [];
  expected.solution.forEach((row, r) => [...row].forEach((ch, c) => { if (ch !== '#') white.push([r, c, ch]); }));
  expect((await page.locator('#grid input').count()) === white.length,
    `${await page.locator('#grid input').count()} inputs for ${white.length} white cells`);

  // Arrow keys move between white cells.
  const [r0, c0] = white[0];
  await page.focus(`#input-${r0}-${c0}`);
  await page.keyboard.press('ArrowRight');
  const focused = await page.evaluate(() => (player.root.activeElement?.id || ''));
  expect(focused !== `input-${r0}-${c0}` && focused.startsWith(`input-${r0}-`), `ArrowRight focused ${focused}`);
  // Letters are refused.
  await page.press(`#input-${r0}-${c0}`, 'x');
  expect((await page.inputValue(`#input-${r0}-${c0}`)) === '', 'a letter was accepted in a Kakuro cell');

  for (const [r, c, digit] of white) await page.press(`#input-${r}-${c}`, digit);
  let result = await checkAndWait(page);
  expect(result.state === 'solved' && /solved/i.test(result.text), `after typing the solution the status is ${result.state}: ${result.text}`);
  expect((await page.locator('.violation').count()) === 0, 'a solved grid has highlighted violations');
  await shot(page, 'kakuro-solved');

  // One wrong digit: its runs break, so the cell and its sum blocks are highlighted.
  const [wr, wc, right] = white[Math.floor(white.length / 2)];
  const wrong = String((Number(right) % 9) + 1);
  await page.press(`#input-${wr}-${wc}`, wrong);
  result = await checkAndWait(page);
  expect(result.state === 'violations' && !/solved/i.test(result.text), `after a wrong digit the status is ${result.state}: ${result.text}`);
  expect((await page.locator('#grid .violation').count()) > 0, 'no element has the violation class');
  expect(await page.locator(`#cell-${wr}-${wc}`).evaluate((el) => el.classList.contains('violation')),
    `the wrong cell (${wr}, ${wc}) is not highlighted`);
  expect((await page.locator('td.block.violation').count()) > 0, 'the broken run\'s sum block is not highlighted');
  expect((await page.locator('#violations li').count()) > 0, 'the broken rules are not listed');
  const report = await expectViolationsShown(page, base, 'kakuro');
  expect(report.violations.every((v) => /^The (down|across) run of \d+ at row \d+, column \d+ /.test(v.message)),
    `a wrong Kakuro digit breaks something else than runs: ${JSON.stringify(report.violations)}`);
  await expectGenreControls(page, base, 'kakuro');
  await shot(page, 'kakuro-violation');

  // A hint on that position names the wrong digit.
  await page.click('#hint');
  await page.waitForSelector('#hint-text[data-kind]');
  expect((await page.getAttribute('#hint-text', 'data-kind')) === 'wrong', 'the hint does not point at the wrong digit');
  expect((await page.textContent('#hint-text')).includes('wrong'), 'the hint explanation is missing');
  expect(await page.locator(`#cell-${wr}-${wc}`).evaluate((el) => el.classList.contains('wrong')),
    'the hint does not highlight the wrong cell');
  await shot(page, 'kakuro-hint-wrong');

  // From an empty grid a hint explains a deduction; applying it writes the solution's digits.
  await page.click('#clear');
  await page.click('#hint');
  await page.waitForFunction(() => player.root.querySelector('#hint-text').dataset.kind === 'deduction');
  const explanation = await page.textContent('#hint-text');
  expect(explanation.length > 20, `short hint explanation: ${explanation}`);
  expect((await page.locator('#grid .hint-cell').count()) > 0, 'the hint highlights no cells');
  await shot(page, 'kakuro-hint');
  await page.click('#apply-hint');
  const filled = [];
  for (const [r, c, digit] of white) {
    const value = await page.inputValue(`#input-${r}-${c}`);
    if (value !== '') filled.push([r, c, value, digit]);
  }
  expect(filled.length > 0, 'applying the hint placed nothing');
  for (const [r, c, value, digit] of filled) expect(value === digit, `the hint placed ${value} at (${r}, ${c}), the solution has ${digit}`);
}

export async function kakurasuRound(page, base) {
  const params = { genre: 'kakurasu', shape: '5x5', level: 'easy', seed: 7 };
  const expected = await generate(base, params);
  await newPuzzle(page, params);
  expect((await page.locator('button.shade').count()) === 25, 'a 5x5 Kakurasu has not 25 cells');
  for (const [r, row] of expected.solution.entries()) {
    for (const [c, ch] of [...row].entries()) if (ch === '#') await page.click(`#cell-${r}-${c}`);
  }
  // Two clicks mark a cell unshaded, a third clears it again.
  const blank = expected.solution[0].indexOf('-');
  await page.click(`#cell-0-${blank}`);
  await page.click(`#cell-0-${blank}`);
  expect((await page.getAttribute(`#cell-0-${blank}`, 'data-mark')) === '-', 'two clicks do not mark a cell unshaded');
  const result = await checkAndWait(page);
  expect(result.state === 'solved', `the shaded Kakurasu solution is ${result.state}: ${result.text}`);
  await shot(page, 'kakurasu-solved');

  await page.click(`#cell-0-${blank}`);
  await page.click(`#cell-0-${blank}`);
  const broken = await checkAndWait(page);
  expect(broken.state === 'violations', `an extra shaded cell gives ${broken.state}`);
  expect(await page.locator(`#row-clue-0`).evaluate((el) => el.classList.contains('violation')), 'row 1\'s clue is not highlighted');
  expect(await page.locator(`#col-clue-${blank}`).evaluate((el) => el.classList.contains('violation')),
    `column ${blank + 1}'s clue is not highlighted`);
  const report = await expectViolationsShown(page, base, 'kakurasu');
  expect(report.violations.some((v) => v.message.startsWith('Row 1: its shaded cells weigh ')),
    `row 1's violation is not said: ${JSON.stringify(report.violations)}`);
  await expectGenreControls(page, base, 'kakurasu');
  await shot(page, 'kakurasu-violation');
}

export async function crypticRound(page, base) {
  await newPuzzle(page, { genre: 'kakuro-cryptic', shape: '7x7', level: 'easy', seed: 7 });
  await page.click('#reveal');
  const result = await checkAndWait(page);
  expect(result.state === 'solved', `the revealed cryptic Kakuro is ${result.state}: ${result.text}`);
  await shot(page, 'cryptic-solved');

  // One digit changed: the letters are read two ways, or a run's letters cannot write its total.
  const input = page.locator('#grid input').first();
  const digit = await input.inputValue();
  await input.press(String((Number(digit) % 9) + 1));
  const broken = await checkAndWait(page);
  expect(broken.state === 'violations', `a changed digit in the cryptic Kakuro gives ${broken.state}: ${broken.text}`);
  const report = await expectViolationsShown(page, base, 'cryptic kakuro');
  expect(report.violations.some((v) => v.kind === 'mapping' || / run of [A-J]+ /.test(v.message)),
    `the cryptic violations say nothing of letters: ${JSON.stringify(report.violations)}`);
  await expectGenreControls(page, base, 'kakuro-cryptic');
  await shot(page, 'cryptic-violation');
}

// A permalink opens its puzzle; a seed beyond what a JavaScript number holds survives as typed.
export async function permalinkRound(page, base) {
  for (const seed of ['123', '9007199254740993']) {
    const params = { genre: 'kakuro', shape: '6x6', level: 'easy', seed };
    const expected = await generate(base, params);
    await page.goto(`${base}/?${new URLSearchParams(params)}`);
    await page.waitForSelector('#status[data-state=playing]');
    expect((await page.textContent('#info .id')) === expected.id, `the permalink with seed ${seed} opened another puzzle`);
    const href = await page.getAttribute('#permalink', 'href');
    expect(href.includes(`seed=${seed}`), `the page's link ${href} does not carry seed ${seed}`);
    expect((await page.evaluate(() => window.location.search)).includes(`seed=${seed}`), 'the address does not name the puzzle');
  }
  await shot(page, 'permalink');
}

// The Daily button shows the date's puzzle, the one /daily gives everyone.
export async function dailyRound(page, base) {
  await page.goto(`${base}/`);
  await page.waitForSelector('#shape option', { state: 'attached' });
  await page.selectOption('#genre', 'kakuro');
  await page.selectOption('#shape', '6x6');
  await page.selectOption('#level', 'easy');
  await page.click('#daily');
  await page.waitForSelector('#status[data-state=playing]');
  const response = await fetch(`${base}/daily?genre=kakuro&shape=6x6&level=easy`);
  const expected = await response.json();
  expect((await page.textContent('#info .id')) === expected.id, 'the Daily button shows another puzzle than /daily');
  expect((await page.textContent('#info')).includes(expected.date), 'the daily puzzle\'s date is not shown');
  expect(/^\d+:\d\d$/.test(await page.textContent('#timer')), 'no timer is shown');
  await shot(page, 'daily');
}

// "Print this puzzle" and "Print N like this" ask POST /booklet and get a PDF: the puzzle's ID
// on a sheet, then N puzzles from its seed.
export async function printRound(page, base) {
  await newPuzzle(page, { genre: 'kakuro', shape: '6x6', level: 'easy', seed: '11' });
  await printsPdf(page, '#print-one', ['puzzles=']);
  await page.fill('#print-count', '2');
  await printsPdf(page, '#print-more', ['count=2', 'seed=11']);
  await shot(page, 'print');
}

// Clicks a print button: /booklet, asked with each of `asked` in its query, answers a PDF, which
// the page hands to the browser as a download. Returns the query asked.
export async function printsPdf(page, button, asked) {
  const [response, download] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/booklet'),
    page.waitForEvent('download'),
    page.click(button),
  ]);
  expect(asked.every((part) => response.url().includes(part)), `${button} asked ${response.url()}`);
  expect(response.status() === 200, `${button}: /booklet answered ${response.status()}`);
  expect(response.headers()['content-type'] === 'application/pdf', `${button}: not a PDF`);
  const saved = readFileSync(await download.path());
  expect(saved.subarray(0, 5).toString() === '%PDF-', `${button}: the download is not a PDF (${saved.length} bytes)`);
  await page.waitForSelector('#status[data-state=playing]');
  return new URL(response.url()).searchParams;
}

// Pencil marks: P switches to them, digits toggle candidates, a written digit hides them, and
// Check reads only written digits.
export async function pencilRound(page, base) {
  const params = { genre: 'kakuro', shape: '6x6', level: 'easy', seed: 7 };
  const expected = await generate(base, params);
  await newPuzzle(page, params);
  const [r, c] = (() => {
    for (const [i, row] of expected.solution.entries()) for (const [j, ch] of [...row].entries()) if (ch !== '#') return [i, j];
    return [0, 0];
  })();
  const cell = `#input-${r}-${c}`;
  const noted = () => page.getAttribute(`#notes-${r}-${c}`, 'data-digits');
  await page.focus(cell);
  await page.keyboard.press('p');
  expect(await page.isChecked('#pencil'), 'P does not switch to pencil marks');
  for (const key of ['3', '5', '1']) await page.keyboard.press(key);
  expect((await noted()) === '135', `pencil marks ${await noted()} after 3, 5, 1`);
  await page.keyboard.press('3');
  expect((await noted()) === '15', `pencil marks ${await noted()} after toggling 3 off`);
  expect((await page.inputValue(cell)) === '', 'a pencil mark was written as a digit');
  await shot(page, 'pencil-marks');
  const result = await checkAndWait(page);
  expect(result.state === 'incomplete' || result.state === 'violations', `pencil marks changed the check: ${result.state}`);
  await page.focus(cell);
  await page.keyboard.press('P');
  expect(!(await page.isChecked('#pencil')), 'P does not switch back to digits');
  await page.keyboard.press('7');
  expect((await page.inputValue(cell)) === '7', 'a digit is not written after pencil marks');
  expect(await page.locator(`#notes-${r}-${c}`).isHidden(), 'the pencil marks still show under a digit');
  await page.keyboard.press('Backspace');
  expect(await page.locator(`#notes-${r}-${c}`).isVisible(), 'the pencil marks do not come back when the digit is cleared');
  // The timer runs until the puzzle is solved.
  expect(/^\d+:\d\d$/.test(await page.textContent('#timer')), 'no timer is shown');
}

// The Shape menu reaches each genre's largest side (GET /genres).
export async function shapesRound(page, base) {
  const listed = await (await fetch(`${base}/genres`)).json();
  for (const genre of listed) {
    await page.selectOption('#genre', genre.name);
    const shapes = await page.$$eval('#shape option', (options) => options.map((o) => o.value));
    const largest = `${genre.max_side}x${genre.max_side}`;
    expect(shapes.includes(largest) && shapes.includes(`${genre.min_side}x${genre.min_side}`),
      `${genre.name}: the Shape menu ${shapes.join(' ')} does not reach ${largest}`);
    // The Level menu offers the levels of the chosen shape (`shape_levels`: 4x4 killer has no hard).
    for (const { shape, levels } of genre.shape_levels ?? []) {
      await page.selectOption('#shape', shape);
      const offered = await page.$$eval('#level option', (options) => options.map((o) => o.value));
      expect(offered.join(' ') === [...levels, 'any'].join(' '),
        `${genre.name} ${shape}: the Level menu offers ${offered.join(' ')}, not ${levels.join(' ')} and any`);
    }
  }
  // What a page's fetch sends for `body: ""` (an empty text/plain body) is no body.
  const status = await page.evaluate(async () => (await fetch('/generate?genre=kakuro&shape=8x8&level=expert&seed=1', { method: 'POST', body: '' })).status);
  expect(status === 200, `POST /generate with an empty string body answered ${status}`);
}

// A solved puzzle is remembered (its date and time shown when it is opened again) and the daily
// puzzles solved on their own dates make a streak, under a clock set to three days in turn: two
// days in a row make 2, a day missed ends it.
export async function recordRound(browser, base) {
  const { page, problems, close } = await openPage(browser, base);
  const day = (n) => {
    const date = new Date(Date.now() - n * 86_400_000);
    return date.toISOString().slice(0, 10);
  };
  const [first, second, later] = [day(5), day(4), day(1)];
  const solveDaily = async (date) => {
    await page.clock.setFixedTime(new Date(`${date}T12:00:00`));
    await page.selectOption('#genre', 'kakuro');
    await page.selectOption('#shape', '6x6');
    await page.selectOption('#level', 'easy');
    await page.click('#daily');
    await page.waitForFunction((d) => game && game.data.date === d, date);
    await typeSolution(page, await page.evaluate(() => game.data.solution));
    await page.click('#check');
    await page.waitForSelector('#status[data-state=solved]');
    return page.evaluate(() => game.data.id);
  };
  const streak = () => page.evaluate(() => (player.root.querySelector('#streak').hidden ? '' : player.root.querySelector('#streak').textContent));
  const firstId = await solveDaily(first);
  expect((await streak()) === 'Daily streak: 1 day in a row.', `record: after one daily the streak says ${JSON.stringify(await streak())}`);
  await solveDaily(second);
  expect((await streak()) === 'Daily streak: 2 days in a row.', `record: after two days the streak says ${JSON.stringify(await streak())}`);
  await page.clock.setFixedTime(new Date(`${later}T12:00:00`));
  await page.goto(`${base}/?${new URLSearchParams({ genre: 'kakuro', shape: '6x6', level: 'easy', date: first })}`);
  await page.waitForFunction((id) => game && game.data.id === id, firstId);
  const remembered = await page.textContent('#solved-before');
  expect(await page.locator('#solved-before').isVisible() && remembered.includes(`on ${first} in `),
    `record: the puzzle solved on ${first} is not remembered: ${JSON.stringify(remembered)}`);
  expect((await streak()) === '', `record: a day missed, the streak still says ${JSON.stringify(await streak())}`);
  await shot(page, 'record');
  expect(problems.length === 0, problems.join('\n'));
  await close();
}
