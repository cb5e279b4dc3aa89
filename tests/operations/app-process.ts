import { rmSync } from "node:fs";
import { join } from "node:path";
import { emptyDir, freePort } from "../helpers/processes.ts";

const ROOT = join(import.meta.dir, "..", "..");

export type AppProcess = {
  url: string;
  port: number;
  proc: ReturnType<typeof Bun.spawn>;
  stop(): Promise<void>;
};

/**
 * `fitness serve` from the source tree on a free loopback port, against the database in
 * `env` (SERVICE_FITNESS_DATABASE_URL), with a data directory of its own unless given.
 */
export async function startAppProcess(env: Record<string, string>): Promise<AppProcess> {
  const dataDir = env.SERVICE_FITNESS_DATA_DIR ?? emptyDir("fitness-app-data-");
  const port = freePort();
  const proc = Bun.spawn([process.execPath, join(ROOT, "src", "main.ts"), "serve"], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH ?? "",
      SERVICE_FITNESS_SERVER_PORT: String(port),
      SERVICE_FITNESS_SERVER_HOST: "127.0.0.1",
      SERVICE_FITNESS_DATA_DIR: dataDir,
      SERVICE_FITNESS_LOG_LEVEL: "error",
      SERVICE_FITNESS_API_ENCRYPTION_KEY: "b".repeat(64),
      BETTER_AUTH_SECRET: "ops-test-secret-".padEnd(40, "x"),
      ...env,
    },
    stdout: "pipe",
    stderr: "inherit",
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    proc.kill("SIGTERM");
    await proc.exited;
    if (!env.SERVICE_FITNESS_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 300; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { url, port, proc, stop };
    await Bun.sleep(100);
  }
  await stop();
  throw new Error("server did not become healthy");
}
