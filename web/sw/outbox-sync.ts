// Part of the service worker (web/build.ts appends it to web/static/sw.js): Background Sync
// sends the writes kept offline when the network returns, even with the app closed.
import { OUTBOX_SYNC_TAG, sendKeptWrites, type OutboxSentMessage } from "../api/outbox-send.ts";

type SyncEvent = Event & { tag: string; waitUntil(work: Promise<unknown>): void };

// The worker's global scope, as far as this part uses it (the project's types are the DOM's).
declare const self: {
  addEventListener(type: "sync", listener: (event: SyncEvent) => void): void;
  clients: {
    matchAll(options: { type: "window" }): Promise<{ postMessage(message: unknown): void }[]>;
  };
};

self.addEventListener("sync", (event) => {
  if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(sendInBackground());
});

/**
 * Sends the kept writes of whoever is signed in (the session cookie's user; another account's
 * wait for that account's next sign-in, as in the app) and tells the open tabs what was
 * answered. Fails while some still wait, so that the browser tries again later.
 */
async function sendInBackground() {
  const answer = await fetch("/api/auth/get-session", {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
  });
  if (!answer.ok) throw new Error(`session: ${answer.status}`);
  const session = (await answer.json()) as { user: { id: string } } | null;
  if (!session) return;
  const { answered, done } = await sendKeptWrites(session.user.id);
  if (answered.length > 0) {
    const message: OutboxSentMessage = { type: "outbox-sent", answered };
    for (const tab of await self.clients.matchAll({ type: "window" })) tab.postMessage(message);
  }
  if (!done) throw new Error("kept writes still wait for the network");
}
