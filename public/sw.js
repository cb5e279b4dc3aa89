// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-78e74hlj.js","/assets/chunk-x5shq1vb.js","/assets/chunk-csrcg3mm.js","/assets/chunk-hzestmus.js","/assets/main-4bq7n0es.js","/assets/chunk-ltywen4w.js","/assets/chunk-6747cp5t.js","/assets/chunk-tlguj9z0.js","/assets/chunk-iq9y88pf.js","/assets/chunk-p1u3r1jk.js","/assets/chunk-vzn68rma.js","/assets/app-kzvkx86e.css","/assets/chunk-bhfqztuo.js","/assets/chunk-qtlq4dsx.js","/assets/chunk-gs67u66w.js","/assets/chunk-iehya8ji.js","/assets/chunk-8cqyb8bp.js","/assets/chunk-js7qqce3.js","/assets/chunk-w27u1esl.js","/assets/chunk-npiljrqr.js","/assets/chunk-nqzza64u.js","/assets/chunk-c8eee5mc.js","/assets/chunk-qoex0g54.js","/assets/chunk-1ojgdoyx.js","/icon.svg","/manifest.webmanifest"];

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
