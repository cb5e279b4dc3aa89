import { mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { join } from "node:path";

const PREFIX = "apple-health-";
const tmpRoot = (dataDir: string) => join(dataDir, "tmp");

/** A fresh folder under `<data>/tmp` for one upload; the caller removes it when done. */
export async function makeUploadDir(dataDir: string): Promise<string> {
  await mkdir(tmpRoot(dataDir), { recursive: true });
  return mkdtemp(join(tmpRoot(dataDir), PREFIX));
}

/**
 * Removes what uploads left in `<data>/tmp` when the server died mid-import; run at start,
 * before any request (one server owns a data directory). Answers how many were removed.
 */
export async function clearUploadDirs(dataDir: string): Promise<number> {
  const names = await readdir(tmpRoot(dataDir)).catch(() => [] as string[]);
  const left = names.filter((name) => name.startsWith(PREFIX));
  for (const name of left) await rm(join(tmpRoot(dataDir), name), { recursive: true, force: true });
  return left.length;
}
