// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-nbci6wiq.js","/assets/chunk-x5shq1vb.js","/assets/chunk-2yjtaxoa.js","/assets/chunk-xcczi0sp.js","/assets/chunk-bkhfftgn.js","/assets/chunk-tlguj9z0.js","/assets/chunk-zwe0df23.js","/assets/chunk-0r9iws3h.js","/assets/chunk-ari9ybje.js","/assets/chunk-ajou8jdg.js","/assets/chunk-fdde302n.js","/assets/main-jfxbv97q.js","/assets/chunk-sp149mbc.js","/assets/chunk-1gw32iff.js","/assets/app-18d1cn4b.css","/assets/chunk-fw700k4d.js","/assets/chunk-8j17ow2i.js","/assets/chunk-snyc6suz.js","/assets/chunk-8zsomloc.js","/assets/chunk-ke5r7ulx.js","/assets/chunk-6holhq9o.js","/assets/chunk-lveghhfd.js","/assets/chunk-jq1ha2gj.js","/assets/chunk-1nq3f3eh.js","/icon.svg","/manifest.webmanifest"];

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
