// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-u1hn2bcm.js","/assets/chunk-3wuvn5q0.js","/assets/chunk-x5shq1vb.js","/assets/chunk-jzuo65wa.js","/assets/app-8po5qfkx.css","/assets/chunk-tz9fxtf6.js","/assets/main-yu2de7zg.js","/assets/chunk-qrzw27z4.js","/assets/chunk-d4pbbbvg.js","/assets/chunk-z1j2ayt4.js","/assets/chunk-f98rp0mu.js","/assets/chunk-712fetgk.js","/assets/chunk-crqvjizj.js","/icon.svg","/manifest.webmanifest"];

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
