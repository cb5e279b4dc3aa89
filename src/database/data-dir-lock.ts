import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  currentProcess,
  isRunning,
  parseProcessOwner,
  type ProcessOwner,
} from "../lib/process-owner.ts";

type Lock = { acquired: true; release(): void } | { acquired: false; ownerPid: number };

/** An exclusive lock file: one process at a time opens the embedded database files. */
export function acquireDataDirLock(dataDir: string): Lock {
  const path = join(dataDir, "pgdata.lock");
  // Its owner by PID, start time and boot id (process-owner.ts), so a crash frees it.
  const self = currentProcess();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, JSON.stringify(self), { flag: "wx", mode: 0o600 });
      return { acquired: true, release: () => rmSync(path, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readOwner(path);
      if (owner && isRunning(owner)) return { acquired: false, ownerPid: owner.pid };
      rmSync(path, { force: true }); // left behind by a process that died
    }
  }
  throw new Error(`Cannot lock ${path}`);
}

/** The lock's owner; a plain number is the PID file of earlier versions. */
function readOwner(path: string): ProcessOwner | null {
  let text: string;
  try {
    text = readFileSync(path, "utf8").trim();
  } catch {
    return null; // removed in the meantime
  }
  return /^\d+$/.test(text) ? { pid: Number(text) } : parseProcessOwner(text);
}
