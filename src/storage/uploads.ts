import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join, posix, sep } from "node:path";
import { listObjects, objectStoreFor, openObject } from "./object-store.ts";
import { HELD_NAMES, keptKey, keptRoot, removalsAreHeld } from "./upload-holds.ts";

/**
 * All file access for uploads goes through here. Paths are relative to the uploads root,
 * with forward slashes; when the root has an S3-compatible bucket (SERVICE_FITNESS_S3_*,
 * see object-store.ts) the same paths are the bucket's keys.
 */

/**
 * The absolute path of an upload, or null when the relative path would leave the root or
 * name a backup's bookkeeping (upload-holds.ts), which is not an upload.
 */
export function resolveUploadPath(root: string, relativePath: string): string | null {
  const normalized = normalizeUploadPath(relativePath);
  if (!normalized) return null;
  const absolute = join(root, ...normalized.split("/"));
  return absolute.startsWith(root + sep) ? absolute : null;
}

/**
 * The path in its one normal form (the object key), or null when it would leave the root or
 * name a backup's bookkeeping.
 */
function normalizeUploadPath(relativePath: string): string | null {
  const normalized = posix.normalize("/" + relativePath).slice(1);
  if (normalized === "" || normalized.split("/").includes("..")) return null;
  return HELD_NAMES.includes(normalized.split("/")[0]!) ? null : normalized;
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
  try {
    // A write cut short (a full disk) leaves no temporary file behind either.
    await Bun.write(temporary, data);
    await rename(temporary, absolute);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Removes a file; a file already gone is not an error. While a backup runs on this root the
 * file is kept aside instead (see upload-holds.ts), for the backup's snapshot may still hold
 * its row.
 */
export async function removeUpload(root: string, relativePath: string): Promise<void> {
  const store = objectStoreFor(root);
  if (store) {
    const key = requireKey(relativePath);
    const object = (await removalsAreHeld(root)) ? await openObject(store, key) : null;
    if (object) await store.client.write(store.prefix + keptKey(key), object);
    return store.client.delete(store.prefix + key);
  }
  const absolute = requirePath(root, relativePath);
  if (!(await removalsAreHeld(root))) return rm(absolute, { force: true });
  const kept = requirePath(keptRoot(root), relativePath);
  await mkdir(dirname(kept), { recursive: true, mode: 0o700 });
  await rename(absolute, kept).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  });
}

/** The stored file, or one a backup kept aside (upload-holds.ts); null when neither exists. */
export async function openHeldUpload(root: string, relativePath: string) {
  const live = await openUpload(root, relativePath);
  if (live) return live;
  const store = objectStoreFor(root);
  if (!store) return openUpload(keptRoot(root), relativePath);
  const key = normalizeUploadPath(relativePath);
  return key ? openObject(store, keptKey(key)) : null;
}

/** Every file a backup might need: the stored ones and those kept aside since it began. */
export async function listHeldUploads(root: string): Promise<{ path: string; size: number }[]> {
  const store = objectStoreFor(root);
  const kept = store
    ? (await listObjects(store, keptKey(""))).map(({ path, size }) => ({
        path: path.slice(keptKey("").length),
        size,
      }))
    : await listUploads(keptRoot(root));
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
  if (store) {
    const objects = await listObjects(store);
    return objects
      .filter((object) => !HELD_NAMES.includes(object.path.split("/")[0]!))
      .map(({ path, size }) => ({ path, size }));
  }
  let names: string[];
  try {
    names = await readdir(root, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const files: { path: string; size: number }[] = [];
  for (const name of names.sort()) {
    if (name.endsWith(".tmp") || HELD_NAMES.some((held) => name.startsWith(held))) continue;
    const info = await stat(join(root, name)).catch(() => null);
    if (info?.isFile()) files.push({ path: name.split(sep).join("/"), size: info.size });
  }
  return files;
}
