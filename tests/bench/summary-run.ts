/**
 * Daily summary and reports on years of history (issue 13). Not part of `bun test`:
 *   node_modules/.bin/bun tests/bench/summary-run.ts
 * Seeds BENCH_USERS people (default 5) with five years each and one with one year into a
 * database of its own on SERVICE_FITNESS_BENCH_DATABASE_URL, then times the routes through
 * the real app in-process and prints the figures and the plans of the queries that matter.
 * BENCH_KEEP_DATABASE=<name> keeps that database and its seed for the next run (seeding
 * 5 x 5 years takes minutes); without it the database is dropped at the end.
 */
import { createApp } from "../../src/app.ts";
import { createSession } from "../../src/credentials/sessions.ts";
import { cpus, loadavg } from "node:os";
import type { PendingQuery, Row } from "postgres";
import { openDatabase, type Database, type Tx } from "../../src/db.ts";
import { createLogger } from "../../src/logger.ts";
import { createUserAccount } from "../../src/users/accounts.ts";
import { createTestConfig } from "../helpers/test-database.ts";
import { createBenchDatabase } from "./bench-database.ts";
import { FULL_SIZE, seedHistory } from "./seed.ts";
import { createRunningJobs } from "../../src/lib/running-jobs.ts";

const USERS = Number(process.env.BENCH_USERS ?? 5);
const LAST_DAY = "2026-06-30";
const YEAR_START = "2025-07-01";

const KEEP = process.env.BENCH_KEEP_DATABASE;
const bench = await createBenchDatabase(KEEP);
const config = createTestConfig({ SERVICE_FITNESS_DATABASE_URL: bench.url });
const db = await openDatabase(config);
const app = createApp({ config, db, logger: createLogger("silent"), jobs: createRunningJobs() });

/** A seeded person: created and seeded unless a kept database already holds them. */
async function person(db: Database, name: string, days: number) {
  const email = `${name}@bench.test`;
  const started = performance.now();
  let seeded = false;
  let [user] = await db.owner<{ id: string }[]>`select id from users where email = ${email}`;
  if (!user) {
    user = await createUserAccount(db, { email, password: "bench password 1", name });
    await seedHistory(db.owner, user.id, LAST_DAY, { ...FULL_SIZE, days });
    seeded = true;
  }
  const { token } = await createSession(db, user.id);
  return { id: user.id, token, seeded, seedSeconds: (performance.now() - started) / 1000 };
}

type Timing = { p50: number; p99: number };

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Times `path` for two people, alternating their requests so that load from the rest of the
 * (shared) machine falls on both alike; the 5y/1y ratio is the growth figure.
 */
async function timePair(tokens: [string, string], path: string, warmup: number, runs: number) {
  const get = async (token: string) => {
    const started = performance.now();
    const res = await app.request(path, { headers: { Authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    return performance.now() - started;
  };
  for (let i = 0; i < warmup; i++) for (const token of tokens) await get(token);
  const ms: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++)
    for (const [k, token] of tokens.entries()) ms[k]!.push(await get(token));
  return ms.map((list) => {
    list.sort((a, b) => a - b);
    return { p50: percentile(list, 50), p99: percentile(list, 99) };
  });
}

try {
  const fiveYears = [];
  for (let i = 0; i < USERS; i++) fiveYears.push(await person(db, `five${i}`, FULL_SIZE.days));
  const oneYear = await person(db, "one", 365);
  // Vacuum too: fresh bulk rows otherwise make the first reads write hint bits.
  if (fiveYears.some((p) => p.seeded)) await db.owner`vacuum analyze`;
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
    const tokens: [string, string] = [fiveYears[0]!.token, oneYear.token];
    const [five, one] = (await timePair(tokens, path, warmup, runs)) as [Timing, Timing];
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
  // This machine is shared: the 1-minute load average says how much the figures suffered.
  console.log(
    "load average",
    loadavg()
      .map((n) => n.toFixed(2))
      .join(" "),
    "cores",
    cpus().length,
  );

  // The plans of the reads every summary and report is made of, for the 5-year person, as
  // the application role (row-level security included).
  const userId = fiveYears[0]!.id;
  const explain = (query: (tx: Tx) => PendingQuery<Row[]>) =>
    db.withUser(userId, async (tx) => {
      const lines = await tx`explain (analyze, buffers, costs off) ${query(tx)}`;
      return lines.map((line) => line["QUERY PLAN"] as string);
    });
  const plans: Record<string, (tx: Tx) => PendingQuery<Row[]>> = {
    "diary of a day (items)": (tx) => tx`
      select f.id, f.calories from food_entries f left join meal_types m on m.id = f.meal_type_id
       where f.user_id = ${userId} and f.entry_date between ${LAST_DAY} and ${LAST_DAY}`,
    "latest weight before a day": (tx) => tx`
      select entry_date, weight from check_in_measurements
       where user_id = ${userId} and entry_date < ${LAST_DAY} and weight is not null
       order by entry_date desc limit 1`,
    "goal timeline of a day": (tx) => tx`
      select id, goal_date from user_goals
       where user_id = ${userId} and goal_date <= ${LAST_DAY}
         and goal_date >= coalesce((select max(goal_date) from user_goals
                                     where user_id = ${userId} and goal_date <= ${LAST_DAY}), '-infinity'::date)`,
    "diary totals per day and meal (year)": (tx) => tx`
      select f.entry_date, m.name, sum(f.calories * f.quantity / f.serving_size)
        from food_entries f left join meal_types m on m.id = f.meal_type_id
       where f.user_id = ${userId} and f.entry_date between ${YEAR_START} and ${LAST_DAY} group by 1, 2`,
    "hr zones per week (year)": (tx) => tx`
      select date_trunc('week', e.entry_date)::date, z.zone, sum(z.seconds)
        from exercise_entries e join workout_hr_zones z on z.exercise_entry_id = e.id
       where e.user_id = ${userId} and e.entry_date between ${YEAR_START} and ${LAST_DAY} group by 1, 2`,
  };
  for (const [name, query] of Object.entries(plans)) {
    console.log(`\n-- ${name}`);
    for (const line of await explain(query)) console.log(line);
  }
} finally {
  await db.close();
  if (!KEEP) await bench.drop();
}
