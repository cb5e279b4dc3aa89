// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/chunk-irj18eek.js","/assets/app-99ngcj1s.css","/assets/chunk-tlguj9z0.js","/assets/chunk-eeehab3h.js","/assets/chunk-al7xz680.js","/assets/chunk-lz1evmes.js","/assets/main-piz5j649.js","/assets/chunk-e5poa1m1.js","/assets/chunk-dang49hu.js","/assets/chunk-flvmp0ow.js","/assets/chunk-duylhqs3.js","/assets/chunk-eguzzbbz.js","/assets/chunk-bzq21xc2.js","/assets/chunk-0jgciqxe.js","/assets/chunk-g605qxlg.js","/assets/chunk-bnzekm0g.js","/assets/chunk-y8jwd1yr.js","/assets/chunk-41vujtms.js","/assets/chunk-xi3kd0v5.js","/assets/chunk-vf71urk8.js","/assets/chunk-jn4cx2jk.js","/assets/chunk-dauyvnld.js","/assets/chunk-n861hsp8.js","/icon.svg","/manifest.webmanifest"];

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
