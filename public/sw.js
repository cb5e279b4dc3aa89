// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/chunk-qj65bfdl.js","/assets/chunk-561qi6hx.js","/assets/chunk-8sf1gvg1.js","/assets/chunk-65w7o0t6.js","/assets/chunk-tlguj9z0.js","/assets/chunk-dp7o7te7.js","/assets/chunk-7i1lmu7v.js","/assets/chunk-tlxk6ppi.js","/assets/chunk-jra2rm1l.js","/assets/chunk-3hiaaeh6.js","/assets/app-18d1cn4b.css","/assets/chunk-zvimigy6.js","/assets/chunk-84x6aajw.js","/assets/chunk-geanqk9f.js","/assets/main-m2vauiqg.js","/assets/chunk-98sn9qru.js","/assets/chunk-4fq3rqlv.js","/assets/chunk-09ulciuv.js","/assets/chunk-ohui9rm4.js","/assets/chunk-fgje2scz.js","/assets/chunk-2yfss9vs.js","/assets/chunk-3dttjh0p.js","/assets/chunk-vyr2fb77.js","/icon.svg","/manifest.webmanifest"];

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
