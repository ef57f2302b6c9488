// The play page's service worker: once the page has been visited it loads without a network.
// Network first (a new binary's files show at once), the last good answer kept in the cache and
// served when the network fails. The API is left alone (never cached: the page's engine falls
// back to the browser when the server cannot be reached), and so is everything not from here.
const CACHE = 'sumpuzzles-play-v1';
const API = /^\/(genres|generate|daily|check|hint|solve|rate|render|format)(\/batch)?$/;
// What the page needs to start offline, fetched when the worker installs.
const SHELL = ['/', '/sum-puzzle.js', '/play.js', '/play-engine.js', '/play-board.js', '/play-worker.js',
  '/board-sum-grid.js', '/board-shading.js', '/board-caged.js', '/play.css', '/board-sum-grid.css',
  '/board-shading.css', '/board-caged.css', '/favicon.svg', '/manifest.webmanifest'];

self.addEventListener('install', (event) => {
  // A file that cannot be fetched now is cached on its next visit instead.
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(SHELL.map((path) => cache.add(path).catch(() => {})))));
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
      const kept = await cache.match(event.request, { ignoreSearch: url.pathname === '/' });
      if (kept) return kept;
      throw error;
    }
  })());
});
