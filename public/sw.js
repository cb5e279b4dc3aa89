// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-se4xpa8g.js","/assets/chunk-x5shq1vb.js","/assets/chunk-ji2xbhiu.js","/assets/chunk-tlguj9z0.js","/assets/chunk-hsf4ma7t.js","/assets/chunk-8e4cq9n1.js","/assets/chunk-m8hacnrw.js","/assets/main-t11fb6h3.js","/assets/chunk-49p8s4o1.js","/assets/app-y117q7rt.css","/assets/chunk-twus26pi.js","/assets/chunk-18dzzhqi.js","/assets/chunk-fyul0d21.js","/assets/chunk-vtjkj5k0.js","/assets/chunk-ppwj2g8t.js","/icon.svg","/manifest.webmanifest"];

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
