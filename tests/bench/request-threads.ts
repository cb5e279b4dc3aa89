/**
 * The compiled server's CPU per request over HTTP, split by thread as the kernel counts it
 * (/proc/<pid>/task): the JavaScript thread's user and system time, its page faults, and the
 * other threads (the JIT's compilers, the collector's helpers, the allocator's scavenger). System
 * time is where sending an answer in many pieces shows (src/http/bytes-body.ts); the other
 * threads are part of `make bench`'s server CPU but of no request in particular.
 *
 * Seeds the day of day-reads.ts, then for each read sends BENCH_WARM_UP requests (500) and
 * counts BENCH_COUNT more (1,500). CPU time on this kind of machine moves by half from one
 * hour to the next: compare two builds by running them in turn several times.
 *   make build && bun tests/bench/request-threads.ts
 * BENCH_BINARY=/path/to/fitness measures another build; BENCH_READS=/api/a,/api/b other reads.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createBenchDatabase } from "./bench-database.ts";
import { createSessionToken, createUser } from "./credentials.ts";
import { DAY, postOver, readOver, seedDay } from "./day-reads.ts";
import { createServerEnv, removeDataDir, runCli, startServer } from "./server-process.ts";

const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 500);
const COUNT = Number(process.env.BENCH_COUNT ?? 1500);
const READS = process.env.BENCH_READS?.split(",") ?? [
  `/api/daily-summary?date=${DAY}`,
  `/api/food-entries/by-date/${DAY}`,
  "/api/identity/user",
];
const TICK_MS = 10; // the kernel counts CPU time in ticks of 1/100 s

type Counts = { mainUser: number; mainSystem: number; mainFaults: number; others: number };

/** The process's CPU ms and minor faults so far: its JavaScript thread's, and the rest. */
function countsOf(pid: number): Counts {
  const counts = { mainUser: 0, mainSystem: 0, mainFaults: 0, others: 0 };
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${thread}/stat`, "utf8");
    // The fields after the name: state is field 3, so minflt (10), utime (14), stime (15).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const [faults, user, system] = [fields[7], fields[11], fields[12]].map(Number);
    if (thread === String(pid)) {
      counts.mainUser += user! * TICK_MS;
      counts.mainSystem += system! * TICK_MS;
      counts.mainFaults += faults!;
    } else counts.others += (user! + system!) * TICK_MS;
  }
  return counts;
}

const database = await createBenchDatabase();
const env = createServerEnv(database.url);
const migrated = runCli(env, ["migrate"]);
if (migrated.exitCode !== 0) throw new Error(`migrate failed: ${migrated.stderr}`);
const server = await startServer(env);
try {
  const user = createUser(env);
  const { token } = await createSessionToken(env, server.baseUrl, user);
  await seedDay(postOver(server.baseUrl, token));
  const read = readOver(server.baseUrl, token);
  for (const path of READS) {
    for (let i = 0; i < WARM_UP; i++) await read(path);
    const before = countsOf(server.pid);
    for (let i = 0; i < COUNT; i++) await read(path);
    const after = countsOf(server.pid);
    const per = (key: keyof Counts) => ((after[key] - before[key]) / COUNT).toFixed(3);
    const total = (Object.keys(before) as (keyof Counts)[])
      .filter((key) => key !== "mainFaults")
      .reduce((sum, key) => sum + (after[key] - before[key]) / COUNT, 0);
    console.log(
      `${path}: ${total.toFixed(3)} ms CPU per request (JavaScript thread user ${per("mainUser")}, ` +
        `system ${per("mainSystem")}, ${per("mainFaults")} page faults; other threads ${per("others")})`,
    );
  }
} finally {
  await server.stop();
  removeDataDir(env);
  await database.drop();
}
