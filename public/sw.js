// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/chunk-oqlir4ay.js","/assets/chunk-0xyqxnak.js","/assets/main-sx1vfilq.js","/assets/app-i4onq7uk.css","/assets/chunk-lg5f7fci.js","/assets/chunk-l5wwkmaj.js","/assets/chunk-8ymocbz7.js","/assets/chunk-mn0elisa.js","/assets/chunk-wev4wz4g.js","/assets/chunk-vqyu0jau.js","/assets/chunk-29wice2w.js","/assets/chunk-kkvd1hs2.js","/icon.svg","/manifest.webmanifest"];

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
