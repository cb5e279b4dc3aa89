/**
 * The outbox's IndexedDB store: writes made without a connection, kept across reloads and a
 * closed tab until the server has them. Read by the open app and by the service worker.
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

/** The kept writes of the user signed in as `userId`, oldest first. */
export async function keptWrites(userId: string): Promise<OutboxEntry[]> {
  const entries = await store("readonly", (s) => s.getAll() as IDBRequest<OutboxEntry[]>);
  return (entries ?? [])
    .filter((e) => e.userId === userId)
    .sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

export const keepWrite = (entry: OutboxEntry) => store("readwrite", (s) => s.put(entry));

export const forgetWrite = (key: string) => store("readwrite", (s) => s.delete(key));
