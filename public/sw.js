// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/chunk-khx71epl.js","/assets/chunk-x1rmghh1.js","/assets/chunk-hcf7oef6.js","/assets/chunk-tlguj9z0.js","/assets/chunk-zjsqbqcv.js","/assets/chunk-28w3rwz1.js","/assets/chunk-zo8n3bbm.js","/assets/chunk-kcf8bzhw.js","/assets/chunk-h0c165ql.js","/assets/main-veud4gyx.js","/assets/chunk-kpw3cv1k.js","/assets/chunk-buwsl8u0.js","/assets/chunk-d34p714d.js","/assets/chunk-68xqfkz8.js","/assets/app-sg14r68z.css","/assets/chunk-wjxgpnxs.js","/assets/chunk-413wrjo7.js","/assets/chunk-vc6np8v4.js","/assets/chunk-o5hc2dvw.js","/assets/chunk-17hzrc4y.js","/icon.svg","/manifest.webmanifest"];

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
