// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/chunk-9flg5rwt.js","/assets/chunk-4vkwks57.js","/assets/chunk-fx94ji0c.js","/assets/chunk-g2prnw8r.js","/assets/chunk-7xqvqw3k.js","/assets/chunk-tlguj9z0.js","/assets/chunk-gye37tbp.js","/assets/main-kg7yth81.js","/assets/chunk-o29eum0l.js","/assets/chunk-kjzm3wx3.js","/assets/chunk-n4zen7nt.js","/assets/chunk-2qt2m31x.js","/assets/chunk-vq8dtb6i.js","/assets/chunk-ab9o3a6p.js","/assets/chunk-jsdnx1p5.js","/assets/chunk-0vt92oi0.js","/assets/chunk-pddio5u5.js","/assets/chunk-f376agu9.js","/assets/app-qivhzrof.css","/assets/chunk-dnl5zfdj.js","/assets/chunk-s4v9bpvz.js","/assets/chunk-tud8zdsk.js","/assets/chunk-q11zouhd.js","/icon.svg","/manifest.webmanifest"];

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
