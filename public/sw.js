// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-t0kprwhq.js","/assets/chunk-x5shq1vb.js","/assets/chunk-cpi6xs3h.js","/assets/app-99frm5x2.css","/assets/chunk-8sad3czp.js","/assets/chunk-dtemyzkj.js","/assets/chunk-v1yosrem.js","/assets/chunk-8olfqv5z.js","/assets/chunk-4uredshj.js","/assets/main-45s2nx50.js","/assets/chunk-yhi1fpx8.js","/assets/chunk-a1nkkffe.js","/assets/chunk-813w6707.js","/assets/chunk-7hon7nym.js","/icon.svg","/manifest.webmanifest"];

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
