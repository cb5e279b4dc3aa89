import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort } from "../helpers/processes.ts";

export const ROOT = resolve(import.meta.dir, "../..");
// BENCH_BINARY runs another build (for example the previous release) for a before/after run.
export const BINARY = process.env.BENCH_BINARY ?? join(ROOT, "dist/fitness");

/** Environment shared by the server and the CLI calls: same database, same secrets. */
export function createServerEnv(databaseUrl: string): Record<string, string> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      (e): e is [string, string] => !e[0].startsWith("SERVICE_FITNESS_") && e[1] !== undefined,
    ),
  );
  return {
    ...inherited,
    SERVICE_FITNESS_DATABASE_URL: databaseUrl,
    SERVICE_FITNESS_DATA_DIR: mkdtempSync(join(tmpdir(), "fitness-bench-")),
    SERVICE_FITNESS_SERVER_HOST: "127.0.0.1",
    SERVICE_FITNESS_LOG_LEVEL: "warn",
    SERVICE_FITNESS_API_ENCRYPTION_KEY: randomHex(32),
    BETTER_AUTH_SECRET: randomHex(32),
    // The bench's request count must not be capped by the per-key limiter.
    SERVICE_FITNESS_API_KEY_RATELIMIT_MAX_REQUESTS: "1000000",
  };
}

export function removeDataDir(env: Record<string, string>): void {
  rmSync(env.SERVICE_FITNESS_DATA_DIR!, { recursive: true, force: true });
}

/** Runs `dist/fitness ...args` to completion. */
export function runCli(env: Record<string, string>, args: string[]) {
  const result = Bun.spawnSync([BINARY, ...args], { env, stdout: "pipe", stderr: "pipe" });
  return {
    exitCode: result.exitCode,
    stdout: result.stdout.toString(),
    stderr: result.stderr.toString(),
  };
}

export type ServerProcess = {
  pid: number;
  baseUrl: string;
  /** Spawn to first 200 from /api/health, in ms. */
  coldStartMs: number;
  memory(): { rssMb: number; hwmMb: number };
  /** Resets the kernel's peak-RSS counter (VmHWM) so the next peak is per scenario. */
  resetPeak(): void;
  stop(): Promise<void>;
};

/** Spawns `dist/fitness serve` on a free loopback port and waits until it is healthy. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = freePort();
  const started = performance.now();
  const child = Bun.spawn(serveCommand(), {
    env: { ...env, SERVICE_FITNESS_SERVER_PORT: String(port) },
    stdout: "pipe",
    stderr: "pipe",
  });
  const output = collectOutput(child.stdout, child.stderr);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = started + 30_000;
  while (true) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    if (performance.now() > deadline) {
      child.kill();
      throw new Error(`server not healthy after 30 s:\n${output()}`);
    }
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await Bun.sleep(5);
  }
  const coldStartMs = performance.now() - started;
  const status = `/proc/${child.pid}/status`;
  return {
    pid: child.pid,
    baseUrl,
    coldStartMs,
    memory() {
      const text = readFileSync(status, "utf8");
      const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);
      return { rssMb: kb("VmRSS") / 1024, hwmMb: kb("VmHWM") / 1024 };
    },
    resetPeak() {
      writeFileSync(`/proc/${child.pid}/clear_refs`, "5");
    },
    async stop() {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await child.exited;
      clearTimeout(timer);
      const text = output();
      if (text.trim()) console.error(`server output:\n${text}`);
    },
  };
}

/**
 * The compiled binary, or with BENCH_CPU_PROFILE=<dir> the same server from source under
 * Bun's profiler, which writes a markdown CPU profile into <dir> when the server stops.
 */
function serveCommand(): string[] {
  const profileDir = process.env.BENCH_CPU_PROFILE;
  if (!profileDir) return [BINARY, "serve"];
  const bun = join(ROOT, "node_modules/.bin/bun");
  return [
    bun,
    "--cpu-prof-md",
    "--cpu-prof-interval=250",
    `--cpu-prof-dir=${profileDir}`,
    join(ROOT, "src/main.ts"),
    "serve",
  ];
}

/** Drains the child's pipes (a full pipe would block the server) keeping the last 64 KB. */
function collectOutput(...streams: ReadableStream<Uint8Array>[]): () => string {
  let text = "";
  for (const stream of streams) {
    void (async () => {
      for await (const chunk of stream)
        text = (text + new TextDecoder().decode(chunk)).slice(-65536);
    })();
  }
  return () => text;
}

function randomHex(bytes: number): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString("hex");
}
