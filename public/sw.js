// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-4zxp2lhs.js","/assets/chunk-x5shq1vb.js","/assets/chunk-ffoiwxgx.js","/assets/chunk-zrjzgskg.js","/assets/chunk-jr50jgbn.js","/assets/chunk-cce8ht20.js","/assets/chunk-t4495ufl.js","/assets/chunk-v0yfh8ej.js","/assets/app-qz9r1ja5.css","/assets/chunk-x47u3l02.js","/assets/main-f55wl7ui.js","/assets/chunk-g566u5ay.js","/assets/chunk-li5w7xrg.js","/assets/chunk-9c2h2ok8.js","/icon.svg","/manifest.webmanifest"];

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
