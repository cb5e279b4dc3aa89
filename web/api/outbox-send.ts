import { forgetWrite, keptWrites, type OutboxEntry } from "./outbox-store.ts";

/** The tag of the service worker's Background Sync that sends the outbox. */
export const OUTBOX_SYNC_TAG = "outbox";

/** What the service worker posts to the open tabs after sending kept writes. */
export type OutboxSentMessage = { type: "outbox-sent"; answered: SentWrite[] };

/** What the server answered to a kept write it has now dealt with (stored, or refused). */
export type SentWrite = {
  label: string;
  method: string;
  status: number;
  /** The server's `error` when it refused the write. */
  reason: string | null;
};

/**
 * Sends the kept writes of the user signed in as `userId`, oldest first, each with the
 * Idempotency-Key it was first sent with, and forgets those the server has dealt with. Stops at
 * the first that cannot go yet (no network, signed out, the server failing, that key's first
 * send still running): `done` is false while some wait. The open app and the service worker
 * both send; a lock shared by them (where the browser has Web Locks) lets one at a time go
 * through the store, so a write is not sent from two places at once.
 */
export async function sendKeptWrites(
  userId: string,
): Promise<{ answered: SentWrite[]; done: boolean }> {
  const send = async () => {
    const answered: SentWrite[] = [];
    for (const entry of await keptWrites(userId)) {
      const answer = await sendOne(entry);
      if (!answer) return { answered, done: false };
      answered.push(answer);
      await forgetWrite(entry.key);
    }
    return { answered, done: true };
  };
  return navigator.locks ? navigator.locks.request("fitness-outbox", send) : send();
}

async function sendOne(entry: OutboxEntry): Promise<SentWrite | null> {
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
    return null;
  }
  const running = response.status === 409 && response.headers.get("Retry-After") !== null;
  if (response.status === 401 || running || response.status >= 500) return null;
  const reason = response.ok ? null : (safeError(await response.text()) ?? response.statusText);
  return { label: entry.label, method: entry.method, status: response.status, reason };
}

function safeError(text: string): string | undefined {
  try {
    const error = JSON.parse(text).error;
    return typeof error === "string" ? error : undefined;
  } catch {
    return undefined;
  }
}
