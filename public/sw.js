// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/chunk-26k4ozec.js","/assets/chunk-d5w5l5gy.js","/assets/chunk-ag138spd.js","/assets/chunk-tlguj9z0.js","/assets/chunk-pavtqvwr.js","/assets/chunk-5eyb0m76.js","/assets/chunk-8r0ymxmh.js","/assets/chunk-e5jn04pa.js","/assets/chunk-71i1kxns.js","/assets/main-4v77jfdn.js","/assets/chunk-4ja1gyos.js","/assets/app-sg14r68z.css","/assets/chunk-drggxmsj.js","/assets/chunk-mnuo0rq6.js","/assets/chunk-7ktnhbwk.js","/assets/chunk-gcttag2z.js","/assets/chunk-4d1vu6qv.js","/assets/chunk-6m11dygv.js","/assets/chunk-on1js5hm.js","/assets/chunk-ovwsgthy.js","/icon.svg","/manifest.webmanifest"];

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
