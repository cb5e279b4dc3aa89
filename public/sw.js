// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-fszbzddx.js","/assets/chunk-cnvvs9i5.js","/assets/chunk-x5shq1vb.js","/assets/chunk-6k23eub5.js","/assets/chunk-x5jgsct9.js","/assets/chunk-2qyxkuno.js","/assets/chunk-uorn9inz.js","/assets/chunk-tlguj9z0.js","/assets/chunk-tn9jl7nt.js","/assets/chunk-jjmc2px7.js","/assets/chunk-lp1mqato.js","/assets/chunk-rmbvl4xj.js","/assets/chunk-4g3lo0lw.js","/assets/main-rgnm6s23.js","/assets/chunk-d0njr93d.js","/assets/chunk-x971xz7z.js","/assets/chunk-1th8zovq.js","/assets/chunk-tvg07j4n.js","/assets/chunk-4quub6g5.js","/assets/chunk-7ekref9l.js","/assets/chunk-3qulhpfd.js","/assets/chunk-j4w896g3.js","/assets/chunk-g42odz86.js","/assets/app-qivhzrof.css","/icon.svg","/manifest.webmanifest"];

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
