import { readdirSync, readFileSync } from "node:fs";

/** CPU seconds spent so far by the server process and by its PostgreSQL backends. */
export type CpuSnapshot = { serverS: number; postgresS: number; walWriterS: number };

const TICKS_PER_SECOND = 100;

/**
 * Splits where a phase's time goes: the server's JavaScript, the database backends serving
 * the bench database (found by their process title), and the WAL writer (shared, so only a hint).
 */
export function snapshotCpu(serverPid: number, databaseName: string): CpuSnapshot {
  let postgresS = 0;
  let walWriterS = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const title = readOr(`/proc/${entry}/cmdline`).replaceAll("\0", " ");
    if (!title.startsWith("postgres: ")) continue;
    if (title.includes(` ${databaseName} `)) postgresS += cpuSeconds(Number(entry));
    else if (title.includes("walwriter")) walWriterS += cpuSeconds(Number(entry));
  }
  return { serverS: cpuSeconds(serverPid), postgresS, walWriterS };
}

export function cpuDelta(before: CpuSnapshot, after: CpuSnapshot): CpuSnapshot {
  return {
    serverS: after.serverS - before.serverS,
    postgresS: after.postgresS - before.postgresS,
    walWriterS: after.walWriterS - before.walWriterS,
  };
}

/** utime + stime of a process (fields 14 and 15 of /proc/<pid>/stat), 0 when it is gone. */
function cpuSeconds(pid: number): number {
  const stat = readOr(`/proc/${pid}/stat`);
  // The command name (field 2) may contain spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / TICKS_PER_SECOND;
}

function readOr(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}
