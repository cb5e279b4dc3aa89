import { statfsSync } from "node:fs";
import postgres from "postgres";

/** What a client is told when a write failed for want of space. */
export const DISK_FULL_MESSAGE =
  "The disk is full: the server cannot store this until space is freed. Nothing was saved.";

/**
 * A write failed because the file system (or a quota) has no space left: ENOSPC or EDQUOT
 * from a file, or PostgreSQL's disk_full (53100) from the database.
 */
export function isDiskFull(error: unknown): boolean {
  if (error instanceof postgres.PostgresError) return error.code === "53100";
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === "ENOSPC" || code === "EDQUOT") return true;
  // Some writers (Bun.write, stream wrappers) keep only the text of the system error.
  return typeof message === "string" && /\bENOSPC\b|no space left on device/i.test(message);
}

/** Bytes free to this process on the file system holding `path`; null when it cannot tell. */
export function freeBytes(path: string): number | null {
  try {
    const stats = statfsSync(path);
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}
