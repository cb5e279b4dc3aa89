// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-iwa6dh4q.js","/assets/chunk-x5shq1vb.js","/assets/chunk-fflokbeh.js","/assets/chunk-tlguj9z0.js","/assets/chunk-qzskhojb.js","/assets/chunk-g82flka0.js","/assets/chunk-fsd0xxfe.js","/assets/chunk-7vrqyqkk.js","/assets/main-e1incxnc.js","/assets/chunk-1egzmbfa.js","/assets/chunk-6vn498k5.js","/assets/chunk-dz47d629.js","/assets/chunk-e5bdiyw1.js","/assets/chunk-r5532wrf.js","/assets/chunk-3edz4m3k.js","/assets/chunk-906boair.js","/assets/chunk-euw9gwma.js","/assets/chunk-luivp7xr.js","/assets/chunk-v1fd4mda.js","/assets/chunk-uf3jiyin.js","/assets/chunk-e8x1sug3.js","/assets/app-qivhzrof.css","/assets/chunk-qkbjofmp.js","/assets/chunk-x8h3sf5h.js","/icon.svg","/manifest.webmanifest"];

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
