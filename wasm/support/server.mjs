// The real server beside the package: `sumpuzzles serve` on an ephemeral loopback port, or the
// one at $SUMPUZZLES_URL, and what it answers to a request, as text.

import { spawn } from 'node:child_process';
import http from 'node:http';
import { createInterface } from 'node:readline';

import { NATIVE_BIN, requireNative } from './native.mjs';

/**
 * Starts `sumpuzzles serve --bind 127.0.0.1:0` (or takes $SUMPUZZLES_URL) and resolves to
 * `{ url, stop }` once it listens. `args` are more options of `serve`.
 */
export async function startServer(args = []) {
  if (process.env.SUMPUZZLES_URL) {
    return { url: process.env.SUMPUZZLES_URL.replace(/\/$/, ''), stop: async () => {} };
  }
  requireNative();
  const server = spawn(
    NATIVE_BIN,
    // One client sends every request of the comparison: its account of worker time is lifted (the edge
    // has its own tests; this one compares answers).
    ['serve', '--bind', '127.0.0.1:0', '--log-format', 'json', '--client-work-ms', '0', ...args],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, RUST_LOG: 'info' } },
  );
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const address = await new Promise((resolve, reject) => {
    const lines = createInterface({ input: server.stdout });
    lines.on('line', (line) => {
      const fields = JSON.parse(line).fields ?? {};
      if (fields.message === 'listening') resolve(fields.address);
    });
    exited.then((code) => reject(new Error(`the server exited (${code}) before it listened`)));
  });
  // Keep reading its log, so that a full pipe never blocks it.
  server.stdout.resume();
  return {
    url: `http://${address}`,
    stop: async () => {
      server.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Sends `body` (JSON text, or nothing for a GET) to `path` and resolves to `{ status, type,
 * text }`: the status, the content type and the body as sent. `accept` is the representation
 * asked for (the server answers JSON without it; `image/svg+xml` picks `/render`'s SVG, which
 * the package's `render` returns). One connection per request: the package's synchronous
 * work blocks this thread for seconds at a time, long enough for the server to close an idle
 * kept-alive connection before the client notices.
 */
export function call(url, path, body, accept = 'application/json') {
  const options =
    body === undefined
      ? { method: 'GET', headers: { accept } }
      : { method: 'POST', headers: { 'content-type': 'application/json', accept } };
  return new Promise((resolve, reject) => {
    const request = http.request(`${url}${path}`, { ...options, agent: false }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          type: response.headers['content-type'],
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', (error) => reject(new Error(`${path} ${body?.slice(0, 200)}: ${error}`)));
    request.end(body);
  });
}
