// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-lyewguov.js","/assets/chunk-621fj2o6.js","/assets/chunk-x5shq1vb.js","/assets/chunk-obumzxnq.js","/assets/chunk-ow1b3lxs.js","/assets/chunk-1befaol6.js","/assets/chunk-74wjjvza.js","/assets/app-99ngcj1s.css","/assets/chunk-fk2s2ai5.js","/assets/chunk-tlguj9z0.js","/assets/chunk-y37587xi.js","/assets/chunk-ediguy53.js","/assets/chunk-ol6iqjcn.js","/assets/chunk-0pf976mg.js","/assets/chunk-z6w0994z.js","/assets/chunk-bytattmz.js","/assets/chunk-9ayrtv11.js","/assets/chunk-rrxs3ju9.js","/assets/chunk-xl26bo7h.js","/assets/main-ygktmn92.js","/assets/chunk-0liav549.js","/assets/chunk-yczzcg2d.js","/assets/chunk-bcwr5d3y.js","/assets/chunk-1zal4wbj.js","/icon.svg","/manifest.webmanifest"];

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
