// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/chunk-mbzkll1d.js","/assets/chunk-odxyn7cx.js","/assets/chunk-afumb7qw.js","/assets/chunk-lpnxkbla.js","/assets/app-99ngcj1s.css","/assets/chunk-tlguj9z0.js","/assets/chunk-4p9k2d2b.js","/assets/chunk-htyz9ay2.js","/assets/chunk-ipuzen4p.js","/assets/chunk-i2sgatws.js","/assets/chunk-i2sdv5g8.js","/assets/chunk-hcahnzik.js","/assets/chunk-j8kc5hum.js","/assets/main-6zz47gmx.js","/assets/chunk-gmccy1cy.js","/assets/chunk-fmay7uht.js","/assets/chunk-hxi6hopf.js","/assets/chunk-utb9am0l.js","/assets/chunk-ztnghcgp.js","/assets/chunk-iaim41yh.js","/assets/chunk-b1yqshg5.js","/assets/chunk-m330dv1n.js","/assets/chunk-n2r38c4f.js","/icon.svg","/manifest.webmanifest"];

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
