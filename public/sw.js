// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/chunk-6wdo7fys.js","/assets/chunk-y2e5686h.js","/assets/chunk-tlguj9z0.js","/assets/chunk-fgg7n31w.js","/assets/chunk-d2xntdqf.js","/assets/main-e3kfbof9.js","/assets/chunk-4gvvo2i2.js","/assets/chunk-5xvvp31f.js","/assets/chunk-px8dlffo.js","/assets/chunk-5rb6zurc.js","/assets/chunk-i82m6a0a.js","/assets/chunk-g58ae8ie.js","/assets/chunk-wwc8w8dq.js","/assets/chunk-3q9zn28s.js","/assets/chunk-j9kq63at.js","/assets/chunk-exzqqwn2.js","/assets/chunk-4zghcayn.js","/assets/app-2ve2rf7z.css","/assets/chunk-czl8saxf.js","/assets/chunk-epvs960k.js","/assets/chunk-6uwwylkp.js","/icon.svg","/manifest.webmanifest"];

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
