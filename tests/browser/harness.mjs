// What the browser test's rounds share: the service under test (started here unless
// SUMPUZZLES_URL names one), pages opened on it with what went wrong collected (openPage: errors,
// requests elsewhere, error statuses), the page's menus and Check driven, the /check report
// compared with what the page shows, the axe-core audit and the screenshots.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const artifacts = join(root, 'target', 'browser-artifacts');
export const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
const binary = process.env.SUMPUZZLES_BIN || join(root, 'target', 'release', 'sumpuzzles');
const TIMEOUT = 30_000;

export function fail(message) {
  throw new Error(message);
}

export function expect(condition, message) {
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

export async function startServer() {
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

export async function generate(base, params) {
  const response = await fetch(`${base}/generate?${new URLSearchParams(params)}`);
  expect(response.ok, `/generate ${JSON.stringify(params)} answered ${response.status}`);
  return response.json();
}

export async function newPuzzle(page, params) {
  await page.selectOption('#genre', params.genre);
  await page.selectOption('#shape', params.shape);
  await page.selectOption('#level', params.level);
  await page.fill('#seed', String(params.seed));
  await page.click('#new');
  await page.waitForSelector('#status[data-state=playing]');
  await page.waitForSelector('#grid table');
}

export async function checkAndWait(page) {
  await page.click('#check');
  await page.waitForFunction(() => !['playing', 'busy', 'revealed'].includes(player.root.querySelector('#status').dataset.state));
  return { state: await page.getAttribute('#status', 'data-state'), text: await page.textContent('#status') };
}

// The broken rules the page lists are the /check report's own words, in its order, and every
// place a violation names (its cells and its clues) is highlighted: the page draws violations
// without knowing a genre's rules. Returns the report.
export async function expectViolationsShown(page, base, what) {
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
export async function expectGenreControls(page, base, name) {
  const genre = (await (await fetch(`${base}/genres`)).json()).find((g) => g.name === name);
  expect((await page.textContent('#how-text')) === `${genre.rules} ${genre.controls}`, `${name}: the How to play text is not /genres'`);
  expect((await page.locator('#pencil-label').isVisible()) === genre.pencil_marks,
    `${name}: the pencil-mark switch ${genre.pencil_marks ? 'is hidden' : 'shows'}`);
}

export async function shot(page, name) {
  const path = join(artifacts, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  console.log(`screenshot ${path}`);
}

// The white cells of a solution ([row, column, digit] each): those that are not a block.
export function whiteCells(solution) {
  const white = [];
  solution.forEach((row, r) => [...row].forEach((ch, c) => { if (ch !== '#') white.push([r, c, ch]); }));
  return white;
}

// Types a solution in, cell by cell, from the keyboard.
export async function typeSolution(page, solution) {
  for (const [r, c, digit] of whiteCells(solution)) await page.press(`#input-${r}-${c}`, digit);
}

// ---- Accessibility: the axe-core audit (tests/browser/package.json pins it) ------------------

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// Pages axe-core is auditing: in a shadow root it tries inline styles, which the page's policy
// refuses (console errors of the audit's, not the page's: openPage does not count them).
const auditing = new WeakSet();

// No serious or critical violation of axe-core's rules on the page as it is.
export async function axeAudit(page, what) {
  await page.evaluate(AXE);
  auditing.add(page);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  auditing.delete(page);
  const bad = result.violations.filter((v) => ['serious', 'critical'].includes(v.impact));
  const said = bad.map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad.length === 0, `axe-core on ${what}: ${said.join('; ')}`);
  console.log(`ok axe-core on ${what}: ${result.violations.length} minor or moderate, no serious or critical`);
}

// ---- Pages on the service, and the engine in the browser ----------------------------------

// The API's endpoints: what the page may not reach when it plays offline.
export const API = /^\/(genres|generate|daily|check|hint|solve|rate|render)(\/batch)?$/;
// What Chromium logs for a request refused on purpose here (route.abort), or to a stopped server.
const REFUSED = /ERR_CONNECTION_REFUSED|ERR_FAILED/;

// A new page on the service (in a context of its own, whose `route` also sees the worker's
// requests), with what went wrong collected in `problems`: errors, a request elsewhere, an error
// status. `refusals` lets refused requests pass (the page is meant to meet them).
export async function openPage(browser, base, { refusals = false, route, options, path = '/' } = {}) {
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
export async function engineReady(page) {
  await page.waitForSelector('#engine-browser:not([disabled])', { state: 'attached' });
  expect((await page.getAttribute('#engine-note', 'data-state')) === 'ready', 'the engine note does not say ready');
}

// From now on every API request of the page is refused as by a server that is not there; the
// refused ones are listed in `refused`.
export async function refuseApi(page) {
  const refused = [];
  await page.route((url) => API.test(url.pathname), (route) => {
    refused.push(route.request().url());
    return route.abort('connectionrefused');
  });
  return refused;
}

export async function madeIn(page) {
  return page.textContent('#made-in');
}
