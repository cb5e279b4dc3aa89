import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { currentProcess, isRunning, parseProcessOwner } from "../lib/process-owner.ts";

const SPOOL_PREFIX = "fitness-backup-";
// Not a table's name (those have no dot), so it never meets a table's spooled COPY text.
const OWNER_FILE = ".owner";

/**
 * A new spool folder in the temp directory, naming its process. A backup removes its own when
 * it ends; one left by a process that died (kill -9, a crash) is removed by the next backup
 * on this machine, once its owner is proven gone (process-owner.ts). A folder whose owner file
 * is not written yet, or that another machine's process owns, is left alone.
 */
export async function createSpool(): Promise<string> {
  await removeAbandonedSpools();
  const spool = await mkdtemp(join(tmpdir(), SPOOL_PREFIX));
  await writeFile(join(spool, OWNER_FILE), JSON.stringify(currentProcess()), { mode: 0o600 });
  return spool;
}

async function removeAbandonedSpools(): Promise<void> {
  const names = await readdir(tmpdir()).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.startsWith(SPOOL_PREFIX))) {
    const text = await readFile(join(tmpdir(), name, OWNER_FILE), "utf8").catch(() => null);
    const owner = text === null ? null : parseProcessOwner(text);
    if (owner && !isRunning(owner))
      await rm(join(tmpdir(), name), { recursive: true, force: true });
  }
}
