// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/main-8bviomcx.js","/assets/chunk-u55ur5od.js","/assets/chunk-p50pmhhz.js","/assets/chunk-tlguj9z0.js","/assets/chunk-yij87nwh.js","/assets/chunk-pl79uewa.js","/assets/chunk-kzy0l2a2.js","/assets/chunk-v2m08ez7.js","/assets/chunk-qxkn8uq3.js","/assets/chunk-g2uepucd.js","/assets/chunk-xgbbyt88.js","/assets/chunk-51axt3vo.js","/assets/chunk-6z0fyp65.js","/assets/chunk-evthdrcd.js","/assets/chunk-9ew2dl59.js","/assets/chunk-tmtdg150.js","/assets/chunk-0io3fiu6.js","/assets/chunk-x2aulv5z.js","/assets/app-qivhzrof.css","/assets/chunk-ao67bpb9.js","/assets/chunk-unebfslq.js","/assets/chunk-5bw2ihqe.js","/assets/chunk-hmt6j56a.js","/icon.svg","/manifest.webmanifest"];

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
