// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-dizph8s1.js","/assets/chunk-x5shq1vb.js","/assets/chunk-3luxkvja.js","/assets/chunk-n9rv5b9n.js","/assets/chunk-tlguj9z0.js","/assets/chunk-19mju2i5.js","/assets/main-1hudcbl8.js","/assets/chunk-dtiax1cx.js","/assets/chunk-nbxhw6pj.js","/assets/app-qvhcsj6y.css","/assets/chunk-xgz8essi.js","/assets/chunk-t1ncsjco.js","/assets/chunk-3hbha66s.js","/assets/chunk-mmij4611.js","/assets/chunk-3wdilvu8.js","/assets/chunk-cv5pfotq.js","/icon.svg","/manifest.webmanifest"];

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
