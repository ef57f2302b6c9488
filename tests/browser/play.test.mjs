// Plays the page at / in headless Chromium: a Kakuro typed in to "solved", a wrong digit
// highlighted by /check and named by /hint, a hint applied, a Kakurasu shaded to "solved", a
// cryptic Kakuro revealed and checked; in each genre a broken rule listed in /check's own words
// and highlighted at the cells and clues it names, and the controls /genres gives; a permalink
// (with a seed beyond 2^53), the daily puzzle, pencil marks, the timer, the Shape menu up to
// each genre's limit, and a fetch with an empty string body. Then the same rounds with the engine in the browser (the WebAssembly package in
// the page's worker) and every API request refused, giving the server's puzzles; a cancelled
// generation; the fallback to the browser when the API is refused and when the server has
// stopped; and a server without the package, where the switch says why it is off. A phone
// (390x844, touch, taps only) solves a Kakuro from the digit pad with notes, overwriting, undo,
// redo and a reload that resumes it, measures the board at 12x12 and 16x16, writes 1 to G from
// the pad in a Killer Sudoku 16x16 opened by its ID, and asks a cryptic hint for its values; the
// keyboard alone plays at 1280x900 (the same moves, a hint in view, a reload); axe-core audits
// the page, light and dark. A solved puzzle is remembered and the daily streak counted, under a
// clock set to three days in turn. The embed example (/embed-example.html, the <sum-puzzle>
// element on a host page) is solved from the keyboard while the host listens for its events,
// light and dark, and audited; a host page naming a Killer Sudoku by its ID plays it too. A
// published Killer Sudoku beyond the server's budget gets its hint from the engine in the browser.
// Screenshots go to target/browser-artifacts/ (phone and desktop, light and dark, the example).
//
// BROWSER_ROUNDS=offline plays only the rounds with the engine in the browser (the container
// test, against the image); BROWSER_ROUNDS=page leaves them out (a server without the package).
//
// Runs against SUMPUZZLES_URL when set, else starts target/release/sumpuzzles serve on a free
// loopback port (the round with the server stopped needs a server of its own, so it runs only
// then). Chromium is CHROMIUM (default /usr/bin/chromium). Exits non-zero on a failure.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const artifacts = join(root, 'target', 'browser-artifacts');
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
const binary = process.env.SUMPUZZLES_BIN || join(root, 'target', 'release', 'sumpuzzles');
const TIMEOUT = 30_000;

function fail(message) {
  throw new Error(message);
}

function expect(condition, message) {
  if (!condition) fail(message);
}

async function freePort() {
  return new Promise((ok, err) => {
    const server = createServer();
    server.once('error', err);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });
}

async function startServer() {
  if (process.env.SUMPUZZLES_URL) return { base: process.env.SUMPUZZLES_URL.replace(/\/$/, ''), stop: () => {} };
  const port = await freePort();
  const child = spawn(binary, ['serve', '--bind', `127.0.0.1:${port}`], { stdio: ['ignore', 'ignore', 'inherit'] });
  let exited = null;
  child.on('exit', (code) => { exited = code; });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + TIMEOUT;
  for (;;) {
    if (exited !== null) fail(`${binary} exited with ${exited} before answering`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch (_) { /* not listening yet */ }
    if (Date.now() > deadline) fail(`${binary} did not answer /readyz within ${TIMEOUT} ms`);
    await new Promise((ok) => setTimeout(ok, 100));
  }
  const stopped = new Promise((ok) => (exited !== null ? ok() : child.once('exit', ok)));
  return { base, stop: async () => { child.kill('SIGTERM'); await stopped; } };
}

async function generate(base, params) {
  const response = await fetch(`${base}/generate?${new URLSearchParams(params)}`);
  expect(response.ok, `/generate ${JSON.stringify(params)} answered ${response.status}`);
  return response.json();
}

async function newPuzzle(page, params) {
  await page.selectOption('#genre', params.genre);
  await page.selectOption('#shape', params.shape);
  await page.selectOption('#level', params.level);
  await page.fill('#seed', String(params.seed));
  await page.click('#new');
  await page.waitForSelector('#status[data-state=playing]');
  await page.waitForSelector('#grid table');
}

async function checkAndWait(page) {
  await page.click('#check');
  await page.waitForFunction(() => !['playing', 'busy', 'revealed'].includes(player.root.querySelector('#status').dataset.state));
  return { state: await page.getAttribute('#status', 'data-state'), text: await page.textContent('#status') };
}

// The broken rules the page lists are the /check report's own words, in its order, and every
// place a violation names (its cells and its clues) is highlighted: the page draws violations
// without knowing a genre's rules. Returns the report.
async function expectViolationsShown(page, base, what) {
  const body = await page.evaluate(() => ({ id: game.data.id, answer: answer(), finish: checkFinish() }));
  const response = await fetch(`${base}/check`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const report = await response.json();
  // Mid-game the page leaves empty cells out (a genre-neutral kind).
  if (!body.finish) report.violations = report.violations.filter((v) => v.kind !== 'empty');
  expect(report.violations.length > 0, `${what}: /check finds no broken rule`);
  const listed = await page.$$eval('#violations li', (items) => items.map((li) => li.textContent));
  const messages = report.violations.map((v) => v.message);
  expect(JSON.stringify(listed) === JSON.stringify(messages),
    `${what}: the page lists ${JSON.stringify(listed)}, /check says ${JSON.stringify(messages)}`);
  const unmarked = await page.evaluate((violations) => violations.flatMap((v) => [...v.cells, ...v.clues])
    .filter(([r, c]) => !game.board.element(r, c)?.classList.contains('violation')), report.violations);
  expect(unmarked.length === 0, `${what}: places named but not highlighted: ${JSON.stringify(unmarked)}`);
  return report;
}

// The How to play text is the genre's rules and its board's controls (GET /genres), and the
// pencil-mark switch shows only where the cells take notes.
async function expectGenreControls(page, base, name) {
  const genre = (await (await fetch(`${base}/genres`)).json()).find((g) => g.name === name);
  expect((await page.textContent('#how-text')) === `${genre.rules} ${genre.controls}`, `${name}: the How to play text is not /genres'`);
  expect((await page.locator('#pencil-label').isVisible()) === genre.pencil_marks,
    `${name}: the pencil-mark switch ${genre.pencil_marks ? 'is hidden' : 'shows'}`);
}

async function shot(page, name) {
  const path = join(artifacts, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  console.log(`screenshot ${path}`);
}

async function kakuroRound(page, base) {
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

async function kakurasuRound(page, base) {
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

async function crypticRound(page, base) {
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
async function permalinkRound(page, base) {
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
async function dailyRound(page, base) {
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
async function printRound(page, base) {
  await newPuzzle(page, { genre: 'kakuro', shape: '6x6', level: 'easy', seed: '11' });
  await printsPdf(page, '#print-one', ['puzzles=']);
  await page.fill('#print-count', '2');
  await printsPdf(page, '#print-more', ['count=2', 'seed=11']);
  await shot(page, 'print');
}

// Clicks a print button: /booklet, asked with each of `asked` in its query, answers a PDF, which
// the page hands to the browser as a download. Returns the query asked.
async function printsPdf(page, button, asked) {
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
async function pencilRound(page, base) {
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
async function shapesRound(page, base) {
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

// ---- Accessibility: the axe-core audit (tests/browser/package.json pins it) ------------------

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// Pages axe-core is auditing: in a shadow root it tries inline styles, which the page's policy
// refuses (console errors of the audit's, not the page's: openPage does not count them).
const auditing = new WeakSet();

// No serious or critical violation of axe-core's rules on the page as it is.
async function axeAudit(page, what) {
  await page.evaluate(AXE);
  auditing.add(page);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  auditing.delete(page);
  const bad = result.violations.filter((v) => ['serious', 'critical'].includes(v.impact));
  const said = bad.map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad.length === 0, `axe-core on ${what}: ${said.join('; ')}`);
  console.log(`ok axe-core on ${what}: ${result.violations.length} minor or moderate, no serious or critical`);
}

// ---- A phone: 390x844, touch, taps only -------------------------------------------------------

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

function whiteCells(solution) {
  const white = [];
  solution.forEach((row, r) => [...row].forEach((ch, c) => { if (ch !== '#') white.push([r, c, ch]); }));
  return white;
}

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
async function phoneRound(browser, base) {
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

// A published Killer Sudoku harder than the server's budget for one request
// (MATHEMAGIC_KILLERS #5 from SUMPUZZLES_TESTDATA, about 1.45 million steps to prove unique,
// against 1,200,000): the server's hint answers budget-exhausted, and the page says that the
// engine in the browser searches further; switched there, the same Hint gives the first
// deduction (its cage of one cell), the browser's budget being a generation's.
async function hardHintRound(browser, base) {
  const testdata = process.env.SUMPUZZLES_TESTDATA;
  const file = testdata && join(testdata, 'killer-sudoku.jsonl');
  if (!file || !existsSync(file)) {
    console.log('skipped the hard killer hint: SUMPUZZLES_TESTDATA (with killer-sudoku.jsonl) is not set');
    return;
  }
  const record = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line))
    .find((entry) => entry.name === 'MATHEMAGIC_KILLERS #5');
  expect(record, `no MATHEMAGIC_KILLERS #5 in ${file}`);
  const formatted = await fetch(`${base}/format`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ genre: 'killer-sudoku', puzzle: { cages: record.cages, box: record.box } }),
  });
  expect(formatted.ok, `/format answered ${formatted.status}`);
  const { id } = await formatted.json();
  const { page, problems, close } = await openPage(browser, base, { path: `/?${new URLSearchParams({ puzzle: id })}` });
  await page.waitForSelector('#status[data-state=playing]');
  const level = await page.textContent('#rating-level');
  expect(level === 'beyond expert', `the rating's level reads ${level}`);
  const opened = await page.textContent('#status');
  expect(opened === 'The beyond expert Killer Sudoku 9x9. Good luck.', `the opened puzzle's status reads ${opened}`);
  // The Level menu offers what a new puzzle can ask for: the nearest is expert. "Print 1 like
  // this" asks for that, with seeds the server draws (the puzzle has none).
  const menu = await page.inputValue('#level');
  expect(menu === 'expert', `the Level menu reads ${menu}`);
  await page.fill('#print-count', '1');
  const asked = await printsPdf(page, '#print-more', ['genre=killer-sudoku', 'shape=9x9', 'level=expert', 'count=1']);
  expect(!asked.has('seed'), `"Print 1 like this" sent a seed: ${asked}`);
  await engineReady(page);
  await page.click('#hint');
  await page.waitForSelector('#status[data-state=error]');
  const said = await page.textContent('#status');
  expect(/needs more search than it gives one request/.test(said) && /in the browser/.test(said),
    `the server's budget-exhausted hint reads: ${said}`);
  await shot(page, 'hard-killer-hint-server');
  await page.check('#engine-browser');
  await page.click('#hint');
  await page.waitForFunction(() => player.root.querySelector('#hint-text').dataset.kind === 'deduction'
    || player.root.querySelector('#status').dataset.state === 'error', null, { timeout: 120_000 });
  const hint = await page.textContent('#hint-text');
  expect(/row 5, column 5 is a cage of its own/.test(hint),
    `the browser's hint reads: ${hint} (the status: ${await page.textContent('#status')})`);
  await shot(page, 'hard-killer-hint-browser');
  // The one error the round expects: the server's 422 for the hint (and the console's line for it).
  const others = problems.filter((problem) => !/422/.test(problem));
  expect(problems.some((problem) => /^422 for .*\/hint$/.test(problem)) && others.length === 0,
    problems.join('\n'));
  await close();
}

// What a player reads when the server is busy, or when a new puzzle needs more search than one
// request may take: a sentence for the player, not the problem's detail (written for a
// developer: budgets, flags). The server's 503 stands in a route (a real one takes a flood);
// the 422 is the server's own, for the page's /generate sent on with a budget of 10 steps.
async function busyRound(browser, base) {
  let answer = null; // what the route does with /generate and /daily: 'busy', 'client busy', 'budget' or nothing
  const route = {
    url: (url) => answer !== null && ['/generate', '/daily'].includes(url.pathname),
    handler: async (routed) => {
      if (answer === 'busy') {
        await routed.fulfill({
          status: 503,
          headers: { 'content-type': 'application/problem+json', 'retry-after': '3' },
          body: JSON.stringify({ type: '/problems/overloaded', title: 'The server is busy', status: 503,
            detail: 'every worker is busy and the queue is full; retry in 3 s' }),
        });
      } else if (answer === 'client busy') {
        await routed.fulfill({
          status: 429,
          headers: { 'content-type': 'application/problem+json', 'retry-after': '2' },
          body: JSON.stringify({ type: '/problems/client-busy', title: 'Too many requests at once', status: 429,
            detail: 'this client has as many requests running and waiting as it may; retry in 2 s, or wait for an answer first' }),
        });
      } else {
        const url = new URL(routed.request().url());
        url.searchParams.set('budget', '10');
        await routed.continue({ url: url.toString() });
      }
    },
  };
  const { page, problems, close } = await openPage(browser, base, { route });
  await engineReady(page);
  const params = { genre: 'kakuro', shape: '8x8', level: 'hard', seed: 3 };
  const says = async (button, expected) => {
    await page.click(button);
    await page.waitForSelector('#status[data-state=error]');
    const said = await page.textContent('#status');
    expect(said === expected, `after ${button} with the server ${answer}, the status reads: ${said}`);
  };
  await page.selectOption('#genre', params.genre);
  await page.selectOption('#shape', params.shape);
  await page.selectOption('#level', params.level);
  await page.fill('#seed', String(params.seed));
  answer = 'busy';
  await says('#new', 'Generation failed: the server is busy right now. Try again in 3 s, '
    + 'or switch the Engine to “in the browser”.');
  await shot(page, 'busy-server');
  answer = 'client busy';
  await says('#new', 'Generation failed: this device has asked the server for a lot in a short time. '
    + 'Try again in 2 s, or switch the Engine to “in the browser”.');
  answer = 'budget';
  await says('#new', 'Generation failed: this needs more search than the server gives one request. '
    + 'Try another seed, an easier level or a smaller shape.');
  await says('#daily', 'The daily puzzle failed: this needs more search than the server gives one request. '
    + 'Try an easier level or a smaller shape.');
  answer = null;
  await newPuzzle(page, params);
  // The only errors the round expects: the statuses it answered, and the console's lines for them.
  const others = problems.filter((problem) => !/\b(503|429|422)\b/.test(problem));
  expect(others.length === 0, others.join('\n'));
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
async function keyboardRound(browser, base, colorScheme) {
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
async function phoneDarkRound(browser, base) {
  const { page, problems, close } = await openPage(browser, base, { options: { ...PHONE, colorScheme: 'dark' } });
  await phoneNewPuzzle(page, { genre: 'kakuro', shape: '8x8', level: 'easy', seed: 7 });
  await axeAudit(page, 'the phone page (dark)');
  await shot(page, 'phone-dark');
  expect(problems.length === 0, problems.join('\n'));
  await close();
}

// ---- The element on a host page: the embed example ---------------------------------------------

// The embed example (/embed-example.html): the <sum-puzzle> element plays the puzzle its
// attributes name without its solution, in its own shadow root (the host's styles stop there but
// for the custom properties that theme it, and its own do not leak out); the host page's script
// hears `started`, `checked` and `solved` (with the time). Solved from the keyboard, audited.
async function embedRound(browser, base, colorScheme) {
  const { page, problems, close } = await openPage(browser, base, {
    path: '/embed-example.html', options: { viewport: { width: 1100, height: 800 }, colorScheme },
  });
  await page.evaluate(() => {
    window.heard = [];
    for (const type of ['started', 'checked', 'solved']) {
      document.addEventListener(type, (event) => window.heard.push({ type, detail: event.detail }));
    }
  });
  await page.waitForSelector('#status[data-state=playing]');
  const expected = await generate(base, { genre: 'kakuro', shape: '6x6', level: 'easy', seed: 7 });
  expect((await page.textContent('#info .id')) === expected.id, 'the element plays another puzzle than its attributes name');
  expect(await page.evaluate(() => !game.data.solution),
    'the embedded puzzle came with its solution');
  expect(await page.locator('#controls').isHidden(), 'the embedded player shows the menus');
  expect(await page.locator('#reveal').isHidden(), 'the embedded player offers to reveal a solution it does not have');
  const styles = await page.evaluate(() => {
    const inside = getComputedStyle(player.root.querySelector('#status')).fontFamily;
    const accent = getComputedStyle(player.root.querySelector('#check')).color;
    const hostH1 = getComputedStyle(document.querySelector('h1')).fontSize;
    const hostPanel = getComputedStyle(document.querySelector('main')).display;
    return { inside, accent, hostH1, hostPanel, inShadow: document.querySelector('#status') === null };
  });
  expect(styles.inShadow, 'the player is not in a shadow root');
  expect(!/Georgia/.test(styles.inside), `the host's font reached into the element: ${styles.inside}`);
  const accent = colorScheme === 'dark' ? 'rgb(205, 177, 238)' : 'rgb(90, 45, 130)';
  expect(styles.accent === accent, `the host's --accent did not theme the element: ${styles.accent}`);
  expect(styles.hostH1 === '32px' && styles.hostPanel === 'block',
    `the element's styles leaked onto the host page: h1 ${styles.hostH1}, main ${styles.hostPanel}`);

  for (const [r, c, digit] of whiteCells(expected.solution)) await page.press(`#input-${r}-${c}`, digit);
  await page.click('#check');
  await page.waitForSelector('#solved-banner:not([hidden])');
  const heard = await page.evaluate(() => window.heard);
  const solved = heard.filter((e) => e.type === 'solved');
  expect(solved.length === 1 && solved[0].detail.id === expected.id && Number.isFinite(solved[0].detail.time)
    && solved[0].detail.seconds === Math.round(solved[0].detail.time / 1000),
  `the host heard ${JSON.stringify(heard)}`);
  expect(heard.some((e) => e.type === 'checked' && e.detail.solved), 'no checked event said solved');
  const listed = await page.$$eval('#events li', (items) => items.map((li) => li.textContent));
  expect(listed.some((t) => t.startsWith('solved in')), `the host page's list: ${JSON.stringify(listed)}`);
  await axeAudit(page, `the embed example (${colorScheme})`);
  await shot(page, `embed-${colorScheme}`);
  expect(problems.length === 0, problems.join('\n'));
  await close();
}

// Types a solution in, cell by cell, from the keyboard.
async function typeSolution(page, solution) {
  for (const [r, c, digit] of whiteCells(solution)) await page.press(`#input-${r}-${c}`, digit);
}

// A solved puzzle is remembered (its date and time shown when it is opened again) and the daily
// puzzles solved on their own dates make a streak, under a clock set to three days in turn: two
// days in a row make 2, a day missed ends it.
async function recordRound(browser, base) {
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

// A host page naming its puzzle by ID (<sum-puzzle puzzle="killer-sudoku:6x6:...">: the embed
// example with that attribute instead of its own): the element draws it from /format, rates it
// with /rate, and is solved from the keyboard while the host hears `solved`.
async function embedByIdRound(browser, base) {
  const killer = JSON.parse(readFileSync(join(root, 'corpus', 'killer_sudoku', 'easy-6x6-seed0.json'), 'utf8'));
  const { page, problems, close } = await openPage(browser, base, {
    path: '/embed-example.html',
    route: {
      url: (url) => url.pathname === '/embed-example.html',
      handler: async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(/<sum-puzzle [^>]*>/, `<sum-puzzle puzzle="${killer.id}">`);
        await route.fulfill({ response, body });
      },
    },
  });
  await page.evaluate(() => {
    window.heard = [];
    document.addEventListener('solved', (event) => window.heard.push(event.detail));
  });
  await page.waitForSelector('#status[data-state=playing]');
  expect((await page.textContent('#info .id')) === killer.id, 'the element plays another puzzle than its ID names');
  expect(await page.evaluate(() => !game.data.solution), 'the puzzle named by ID came with its solution');
  expect((await page.textContent('#rating-level')) === killer.rating.level, 'the puzzle named by ID is not rated as generated');
  await typeSolution(page, killer.solution);
  await page.click('#check');
  await page.waitForSelector('#solved-banner:not([hidden])');
  const heard = await page.evaluate(() => window.heard);
  expect(heard.length === 1 && heard[0].id === killer.id && heard[0].genre === 'killer-sudoku', `the host heard ${JSON.stringify(heard)}`);
  await shot(page, 'embed-killer-by-id');
  expect(problems.length === 0, problems.join('\n'));
  await close();
}

// The play page loads with no network once visited (its service worker), and is installable
// (a manifest the page links). With the package, the genres then come from the engine in the
// browser, as the server cannot be reached.
async function offlinePageRound(browser, base, withPackage) {
  const { page, problems, close } = await openPage(browser, base);
  const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
  expect(manifest.start_url === '/' && manifest.icons.length > 0 && manifest.display === 'standalone',
    `the manifest: ${JSON.stringify(manifest)}`);
  expect(await page.evaluate(async () => {
    const link = document.querySelector('link[rel=manifest]');
    await navigator.serviceWorker.ready;
    return Boolean(link) && link.getAttribute('href') === '/manifest.webmanifest';
  }), 'the page links no manifest');
  // The worker controls the page once it has claimed it.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  expect(problems.length === 0, problems.join('\n'));
  await page.context().setOffline(true);
  await page.reload();
  await page.waitForSelector('#status', { state: 'attached' });
  expect((await page.textContent('h1')) === 'sumpuzzles', 'offline, the page did not load');
  if (withPackage) {
    await page.waitForSelector('#shape option', { state: 'attached' });
    expect((await page.locator('#genre option').count()) >= 3, 'offline, the engine in the browser listed no genres');
  }
  await shot(page, 'offline-page');
  await close();
  console.log(`ok the page loads offline once visited${withPackage ? ', its genres from the engine in the browser' : ''}`);
}

// ---- The engine in the browser ------------------------------------------------------------

// The API's endpoints: what the page may not reach when it plays offline.
const API = /^\/(genres|generate|daily|check|hint|solve|rate|render)(\/batch)?$/;
// What Chromium logs for a request refused on purpose here (route.abort), or to a stopped server.
const REFUSED = /ERR_CONNECTION_REFUSED|ERR_FAILED/;

// A new page on the service (in a context of its own, whose `route` also sees the worker's
// requests), with what went wrong collected in `problems`: errors, a request elsewhere, an error
// status. `refusals` lets refused requests pass (the page is meant to meet them).
async function openPage(browser, base, { refusals = false, route, options, path = '/' } = {}) {
  const context = await browser.newContext(options || { viewport: { width: 1100, height: 760 } });
  await servePageFromDisk(context);
  if (route) await context.route(route.url, route.handler);
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    const audit = auditing.has(page) && message.text().startsWith('Applying inline style violates');
    if (message.type() === 'error' && !audit && !(refusals && REFUSED.test(message.text()))) {
      problems.push(`console error: ${message.text()}`);
    }
  });
  // Every request the page makes must go to the service itself.
  page.on('request', (request) => {
    if (!request.url().startsWith(base)) problems.push(`request outside the service: ${request.url()}`);
  });
  page.on('response', (response) => {
    // A route fulfils what it stands in for, error statuses included.
    // (BROWSER_ROUNDS=page: a server without the package answers /wasm/ with a 404.)
    const withoutPackage = process.env.BROWSER_ROUNDS === 'page' && new URL(response.url()).pathname.startsWith('/wasm/');
    if (response.status() >= 400 && !withoutPackage && !(route && route.url(new URL(response.url())))) {
      problems.push(`${response.status()} for ${response.url()}`);
    }
  });
  await page.goto(`${base}${path}`);
  await page.waitForSelector('#shape option', { state: 'attached' });
  return { page, problems, close: () => context.close() };
}

// With PLAY_ASSETS_DIR set (src/http/play), the page's files come from there instead of the
// binary, with the served headers: to try edits of the page without rebuilding the server.
async function servePageFromDisk(context) {
  const dir = process.env.PLAY_ASSETS_DIR;
  if (!dir) return;
  await context.route((url) => /^\/([a-z-]+\.(js|css|html|webmanifest))?$/.test(url.pathname) && url.pathname !== '/play-worker.js', async (route) => {
    const name = new URL(route.request().url()).pathname.slice(1) || 'index.html';
    let response = await route.fetch();
    // A file the binary does not serve yet (a new one): the headers the page itself has.
    if (response.status() === 404 && existsSync(join(dir, name))) {
      const page = await route.fetch({ url: new URL('/', route.request().url()).href });
      const type = { js: 'text/javascript', css: 'text/css', html: 'text/html', webmanifest: 'application/manifest+json' }[name.split('.').pop()];
      await route.fulfill({ status: 200, headers: { ...page.headers(), 'content-type': `${type}; charset=utf-8` },
        body: readFileSync(join(dir, name), 'utf8') });
      return;
    }
    await route.fulfill({ response, body: readFileSync(join(dir, name), 'utf8') });
  });
}

// The worker has loaded the package: the switch's browser side is on.
async function engineReady(page) {
  await page.waitForSelector('#engine-browser:not([disabled])', { state: 'attached' });
  expect((await page.getAttribute('#engine-note', 'data-state')) === 'ready', 'the engine note does not say ready');
}

// From now on every API request of the page is refused as by a server that is not there; the
// refused ones are listed in `refused`.
async function refuseApi(page) {
  const refused = [];
  await page.route((url) => API.test(url.pathname), (route) => {
    refused.push(route.request().url());
    return route.abort('connectionrefused');
  });
  return refused;
}

async function madeIn(page) {
  return page.textContent('#made-in');
}

// Only the worker compiles WebAssembly: the page's policy has no 'wasm-unsafe-eval' (and still
// runs the engine, so the browser applies the worker's own policy, which has it); the page is
// cross-origin isolated for the worker's shared cancel cell.
async function policiesRound(page, base) {
  const pagePolicy = (await fetch(`${base}/`)).headers.get('content-security-policy');
  const workerPolicy = (await fetch(`${base}/play-worker.js`)).headers.get('content-security-policy');
  expect(!pagePolicy.includes('wasm-unsafe-eval') && pagePolicy.includes("worker-src 'self'"), `the page's policy: ${pagePolicy}`);
  expect(workerPolicy.includes("script-src 'self' 'wasm-unsafe-eval'") && workerPolicy.includes("default-src 'none'"),
    `the worker's policy: ${workerPolicy}`);
  expect(await page.evaluate(() => window.crossOriginIsolated), 'the page is not cross-origin isolated');
}

// The rounds played on the server, played again in the browser with the API refused: the same
// puzzles (the rounds compare with the server's /generate), hints and checks.
async function browserRounds(page, base) {
  const refused = await refuseApi(page);
  await page.check('#engine-browser');
  const rounds = [['kakuro', kakuroRound], ['kakurasu', kakurasuRound], ['cryptic kakuro', crypticRound]];
  for (const [name, round] of rounds) {
    await round(page, base);
    expect((await madeIn(page)) === 'in the browser', `the ${name} puzzle was not made in the browser`);
    console.log(`ok ${name} in the browser`);
  }
  // A seed beyond 2^53 reaches the engine as typed.
  const params = { genre: 'kakuro', shape: '6x6', level: 'easy', seed: '9007199254740993' };
  const expected = await generate(base, params);
  await newPuzzle(page, params);
  expect((await page.textContent('#info .id')) === expected.id, 'the seed 9007199254740993 made another puzzle in the browser');
  await page.click('#daily');
  await page.waitForSelector('#status[data-state=playing]');
  const daily = await (await fetch(`${base}/daily?genre=kakuro&shape=6x6&level=easy`)).json();
  expect((await page.textContent('#info .id')) === daily.id, 'the daily puzzle in the browser is not /daily\'s');
  await shot(page, 'browser-daily');
  expect(refused.length === 0, `in the browser the page still asked the API: ${refused.join(' ')}`);
  console.log('ok big seed and daily in the browser');
}

// The page stays responsive while the worker searches, and Cancel stops it, through the shared
// cell (the worker stays) and, without shared memory, by replacing the worker.
async function cancelRound(page) {
  for (const way of ['shared cell', 'new worker']) {
    if (way === 'new worker') await page.evaluate(() => { engine.cell = null; });
    await page.selectOption('#genre', 'kakuro');
    await page.selectOption('#shape', '16x16');
    await page.selectOption('#level', 'expert');
    await page.fill('#seed', '1');
    await page.click('#new');
    // Read by the page's own thread: had the search run there, this would come after it.
    const state = await page.evaluate(() => player.root.querySelector('#status').dataset.state);
    expect(state === 'busy', `while generating in the browser the page reads its status as ${state}`);
    await page.click('#cancel');
    await page.waitForSelector('#status[data-state=cancelled]');
    expect(await page.locator('#cancel').isHidden(), 'Cancel still shows after cancelling');
    await newPuzzle(page, { genre: 'kakuro', shape: '6x6', level: 'easy', seed: 3 });
    console.log(`ok cancelled (${way})`);
  }
}

// In server mode with the API refused, New puzzle falls back to the browser and says so.
async function fallbackRound(page, base) {
  const refused = await refuseApi(page);
  const params = { genre: 'kakurasu', shape: '6x6', level: 'hard', seed: 12 };
  const expected = await generate(base, params);
  await page.check('#engine-server');
  await newPuzzle(page, params);
  expect(refused.some((url) => url.includes('/generate?')), 'the page did not try the server first');
  expect(await page.isChecked('#engine-browser'), 'the switch did not move to the browser');
  expect((await page.getAttribute('#engine-note', 'data-state')) === 'fallback', 'the fallback is not said');
  expect((await page.textContent('#info .id')) === expected.id, 'the fallback made another puzzle than the server');
  await shot(page, 'fallback');
}

// The server stops after the page and its engine loaded: the page generates, hints, fills and
// checks a puzzle with no server at all.
async function serverGoneRound(browser, base) {
  const gone = await startServer();
  const { page, problems, close } = await openPage(browser, gone.base, { refusals: true });
  await engineReady(page);
  await gone.stop();
  const params = { genre: 'kakuro', shape: '7x7', level: 'medium', seed: 5 };
  const expected = await generate(base, params);
  await newPuzzle(page, params);
  expect((await page.textContent('#info .id')) === expected.id, 'without a server the page made another puzzle');
  expect((await madeIn(page)) === 'in the browser', 'the puzzle was not made in the browser');
  await page.click('#hint');
  await page.waitForFunction(() => player.root.querySelector('#hint-text').dataset.kind === 'deduction');
  await page.click('#apply-hint');
  const white = [];
  expected.solution.forEach((row, r) => [...row].forEach((ch, c) => { if (ch !== '#') white.push([r, c, ch]); }));
  const hinted = [];
  for (const [r, c, digit] of white) {
    const value = await page.inputValue(`#input-${r}-${c}`);
    if (value !== '') hinted.push(value === digit);
  }
  expect(hinted.length > 0 && hinted.every(Boolean), 'the hint applied without a server placed no digit or a wrong one');
  for (const [r, c, digit] of white) await page.press(`#input-${r}-${c}`, digit);
  const result = await checkAndWait(page);
  expect(result.state === 'solved', `without a server the solved grid checks as ${result.state}: ${result.text}`);
  await shot(page, 'server-gone-solved');
  expect(problems.length === 0, problems.join('\n'));
  await close();
}

// The switch's browser side stays off and says why when the engine cannot run, and the page
// plays on the server: a server built without the package answers its files with a 404 problem
// (src/http/wasm.rs), and a worker whose policy lacks 'wasm-unsafe-eval' cannot compile it (so
// the worker's own policy is what lets it run, and the page's needs none).
async function engineOffRounds(browser, base) {
  const detail = 'this server was built without the WebAssembly package: run scripts/build-wasm.sh';
  const cases = [
    ["a server without the package", /scripts\/build-wasm\.sh/, {
      url: (url) => url.pathname.startsWith('/wasm/'),
      handler: (route) => route.fulfill({ status: 404, contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'about:blank', title: 'Not Found', status: 404, detail }) }),
    }],
    ["a worker policy without 'wasm-unsafe-eval'", /WebAssembly|CompileError|unsafe-eval/i, {
      url: (url) => url.pathname === '/play-worker.js',
      handler: async (route) => {
        const response = await route.fetch();
        const headers = response.headers();
        headers['content-security-policy'] = headers['content-security-policy'].replace(" 'wasm-unsafe-eval'", '');
        await route.fulfill({ response, headers });
      },
    }],
  ];
  for (const [name, reason, route] of cases) {
    const { page, problems, close } = await openPage(browser, base, { route });
    await page.waitForSelector('#engine-note[data-state=unavailable]', { state: 'attached' });
    expect(await page.isDisabled('#engine-browser'), `${name}: the browser engine can be chosen`);
    const note = await page.textContent('#engine-note');
    expect(reason.test(note), `${name}: the switch does not say why it is off: ${note}`);
    await newPuzzle(page, { genre: 'kakuro', shape: '6x6', level: 'easy', seed: 7 });
    expect((await madeIn(page)) === 'on the server', `${name}: the puzzle was not made on the server`);
    await shot(page, `engine-off-${name.replace(/[^a-z]+/g, '-')}`);
    expect(problems.length === 0, problems.join('\n'));
    await close();
    console.log(`ok the engine is off (${name}): ${note}`);
  }
}

async function main() {
  mkdirSync(artifacts, { recursive: true });
  const server = await startServer();
  let browser = null;
  try {
    const index = await fetch(`${server.base}/`);
    expect(index.ok, `GET / answered ${index.status}`);
    const csp = index.headers.get('content-security-policy') || '';
    expect(csp.includes("default-src 'none'") && csp.includes("script-src 'self'"), `weak or missing CSP: ${csp}`);

    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
    if (process.env.BROWSER_ROUNDS === 'page') console.log('BROWSER_ROUNDS=page: the rounds with the engine in the browser are left out');
    if (process.env.BROWSER_ROUNDS === 'offline') {
      // Only the engine in the browser, with the API refused (scripts/container-test.sh plays the
      // image's page this way: the package it serves must be there and answer as its server).
      const offline = await openPage(browser, server.base, { refusals: true });
      await engineReady(offline.page);
      await policiesRound(offline.page, server.base);
      await browserRounds(offline.page, server.base);
      expect(offline.problems.length === 0, offline.problems.join('\n'));
      await offline.close();
      console.log('browser test passed (offline rounds only)');
      return;
    }
    const { page, problems } = await openPage(browser, server.base);
    const rounds = [['kakuro', kakuroRound], ['kakurasu', kakurasuRound], ['cryptic kakuro', crypticRound],
      ['permalink', permalinkRound], ['daily', dailyRound], ['print', printRound], ['pencil marks', pencilRound], ['shapes', shapesRound]];
    for (const [name, round] of rounds) {
      await round(page, server.base);
      expect((await madeIn(page)) === 'on the server', `the ${name} puzzle was not made on the server`);
      console.log(`ok ${name}`);
    }
    expect(problems.length === 0, problems.join('\n'));

    await phoneRound(browser, server.base);
    await phoneDarkRound(browser, server.base);
    console.log('ok phone');
    for (const scheme of ['light', 'dark']) await keyboardRound(browser, server.base, scheme);
    console.log('ok keyboard only');
    for (const scheme of ['light', 'dark']) await embedRound(browser, server.base, scheme);
    console.log('ok the element on a host page (the embed example)');
    await embedByIdRound(browser, server.base);
    console.log('ok a Killer Sudoku named by its ID on a host page');
    await hardHintRound(browser, server.base);
    console.log('ok a hint beyond the server\'s budget, from the engine in the browser');
    await busyRound(browser, server.base);
    console.log('ok a busy server and a search too long for one request, in the player\'s words');
    await recordRound(browser, server.base);
    console.log('ok a solved puzzle remembered, the daily streak');
    await offlinePageRound(browser, server.base, process.env.BROWSER_ROUNDS !== 'page');
    if (process.env.BROWSER_ROUNDS === 'page') return;

    const offline = await openPage(browser, server.base, { refusals: true });
    await engineReady(offline.page);
    await policiesRound(offline.page, server.base);
    console.log('ok policies');
    await browserRounds(offline.page, server.base);
    await cancelRound(offline.page);
    await fallbackRound(offline.page, server.base);
    console.log('ok fallback to the browser');
    expect(offline.problems.length === 0, offline.problems.join('\n'));
    await offline.close();
    if (process.env.SUMPUZZLES_URL) {
      console.log('skipped: the server stopped (SUMPUZZLES_URL names a server this test cannot stop)');
    } else {
      await serverGoneRound(browser, server.base);
      console.log('ok played with the server stopped');
    }
    await engineOffRounds(browser, server.base);
    console.log('browser test passed');
  } catch (error) {
    console.error(`browser test FAILED: ${error.stack || error.message}`);
    if (browser) {
      const pages = browser.contexts().flatMap((c) => c.pages());
      if (pages.length) await shot(pages[0], 'failure').catch(() => {});
    }
    process.exitCode = 1;
  } finally {
    if (browser) await browser.close();
    await server.stop();
  }
}

await main();
