// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-rxgehm8l.js","/assets/chunk-x5shq1vb.js","/assets/chunk-511ozcvw.js","/assets/app-u4fd5i7t.css","/assets/chunk-gortu7vt.js","/assets/chunk-tlguj9z0.js","/assets/chunk-mc0x4y2b.js","/assets/main-wanaq5ez.js","/assets/chunk-hfitj2iu.js","/assets/chunk-iyxm2y1d.js","/assets/chunk-wem6llr7.js","/assets/chunk-jwovajqx.js","/assets/chunk-any6f311.js","/assets/chunk-33f4uxk7.js","/assets/chunk-ukzbpiyo.js","/assets/chunk-4xstjdy8.js","/assets/chunk-r0ltqj9j.js","/assets/chunk-9ez12kjp.js","/assets/chunk-4yarpsm0.js","/assets/chunk-33uts92f.js","/assets/chunk-f2p5sans.js","/assets/chunk-1lgwxgs5.js","/icon.svg","/manifest.webmanifest"];

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
