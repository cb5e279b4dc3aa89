// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-7apdg3ro.js","/assets/chunk-x5shq1vb.js","/assets/chunk-7ccstbvf.js","/assets/chunk-v560tgmj.js","/assets/chunk-yslgs6vp.js","/assets/app-qvxhs1lr.css","/assets/chunk-utraylto.js","/assets/chunk-o78p91uk.js","/assets/chunk-mqguwrv1.js","/assets/main-pcz9em2u.js","/assets/chunk-5sw22rms.js","/assets/chunk-by1elosg.js","/assets/chunk-h4vgp9ql.js","/assets/chunk-07ux4fy6.js","/assets/chunk-sdioj5pd.js","/assets/chunk-ywwmw2qn.js","/assets/chunk-8manfc5l.js","/icon.svg","/manifest.webmanifest"];

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
