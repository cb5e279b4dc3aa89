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
