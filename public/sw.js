// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/chunk-ngpnvekb.js","/assets/chunk-a1skq3hh.js","/assets/chunk-tlguj9z0.js","/assets/chunk-cdto0i44.js","/assets/chunk-gbcecojq.js","/assets/main-ekinslyi.js","/assets/chunk-sjspeaf3.js","/assets/chunk-4b14r0a3.js","/assets/chunk-810mk8r1.js","/assets/chunk-qbxwtta2.js","/assets/chunk-2v4cnst2.js","/assets/chunk-99vzepgw.js","/assets/chunk-p23v5842.js","/assets/chunk-2tjvz5x1.js","/assets/chunk-zugbqsdm.js","/assets/chunk-ziy6zdzg.js","/assets/chunk-8aiwcoz8.js","/assets/chunk-hwyp7w7p.js","/assets/chunk-ehtx7u5m.js","/assets/app-qivhzrof.css","/assets/chunk-zgz6i84d.js","/assets/chunk-u9mgrg59.js","/assets/chunk-xnug2zty.js","/icon.svg","/manifest.webmanifest"];

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
