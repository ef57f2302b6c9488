// The <sum-puzzle> element on a host page: the embed example solved from the keyboard while the
// host listens for its events (light and dark, audited), and a host page naming a Killer Sudoku
// by its ID.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { axeAudit, expect, generate, openPage, root, shot, typeSolution, whiteCells } from './harness.mjs';

// ---- The element on a host page: the embed example ---------------------------------------------

// The embed example (/embed-example.html): the <sum-puzzle> element plays the puzzle its
// attributes name without its solution, in its own shadow root (the host's styles stop there but
// for the custom properties that theme it, and its own do not leak out); the host page's script
// hears `started`, `checked` and `solved` (with the time). Solved from the keyboard, audited.
export async function embedRound(browser, base, colorScheme) {
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

// A host page naming its puzzle by ID (<sum-puzzle puzzle="killer-sudoku:6x6:...">: the embed
// example with that attribute instead of its own): the element draws it from /format, rates it
// with /rate, and is solved from the keyboard while the host hears `solved`.
export async function embedByIdRound(browser, base) {
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
