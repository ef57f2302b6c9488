// The package in a real browser, loaded from the server's /wasm/ under a page's
// Content-Security-Policy: with `script-src 'self' 'wasm-unsafe-eval'` it generates the
// server's puzzle; with `script-src 'self'` alone the browser refuses to compile it (so the
// `'wasm-unsafe-eval'` a page needs is not a guess). Chromium is $CHROMIUM (default
// /usr/bin/chromium), driven by playwright-core from tests/browser/ (scripts/wasm-tests.sh
// installs both). Run with `node --test wasm/browser/`.

import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';

import { call, startServer } from '../support/server.mjs';

const require = createRequire(new URL('../../tests/browser/package.json', import.meta.url));
const { chromium } = require('playwright-core');

const REQUEST = { genre: 'kakuro', shape: '6x6', level: 'easy', seed: 11 };
let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * Opens a page at the server's origin (its HTML and script made up here, the package from the
 * server) under `policy`, and resolves to what the page's script reports.
 */
async function run(policy) {
  const page = await browser.newPage();
  const html = '<!doctype html><title>csp</title><script type="module" src="/csp-test.js"></script>';
  const script = `
    import { init, generateJson } from '/wasm/index.js';
    const violations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(event.effectiveDirective + " " + event.blockedURI));
    try {
      await init();
      window.report = { text: generateJson(${JSON.stringify(JSON.stringify(REQUEST))}), violations };
    } catch (error) {
      // The violation event comes after the rejection.
      await new Promise((resolve) => setTimeout(resolve, 100));
      window.report = { error: String(error), violations };
    }`;
  await page.route(`${server.url}/csp-test`, (route) =>
    route.fulfill({ contentType: 'text/html', body: html, headers: { 'content-security-policy': policy } }),
  );
  await page.route(`${server.url}/csp-test.js`, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: script }),
  );
  await page.goto(`${server.url}/csp-test`);
  await page.waitForFunction(() => window.report !== undefined, null, { timeout: 30_000 });
  const report = await page.evaluate(() => window.report);
  await page.close();
  return report;
}

test("with 'wasm-unsafe-eval' the page generates the server's puzzle", async () => {
  const policy =
    "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; base-uri 'none'";
  const { text, error, violations } = await run(policy);
  assert.equal(error, undefined);
  assert.deepEqual(violations, []);
  const theirs = await call(server.url, '/generate', JSON.stringify(REQUEST));
  const timeless = (json) => json.replace(/"elapsed_ms":\d+/, '"elapsed_ms":0');
  assert.equal(timeless(text), timeless(theirs.text));
});

test("without it the browser refuses to compile the module", async () => {
  const { text, error, violations } = await run("default-src 'none'; script-src 'self'; connect-src 'self'");
  assert.equal(text, undefined);
  assert.match(error, /CompileError|WebAssembly|unsafe-eval/i);
  assert.deepEqual(violations, ['script-src wasm-eval'], error);
});
