// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-ehxe0412.js","/assets/chunk-x5shq1vb.js","/assets/chunk-enr0rhp2.js","/assets/chunk-mg2y3tws.js","/assets/chunk-ztvdp7nw.js","/assets/chunk-ezrcs724.js","/assets/chunk-tlguj9z0.js","/assets/chunk-9n4wrmni.js","/assets/chunk-e88gw93l.js","/assets/main-swwloc0h.js","/assets/chunk-uyy6h4oc.js","/assets/chunk-kgnhiwge.js","/assets/app-18d1cn4b.css","/assets/chunk-yukwr6du.js","/assets/chunk-skjrbvp2.js","/assets/chunk-vsuboevn.js","/assets/chunk-7cjki9jk.js","/assets/chunk-o7u1r5gp.js","/assets/chunk-eazy0tvd.js","/assets/chunk-wcya4jze.js","/assets/chunk-hq6fprlb.js","/assets/chunk-v206qh94.js","/assets/chunk-7yj920ni.js","/assets/chunk-66m1ld8e.js","/icon.svg","/manifest.webmanifest"];

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
