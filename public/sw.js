// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/chunk-4s211mhp.js","/assets/main-x9nyomn8.js","/assets/chunk-tlguj9z0.js","/assets/app-qvhcsj6y.css","/assets/chunk-dkg9vxdr.js","/assets/chunk-qx6a8y51.js","/assets/chunk-20vf1q82.js","/assets/chunk-0i51mejt.js","/assets/chunk-7p7y26jv.js","/assets/chunk-vejbu7nc.js","/assets/chunk-xs73a7xp.js","/assets/chunk-0np9ft1p.js","/assets/chunk-tel9ubh7.js","/assets/chunk-qb5gqy62.js","/assets/chunk-r90grr1l.js","/icon.svg","/manifest.webmanifest"];

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
