/**
 * Issue 4's speed benchmark: the compiled server against PostgreSQL, driven over loopback
 * from this process. Run with `make bench` (builds dist/fitness first). Not part of `bun test`.
 * BENCH_SCENARIOS=b,c runs a subset (`day` = the day's reads, j..v); BENCH_CPU_PROFILE=<dir>
 * profiles the server (from source).
 * The figures are printed beside those of the build before issue 22 (BENCH_BASELINE to
 * compare with another summary of runs, see baseline.ts).
 */
import { writeFileSync } from "node:fs";
import { createBenchDatabase } from "./bench-database.ts";
import { snapshotCpu } from "./cpu.ts";
import { openDatabaseTimer } from "./database-time.ts";
import { createBenchApiKey, createSessionToken, createUser } from "./credentials.ts";
import { checkWorkoutIntegrity, type IntegrityResult } from "./integrity.ts";
import { runPhase, type Phase, type Send } from "./load.ts";
import { findWorkoutId, readScenarios } from "./read-scenarios.ts";
import { dayReadScenarios, postOver, seedDay } from "./day-reads.ts";
import { scalarBatch, WORKOUT_BODY_BYTES, workoutBody, workoutDay } from "./payloads.ts";
import {
  formatComparison,
  formatDayReads,
  formatTable,
  RSS_TARGET_MB,
  type ScenarioRow,
} from "./report.ts";
import { DEFAULT_BASELINE_PATH, readBaseline } from "./baseline.ts";
import {
  createServerEnv,
  removeDataDir,
  runCli,
  startServer,
  type ServerProcess,
} from "./server-process.ts";

const RESULTS_PATH = process.env.BENCH_RESULTS ?? "/tmp/fitness-bench-results.json";
const baseline = readBaseline(process.env.BENCH_BASELINE ?? DEFAULT_BASELINE_PATH);
// A handful of warm-up requests leaves the code unoptimised by the JIT and measures a server
// minutes after start, not one that has served a day: a first phase of 20 warm-up workouts
// measured 1-1.5 ms more server CPU per workout than the same phase run after others.
const WRITE_PHASES: Phase[] = [
  { clients: 1, requestsPerClient: 300, warmup: 100, timeCapMs: 45_000 },
  { clients: 8, requestsPerClient: 100, warmup: 8, timeCapMs: 45_000 },
];
// A read takes about a millisecond: reads get more warm-up and more requests, for a steady
// figure.
const READ_PHASES: Phase[] = [
  { clients: 1, requestsPerClient: 1000, warmup: 500, timeCapMs: 45_000 },
  { clients: 8, requestsPerClient: 200, warmup: 50, timeCapMs: 45_000 },
];
// The day's reads (issue 39): 13 reads x 2 credentials, so fewer requests each.
const DAY_READ_PHASES: Phase[] = [
  { clients: 1, requestsPerClient: 500, warmup: 300, timeCapMs: 30_000 },
  { clients: 8, requestsPerClient: 100, warmup: 25, timeCapMs: 30_000 },
];
const COLD_STARTS = 3;
// Workouts of (b) land one per day from this day index on; (c) keeps one day of its own.
const NEW_WORKOUT_FIRST_DAY = 10_000;
const REPOST_DAY = 9_000;
const REPOST_ID = `bench-repost-${crypto.randomUUID()}`;

const SCENARIOS = [
  { scenario: "a scalar x100", body: (n: number) => scalarBatch(n) },
  {
    scenario: "b new workout",
    body: (n: number) =>
      workoutBody(`bench-${n}-${crypto.randomUUID()}`, NEW_WORKOUT_FIRST_DAY + n),
  },
  { scenario: "c re-post", body: () => workoutBody(REPOST_ID, REPOST_DAY) },
];
const DAY_READ_LETTERS = "jklmnopqrstuv";
const selected = process.env.BENCH_SCENARIOS?.split(",");
const wanted = (scenario: string) =>
  !selected ||
  selected.includes(scenario[0]!) ||
  (selected.includes("day") && DAY_READ_LETTERS.includes(scenario[0]!));
const anyWanted = (letters: string) => [...letters].some((letter) => wanted(letter));

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
  const running = server!;
  await Bun.sleep(1000);
  const idleRssMb = running.memory().rssMb;

  const user = createUser(env);
  const apiKey = await createBenchApiKey(env, user);
  const session = await createSessionToken(env, running.baseUrl, user);
  console.log(`database ${database.name}; api key via ${apiKey.via}; session via ${session.via}`);
  console.log(`workout body ${(WORKOUT_BODY_BYTES / 1024).toFixed(0)} KB`);

  const send = {
    url: `${running.baseUrl}/api/health-data`,
    headers: {
      Authorization: `Bearer ${apiKey.key}`,
      "Content-Type": "application/json",
      "X-Workout-Model-Version": "3",
    },
  };
  const timer = openDatabaseTimer(database.name);
  const rows: ScenarioRow[] = [];
  const phasesOf = async (scenario: string, request: Send, phases: Phase[]) => {
    const counter = { next: 0 };
    for (const phase of phases) {
      const result = await runPhase(
        running,
        request,
        phase,
        counter,
        () => snapshotCpu(running.pid, database.name),
        timer.read,
      );
      rows.push({ scenario, result });
      console.log(
        `  ${scenario}, ${phase.clients} client(s): ${result.requestsPerSecond.toFixed(1)} req/s`,
      );
    }
  };
  for (const { scenario, body } of SCENARIOS.filter((s) => wanted(s.scenario)))
    await phasesOf(scenario, { ...send, body }, WRITE_PHASES);
  // Runs last, so the concurrent re-posts of (c) are the final writes to that workout.
  const integrity: IntegrityResult | null = wanted("c")
    ? await checkWorkoutIntegrity(running.baseUrl, session.token, REPOST_ID, workoutDay(REPOST_DAY))
    : null;

  // Reads of the re-posted workout (posted once here when (c) did not run).
  if (anyWanted("defghi")) {
    if (!wanted("c"))
      await fetch(send.url, { ...send, method: "POST", body: workoutBody(REPOST_ID, REPOST_DAY) });
    const readBase = {
      baseUrl: running.baseUrl,
      token: session.token,
      day: workoutDay(REPOST_DAY),
    };
    const workoutId = await findWorkoutId(readBase, REPOST_ID);
    for (const { scenario, request } of await readScenarios(readBase, workoutId)) {
      if (wanted(scenario)) await phasesOf(scenario, request, READ_PHASES);
    }
  }
  if (anyWanted(DAY_READ_LETTERS)) {
    const target = { baseUrl: running.baseUrl, session: session.token, apiKey: apiKey.key };
    await seedDay(postOver(target.baseUrl, target.session));
    for (const { scenario, request } of dayReadScenarios(target)) {
      if (wanted(scenario)) await phasesOf(scenario, request, DAY_READ_PHASES);
    }
  }
  await timer.close();
  const peakRssMb = Math.max(idleRssMb, ...rows.map((r) => r.result.peakRssMb));

  console.log(`\n${formatTable(rows)}`);
  console.log(
    "(* = stopped by the time cap; peak RSS = max of 20 ms VmRSS samples and VmHWM; db = pg_stat_database active_time + idle_in_transaction_time;",
  );
  console.log(
    " cpu = CPU ms per request of the server process + its PostgreSQL backends + this bench process; load = loadavg)",
  );
  for (const { scenario, result } of rows) {
    if (result.firstError)
      console.log(`first error in ${scenario}/${result.clients}: ${result.firstError}`);
  }
  if (integrity) {
    const verdict = integrity.ok ? "ok" : "FAILED";
    console.log(
      `integrity after 8 concurrent re-posts: ${verdict} (${integrity.details.join("; ")})`,
    );
  }
  const dayReads = rows.filter((r) => DAY_READ_LETTERS.includes(r.scenario[0]!));
  if (dayReads.length) console.log(`\nthe day's reads (issue 39):\n${formatDayReads(dayReads)}`);
  console.log(`\nbefore (${baseline.build}, median of ${baseline.runs} runs) -> this run:`);
  console.log(formatComparison(baseline, rows));
  // The baseline's peak covers every scenario: a subset's peak is not comparable.
  if (!process.env.BENCH_SCENARIOS)
    console.log(
      `peak RSS over the run: ${baseline.peakRssMb.toFixed(0)} -> ${peakRssMb.toFixed(0)} MB`,
    );
  const starts = coldStartsMs.map((ms) => ms.toFixed(0)).join(", ");
  console.log(`cold start (spawn to first 200 from /api/health): ${starts} ms`);
  console.log(
    `idle RSS after startup: ${idleRssMb.toFixed(0)} MB; peak RSS over the run: ${peakRssMb.toFixed(0)} MB (target < ${RSS_TARGET_MB} MB)`,
  );

  const results = {
    at: new Date().toISOString(),
    coldStartsMs,
    idleRssMb,
    peakRssMb,
    rows,
    integrity,
    apiKeyVia: apiKey.via,
    sessionVia: session.via,
  };
  writeFileSync(RESULTS_PATH, JSON.stringify(results, null, 2));
  console.log(`results written to ${RESULTS_PATH}`);
} finally {
  await server?.stop();
  await database.drop();
  removeDataDir(env);
}
