import { existsSync, readFileSync, readlinkSync } from "node:fs";
import { basename } from "node:path";

/**
 * One process, for good. A PID alone is not enough: in a container the server is PID 1 every
 * time, so after a crash the restarted server would find "its" PID alive. The process's start
 * time (in clock ticks since boot) and the boot's id name one process for good.
 */
export type ProcessOwner = { pid: number; started?: string; boot?: string };

/** This process, as a lock or a spool folder records its owner. */
export function currentProcess(): ProcessOwner {
  return { pid: process.pid, ...processIdentity(process.pid) };
}

/** An owner as currentProcess() wrote it (JSON), or null when the text is not one. */
export function parseProcessOwner(text: string): ProcessOwner | null {
  try {
    const owner = JSON.parse(text) as ProcessOwner;
    return Number.isInteger(owner?.pid) ? owner : null;
  } catch {
    return null;
  }
}

/** Whether the recorded owner is still running (an owner without a start time: a bare PID). */
export function isRunning(owner: ProcessOwner): boolean {
  if (!pidExists(owner.pid)) return false;
  // A bare PID (an earlier version's PID file): this process never wrote it, whatever it
  // names, and after a restart the PID may name any other program by now.
  if (owner.started === undefined) return owner.pid !== process.pid && runsThisProgram(owner.pid);
  const now = processIdentity(owner.pid);
  // Without /proc (not Linux) the PID is all there is to compare.
  if (now.started === undefined) return true;
  return now.started === owner.started && now.boot === owner.boot;
}

/** The start time and boot id of a process, where /proc tells them (Linux). */
function processIdentity(pid: number): Omit<ProcessOwner, "pid"> {
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

/**
 * Whether the process runs the same executable as this one (the fitness binary, or Bun
 * running the sources), by /proc's link to it; an upgrade that replaced the file leaves it
 * marked "(deleted)". Without /proc, any live process might be.
 */
function runsThisProgram(pid: number): boolean {
  const program = (path: string) => basename(path.replace(/ \(deleted\)$/, ""));
  try {
    return program(readlinkSync(`/proc/${pid}/exe`)) === program(readlinkSync("/proc/self/exe"));
  } catch {
    // With /proc, unreadable means another user's process (or a gone one): not this server.
    return !existsSync("/proc/self/exe");
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
