// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-iiqdo4di.js","/assets/chunk-x5shq1vb.js","/assets/chunk-tlguj9z0.js","/assets/chunk-n9fjcegs.js","/assets/chunk-8mikytxi.js","/assets/chunk-xgj2xnmc.js","/assets/chunk-4jnq4lg3.js","/assets/chunk-f473vvvh.js","/assets/chunk-0522e7ap.js","/assets/chunk-civm182g.js","/assets/chunk-89zy481q.js","/assets/chunk-u4dtac6l.js","/assets/chunk-lukfs689.js","/assets/chunk-a9848sr6.js","/assets/chunk-gonog020.js","/assets/chunk-kc0gbvga.js","/assets/app-2ve2rf7z.css","/assets/main-j7vhyfim.js","/assets/chunk-zz2abr13.js","/assets/chunk-bm1qp67m.js","/assets/chunk-yr4hlbrw.js","/icon.svg","/manifest.webmanifest"];

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
