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
//
// The rounds are in this folder's modules, by concern: page-rounds.mjs (the page on the server),
// device-rounds.mjs (a phone, the keyboard alone), embed-rounds.mjs (the element on a host page),
// engine-rounds.mjs (the engine in the browser, offline, the server busy or gone), and what they
// share in harness.mjs. This file runs them in order.
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { artifacts, chromiumPath, engineReady, expect, madeIn, openPage, shot, startServer } from './harness.mjs';
import { crypticRound, dailyRound, kakurasuRound, kakuroRound, pencilRound, permalinkRound, printRound, recordRound, shapesRound } from './page-rounds.mjs';
import { keyboardRound, phoneDarkRound, phoneRound } from './device-rounds.mjs';
import { embedByIdRound, embedRound } from './embed-rounds.mjs';
import { browserRounds, busyRound, cancelRound, engineOffRounds, fallbackRound, hardHintRound, offlinePageRound, policiesRound, serverGoneRound } from './engine-rounds.mjs';

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
