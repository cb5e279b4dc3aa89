// Caches the app shell, and the last answer to each API read so that what was seen last
// stays readable offline (the client deletes that cache on sign-out). Photos and writes
// are never stored here; writes made offline wait in the client's outbox (IndexedDB), and
// web/sw/outbox-sync.ts, appended by web/build.ts, sends them by Background Sync.
const CACHE = "fitness-shell-v1";
const API_CACHE = "fitness-api";
// web/build.ts writes the current build's file list here.
const SHELL = /* SHELL */ [];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  const kept = [CACHE, API_CACHE];
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => !kept.includes(k)).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin) return;
  const isRead = url.pathname.startsWith("/api/") && !url.pathname.startsWith("/api/photos");
  if (!isRead && !SHELL.includes(url.pathname)) return;
  // Network first so a new build and fresh data show at once; the cache answers offline.
  event.respondWith(networkFirst(event.request, isRead ? API_CACHE : CACHE, isRead));
});

async function networkFirst(request, cacheName, keep) {
  try {
    const response = await fetch(request);
    if (keep && response.ok) {
      const copy = response.clone();
      caches.open(cacheName).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch (error) {
    const cached = await caches.match(request, { cacheName, ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}

// Reminders (Web Push): show the server's message; a tap opens its page in the app.
self.addEventListener("push", (event) => {
  const message = event.data ? event.data.json() : {};
  event.waitUntil(
    self.registration.showNotification(message.title ?? "Fitness", {
      body: message.body,
      tag: message.tag,
      icon: "/icon.svg",
      data: { url: message.url ?? "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(self.clients.openWindow(event.notification.data?.url ?? "/"));
});
