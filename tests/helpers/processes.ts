import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type RunResult = { code: number; stdout: string; stderr: string };

/** Runs a command to completion with a clean environment plus `env`. */
export async function run(
  cmd: string[],
  env: Record<string, string>,
  cwd?: string,
): Promise<RunResult> {
  const proc = Bun.spawn(cmd, {
    cwd,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { code, stdout, stderr };
}

export function emptyDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * A loopback port no socket uses now, picked by the kernel: a random one can be an ephemeral
 * port that an outgoing connection holds (seen as "Is port 39824 in use?").
 */
export function freePort(): number {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const { port } = probe;
  probe.stop(true);
  return port;
}
