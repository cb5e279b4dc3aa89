import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";

/** Names the backup folder holds; anything else there is left alone. */
export const BACKUP_NAME = /^fitness-backup-\d{8}-\d{6}-\d{3}\.tar\.gz$/;

export type StoredBackup = { name: string; bytes: number; created_at: string };

/** The finished backups in `dir`, newest first. */
export async function listStoredBackups(dir: string): Promise<StoredBackup[]> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const names = (await readdir(dir))
    .filter((n) => BACKUP_NAME.test(n))
    .sort()
    .reverse();
  const out: StoredBackup[] = [];
  for (const name of names) {
    const info = await stat(join(dir, name)).catch(() => null);
    if (info) out.push({ name, bytes: info.size, created_at: info.mtime.toISOString() });
  }
  return out;
}

/** Removes all but the newest `keep` backups; returns the names removed. */
export async function pruneStoredBackups(dir: string, keep: number): Promise<string[]> {
  const old = (await listStoredBackups(dir)).slice(keep).map((b) => b.name);
  for (const name of old) await rm(join(dir, name), { force: true });
  return old;
}

/** The path of a stored backup by name, or null for any other name. */
export function storedBackupPath(dir: string, name: string): string | null {
  return BACKUP_NAME.test(name) ? join(dir, name) : null;
}
