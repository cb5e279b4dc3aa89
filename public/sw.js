// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-bomzj37p.js","/assets/chunk-t12moko6.js","/assets/chunk-x5shq1vb.js","/assets/chunk-8j8nvgkk.js","/assets/chunk-ll71pqdd.js","/assets/chunk-2o83izon.js","/assets/chunk-tlguj9z0.js","/assets/chunk-68tv7qxn.js","/assets/chunk-d7nmarve.js","/assets/chunk-nzrt8y4n.js","/assets/chunk-t25co0a4.js","/assets/chunk-9mh2t04z.js","/assets/chunk-6hbbktro.js","/assets/chunk-kwwpeh9t.js","/assets/main-ffqop6jc.js","/assets/chunk-mc3w7s7n.js","/assets/chunk-l3cjngv1.js","/assets/chunk-wmcp8hm6.js","/assets/chunk-yds4pcmp.js","/assets/chunk-ey8bs407.js","/assets/app-qivhzrof.css","/assets/chunk-ecl2l58e.js","/assets/chunk-17t8bvkv.js","/assets/chunk-gjb7rrik.js","/icon.svg","/manifest.webmanifest"];

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
