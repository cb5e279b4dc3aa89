// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/app-u4fd5i7t.css","/assets/chunk-vk34x3t5.js","/assets/chunk-v4gmd7lk.js","/assets/chunk-tlguj9z0.js","/assets/chunk-qv6uzk46.js","/assets/chunk-6oycxg0r.js","/assets/chunk-so7ymfga.js","/assets/chunk-0e3iqggb.js","/assets/chunk-lkmoxgxs.js","/assets/chunk-bn628c5l.js","/assets/chunk-uzigip2n.js","/assets/chunk-r1wvm3sp.js","/assets/chunk-zcgoaq76.js","/assets/chunk-gdhpyjzh.js","/assets/chunk-e7tzjcfa.js","/assets/chunk-19wnbmsp.js","/assets/chunk-mb56uiia.js","/assets/chunk-64wdo0yo.js","/assets/chunk-io359x4v.js","/assets/chunk-xwq74bhb.js","/assets/main-ce30mbpv.js","/icon.svg","/manifest.webmanifest"];

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
