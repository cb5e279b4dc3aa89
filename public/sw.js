// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-46wa13x6.js","/assets/chunk-vjjoheht.js","/assets/chunk-x5shq1vb.js","/assets/chunk-l9yn7wpw.js","/assets/chunk-srafakt3.js","/assets/chunk-e2k4fdga.js","/assets/chunk-44mw4cj0.js","/assets/chunk-45j5exni.js","/assets/chunk-tlguj9z0.js","/assets/chunk-tyx0t1na.js","/assets/chunk-pbun4on9.js","/assets/chunk-0a6jaizp.js","/assets/chunk-wmotaxn8.js","/assets/chunk-0elah4qe.js","/assets/main-785vr663.js","/assets/chunk-rmh5z6js.js","/assets/chunk-4zq9kaqh.js","/assets/chunk-eur1etfh.js","/assets/chunk-16al43cv.js","/assets/app-qivhzrof.css","/assets/chunk-c9jvbtxp.js","/assets/chunk-00lf2s77.js","/assets/chunk-kicknpsj.js","/assets/chunk-b6k9fuki.js","/icon.svg","/manifest.webmanifest"];

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
