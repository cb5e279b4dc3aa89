import { signal } from "@preact/signals";
import {
  OUTBOX_SYNC_TAG,
  sendKeptWrites,
  type OutboxSentMessage,
  type SentWrite,
} from "./outbox-send.ts";
import { keepWrite, keptWrites, type OutboxEntry } from "./outbox-store.ts";

/**
 * Writes made without a connection, kept in IndexedDB until the server has them: across
 * reloads and a closed tab. Each carries the Idempotency-Key it was first sent with, so a
 * write whose answer was lost on the way back is stored once however often it is resent.
 * Sent in the order made; where the same record was changed elsewhere meanwhile, the later
 * write wins and the notice says so. They go when the network returns: from the service
 * worker by Background Sync where the browser has it (even with the app closed), and from
 * the open app (on an answer, the browser's "online", every 15 s while any wait).
 */

/** Entries waiting for the network, oldest first. */
export const pendingWrites = signal<OutboxEntry[]>([]);
/** What the last sending did, for the shell's notice; null when there is nothing to say. */
export const outboxNotice = signal<string | null>(null);
/** Counts sendings that stored something: the shell remounts the screen to show it. */
export const outboxSent = signal(0);

// The messages of writes kept for later (one per kind of entry at most).
const keptMessages = new Set<string>();

/** Whether a card's error text is a write kept for later: shown as pending, not as an error. */
export const isKeptOffline = (message: string) => keptMessages.has(message);

/** The message a write kept for later answers with. */
export class QueuedOffline extends Error {
  constructor(
    label: string,
    readonly kept = true,
  ) {
    super(
      kept
        ? `No connection: ${label.toLowerCase()} kept on this device; it is sent when the network returns.`
        : `No connection, and this browser cannot keep the ${label.toLowerCase()}: try again when back online.`,
    );
    if (kept) keptMessages.add(this.message);
  }
}

let identity: { userId: string; ownerId: string } | null = null;

/** Who is signed in and whose data is shown (session.ts sets it); null when signed out. */
export function setOutboxIdentity(next: typeof identity) {
  identity = next;
  // Without IndexedDB (some private windows) nothing is kept, and nothing waits.
  if (next) loadPending().then(flushOutbox, () => undefined);
}

/** Paths never kept: signing in and out, switching whose data, a conversation's answer. */
const LIVE_ONLY = ["/api/auth/", "/api/identity/", "/api/chat"];

export function keepsOffline(method: string, path: string, body: unknown): boolean {
  return (
    method !== "GET" && !(body instanceof FormData) && !LIVE_ONLY.some((p) => path.startsWith(p))
  );
}

/** A fresh key; crypto.randomUUID exists only in secure contexts (not on a LAN address). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Keeps a write that found no network; the answer the caller gets says so. */
export async function queueWrite(
  key: string,
  method: string,
  path: string,
  body: unknown,
): Promise<QueuedOffline> {
  const label = labelOf(path);
  if (!identity) return new QueuedOffline(label, false);
  const entry: OutboxEntry = {
    key,
    method,
    path,
    body,
    label,
    ...identity,
    queuedAt: new Date().toISOString(),
  };
  try {
    await keepWrite(entry);
  } catch {
    return new QueuedOffline(label, false);
  }
  pendingWrites.value = [...pendingWrites.value, entry];
  scheduleRetry();
  void requestBackgroundSync();
  return new QueuedOffline(label);
}

type SyncRegistration = ServiceWorkerRegistration & {
  sync?: { register(tag: string): Promise<void> };
};

/** Has the service worker send the kept writes when the network returns (web/sw/outbox-sync.ts). */
async function requestBackgroundSync() {
  if (!("serviceWorker" in navigator)) return;
  const registration = (await navigator.serviceWorker.getRegistration()) as
    SyncRegistration | undefined;
  // Refused without an active worker or with background sync turned off: the app sends.
  await registration?.sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}

let flushing: Promise<void> | null = null;

/** Sends every kept write of the signed-in user, oldest first, stopping at the first network failure. */
export function flushOutbox(): Promise<void> {
  // Without IndexedDB (some private windows) nothing was kept, and there is nothing to send.
  flushing ??= sendAll()
    .catch(() => undefined)
    .finally(() => (flushing = null));
  return flushing;
}

async function sendAll(): Promise<void> {
  if (!identity) return;
  const { answered, done } = await sendKeptWrites(identity.userId);
  if (!done) scheduleRetry();
  await loadPending();
  report(answered);
}

/** Says what sending did, and has the screen shown again when something was stored. */
function report(answered: SentWrite[]) {
  const lines = answered.flatMap((write) =>
    write.status < 300
      ? write.method === "POST"
        ? []
        : [`${write.label}: your change made offline is the latest and replaced any other.`]
      : write.status === 404
        ? [`${write.label}: removed elsewhere meanwhile, so the change made offline was dropped.`]
        : [`${write.label} made offline was not saved: ${write.reason}`],
  );
  const sent = answered.filter((write) => write.status < 300).length;
  if (sent > 0) {
    lines.unshift(`${sent} ${sent === 1 ? "entry" : "entries"} made offline saved.`);
    outboxSent.value++;
  }
  if (lines.length > 0) outboxNotice.value = lines.join(" ");
}

let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** Retries every 15 s while anything waits (the server may be unreachable on a live network). */
function scheduleRetry() {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    if (pendingWrites.value.length > 0) void flushOutbox();
  }, 15_000);
}

if (typeof window !== "undefined") {
  window.addEventListener("online", () => void flushOutbox());
  navigator.serviceWorker?.addEventListener("message", (event: MessageEvent) => {
    const message = event.data as OutboxSentMessage | null;
    if (message?.type !== "outbox-sent") return;
    void loadPending().then(() => report(message.answered));
  });
}

const LABELS: [RegExp, string][] = [
  [/food-entr|logged-meal|meal-plan/, "Food entry"],
  [/water/, "Water"],
  [/check-in|measurement|weight/, "Check-in"],
  [/exercise|workout|strength/, "Exercise"],
  [/sleep|fasting|mood|vital|medication|cycle|symptom/, "Tracker entry"],
  [/food|meal/, "Food"],
  [/goal/, "Goal"],
];

function labelOf(path: string): string {
  return LABELS.find(([pattern]) => pattern.test(path))?.[1] ?? "Change";
}

/** The signed-in user's kept writes (another account's wait for that account). */
async function loadPending() {
  pendingWrites.value = identity ? await keptWrites(identity.userId) : [];
}
