// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x71y0w6m.js","/assets/chunk-x5shq1vb.js","/assets/chunk-3szia0mp.js","/assets/chunk-m68x4d4n.js","/assets/chunk-bayr6jpm.js","/assets/app-8po5qfkx.css","/assets/chunk-9c0zai1e.js","/assets/chunk-ut19ymw8.js","/assets/chunk-toub043p.js","/assets/chunk-1cmzw5vn.js","/assets/chunk-2lwpx9s4.js","/assets/main-a3bfs255.js","/assets/chunk-85mu68lb.js","/icon.svg","/manifest.webmanifest"];

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
