// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-3xoeiy2p.js","/assets/chunk-odf84jpu.js","/assets/chunk-x5shq1vb.js","/assets/chunk-xu86yl8i.js","/assets/app-yggqb6h3.css","/assets/chunk-biya2qpt.js","/assets/chunk-u12f8u9y.js","/assets/chunk-r8hvtckj.js","/assets/chunk-lw5eo76d.js","/assets/chunk-csqg89ya.js","/assets/chunk-elqq3983.js","/assets/main-qt7o2s6s.js","/assets/chunk-nko0kldd.js","/assets/chunk-lqn8we3t.js","/assets/chunk-dxgs216o.js","/assets/chunk-t2tl3gn8.js","/icon.svg","/manifest.webmanifest"];

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
