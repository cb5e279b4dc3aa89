// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/chunk-pwmzq4lx.js","/assets/chunk-6fztwzgk.js","/assets/chunk-llwi9yqr.js","/assets/chunk-qfod1gta.js","/assets/chunk-uuvpa7mv.js","/assets/app-nr1v8elo.css","/assets/chunk-t0bgnryn.js","/assets/main-4363o1yd.js","/assets/chunk-55buoll4.js","/assets/chunk-sm2b7uva.js","/assets/chunk-1h1p2nw6.js","/assets/chunk-qahebjh1.js","/assets/chunk-2zn8e1vh.js","/icon.svg","/manifest.webmanifest"];

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
