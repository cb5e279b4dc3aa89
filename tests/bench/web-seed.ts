import type { SeedTarget } from "../web/demo-server.ts";
import { inParallel, postHealthData, runRecord } from "../web/seed.ts";

export const YEARS = 5;
const DAYS = YEARS * 365 + 1;
const WORKOUT_EVERY = 4;
const FOODS = 100;

const dayBefore = (today: string, n: number) =>
  new Date(Date.parse(`${today}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

async function call(target: SeedTarget, method: string, path: string, body: unknown) {
  const response = await fetch(`${target.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${target.token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * Five years of one person's data. Over the API as the phone sends it: daily weight, steps,
 * water and a night's sleep, a GPS run every fourth day (today included), ten runs a request; as the web client
 * sends it: a library of 100 foods, a mood a day and a 16-hour fast every fourth day (one at a time: a fast
 * must end before the next starts). The
 * diary (three meals a day from that library) goes in by SQL as the app's database role,
 * one transaction per year: over HTTP it would take longer than the whole bench.
 * Returns what it did, per step, for the bench's output.
 */
export async function seedFiveYears(target: SeedTarget): Promise<string[]> {
  const log: string[] = [];
  const step = async (what: string, fn: () => Promise<unknown>) => {
    const started = performance.now();
    await fn();
    log.push(`${what} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  const days = Array.from({ length: DAYS }, (_, i) => DAYS - 1 - i);
  await step(`${DAYS} days of weight, steps, water and sleep over /api/health-data`, async () => {
    const records = days.flatMap((n) => {
      const date = dayBefore(target.today, n);
      const weight = 76 + (n / DAYS) * 10 + Math.sin(n / 3) * 0.4;
      return [
        { type: "weight", value: Math.round(weight * 10) / 10, date },
        { type: "step", value: 5000 + ((n * 2_731) % 8000), date },
        { type: "water", value: 1500 + ((n * 37) % 1000), date },
        {
          type: "SleepSession",
          bedtime: `${dayBefore(target.today, n + 1)}T22:40:00Z`,
          wake_time: `${date}T06:${String(10 + (n % 40)).padStart(2, "0")}:00Z`,
        },
      ];
    });
    const batches = [];
    for (let i = 0; i < records.length; i += 1000) batches.push(records.slice(i, i + 1000));
    await inParallel(batches, 2, (batch) => postHealthData(target.url, target.token, batch));
  });
  const runs = days.filter((n) => n % WORKOUT_EVERY === 0);
  // Ten runs a request, as a phone catching up syncs them: one request per run would spend
  // the per-credential rate limit (100 a minute).
  const runBatches: number[][] = [];
  for (let i = 0; i < runs.length; i += 10) runBatches.push(runs.slice(i, i + 10));
  await step(`${runs.length} GPS runs (1,200 points each) over /api/health-data`, () =>
    inParallel(runBatches, 2, (batch) =>
      postHealthData(
        target.url,
        target.token,
        batch.map((n) => runRecord(`${dayBefore(target.today, n)}T06:00:00.000Z`)),
      ),
    ),
  );
  await step(`${DAYS} moods over /api/mood`, () =>
    inParallel(days, 4, (n) =>
      call(target, "POST", "/api/mood", {
        entry_date: dayBefore(target.today, n),
        mood_value: 4 + (n % 7),
      }),
    ),
  );
  const fasts = days.filter((n) => n > 0 && n % 4 === 2);
  await step(`${fasts.length} fasts over /api/fasting/start and /end`, () =>
    inParallel(fasts, 1, async (n) => {
      const day = dayBefore(target.today, n);
      const fast = (await call(target, "POST", "/api/fasting/start", {
        start_time: `${dayBefore(target.today, n + 1)}T20:00:00.000Z`,
        target_hours: 16,
      })) as { id: string };
      await call(target, "POST", "/api/fasting/end", {
        id: fast.id,
        end_time: `${day}T12:00:00.000Z`,
      });
    }),
  );
  await step(`${FOODS} foods over /api/foods`, () =>
    inParallel(
      Array.from({ length: FOODS }, (_, i) => i),
      4,
      (i) =>
        call(target, "POST", "/api/foods", {
          name: `Food ${i + 1}`,
          default_variant: {
            serving_size: 100,
            serving_unit: "g",
            calories: 80 + ((i * 37) % 300),
            protein: (i * 7) % 30,
            carbs: (i * 11) % 60,
            fat: (i * 5) % 25,
          },
        }),
    ),
  );
  await step(
    `${DAYS * 3} diary entries by SQL as the app's role, a transaction per year`,
    async () => {
      for (let year = 0; year < YEARS + 1; year++) {
        const first = year * 365;
        const last = Math.min(first + 364, DAYS - 1);
        if (first > last) break;
        await target.ctx.db.withUser(
          target.userId,
          (tx) => tx`
        insert into food_entries (user_id, food_id, variant_id, meal_type_id, entry_date, quantity,
          unit, food_name, serving_size, serving_unit, calories, protein, carbs, fat, source)
        select ${target.userId}, f.id, v.id, m.id, ${target.today}::date - d.n, 150, 'g', f.name,
               v.serving_size, v.serving_unit, v.calories * 1.5, v.protein * 1.5, v.carbs * 1.5,
               v.fat * 1.5, 'manual'
          from generate_series(${first}::int, ${last}::int) as d(n)
         cross join generate_series(0, 2) as k
          join lateral (select id from meal_types where user_id is null
                         order by sort_order offset k limit 1) m on true
          join lateral (select id, name from foods where user_id = ${target.userId}
                         order by name offset (d.n * 3 + k) % ${FOODS} limit 1) f on true
          join food_variants v on v.food_id = f.id and v.is_default`,
        );
      }
    },
  );
  return log;
}
