// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/chunk-tlguj9z0.js","/assets/chunk-v9amheb4.js","/assets/chunk-1pd16wjd.js","/assets/chunk-pshhga12.js","/assets/chunk-o6q28nv1.js","/assets/chunk-bva03ccs.js","/assets/chunk-1mpyxd4n.js","/assets/main-2je0wy45.js","/assets/app-qvhcsj6y.css","/assets/chunk-7fupdq9x.js","/assets/chunk-pirj0rk4.js","/assets/chunk-9j2896d4.js","/assets/chunk-wi15j7g0.js","/assets/chunk-7u4lairg.js","/assets/chunk-ep74yqg1.js","/icon.svg","/manifest.webmanifest"];

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
