import { createApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { createSession, revokeSession } from "../../src/credentials/sessions.ts";
import { openDatabase } from "../../src/db.ts";
import { createRunningJobs } from "../../src/lib/running-jobs.ts";
import { createLogger } from "../../src/logger.ts";

/**
 * Server CPU per request, in process, of the reads scripts/sparkyfitness-second/compare.ts
 * times against the old server, on the second real database imported into this one (run
 * `scripts/sparkyfitness-second/run-new-server.sh --import` first). Each route is read by
 * every person of that database with a session of their own, made here and revoked at the
 * end. `BENCH_ONLY=medications,daily-summary` reads the routes whose path holds one of those;
 * `BENCH_COUNT` and `BENCH_WARM_UP` set the rounds measured and sent before (200 and 200).
 *   SERVICE_FITNESS_DATABASE_URL=postgres://postgres@127.0.0.1:5432/fitness_second \
 *     bun tests/bench/second-reads-cpu.ts
 */
const COUNT = Number(process.env.BENCH_COUNT ?? 200);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 200);
const only = process.env.BENCH_ONLY?.split(",");

// The people of tests/fixtures/sparkyfitness-second/README.md and the day compare.ts reads.
const PEOPLE: [string, string][] = [
  ["853ea3c9-373e-4b71-ba65-4ba6af7fccce", "2026-04-05"],
  ["a0ab7639-9bce-4cc0-8c47-67ff0e3ab56e", "2026-03-08"],
  ["bdd66733-4135-43fd-b3c8-a7ba5df81a9b", "2026-04-05"],
  ["ff5c8f3a-b911-4607-b6a8-f6d6294ca54e", "2026-03-29"],
  ["c3b71059-6bae-4922-8f96-78bac69f847d", "2025-09-06"],
];

const ROUTES = [
  "/api/identity/user",
  "/api/user-preferences",
  "/api/daily-summary?date=:day",
  "/api/food-entries/by-date/:day",
  "/api/food-entry-meals/by-date/:day",
  "/api/goals/for-date?date=:day",
  "/api/meal-types",
  "/api/v2/exercise-entries/by-date?selectedDate=:day",
  "/api/v2/medications",
  "/api/v2/pregnancy/current",
  "/api/v2/cycle/cycles",
  "/api/v2/symptoms/entries?fromDate=2025-05-01&toDate=2026-12-31",
].filter((route) => !only || only.some((part) => route.includes(part)));

const config = loadConfig({ SERVICE_FITNESS_LOG_LEVEL: "error", ...process.env });
const db = await openDatabase(config, { migrate: false });
const app = createApp({ config, db, logger: createLogger("silent"), jobs: createRunningJobs() });
const sessions = await Promise.all(
  PEOPLE.map(async ([userId, day]) => ({ userId, day, ...(await createSession(db, userId)) })),
);

try {
  for (const route of ROUTES) {
    const send = async () => {
      for (const { token, day } of sessions) {
        const response = await app.request(route.replace(":day", day), {
          headers: { Authorization: `Bearer ${token}` },
        });
        await response.arrayBuffer();
        if (response.status >= 400) throw new Error(`${route}: ${response.status}`);
      }
    };
    for (let i = 0; i < WARM_UP; i++) await send();
    Bun.gc(true);
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < COUNT; i++) await send();
    const n = COUNT * sessions.length;
    const wall = (performance.now() - started) / n;
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000 / n;
    console.log(
      `${route.replace(/\?.*/, "").padEnd(40)} cpu ${cpuMs.toFixed(3)} ms/req  wall ${wall.toFixed(3)} ms/req`,
    );
  }
} finally {
  for (const s of sessions) await revokeSession(db, s.userId, s.sessionId);
  await db.close();
}
