import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { acquireDataDirLock } from "../../src/database/data-dir-lock.ts";
import { emptyDir } from "../helpers/processes.ts";

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A data directory whose lock file already holds `content`, if given. */
function dataDir(content?: string): string {
  const dir = emptyDir("data-dir-lock-");
  dirs.push(dir);
  if (content !== undefined) writeFileSync(join(dir, "pgdata.lock"), content);
  return dir;
}

const bootId = () => readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();

/** Takes the lock and gives it back, or returns who holds it. */
function tryLock(dir: string): number | "acquired" {
  const lock = acquireDataDirLock(dir);
  if (!lock.acquired) return lock.ownerPid;
  lock.release();
  return "acquired";
}

describe("the embedded database's lock", () => {
  test("is exclusive while held, and gone once released", () => {
    const dir = dataDir();
    const lock = acquireDataDirLock(dir);
    expect(lock.acquired).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, "pgdata.lock"), "utf8")).pid).toBe(process.pid);
    expect(tryLock(dir)).toBe(process.pid);
    if (lock.acquired) lock.release();
    expect(tryLock(dir)).toBe("acquired");
  });

  // A container's server is PID 1 every time: after a crash, its restart finds its own PID
  // (or PID 1) alive in the lock, written by a process that started at another time.
  test("a lock left by another process with a live PID is taken over", () => {
    const stale = (pid: number) => JSON.stringify({ pid, started: "1", boot: bootId() });
    expect(tryLock(dataDir(stale(process.pid)))).toBe("acquired");
    expect(tryLock(dataDir(stale(1)))).toBe("acquired");
    const otherBoot = { pid: 1, started: "1", boot: "an-earlier-boot" };
    expect(tryLock(dataDir(JSON.stringify(otherBoot)))).toBe("acquired");
    // The PID file of earlier versions, naming this very process.
    expect(tryLock(dataDir(String(process.pid)))).toBe("acquired");
    expect(tryLock(dataDir("not a lock"))).toBe("acquired");
  });

  test("a live server's lock holds until it dies, however it dies", async () => {
    const dir = dataDir();
    const module = join(import.meta.dir, "..", "..", "src", "database", "data-dir-lock.ts");
    const holder = Bun.spawn(
      [
        process.execPath,
        "-e",
        `const { acquireDataDirLock } = await import(${JSON.stringify(module)});
         console.log(acquireDataDirLock(${JSON.stringify(dir)}).acquired);
         setInterval(() => {}, 1000);`,
      ],
      { stdout: "pipe", stderr: "inherit" },
    );
    const reader = holder.stdout.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value).trim()).toBe("true");
    expect(tryLock(dir)).toBe(holder.pid);
    // The earlier versions' PID file of a live process other than this one holds too.
    expect(tryLock(dataDir(String(holder.pid)))).toBe(holder.pid);
    holder.kill("SIGKILL");
    await holder.exited;
    expect(tryLock(dir)).toBe("acquired");
  });

  // After a restart, the PID in an earlier version's lock file may name any program by now.
  test("an earlier version's PID file naming a live process of another program is stale", async () => {
    const other = Bun.spawn(["sleep", "30"]);
    try {
      expect(tryLock(dataDir(String(other.pid)))).toBe("acquired");
    } finally {
      other.kill();
      await other.exited;
    }
  });
});
