// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/chunk-n629bpbz.js","/assets/chunk-opof5ei1.js","/assets/chunk-tlguj9z0.js","/assets/chunk-3y0rdtgc.js","/assets/chunk-ug5gfavh.js","/assets/chunk-009tk881.js","/assets/chunk-wzqdoqg8.js","/assets/chunk-9kmwec7o.js","/assets/chunk-z26f76db.js","/assets/chunk-axhju78q.js","/assets/chunk-qify9z4v.js","/assets/main-0n3pguvd.js","/assets/chunk-snbsgx4k.js","/assets/chunk-kka50er7.js","/assets/chunk-keuqtdqx.js","/assets/chunk-dpy77bgi.js","/assets/chunk-zvyqw7d3.js","/assets/chunk-ole9b9fe.js","/assets/chunk-712s3ruk.js","/assets/chunk-0ssmjpau.js","/assets/chunk-6m7zw44e.js","/assets/app-qivhzrof.css","/assets/chunk-0hraa3r8.js","/icon.svg","/manifest.webmanifest"];

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
