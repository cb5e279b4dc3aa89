// Caches the app shell only: API responses and photos are never stored here.
const CACHE = "fitness-shell-v1";
// web/build.ts writes the current build's file list here.
const SHELL = ["/","/assets/chunk-x5shq1vb.js","/assets/main-97knnhu7.js","/assets/app-99ngcj1s.css","/assets/chunk-tlguj9z0.js","/assets/chunk-itw4m6xf.js","/assets/chunk-2qo1zztz.js","/assets/chunk-c26yqb4s.js","/assets/chunk-fa1tkdgi.js","/assets/chunk-hl0bc3rl.js","/assets/chunk-it0auozv.js","/assets/chunk-9316ex7i.js","/assets/chunk-c341uhyk.js","/assets/chunk-5wpujho5.js","/assets/chunk-lhisp595.js","/assets/chunk-sewq1v96.js","/assets/chunk-x91gohw1.js","/assets/chunk-fwzm4w3p.js","/assets/chunk-rdqz4r2n.js","/assets/chunk-fn7idi0v.js","/assets/chunk-b6z7t7k5.js","/assets/chunk-q67por45.js","/assets/chunk-u7q8mjzv.js","/assets/chunk-byqntdvn.js","/assets/chunk-0qjmaxo6.js","/icon.svg","/manifest.webmanifest"];

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
