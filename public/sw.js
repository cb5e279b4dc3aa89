// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/chunk-9i8l0d6x.js","/assets/chunk-tlguj9z0.js","/assets/chunk-ql7ntkmb.js","/assets/chunk-gozi4bks.js","/assets/chunk-h6ras7hr.js","/assets/main-slq5xk46.js","/assets/chunk-8qc6q108.js","/assets/chunk-dhlcignr.js","/assets/chunk-qtqjui6q.js","/assets/chunk-ajw7q3ph.js","/assets/chunk-bn14mf74.js","/assets/chunk-qwagvy2z.js","/assets/chunk-hdaz2n4n.js","/assets/chunk-12fx7iz2.js","/assets/chunk-0faf5a69.js","/assets/chunk-3s30p21b.js","/assets/chunk-92387lug.js","/assets/chunk-v12msbtr.js","/assets/chunk-rk65uyf8.js","/assets/chunk-ub74mv7h.js","/assets/app-3sxzj568.css","/icon.svg","/manifest.webmanifest"];

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
