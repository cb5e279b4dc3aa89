// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/chunk-9g9cpgij.js","/assets/chunk-6rvtzpl1.js","/assets/chunk-xnnxdlw6.js","/assets/chunk-sguo86ge.js","/assets/chunk-fhpbo5j5.js","/assets/chunk-01afwoj6.js","/assets/chunk-gva173g6.js","/assets/chunk-ypy9mgy9.js","/assets/chunk-q98xmoe0.js","/assets/chunk-plj7mu7p.js","/assets/chunk-kyzmlwba.js","/assets/chunk-4qopew4s.js","/assets/chunk-zltiswad.js","/assets/chunk-r4qrsroq.js","/assets/app-vqocpspu.css","/assets/main-okc0qkjj.js","/icon.svg","/manifest.webmanifest"];

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
