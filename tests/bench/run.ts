/**
 * Issue 4's speed benchmark: the compiled server against PostgreSQL, driven over loopback
 * from this process. Run with `make bench` (builds dist/fitness first). Not part of `bun test`.
 */
import { writeFileSync } from "node:fs";
import { createBenchDatabase } from "./bench-database.ts";
import { snapshotCpu } from "./cpu.ts";
import { createBenchApiKey, createSessionToken, createUser } from "./credentials.ts";
import { checkWorkoutIntegrity, type IntegrityResult } from "./integrity.ts";
import { runPhase, type Phase } from "./load.ts";
import { scalarBatch, WORKOUT_BODY_BYTES, workoutBody, workoutDay } from "./payloads.ts";
import { formatTable, RSS_TARGET_MB, type ScenarioRow } from "./report.ts";
import {
  createServerEnv,
  removeDataDir,
  runCli,
  startServer,
  type ServerProcess,
} from "./server-process.ts";

const RESULTS_PATH = process.env.BENCH_RESULTS ?? "/tmp/fitness-bench-results.json";
const SEQUENTIAL: Phase = { clients: 1, requestsPerClient: 300, warmup: 20, timeCapMs: 45_000 };
const CONCURRENT: Phase = { clients: 8, requestsPerClient: 100, warmup: 8, timeCapMs: 45_000 };
const COLD_STARTS = 3;
// Workouts of (b) land one per day from this day index on; (c) keeps one day of its own.
const NEW_WORKOUT_FIRST_DAY = 10_000;
const REPOST_DAY = 9_000;

const database = await createBenchDatabase();
const env = createServerEnv(database.url);
let server: ServerProcess | undefined;
try {
  const migrated = runCli(env, ["migrate"]);
  if (migrated.exitCode !== 0) throw new Error(`migrate failed: ${migrated.stderr}`);

  // Cold start against the migrated database; the last server started stays up for the load.
  const coldStartsMs: number[] = [];
  for (let i = 0; i < COLD_STARTS; i++) {
    await server?.stop();
    server = await startServer(env);
    coldStartsMs.push(server.coldStartMs);
  }
  await Bun.sleep(1000);
  const idleRssMb = server!.memory().rssMb;

  const user = createUser(env);
  const apiKey = await createBenchApiKey(env, user);
  const session = await createSessionToken(env, server!.baseUrl, user);
  console.log(`database ${database.name}; api key via ${apiKey.via}; session via ${session.via}`);
  console.log(`workout body ${(WORKOUT_BODY_BYTES / 1024).toFixed(0)} KB`);

  const url = `${server!.baseUrl}/api/health-data`;
  const headers = {
    Authorization: `Bearer ${apiKey.key}`,
    "Content-Type": "application/json",
    "X-Workout-Model-Version": "3",
  };
  const repostId = `bench-repost-${crypto.randomUUID()}`;
  const scenarios = [
    { scenario: "a scalar x100", body: (n: number) => scalarBatch(n) },
    {
      scenario: "b new workout",
      body: (n: number) =>
        workoutBody(`bench-${n}-${crypto.randomUUID()}`, NEW_WORKOUT_FIRST_DAY + n),
    },
    { scenario: "c re-post", body: () => workoutBody(repostId, REPOST_DAY) },
  ];
  const rows: ScenarioRow[] = [];
  for (const { scenario, body } of scenarios) {
    const counter = { next: 0 };
    for (const phase of [SEQUENTIAL, CONCURRENT]) {
      const result = await runPhase(server!, { url, headers, body }, phase, counter, () =>
        snapshotCpu(server!.pid, database.name),
      );
      rows.push({ scenario, result });
      console.log(
        `  ${scenario}, ${phase.clients} client(s): ${result.requestsPerSecond.toFixed(1)} req/s`,
      );
    }
  }
  const integrity: IntegrityResult = await checkWorkoutIntegrity(
    server!.baseUrl,
    session.token,
    repostId,
    workoutDay(REPOST_DAY),
  );
  const finalMemory = server!.memory();

  console.log(`\n${formatTable(rows)}`);
  console.log(
    "(* = stopped by the time cap; peak RSS = highest of 20 ms VmRSS samples and VmHWM, reset after warm-up)",
  );
  for (const row of rows) {
    if (row.result.firstError)
      console.log(`first error in ${row.scenario}/${row.result.clients}: ${row.result.firstError}`);
  }
  console.log(
    `integrity after 8 concurrent re-posts: ${integrity.ok ? "ok" : "FAILED"} (${integrity.details.join("; ")})`,
  );
  console.log(
    `cold start to first 200 /api/health: ${coldStartsMs.map((ms) => ms.toFixed(0)).join(", ")} ms`,
  );
  console.log(
    `idle RSS after startup: ${idleRssMb.toFixed(0)} MB; whole-run peak (VmHWM since last reset) ${finalMemory.hwmMb.toFixed(0)} MB, target < ${RSS_TARGET_MB} MB`,
  );

  writeFileSync(
    RESULTS_PATH,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        coldStartsMs,
        idleRssMb,
        rows,
        integrity,
        apiKeyVia: apiKey.via,
        sessionVia: session.via,
      },
      null,
      2,
    ),
  );
  console.log(`results written to ${RESULTS_PATH}`);
} finally {
  await server?.stop();
  await database.drop();
  removeDataDir(env);
}
