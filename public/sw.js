// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/chunk-5n0ksegu.js","/assets/chunk-9nyf0g0v.js","/assets/chunk-je6m4n56.js","/assets/app-8po5qfkx.css","/assets/chunk-3pmwxkl6.js","/assets/chunk-36zve49u.js","/assets/main-hhg2151h.js","/assets/chunk-ak5dcqlx.js","/assets/chunk-e2mbi601.js","/assets/chunk-yhb4tu5x.js","/assets/chunk-hm1wd17r.js","/assets/chunk-9k8b499d.js","/icon.svg","/manifest.webmanifest"];

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
