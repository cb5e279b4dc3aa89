// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-pxje5hqx.js","/assets/chunk-x5shq1vb.js","/assets/chunk-zdfu7md9.js","/assets/chunk-7hyn3f7d.js","/assets/chunk-tlguj9z0.js","/assets/chunk-7ode22wi.js","/assets/main-ovjggwqr.js","/assets/chunk-qfg5orro.js","/assets/app-qvhcsj6y.css","/assets/chunk-hc94tfi7.js","/assets/chunk-w17i7ae2.js","/assets/chunk-ifdnyeny.js","/assets/chunk-9e46al7w.js","/assets/chunk-5sqabc4h.js","/assets/chunk-9v2of9at.js","/assets/chunk-jkc8ro7s.js","/icon.svg","/manifest.webmanifest"];

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
