// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/chunk-49upns68.js","/assets/chunk-503cacu3.js","/assets/chunk-tlguj9z0.js","/assets/chunk-h0sp7g63.js","/assets/chunk-s6qde3xb.js","/assets/chunk-op1dlfz8.js","/assets/chunk-k7pgrez9.js","/assets/chunk-zhfxpxqm.js","/assets/chunk-latwpd12.js","/assets/chunk-4u308xom.js","/assets/chunk-ekg9ynyk.js","/assets/main-kctumqbc.js","/assets/chunk-rjqndhi3.js","/assets/chunk-lb8l8pvi.js","/assets/chunk-mwfgiuk5.js","/assets/chunk-ywlu2p3c.js","/assets/app-f2dpetr4.css","/assets/chunk-x4t5b14y.js","/assets/chunk-gd23r9t7.js","/assets/chunk-m2v2wlji.js","/assets/chunk-yh5gk4bs.js","/icon.svg","/manifest.webmanifest"];

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
