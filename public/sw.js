// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-gec3p9lz.js","/assets/chunk-x5shq1vb.js","/assets/chunk-vql7srh8.js","/assets/chunk-l118ymr2.js","/assets/chunk-e3r37df9.js","/assets/app-99ngcj1s.css","/assets/chunk-tlguj9z0.js","/assets/chunk-mjf4y5u8.js","/assets/chunk-8g1hkgnt.js","/assets/chunk-q4q8fdg5.js","/assets/chunk-3zn189jn.js","/assets/chunk-y7rnx82m.js","/assets/chunk-yrci219j.js","/assets/chunk-eeqnyevw.js","/assets/main-rdxsg4su.js","/assets/chunk-iwtm9u4u.js","/assets/chunk-yhwjsr41.js","/assets/chunk-qfvb3s1c.js","/assets/chunk-jvheph7y.js","/assets/chunk-qktyqak1.js","/assets/chunk-od6nhzn7.js","/assets/chunk-94rmzyo5.js","/assets/chunk-e740stvr.js","/assets/chunk-eaq6hmom.js","/icon.svg","/manifest.webmanifest"];

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
