// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-b0cs4u8x.js","/assets/chunk-x5shq1vb.js","/assets/chunk-5yjpwcim.js","/assets/chunk-nhmmgwfu.js","/assets/chunk-5h5d38oc.js","/assets/app-99ngcj1s.css","/assets/chunk-tlguj9z0.js","/assets/chunk-dfk0mmww.js","/assets/chunk-qg01p3ma.js","/assets/chunk-lr8k9140.js","/assets/chunk-0tv7qs8x.js","/assets/chunk-1l9kdlrd.js","/assets/chunk-dzon803n.js","/assets/main-16hyu0no.js","/assets/chunk-s5beg6ry.js","/assets/chunk-mlsawphu.js","/assets/chunk-nm7nczmy.js","/assets/chunk-i0i4tlon.js","/assets/chunk-ntgft68h.js","/assets/chunk-uqbfemq1.js","/assets/chunk-itqv8dsy.js","/assets/chunk-kr1bdxtx.js","/assets/chunk-l8hu3fyv.js","/assets/chunk-y02cgai0.js","/icon.svg","/manifest.webmanifest"];

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
