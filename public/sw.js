// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-hyuik6l3.js","/assets/chunk-gzdf6gni.js","/assets/chunk-x5shq1vb.js","/assets/chunk-vpyj8f3i.js","/assets/chunk-fle53iwc.js","/assets/app-8po5qfkx.css","/assets/chunk-a20r0q6b.js","/assets/chunk-y8egzzq3.js","/assets/chunk-qry7agw2.js","/assets/chunk-ebtcxw1b.js","/assets/chunk-l346221u.js","/assets/main-u01836yf.js","/assets/chunk-wkqbnjhz.js","/icon.svg","/manifest.webmanifest"];

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
