/**
 * Issue 44's speed check: importing the corpus's largest real FIT file (the issue's 1.9 MB
 * Ironman: 5 sessions, 73 laps, 30,582 records) and a 100-file batch (the 14 real corpus
 * files and 86 one-hour synthetic runs) in one import job. Prints per-file times and
 * the process's peak memory. Run: bun tests/bench/fit-corpus-import.ts (not part of bun test).
 * Creates and drops its own database beside SERVICE_FITNESS_BENCH_DATABASE_URL.
 */
import { readdirSync, readFileSync } from "node:fs";
import { runImport, startImport } from "../../src/activity-files/import.ts";
import { openDatabase } from "../../src/db.ts";
import { createLogger } from "../../src/logger.ts";
import { createUserAccount } from "../../src/users/accounts.ts";
import { fixturePoints, makeFit } from "../exercises/activity-fixtures.ts";
import { createTestConfig } from "../helpers/test-database.ts";
import { createBenchDatabase } from "./bench-database.ts";

const DIR = `${import.meta.dir}/../activity-files/corpus/fit/`;
const LARGE = "sportslib-triathlon-4623204522.fit";
const RUNS = 5;
const BATCH = 100;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const peakMb = () => (process.resourceUsage().maxRSS / 1024).toFixed(0);

const bench = await createBenchDatabase();
const db = await openDatabase(createTestConfig({ SERVICE_FITNESS_DATABASE_URL: bench.url }));
try {
  const newUser = async () => {
    const user = await createUserAccount(db, {
      email: `${crypto.randomUUID()}@bench.test`,
      password: "correct horse battery",
      name: "Bench",
    });
    return { db, logger: createLogger("silent"), userId: user.id, actorId: user.id };
  };
  const importAll = async (files: { name: string; bytes: Uint8Array }[]) => {
    const deps = await newUser();
    const t = performance.now();
    const { jobId, files: expanded } = await startImport(deps, files);
    const outcomes = await runImport(deps, jobId, expanded);
    const ms = performance.now() - t;
    const failed = outcomes.filter((o) => o.status !== "imported");
    if (failed.length) console.log(`  not imported: ${failed.map((o) => o.file).join(", ")}`);
    return ms;
  };

  const large = { name: LARGE, bytes: new Uint8Array(readFileSync(DIR + LARGE)) };
  const times: number[] = [];
  // The first run loads the SDK and warms the JIT; a fresh account each run.
  for (let run = 0; run <= RUNS; run++) {
    const ms = await importAll([large]);
    if (run > 0) times.push(ms);
  }
  console.log(`${LARGE} (${(large.bytes.length / 1e6).toFixed(2)} MB), ${RUNS} runs:`);
  console.log(`  median ${median(times).toFixed(0)} ms, min ${Math.min(...times).toFixed(0)} ms`);
  console.log(`  peak RSS so far ${peakMb()} MB`);

  const real = readdirSync(DIR)
    .filter((f) => f.endsWith(".fit"))
    .map((name) => ({ name, bytes: new Uint8Array(readFileSync(DIR + name)) }));
  // A day apart: runs at one time would be one activity (the same-activity match).
  const day = (i: number) => new Date(Date.parse("2026-07-01T06:00:00Z") + i * 86_400_000);
  const synthetic = Array.from({ length: BATCH - real.length }, (_, i) => ({
    name: `run-${i}.fit`,
    bytes: makeFit(fixturePoints(day(i).toISOString(), 3600, 3), {
      serial: 9000 + i,
      sport: "running",
      lapEvery: 600,
    }),
  }));
  const ms = await importAll([...real, ...synthetic]);
  console.log(`Batch of ${BATCH} files (${real.length} real, ${synthetic.length} synthetic):`);
  console.log(`  ${ms.toFixed(0)} ms in all, ${(ms / BATCH).toFixed(1)} ms a file`);
  console.log(`  peak RSS ${peakMb()} MB`);
} finally {
  await db.close();
  await bench.drop();
}
