import { createTestContext } from "../helpers/test-app.ts";
import { usesExternalDatabase } from "../helpers/test-database.ts";

/**
 * Food diary figures (issue 10): a day of 30 entries read with by-date, and logging an
 * entry, each as sequential HTTP requests to the app on loopback. The database is the
 * external one when SERVICE_FITNESS_TEST_DATABASE_URL is set, otherwise the embedded one.
 *   bun tests/bench/diary.ts
 */
const WARM_UP = 50;
const READS = Number(process.env.BENCH_READS ?? 1000);
const WRITES = Number(process.env.BENCH_WRITES ?? 300);

const ctx = await createTestContext();
const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: ctx.app.fetch });
const base = `http://127.0.0.1:${server.port}`;
const user = await ctx.createUser();
const headers = { Authorization: `Bearer ${user.token}`, "Content-Type": "application/json" };
const send = (method: string, path: string, body?: unknown) =>
  fetch(base + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const food = await (
  await send("POST", "/api/foods", {
    name: "Bench oats",
    brand: "Bench",
    serving_size: 40,
    serving_unit: "g",
    calories: 150,
    protein: 5,
    carbs: 27,
    fat: 3,
    image_url: "/uploads/foods/bench/oats.png",
  })
).json();
const entry = (date: string, i: number) => ({
  food_id: food.id,
  quantity: 40 + i,
  unit: "g",
  meal_type: ["breakfast", "lunch", "dinner", "snacks"][i % 4],
  entry_date: date,
});
for (let i = 0; i < 30; i++) await send("POST", "/api/food-entries", entry("2026-03-01", i));

async function measure(count: number, request: (i: number) => Promise<Response>) {
  for (let i = 0; i < WARM_UP; i++) await (await request(i)).arrayBuffer();
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const response = await request(i);
    await response.arrayBuffer();
    if (response.status >= 300) throw new Error(`status ${response.status}`);
    times.push(performance.now() - t0);
  }
  const elapsed = performance.now() - started;
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(2);
  return {
    requests: count,
    perSecond: Math.round((count / elapsed) * 1000),
    p50ms: at(0.5),
    p99ms: at(0.99),
  };
}

const byDate = await measure(READS, () => send("GET", "/api/food-entries/by-date/2026-03-01"));
const logging = await measure(WRITES, (i) =>
  send("POST", "/api/food-entries", entry(`2027-01-${String((i % 28) + 1).padStart(2, "0")}`, i)),
);
console.log(
  JSON.stringify(
    {
      database: usesExternalDatabase ? "external" : "embedded",
      byDate30Entries: byDate,
      logEntry: logging,
    },
    null,
    2,
  ),
);
server.stop(true);
await ctx.close();
