/**
 * Issue 12's speed target: importing a FIT file of a 3-hour ride (10,800 one-second records
 * with position, altitude, heart rate, cadence, power, speed and distance) in under 300 ms.
 * Run: bun tests/bench/fit-import.ts (not part of bun test). Creates and drops its own
 * database beside SERVICE_FITNESS_BENCH_DATABASE_URL; prints decode and whole-import times.
 */
import { runImport, startImport } from "../../src/activity-files/import.ts";
import { readActivities } from "../../src/activity-files/read-files.ts";
import { openDatabase } from "../../src/db.ts";
import { createLogger } from "../../src/logger.ts";
import { createUserAccount } from "../../src/users/accounts.ts";
import { fixturePoints, makeFit } from "../exercises/activity-fixtures.ts";
import { createTestConfig } from "../helpers/test-database.ts";
import { createBenchDatabase } from "./bench-database.ts";

const RUNS = 7;
const RECORDS = 10_800;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const bench = await createBenchDatabase();
const db = await openDatabase(createTestConfig({ SERVICE_FITNESS_DATABASE_URL: bench.url }));
try {
  const user = await createUserAccount(db, {
    email: `${crypto.randomUUID()}@bench.test`,
    password: "correct horse battery",
    name: "Bench",
  });
  const deps = { db, logger: createLogger("silent"), userId: user.id, actorId: user.id };
  const points = fixturePoints("2026-07-01T06:00:00Z", RECORDS, 8);
  const decode: number[] = [];
  const total: number[] = [];
  for (let run = 0; run < RUNS + 1; run++) {
    // A new serial per run: each import is a new activity, never "unchanged".
    const file = {
      name: "ride.fit",
      bytes: makeFit(points, { serial: 1000 + run, lapEvery: 600 }),
    };
    let t = performance.now();
    await readActivities(file);
    const decoded = performance.now() - t;
    t = performance.now();
    const { jobId, files } = await startImport(deps, [file]);
    const [outcome] = await runImport(deps, jobId, files);
    const elapsed = performance.now() - t;
    if (outcome?.status !== "imported" || outcome.gps_points !== RECORDS)
      throw new Error(`unexpected outcome ${JSON.stringify(outcome)}`);
    // The first run warms the JIT and the connection pool.
    if (run > 0) {
      decode.push(decoded);
      total.push(elapsed);
    }
  }
  console.log(`FIT import, ${RECORDS} records, ${RUNS} runs (median / min):`);
  console.log(
    `  decode only      ${median(decode).toFixed(0)} ms / ${Math.min(...decode).toFixed(0)} ms`,
  );
  console.log(
    `  whole import     ${median(total).toFixed(0)} ms / ${Math.min(...total).toFixed(0)} ms (target < 300 ms)`,
  );
} finally {
  await db.close();
  await bench.drop();
}
