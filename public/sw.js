// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/app-yggqb6h3.css","/assets/chunk-uij6kg4r.js","/assets/chunk-d9e8rwvo.js","/assets/chunk-gdav3gvs.js","/assets/chunk-1wibe9pp.js","/assets/chunk-eav4f97t.js","/assets/chunk-jzmfsx4g.js","/assets/chunk-ivmii3qt.js","/assets/chunk-7zi22t5o.js","/assets/chunk-76d8a4q8.js","/assets/main-mka2sv8b.js","/assets/chunk-b015fakg.js","/assets/chunk-m8ga03mq.js","/assets/chunk-z7dnntg7.js","/assets/chunk-jib1196v.js","/icon.svg","/manifest.webmanifest"];

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
