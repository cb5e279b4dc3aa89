// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/chunk-ce4hswz5.js","/assets/chunk-b131o94m.js","/assets/chunk-i8hw0ls0.js","/assets/chunk-2glsabti.js","/assets/chunk-tlguj9z0.js","/assets/chunk-s8a9557u.js","/assets/chunk-hvuznupi.js","/assets/chunk-z0jdufk2.js","/assets/chunk-7nhg2ojr.js","/assets/chunk-kpfuzolp.js","/assets/chunk-sgyur2vz.js","/assets/main-oek4g2y0.js","/assets/chunk-fhjlhv3a.js","/assets/chunk-j4bnaq9k.js","/assets/chunk-0199vvow.js","/assets/chunk-dxha5z1y.js","/assets/chunk-6egp465f.js","/assets/chunk-40syk58v.js","/assets/chunk-s6ik326j.js","/assets/app-dskc6mi1.css","/assets/chunk-d5sq25km.js","/icon.svg","/manifest.webmanifest"];

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
