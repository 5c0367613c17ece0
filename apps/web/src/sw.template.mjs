/* Propfolio's service worker (the build fills in the version and the asset list; see vite.config.ts offlineShell).
   Navigations: the network first, the cached app shell when it cannot be reached. Hashed assets: the cache first.
   Everything else (the API included) goes to the network untouched. */
const VERSION = '__VERSION__';
const ASSETS = __ASSETS__;
const CACHE = `propfolio-${VERSION}`;
const SHELL = '/__app-shell';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // The server answers a page only to a request that accepts HTML.
      const shell = await fetch(new Request('/', { headers: { Accept: 'text/html' }, credentials: 'same-origin' }));
      if (shell.ok) await cache.put(SHELL, shell);
      await cache.addAll(ASSETS);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith('propfolio-') && key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(async () => (await caches.match(SHELL)) ?? Response.error()));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith((async () => (await caches.match(request)) ?? fetch(request))());
  }
});
