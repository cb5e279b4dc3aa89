// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/chunk-6qvytcn3.js","/assets/chunk-tlguj9z0.js","/assets/chunk-zyw1ikdm.js","/assets/chunk-hvv5qpp6.js","/assets/chunk-cm1ah5wc.js","/assets/chunk-277nfd53.js","/assets/chunk-v373x8gp.js","/assets/chunk-e8wjmw5l.js","/assets/chunk-xmmdsqqr.js","/assets/chunk-vr9cbdpa.js","/assets/chunk-0lau4dg9.js","/assets/chunk-it64t80m.js","/assets/main-khh043kp.js","/assets/app-2ve2rf7z.css","/assets/chunk-uwzr6mu4.js","/assets/chunk-6pc9haep.js","/assets/chunk-acejgk8w.js","/assets/chunk-o9qwe1ty.js","/assets/chunk-j0kevczm.js","/assets/chunk-9g6zdy93.js","/icon.svg","/manifest.webmanifest"];

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
