import { mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { objectStoreFor } from "./object-store.ts";

// A backup's snapshot holds the rows as they were when it began, so the files of rows deleted
// since must stay readable until it has copied them. Before it opens the snapshot, a backup
// leaves a marker in HOLDS_DIR, and a removal that finds one moves the file to KEPT_DIR
// (uploads.ts). That is exact: a removal that found no marker came after its row's deletion,
// which committed before the marker and so before the snapshot, which lacks the row too.
const HOLDS_DIR = ".backup-holds";
const KEPT_DIR = ".backup-kept";
// A marker older than this was left by a backup that died; it holds nothing any more.
const HOLD_MAX_MS = 24 * 3600_000;

/** Top-level names under an uploads root that are not uploads. */
export const HELD_NAMES = [HOLDS_DIR, KEPT_DIR];

/** Where files removed while a backup runs are kept, with their relative paths. */
export const keptRoot = (root: string) => join(root, KEPT_DIR);

/** Whether a backup is running on this uploads root (stale markers are removed on the way). */
export async function removalsAreHeld(root: string): Promise<boolean> {
  const dir = join(root, HOLDS_DIR);
  let held = false;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const info = await stat(join(dir, name)).catch(() => null);
    if (info && Date.now() - info.mtimeMs < HOLD_MAX_MS) held = true;
    else await rm(join(dir, name), { force: true });
  }
  return held;
}

/**
 * Keeps files removed from now on readable (openHeldUpload) until the returned release(): a
 * backup holds them from before its snapshot to its end. Files in an S3-compatible bucket are
 * not held: a backup of a bucket may miss a file whose row was deleted while it ran.
 */
export async function holdRemovedUploads(root: string): Promise<() => Promise<void>> {
  if (objectStoreFor(root)) return async () => {};
  const marker = join(root, HOLDS_DIR, crypto.randomUUID());
  await mkdir(dirname(marker), { recursive: true, mode: 0o700 });
  await writeFile(marker, String(process.pid), { mode: 0o600 });
  return async () => {
    await rm(marker, { force: true });
    // The last backup to finish drops what was kept for them all.
    if (!(await removalsAreHeld(root))) await rm(keptRoot(root), { recursive: true, force: true });
  };
}
