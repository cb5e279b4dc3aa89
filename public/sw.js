// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/app-u4fd5i7t.css","/assets/chunk-i90jli8o.js","/assets/chunk-2szcwdt7.js","/assets/chunk-tlguj9z0.js","/assets/chunk-q2vjv3cg.js","/assets/chunk-hb5m1t56.js","/assets/chunk-8wfsiwch.js","/assets/chunk-3hgcp1ze.js","/assets/chunk-wnbd8qsn.js","/assets/chunk-j0fsn0jl.js","/assets/chunk-ij7fyf3s.js","/assets/chunk-luxvnnh7.js","/assets/chunk-gvev2kh2.js","/assets/chunk-xno7hbg0.js","/assets/chunk-fkdaqg2g.js","/assets/chunk-bef3t03k.js","/assets/chunk-zo1nlkik.js","/assets/chunk-mxl1vgxm.js","/assets/chunk-1zgznxpr.js","/assets/main-lhu3ddtv.js","/assets/chunk-2dnvaqu0.js","/icon.svg","/manifest.webmanifest"];

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
