// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/app-u4fd5i7t.css","/assets/chunk-i0a6upfz.js","/assets/chunk-dmoc2wcu.js","/assets/chunk-tlguj9z0.js","/assets/chunk-nr7gv4sf.js","/assets/chunk-wf0z7e3j.js","/assets/main-23lc472z.js","/assets/chunk-oaa3p2d3.js","/assets/chunk-rf3hza84.js","/assets/chunk-ba1o72yq.js","/assets/chunk-9rsu5dbb.js","/assets/chunk-olgqvh1h.js","/assets/chunk-dvn2fhm3.js","/assets/chunk-itlchfxe.js","/assets/chunk-1cynqw93.js","/assets/chunk-evd8y0f7.js","/assets/chunk-bbkowy97.js","/assets/chunk-sgspoa0r.js","/assets/chunk-xav0kjql.js","/assets/chunk-2hx755ax.js","/assets/chunk-2rl3haas.js","/icon.svg","/manifest.webmanifest"];

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
