// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/chunk-6wzzcal1.js","/assets/chunk-npfye2i7.js","/assets/chunk-42bztpr0.js","/assets/chunk-jhr8kkbh.js","/assets/chunk-vm13ry52.js","/assets/chunk-tlguj9z0.js","/assets/chunk-o6063933.js","/assets/chunk-7zb80ei0.js","/assets/chunk-244x4j0h.js","/assets/chunk-0lwb7zqd.js","/assets/chunk-qecyl5x4.js","/assets/chunk-9eriy5cx.js","/assets/chunk-53j26juy.js","/assets/main-m84znpio.js","/assets/chunk-fvw1fklv.js","/assets/chunk-xksmtmrt.js","/assets/chunk-lax1c7ff.js","/assets/chunk-8rzzb3g4.js","/assets/chunk-3rwgm5cl.js","/assets/chunk-69jj2xkw.js","/assets/app-3sxzj568.css","/icon.svg","/manifest.webmanifest"];

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
