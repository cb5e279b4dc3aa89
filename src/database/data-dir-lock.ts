import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

type Lock = { acquired: true; release(): void } | { acquired: false; ownerPid: number };

/** An exclusive pid file: one process at a time opens the embedded database files. */
export function acquireDataDirLock(dataDir: string): Lock {
  const path = join(dataDir, "pgdata.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, String(process.pid), { flag: "wx", mode: 0o600 });
      return { acquired: true, release: () => rmSync(path, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const ownerPid = Number(readFileSync(path, "utf8").trim());
      if (isAlive(ownerPid)) return { acquired: false, ownerPid };
      rmSync(path, { force: true }); // left behind by a process that died
    }
  }
  throw new Error(`Cannot lock ${path}`);
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
