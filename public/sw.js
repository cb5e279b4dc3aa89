// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-z8h03w1e.js","/assets/chunk-x5shq1vb.js","/assets/app-99ngcj1s.css","/assets/chunk-tlguj9z0.js","/assets/chunk-0kyg1dk5.js","/assets/main-3ff0eeyg.js","/assets/chunk-726ogjeg.js","/assets/chunk-h5ak5r9c.js","/assets/chunk-3furjp3y.js","/assets/chunk-789v56n2.js","/assets/chunk-hb4hxkjq.js","/assets/chunk-z9mdys9h.js","/assets/chunk-f46ifroi.js","/assets/chunk-90i9x5o1.js","/assets/chunk-9tvcc8ef.js","/assets/chunk-zmfftw1o.js","/assets/chunk-gsfcni61.js","/assets/chunk-mew7c1be.js","/assets/chunk-8kz6fxyr.js","/assets/chunk-5aes1zj4.js","/assets/chunk-0r3fxr04.js","/assets/chunk-3sr4i4f7.js","/assets/chunk-93ewk6c0.js","/assets/chunk-4xlio9ag.js","/icon.svg","/manifest.webmanifest"];

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
