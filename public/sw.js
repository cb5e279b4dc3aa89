// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-e5coqgos.js","/assets/chunk-x5shq1vb.js","/assets/chunk-u8tr0q4l.js","/assets/chunk-ite8p1xt.js","/assets/main-49uwprm0.js","/assets/chunk-f4mlhi05.js","/assets/chunk-prgai53d.js","/assets/chunk-uhgxlct6.js","/assets/chunk-tlguj9z0.js","/assets/chunk-45ecfdos.js","/assets/chunk-5y7q3ta4.js","/assets/chunk-7mbsqoia.js","/assets/chunk-5esmbmq3.js","/assets/chunk-zkevbgbg.js","/assets/chunk-e8u27qkr.js","/assets/chunk-wnwpnl9s.js","/assets/chunk-f7scva8c.js","/assets/chunk-u8sizhau.js","/assets/chunk-hg59j7kj.js","/assets/chunk-zs2g0iag.js","/assets/chunk-8fcp8saq.js","/assets/app-qivhzrof.css","/assets/chunk-6rtjzsw6.js","/assets/chunk-f38tjrhk.js","/icon.svg","/manifest.webmanifest"];

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
