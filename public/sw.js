// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-09nr4h2y.js","/assets/chunk-x5shq1vb.js","/assets/chunk-rhm107y3.js","/assets/chunk-b3vdvhj7.js","/assets/chunk-t2jsgryv.js","/assets/chunk-ctww6vhb.js","/assets/chunk-vh1ajmza.js","/assets/chunk-6t846xfl.js","/assets/app-q3zrgdby.css","/assets/chunk-le5z4s3w.js","/assets/chunk-a65acajl.js","/assets/main-2idrvh3u.js","/assets/chunk-7lf8st8b.js","/assets/chunk-w9ncrms9.js","/icon.svg","/manifest.webmanifest"];

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
