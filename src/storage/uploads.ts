import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join, posix, sep } from "node:path";

/**
 * All file access for uploads goes through here, so an object store can replace the local
 * tree later. Paths are relative to the uploads root, with forward slashes.
 */

/** The absolute path of an upload, or null when the relative path would leave the root. */
export function resolveUploadPath(root: string, relativePath: string): string | null {
  const normalized = posix.normalize("/" + relativePath).slice(1);
  if (normalized === "" || normalized.split("/").includes("..")) return null;
  const absolute = join(root, ...normalized.split("/"));
  return absolute.startsWith(root + sep) ? absolute : null;
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

/** Removes a file; a file already gone is not an error. */
export async function removeUpload(root: string, relativePath: string): Promise<void> {
  await rm(requirePath(root, relativePath), { force: true });
}

/** The stored file, or null when it does not exist. */
export async function openUpload(root: string, relativePath: string) {
  const absolute = resolveUploadPath(root, relativePath);
  if (!absolute) return null;
  const file = Bun.file(absolute);
  return (await file.exists()) ? file : null;
}

/** Every stored file with its size, in a stable order (files being written are skipped). */
export async function listUploads(root: string): Promise<{ path: string; size: number }[]> {
  let names: string[];
  try {
    names = await readdir(root, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const files: { path: string; size: number }[] = [];
  for (const name of names.sort()) {
    if (name.endsWith(".tmp")) continue;
    const info = await stat(join(root, name)).catch(() => null);
    if (info?.isFile()) files.push({ path: name.split(sep).join("/"), size: info.size });
  }
  return files;
}
