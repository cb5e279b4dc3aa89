import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, posix, sep } from "node:path";
import { listObjects, objectStoreFor, openObject } from "./object-store.ts";

/**
 * All file access for uploads goes through here. Paths are relative to the uploads root,
 * with forward slashes; when the root has an S3-compatible bucket (SERVICE_FITNESS_S3_*,
 * see object-store.ts) the same paths are the bucket's keys.
 */

/** The absolute path of an upload, or null when the relative path would leave the root. */
export function resolveUploadPath(root: string, relativePath: string): string | null {
  const normalized = posix.normalize("/" + relativePath).slice(1);
  if (normalized === "" || normalized.split("/").includes("..")) return null;
  const absolute = join(root, ...normalized.split("/"));
  return absolute.startsWith(root + sep) ? absolute : null;
}

/** The path in its one normal form (the object key), or null when it would leave the root. */
function normalizeUploadPath(relativePath: string): string | null {
  const normalized = posix.normalize("/" + relativePath).slice(1);
  return normalized === "" || normalized.split("/").includes("..") ? null : normalized;
}

function requireKey(relativePath: string): string {
  const key = normalizeUploadPath(relativePath);
  if (!key) throw new Error(`Upload path escapes the uploads root: ${relativePath}`);
  return key;
}

function requirePath(root: string, relativePath: string): string {
  const absolute = resolveUploadPath(root, relativePath);
  if (!absolute) throw new Error(`Upload path escapes the uploads root: ${relativePath}`);
  return absolute;
}

/** Writes a file atomically (temporary file, then rename), creating folders as needed. */
export async function saveUpload(
  root: string,
  relativePath: string,
  data: Uint8Array,
): Promise<void> {
  const store = objectStoreFor(root);
  if (store) {
    await store.client.write(store.prefix + requireKey(relativePath), data);
    return;
  }
  const absolute = requirePath(root, relativePath);
  await mkdir(dirname(absolute), { recursive: true, mode: 0o700 });
  const temporary = `${absolute}.${crypto.randomUUID()}.tmp`;
  await Bun.write(temporary, data);
  try {
    await rename(temporary, absolute);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Removes a file; a file already gone is not an error. While a backup runs on this root the
 * file is kept aside instead (see holdRemovedUploads), for the backup's snapshot may still
 * hold its row.
 */
export async function removeUpload(root: string, relativePath: string): Promise<void> {
  const store = objectStoreFor(root);
  if (store) return store.client.delete(store.prefix + requireKey(relativePath));
  const absolute = requirePath(root, relativePath);
  if (!(await removalsAreHeld(root))) return rm(absolute, { force: true });
  const kept = requirePath(join(root, KEPT_DIR), relativePath);
  await mkdir(dirname(kept), { recursive: true, mode: 0o700 });
  await rename(absolute, kept).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  });
}

// A backup's snapshot holds the rows as they were when it began, so the files of rows deleted
// since must stay readable until it has copied them. Before it opens the snapshot, a backup
// leaves a marker in HOLDS_DIR, and a removal that finds one moves the file to KEPT_DIR. That
// is exact: a removal that found no marker came after its row's deletion, which committed
// before the marker and so before the snapshot, which therefore lacks the row too.
const HOLDS_DIR = ".backup-holds";
const KEPT_DIR = ".backup-kept";
// A marker older than this was left by a backup that died; it holds nothing any more.
const HOLD_MAX_MS = 24 * 3600_000;

async function liveHolds(root: string): Promise<string[]> {
  const dir = join(root, HOLDS_DIR);
  const names = await readdir(dir).catch(() => [] as string[]);
  const live: string[] = [];
  for (const name of names) {
    const info = await stat(join(dir, name)).catch(() => null);
    if (info && Date.now() - info.mtimeMs < HOLD_MAX_MS) live.push(name);
    else await rm(join(dir, name), { force: true });
  }
  return live;
}

async function removalsAreHeld(root: string): Promise<boolean> {
  return (await liveHolds(root)).length > 0;
}

/**
 * Keeps files removed from now on readable with openHeldUpload until the returned release()
 * (a backup holds them between its start and its end). Files in an S3-compatible bucket are
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
    if (!(await removalsAreHeld(root))) {
      await rm(join(root, KEPT_DIR), { recursive: true, force: true });
    }
  };
}

/** The stored file, or one removed while a backup held removals; null when neither exists. */
export async function openHeldUpload(root: string, relativePath: string) {
  const live = await openUpload(root, relativePath);
  if (live || objectStoreFor(root)) return live;
  return openUpload(join(root, KEPT_DIR), relativePath);
}

/** Every file a backup might hold: the stored ones and those kept aside since it began. */
export async function listHeldUploads(root: string): Promise<{ path: string; size: number }[]> {
  if (objectStoreFor(root)) return listUploads(root);
  const kept = await listUploads(join(root, KEPT_DIR));
  return [...(await listUploads(root)), ...kept];
}

/** The stored file, or null when it does not exist. */
export async function openUpload(root: string, relativePath: string) {
  const store = objectStoreFor(root);
  if (store) {
    const key = normalizeUploadPath(relativePath);
    return key ? openObject(store, key) : null;
  }
  const absolute = resolveUploadPath(root, relativePath);
  if (!absolute) return null;
  const file = Bun.file(absolute);
  return (await file.exists()) ? file : null;
}

/** Every stored file with its size, in a stable order (files being written are skipped). */
export async function listUploads(root: string): Promise<{ path: string; size: number }[]> {
  const store = objectStoreFor(root);
  if (store) return listObjects(store);
  let names: string[];
  try {
    names = await readdir(root, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const files: { path: string; size: number }[] = [];
  for (const name of names.sort()) {
    if (name.endsWith(".tmp") || name.startsWith(HOLDS_DIR) || name.startsWith(KEPT_DIR)) continue;
    const info = await stat(join(root, name)).catch(() => null);
    if (info?.isFile()) files.push({ path: name.split(sep).join("/"), size: info.size });
  }
  return files;
}
