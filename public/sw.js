// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-ui9rcsoq.js","/assets/chunk-11jubu8m.js","/assets/chunk-x5shq1vb.js","/assets/chunk-tlguj9z0.js","/assets/chunk-a29kbs97.js","/assets/chunk-4aiumm9t.js","/assets/chunk-q84v3tz6.js","/assets/chunk-fakza9br.js","/assets/chunk-g2lztj2w.js","/assets/chunk-apix6bsi.js","/assets/app-faykiecr.css","/assets/chunk-4exvpx25.js","/assets/chunk-803rf0gz.js","/assets/main-ndey7mk3.js","/assets/chunk-ix779vte.js","/assets/chunk-0ds85ro0.js","/assets/chunk-oqlx01oe.js","/assets/chunk-y7l3ui95.js","/assets/chunk-591h1dgk.js","/assets/chunk-e0t7xkb7.js","/icon.svg","/manifest.webmanifest"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k)))),
  );
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin) return;
  if (!SHELL.includes(url.pathname)) return;
  // Network first so a new build shows at once; the cache answers when offline.
  event.respondWith(fetch(event.request).catch(() => caches.match(event.request)));
});
