// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-92h7ji54.js","/assets/chunk-e5gpkayh.js","/assets/chunk-rtvpabpj.js","/assets/chunk-x5shq1vb.js","/assets/chunk-30lxx25s.js","/assets/chunk-1f741ami.js","/assets/chunk-tlguj9z0.js","/assets/chunk-lovbdu65.js","/assets/chunk-3kqsk9zb.js","/assets/chunk-qbyesrqj.js","/assets/chunk-kxtj3vnw.js","/assets/chunk-khmvky6o.js","/assets/chunk-v7q9u6b5.js","/assets/chunk-083tu22s.js","/assets/chunk-yrg0uipl.js","/assets/chunk-j1uxt2sf.js","/assets/chunk-epgk4x8l.js","/assets/main-vd0i8yh0.js","/assets/chunk-os4nwgrg.js","/assets/chunk-ni70hkq9.js","/assets/app-f2dpetr4.css","/assets/chunk-uce4x20t.js","/icon.svg","/manifest.webmanifest"];

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
