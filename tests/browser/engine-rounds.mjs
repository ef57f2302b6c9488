// The engine in the browser (the WebAssembly package in the page's worker): a hint beyond the
// server's budget, the server busy in the player's words, the page offline once visited, the
// policies, the server's rounds again with every API request refused, a cancelled generation,
// the fallback when the API is refused or the server has stopped, and a server without the
// package.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API, checkAndWait, engineReady, expect, generate, madeIn, newPuzzle, openPage, refuseApi, shot, startServer } from './harness.mjs';
import { crypticRound, kakurasuRound, kakuroRound, printsPdf } from './page-rounds.mjs';

// A published Killer Sudoku harder than the server's budget for one request
// (MATHEMAGIC_KILLERS #5 from SUMPUZZLES_TESTDATA, about 1.45 million steps to prove unique,
// against 1,200,000): the server's hint answers budget-exhausted, and the page says that the
// engine in the browser searches further; switched there, the same Hint gives the first
// deduction (its cage of one cell), the browser's budget being a generation's.
export async function hardHintRound(browser, base) {
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
export async function busyRound(browser, base) {
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

// The play page loads with no network once visited (its service worker), and is installable
// (a manifest the page links). With the package, the genres then come from the engine in the
// browser, as the server cannot be reached.
export async function offlinePageRound(browser, base, withPackage) {
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

// Only the worker compiles WebAssembly: the page's policy has no 'wasm-unsafe-eval' (and still
// runs the engine, so the browser applies the worker's own policy, which has it); the page is
// cross-origin isolated for the worker's shared cancel cell.
export async function policiesRound(page, base) {
  const pagePolicy = (await fetch(`${base}/`)).headers.get('content-security-policy');
  const workerPolicy = (await fetch(`${base}/play-worker.js`)).headers.get('content-security-policy');
  expect(!pagePolicy.includes('wasm-unsafe-eval') && pagePolicy.includes("worker-src 'self'"), `the page's policy: ${pagePolicy}`);
  expect(workerPolicy.includes("script-src 'self' 'wasm-unsafe-eval'") && workerPolicy.includes("default-src 'none'"),
    `the worker's policy: ${workerPolicy}`);
  expect(await page.evaluate(() => window.crossOriginIsolated), 'the page is not cross-origin isolated');
}

// The rounds played on the server, played again in the browser with the API refused: the same
// puzzles (the rounds compare with the server's /generate), hints and checks.
export async function browserRounds(page, base) {
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
export async function cancelRound(page) {
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
export async function fallbackRound(page, base) {
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
export async function serverGoneRound(browser, base) {
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
export async function engineOffRounds(browser, base) {
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
