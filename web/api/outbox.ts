import { signal } from "@preact/signals";

/**
 * Writes made without a connection, kept in IndexedDB until the server has them: across
 * reloads and a closed tab. Each carries the Idempotency-Key it was first sent with, so a
 * write whose answer was lost on the way back is stored once however often it is resent.
 * Sent in the order made; where the same record was changed elsewhere meanwhile, the later
 * write wins and the notice says so.
 */
export type OutboxEntry = {
  key: string;
  method: string;
  path: string;
  body: unknown;
  /** What it is, for the pending list ("Food entry"). */
  label: string;
  /** Who signed in, and whose data it is for (a family member's when acting for them). */
  userId: string;
  ownerId: string;
  queuedAt: string;
};

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
    await store("readwrite", (s) => s.put(entry));
  } catch {
    return new QueuedOffline(label, false);
  }
  pendingWrites.value = [...pendingWrites.value, entry];
  scheduleRetry();
  return new QueuedOffline(label);
}

let flushing: Promise<void> | null = null;

/** Sends every kept write of the signed-in user, oldest first, stopping at the first network failure. */
export function flushOutbox(): Promise<void> {
  flushing ??= sendAll().finally(() => (flushing = null));
  return flushing;
}

async function sendAll(): Promise<void> {
  const mine = pendingWrites.value.filter((e) => e.userId === identity?.userId);
  const report: string[] = [];
  let sent = 0;
  for (const entry of mine) {
    let response: Response;
    try {
      response = await fetch(entry.path, {
        method: entry.method,
        headers: {
          Accept: "application/json",
          "Content-Type": "application/json",
          "Idempotency-Key": entry.key,
          "X-Acting-For": entry.ownerId,
        },
        body: JSON.stringify(entry.body ?? {}),
        credentials: "same-origin",
      });
    } catch {
      scheduleRetry();
      break;
    }
    // Signed out, the server failing, or this key's first send still running: try later.
    const running = response.status === 409 && response.headers.get("Retry-After") !== null;
    if (response.status === 401 || running || response.status >= 500) {
      scheduleRetry();
      break;
    }
    if (response.ok) {
      sent++;
      if (entry.method !== "POST")
        report.push(
          `${entry.label}: your change made offline is the latest and replaced any other.`,
        );
    } else {
      const text = await response.text();
      const reason = safeError(text) ?? response.statusText;
      report.push(
        response.status === 404
          ? `${entry.label}: removed elsewhere meanwhile, so the change made offline was dropped.`
          : `${entry.label} made offline was not saved: ${reason}`,
      );
    }
    await store("readwrite", (s) => s.delete(entry.key));
    pendingWrites.value = pendingWrites.value.filter((e) => e.key !== entry.key);
  }
  if (sent > 0) {
    report.unshift(`${sent} ${sent === 1 ? "entry" : "entries"} made offline saved.`);
    outboxSent.value++;
  }
  if (report.length > 0) outboxNotice.value = report.join(" ");
}

function safeError(text: string): string | undefined {
  try {
    const error = JSON.parse(text).error;
    return typeof error === "string" ? error : undefined;
  } catch {
    return undefined;
  }
}

let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** Retries every 15 s while anything waits (the server may be unreachable on a live network). */
function scheduleRetry() {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    if (pendingWrites.value.length > 0) void flushOutbox();
  }, 15_000);
}

if (typeof window !== "undefined") window.addEventListener("online", () => void flushOutbox());

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
  const entries = await store("readonly", (s) => s.getAll() as IDBRequest<OutboxEntry[]>);
  pendingWrites.value = (entries ?? [])
    .filter((e) => e.userId === identity?.userId)
    .sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

const DB_NAME = "fitness-outbox";
const STORE = "writes";
let database: Promise<IDBDatabase> | undefined;

function open(): Promise<IDBDatabase> {
  database ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "key" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return database;
}

async function store<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await open();
  return new Promise((resolve, reject) => {
    const request = work(db.transaction(STORE, mode).objectStore(STORE));
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}
