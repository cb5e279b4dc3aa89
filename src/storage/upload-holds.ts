import { mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { listObjects, objectStoreFor, type ObjectStore } from "./object-store.ts";

// A backup's snapshot holds the rows as they were when it began, so the files of rows deleted
// since must stay readable until it has copied them. Before it opens the snapshot, a backup
// leaves a marker in HOLDS_DIR, and a removal that finds one keeps the file in KEPT_DIR
// (uploads.ts). That is exact: a removal that found no marker came after its row's deletion,
// which committed before the marker and so before the snapshot, which lacks the row too.
// With an S3-compatible bucket both are key prefixes in the bucket, seen by every server.
const HOLDS_DIR = ".backup-holds";
const KEPT_DIR = ".backup-kept";
// A marker older than this was left by a backup that died; it holds nothing any more.
const HOLD_MAX_MS = 24 * 3600_000;

/** Top-level names under an uploads root that are not uploads. */
export const HELD_NAMES = [HOLDS_DIR, KEPT_DIR];

/** Where files removed while a backup runs are kept, with their relative paths. */
export const keptRoot = (root: string) => join(root, KEPT_DIR);

/** The bucket key (below the prefix) under which a removed object is kept. */
export const keptKey = (key: string) => `${KEPT_DIR}/${key}`;

/** Whether a backup is running on this uploads root (stale markers are removed on the way). */
export async function removalsAreHeld(root: string): Promise<boolean> {
  const store = objectStoreFor(root);
  const markers = store ? await bucketMarkers(store) : await localMarkers(root);
  let held = false;
  for (const marker of markers) {
    if (Date.now() - marker.modifiedMs < HOLD_MAX_MS) held = true;
    else await marker.remove();
  }
  return held;
}

async function localMarkers(root: string) {
  const dir = join(root, HOLDS_DIR);
  const names = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(
    names.map(async (name) => ({
      modifiedMs: (await stat(join(dir, name)).catch(() => null))?.mtimeMs ?? 0,
      remove: () => rm(join(dir, name), { force: true }),
    })),
  );
}

async function bucketMarkers(store: ObjectStore) {
  return (await listObjects(store, `${HOLDS_DIR}/`)).map((object) => ({
    modifiedMs: object.modifiedMs,
    remove: () => store.client.delete(store.prefix + object.path),
  }));
}

/**
 * Keeps files removed from now on readable (openHeldUpload) until the returned release(): a
 * backup holds them from before its snapshot to its end.
 */
export async function holdRemovedUploads(root: string): Promise<() => Promise<void>> {
  const store = objectStoreFor(root);
  const name = `${HOLDS_DIR}/${crypto.randomUUID()}`;
  let removeMarker: () => Promise<unknown>;
  if (store) {
    await store.client.write(store.prefix + name, String(process.pid));
    removeMarker = () => store.client.delete(store.prefix + name);
  } else {
    const marker = join(root, name);
    await mkdir(dirname(marker), { recursive: true, mode: 0o700 });
    // A marker left empty by a full disk would still hold removals for a day.
    await writeFile(marker, String(process.pid), { mode: 0o600 }).catch(async (error) => {
      await rm(marker, { force: true });
      throw error;
    });
    removeMarker = () => rm(marker, { force: true });
  }
  return async () => {
    await removeMarker();
    // The last backup to finish drops what was kept for them all.
    if (await removalsAreHeld(root)) return;
    if (!store) return rm(keptRoot(root), { recursive: true, force: true });
    for (const object of await listObjects(store, keptKey(""))) {
      await store.client.delete(store.prefix + object.path);
    }
  };
}
