// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/main-mvxgh4j4.js","/assets/chunk-47ukoskt.js","/assets/chunk-x5shq1vb.js","/assets/chunk-tlguj9z0.js","/assets/chunk-ehbc4phm.js","/assets/chunk-e0yj0cx6.js","/assets/chunk-321f279q.js","/assets/chunk-u2jehuee.js","/assets/chunk-qd1plyso.js","/assets/chunk-ot9tlgqa.js","/assets/chunk-0jbbwto9.js","/assets/chunk-jwpnitc5.js","/assets/chunk-tva4oc8g.js","/assets/chunk-u9ytmh77.js","/assets/chunk-6b48989t.js","/assets/chunk-lb2qc2dj.js","/assets/chunk-b401rgl1.js","/assets/chunk-028i5l5f.js","/assets/app-2ve2rf7z.css","/assets/chunk-hrom6nxz.js","/assets/chunk-j66h29fr.js","/assets/chunk-wk02krb5.js","/icon.svg","/manifest.webmanifest"];

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
