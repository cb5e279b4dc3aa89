// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/app-zv5hyifj.css","/assets/chunk-l9topnxe.js","/assets/chunk-x5shq1vb.js","/assets/main-pkhqxbxp.js","/assets/chunk-400hqf3x.js","/assets/chunk-hufj1smx.js","/assets/chunk-rta3xtoi.js","/assets/chunk-8c9zu94x.js","/assets/chunk-wk7azxw0.js","/assets/chunk-37nvohrc.js","/assets/chunk-l49un45k.js","/assets/chunk-uneb0s5x.js","/assets/chunk-1po4uwk2.js","/icon.svg","/manifest.webmanifest"];

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
