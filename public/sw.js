// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-ique68xk.js","/assets/chunk-x5shq1vb.js","/assets/chunk-c7hc16gj.js","/assets/chunk-lx743z9d.js","/assets/app-99ngcj1s.css","/assets/chunk-tlguj9z0.js","/assets/chunk-3jp802jb.js","/assets/chunk-qrev21ox.js","/assets/chunk-4g8fsy65.js","/assets/chunk-vehv8yuk.js","/assets/chunk-079bsu9r.js","/assets/chunk-9vnnab8w.js","/assets/chunk-1p5ldig0.js","/assets/chunk-odm35i9d.js","/assets/chunk-7cdi2w3a.js","/assets/chunk-nawt4km3.js","/assets/chunk-nwki6ssb.js","/assets/chunk-dy4aj6zm.js","/assets/chunk-hnh6gqfc.js","/assets/chunk-8dn32cyi.js","/assets/chunk-ll9wk41v.js","/assets/main-eztav8nu.js","/assets/chunk-534eyn45.js","/assets/chunk-4ss0ju2r.js","/icon.svg","/manifest.webmanifest"];

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
