/**
 * Daily summary and reports on years of history (issue 13). Not part of `bun test`:
 *   node_modules/.bin/bun tests/bench/summary-run.ts
 * Seeds BENCH_USERS people (default 5) with five years each and one with one year into a
 * database of its own on SERVICE_FITNESS_BENCH_DATABASE_URL, then times the routes through
 * the real app in-process and prints the figures and the plans of the queries that matter.
 */
import { createApp } from "../../src/app.ts";
import { createSession } from "../../src/auth/sessions.ts";
import { openDatabase, type Database } from "../../src/db.ts";
import { createLogger } from "../../src/logger.ts";
import { createUserAccount } from "../../src/users/accounts.ts";
import { createTestConfig } from "../helpers/test-database.ts";
import { createBenchDatabase } from "./bench-database.ts";
import { FULL_SIZE, seedHistory } from "./seed.ts";

const USERS = Number(process.env.BENCH_USERS ?? 5);
const LAST_DAY = "2026-06-30";
const YEAR_START = "2025-07-01";

const bench = await createBenchDatabase();
const config = createTestConfig({ SERVICE_FITNESS_DATABASE_URL: bench.url });
const db = await openDatabase(config);
const app = createApp({ config, db, logger: createLogger("silent") });

async function person(db: Database, name: string, days: number) {
  const user = await createUserAccount(db, {
    email: `${name}@bench.test`,
    password: "bench password 1",
    name,
  });
  const started = performance.now();
  await seedHistory(db.owner, user.id, LAST_DAY, { ...FULL_SIZE, days });
  const { token } = await createSession(db, user.id);
  return { id: user.id, token, seedSeconds: (performance.now() - started) / 1000 };
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function time(token: string, path: string, warmup: number, runs: number) {
  const get = async () => {
    const res = await app.request(path, { headers: { Authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  for (let i = 0; i < warmup; i++) await get();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await get();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p99: percentile(ms, 99), max: ms.at(-1)! };
}

try {
  const fiveYears = [];
  for (let i = 0; i < USERS; i++) fiveYears.push(await person(db, `five${i}`, FULL_SIZE.days));
  const oneYear = await person(db, "one", 365);
  await db.owner`analyze`;
  const [counts] = await db.owner`
    select (select count(*) from exercise_entries)::int as workouts,
           (select count(*) from food_entries)::int as diary_entries,
           (select sum(cardinality(value)) from health_metric_samples)::bigint as hr_samples,
           (select sum(cardinality(lat)) from workout_gps_tracks)::bigint as gps_points`;
  console.log(
    "seeded",
    counts,
    "seconds per 5-year person",
    fiveYears.map((p) => p.seedSeconds.toFixed(1)),
  );

  const scenarios = [
    ["daily summary (last day)", `/api/daily-summary?date=${LAST_DAY}`, 20, 300],
    [
      "daily summary range (30 days)",
      `/api/daily-summary/range?startDate=2026-06-01&endDate=${LAST_DAY}`,
      5,
      60,
    ],
    ["reports (one year)", `/api/reports?startDate=${YEAR_START}&endDate=${LAST_DAY}`, 3, 30],
  ] as const;
  const rows: Record<string, string | number>[] = [];
  for (const [name, path, warmup, runs] of scenarios) {
    const five = await time(fiveYears[0]!.token, path, warmup, runs);
    const one = await time(oneYear.token, path, warmup, runs);
    const fmt = (n: number) => Number(n.toFixed(2));
    rows.push({
      scenario: name,
      "5y p50 ms": fmt(five.p50),
      "5y p99 ms": fmt(five.p99),
      "1y p50 ms": fmt(one.p50),
      "1y p99 ms": fmt(one.p99),
      "5y/1y p50": fmt(five.p50 / one.p50),
    });
  }
  console.table(rows);

  // The plans of the range reads every summary and report is made of, for the 5-year person.
  const userId = fiveYears[0]!.id;
  const plans = {
    "diary range (year)": db.owner`explain (analyze, buffers, costs off)
      select id, entry_date, calories from food_entries
       where user_id = ${userId} and entry_date between ${YEAR_START} and ${LAST_DAY}`,
    "exercise range (year)": db.owner`explain (analyze, buffers, costs off)
      select e.id, e.entry_date from exercise_entries e left join exercises x on x.id = e.exercise_id
       where e.user_id = ${userId} and e.entry_date between ${YEAR_START} and ${LAST_DAY}`,
    "hr zones per week (year)": db.owner`explain (analyze, buffers, costs off)
      select date_trunc('week', e.entry_date)::date, z.zone, sum(z.seconds)
        from exercise_entries e join workout_hr_zones z on z.exercise_entry_id = e.id
       where e.user_id = ${userId} and e.entry_date between ${YEAR_START} and ${LAST_DAY} group by 1, 2`,
    "latest goal on or before a day": db.owner`explain (analyze, buffers, costs off)
      select max(goal_date) from user_goals where user_id = ${userId} and goal_date <= ${LAST_DAY}`,
  };
  for (const [name, query] of Object.entries(plans)) {
    console.log(`\n-- ${name}`);
    for (const line of await query) console.log(line["QUERY PLAN"]);
  }
} finally {
  await db.close();
  await bench.drop();
}
