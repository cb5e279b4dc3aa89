// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/chunk-iowxyy3s.js","/assets/chunk-0fp7w4a8.js","/assets/chunk-tlguj9z0.js","/assets/chunk-dtyos0ts.js","/assets/chunk-y6r9mhns.js","/assets/chunk-qjd77jyy.js","/assets/chunk-025jzbxf.js","/assets/main-zokndnfh.js","/assets/chunk-zfx8w69m.js","/assets/chunk-nir5th5q.js","/assets/chunk-u8ypl4as.js","/assets/chunk-4xphgicc.js","/assets/chunk-zekebzwl.js","/assets/chunk-p4aybsgr.js","/assets/app-2ve2rf7z.css","/assets/chunk-jwq56g6n.js","/assets/chunk-fn94koig.js","/assets/chunk-51gtr7r4.js","/assets/chunk-kcmlk791.js","/assets/chunk-wacktjla.js","/icon.svg","/manifest.webmanifest"];

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
