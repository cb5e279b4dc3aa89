// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/chunk-yh61x9bd.js","/assets/chunk-w4564u5i.js","/assets/chunk-j6enj7na.js","/assets/chunk-kag9uwrv.js","/assets/app-q3zrgdby.css","/assets/chunk-r8vvac3y.js","/assets/chunk-oaz1y63o.js","/assets/chunk-oxc0s9c5.js","/assets/chunk-xo5b49jp.js","/assets/main-87kof6kr.js","/assets/chunk-it26onrk.js","/assets/chunk-gh6ww9kc.js","/assets/chunk-kqjon6im.js","/icon.svg","/manifest.webmanifest"];

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
