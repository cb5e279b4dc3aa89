// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/app-yggqb6h3.css","/assets/chunk-87u1yk5c.js","/assets/chunk-3iu4aez8.js","/assets/chunk-btwkjo05.js","/assets/chunk-xjdoqk89.js","/assets/chunk-3i2q97u9.js","/assets/chunk-uwxb8r6f.js","/assets/chunk-gdg6f80t.js","/assets/chunk-p6wwlwsu.js","/assets/chunk-spn70e9v.js","/assets/chunk-4l6nwy8l.js","/assets/chunk-x3ex3lyv.js","/assets/chunk-qeohy48w.js","/assets/chunk-cz0r84yk.js","/assets/main-yh31dd50.js","/icon.svg","/manifest.webmanifest"];

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
