import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

type Lock = { acquired: true; release(): void } | { acquired: false; ownerPid: number };

/**
 * Who holds the lock. A PID alone is not enough: in a container the server is PID 1 every
 * time, so after a crash the restarted server would find "its" PID alive. The process's
 * start time (in clock ticks since boot) and the boot's id name one process for good.
 */
type Owner = { pid: number; started?: string; boot?: string };

/** An exclusive lock file: one process at a time opens the embedded database files. */
export function acquireDataDirLock(dataDir: string): Lock {
  const path = join(dataDir, "pgdata.lock");
  const self = { pid: process.pid, ...processIdentity(process.pid) };
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
function readOwner(path: string): Owner | null {
  let text: string;
  try {
    text = readFileSync(path, "utf8").trim();
  } catch {
    return null; // removed in the meantime
  }
  if (/^\d+$/.test(text)) return { pid: Number(text) };
  try {
    const owner = JSON.parse(text) as Owner;
    return Number.isInteger(owner.pid) ? owner : null;
  } catch {
    return null;
  }
}

function isRunning(owner: Owner): boolean {
  if (!pidExists(owner.pid)) return false;
  // An earlier version's PID file: this process never wrote it, whatever PID it names.
  if (owner.started === undefined) return owner.pid !== process.pid;
  const now = processIdentity(owner.pid);
  // Without /proc (not Linux) the PID is all there is to compare.
  if (now.started === undefined) return true;
  return now.started === owner.started && now.boot === owner.boot;
}

/** The start time and boot id of a process, where /proc tells them (Linux). */
function processIdentity(pid: number): Omit<Owner, "pid"> {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count from its end.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const boot = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    return { started: fields[19], boot };
  } catch {
    return {};
  }
}

function pidExists(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
