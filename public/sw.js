// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/chunk-9amag92k.js","/assets/chunk-8neer09o.js","/assets/chunk-mwox6kj5.js","/assets/main-4pbtxv9b.js","/assets/chunk-eq6l7ma1.js","/assets/chunk-mkra6h9a.js","/assets/chunk-4sddxlzj.js","/assets/chunk-7skehni7.js","/assets/chunk-1ctl0y4g.js","/assets/chunk-k88peirv.js","/assets/chunk-wo9mwdh1.js","/assets/app-4qbr0c6s.css","/assets/chunk-mi1951ka.js","/assets/chunk-fnni73zu.js","/assets/chunk-gkgw5mia.js","/icon.svg","/manifest.webmanifest"];

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
