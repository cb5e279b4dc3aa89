/**
 * Instructions the compiled server executes per request, counted by valgrind's callgrind:
 * the figure that stays the same on a loaded or a slower machine, where CPU time per request
 * moves by half (the same build measured 1.0 and 1.6 ms of CPU an hour apart here). It counts
 * this process's own work in user space only: not the kernel's (sockets, page faults), nor
 * cache misses, so compare builds with it and read CPU time from `make bench`.
 *
 * Seeds the day of day-reads.ts over HTTP, then for each read sends BENCH_WARM_UP requests
 * (400), zeroes the counters and counts BENCH_COUNT more (300). Slow: a server under callgrind
 * runs some fifty times slower, about three minutes in all.
 *   make build && bun tests/bench/request-instructions.ts
 * BENCH_BINARY=/path/to/fitness counts another build; BENCH_READS=/api/a,/api/b other reads.
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../helpers/processes.ts";
import { createBenchDatabase } from "./bench-database.ts";
import { createSessionToken, createUser } from "./credentials.ts";
import { DAY, postOver, readOver, seedDay } from "./day-reads.ts";
import { BINARY, createServerEnv, removeDataDir, runCli } from "./server-process.ts";

const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 400);
const COUNT = Number(process.env.BENCH_COUNT ?? 300);
const READS = process.env.BENCH_READS?.split(",") ?? [
  `/api/daily-summary?date=${DAY}`,
  `/api/food-entries/by-date/${DAY}`,
  "/api/meal-types",
];

const database = await createBenchDatabase();
const env = createServerEnv(database.url);
const migrated = runCli(env, ["migrate"]);
if (migrated.exitCode !== 0) throw new Error(`migrate failed: ${migrated.stderr}`);
const dumps = join(tmpdir(), `fitness-callgrind-${process.pid}`);
const port = freePort();
const server = Bun.spawn(
  ["valgrind", "--tool=callgrind", `--callgrind-out-file=${dumps}.%p`, BINARY, "serve"],
  {
    env: { ...env, SERVICE_FITNESS_SERVER_PORT: String(port) },
    stdout: "ignore",
    stderr: "ignore",
  },
);
const baseUrl = `http://127.0.0.1:${port}`;
try {
  const deadline = Date.now() + 300_000;
  while (
    !(await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (server.exitCode !== null || Date.now() > deadline) throw new Error("server did not start");
    await Bun.sleep(500);
  }
  const user = createUser(env);
  const { token } = await createSessionToken(env, baseUrl, user);
  await seedDay(postOver(baseUrl, token));
  const read = readOver(baseUrl, token);
  const control = (flag: string) => Bun.spawnSync(["callgrind_control", flag, String(server.pid)]);
  for (const path of READS) {
    for (let i = 0; i < WARM_UP; i++) await read(path);
    control("--zero");
    for (let i = 0; i < COUNT; i++) await read(path);
    control("--dump");
    console.log(`${path}: ${(counted() / COUNT / 1e6).toFixed(3)} M instructions per request`);
  }
} finally {
  server.kill("SIGKILL");
  await server.exited;
  removeDataDir(env);
  await database.drop();
  for (const file of dumpFiles()) rmSync(file);
}

/** The dumps callgrind_control made (`<out>.<pid>.<n>`), not the one written at exit. */
function dumpFiles(): string[] {
  const prefix = `${dumps.split("/").pop()}.`;
  return readdirSync(tmpdir())
    .filter((name) => name.startsWith(prefix))
    .map((name) => join(tmpdir(), name));
}

/** Instructions in the last dump, which then goes, so that each read counts its own. */
function counted(): number {
  const dumped = dumpFiles().filter((file) => /\.\d+\.\d+$/.test(file));
  let instructions = 0;
  for (const file of dumped) {
    instructions += Number(/^summary: (\d+)/m.exec(readFileSync(file, "utf8"))?.[1] ?? 0);
    rmSync(file);
  }
  return instructions;
}
