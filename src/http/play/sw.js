// The play page's service worker: once the page has been visited it loads without a network.
// Network first (a new binary's files show at once), the last good answer kept in the cache and
// served when the network fails. The API is left alone (never cached: the page's engine falls
// back to the browser when the server cannot be reached), and so is everything not from here.
const CACHE = 'sumpuzzles-play-v2';
const API = /^\/(genres|generate|daily|check|hint|solve|rate|render|format)(\/batch)?$/;
// What the page needs to start offline, fetched when the worker installs: the paths the
// service's file list names (its `shell`: the page's files, the list itself, and the
// WebAssembly package its engine in the browser runs; the page's first visit loads the package
// before this worker controls it, so it would not be kept otherwise; a server without the
// package answers 404, and nothing is kept).
const FILE_LIST = '/play-files.json';

async function keepShell() {
  const cache = await caches.open(CACHE);
  const { shell } = await (await fetch(FILE_LIST)).json();
  // A file that cannot be fetched now is cached on its next visit instead.
  await Promise.all(shell.map((path) => cache.add(path).catch(() => {})));
}

self.addEventListener('install', (event) => {
  // Without the list (no network now), the files are cached on their next visit instead.
  event.waitUntil(keepShell().catch(() => {}));
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin || API.test(url.pathname)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(event.request);
      if (response.ok) await cache.put(event.request, response.clone());
      return response;
    } catch (error) {
      // The query names a puzzle, not another file: the page itself answers for any of them.
      // Vary is ignored: the service's CORS layer answers `Vary: origin`, and a module script's
      // request carries an Origin header that the one the worker installed with did not, so
      // sum-puzzle.js would never match; the files are the same for every origin.
      const kept = await cache.match(event.request, { ignoreSearch: url.pathname === '/', ignoreVary: true });
      if (kept) return kept;
      throw error;
    }
  })());
});
