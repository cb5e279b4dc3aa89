// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-ruhgh5ak.js","/assets/chunk-b21ftvst.js","/assets/chunk-x5shq1vb.js","/assets/main-6qfnzk2l.js","/assets/app-8po5qfkx.css","/assets/chunk-3u7lfc1e.js","/assets/chunk-94jl01sc.js","/assets/chunk-y91nw47m.js","/assets/chunk-krgwljtn.js","/assets/chunk-9pj24fvt.js","/assets/chunk-s5tj34cq.js","/assets/chunk-t23rys5p.js","/assets/chunk-gpjk4tiu.js","/icon.svg","/manifest.webmanifest"];

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
