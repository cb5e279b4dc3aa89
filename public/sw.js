// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-8mmzu8ja.js","/assets/chunk-x5shq1vb.js","/assets/chunk-pvupmtmd.js","/assets/main-alqe1rzn.js","/assets/chunk-gb91kuc7.js","/assets/chunk-a90ulvlb.js","/assets/chunk-tlguj9z0.js","/assets/chunk-lph44d2z.js","/assets/chunk-zj4wxzue.js","/assets/chunk-ips22eg0.js","/assets/chunk-iw2g294p.js","/assets/chunk-8kvrisbs.js","/assets/chunk-nqy4oohj.js","/assets/chunk-13qnvrss.js","/assets/chunk-72h5u3ks.js","/assets/chunk-92syhw24.js","/assets/chunk-dcqcbm66.js","/assets/chunk-c99i8fdg.js","/assets/chunk-dfc3svxv.js","/assets/app-2ve2rf7z.css","/assets/chunk-ej32yufu.js","/icon.svg","/manifest.webmanifest"];

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
