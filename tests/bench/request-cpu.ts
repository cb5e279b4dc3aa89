import { createTestContext } from "../helpers/test-app.ts";
import { DAY_READS, seedDay } from "./day-reads.ts";
import { workoutBody, workoutDay } from "./payloads.ts";

/**
 * Server CPU per request, in process (the app's fetch, no sockets): the figure that stays
 * comparable on a loaded machine, where requests/s do not. Scenarios: a track read as
 * points, its 304, its gzip form, a workout post (2,000 GPS points, 1,200 HR samples) and
 * a day of 30 diary entries, and the day's reads of day-reads.ts with a session
 * (`j-session`...) and an API key (`j-key`...). `BENCH_ONLY=track,post` runs a subset,
 * `BENCH_ONLY=day` the day's reads, `BENCH_COUNT` and `BENCH_WARM_UP` the requests measured and
 * sent before (300 and 30). Page faults per request are printed beside the CPU: on a virtual
 * machine where a fault is dear they are much of it (README, "Memory": MIMALLOC_PURGE_DELAY).
 *   SERVICE_FITNESS_TEST_DATABASE_URL=postgres://... bun tests/bench/request-cpu.ts
 */
const COUNT = Number(process.env.BENCH_COUNT ?? 300);
// Requests before the measured ones: 30 leaves much of the code to the JIT's lower tiers, as
// on a server just started; `BENCH_WARM_UP=1000` measures one that has run a while.
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 30);
const only = process.env.BENCH_ONLY?.split(",");

const ctx = await createTestContext({ SERVICE_FITNESS_API_KEY_RATELIMIT_MAX_REQUESTS: "1000000" });
const user = await ctx.createUser();
const apiKey = await ctx.createApiKey(user.id);
const session = { Authorization: `Bearer ${user.token}` };

const posted = await ctx.request("/api/health-data", {
  method: "POST",
  headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
  body: workoutBody("cpu-bench", 9_000),
});
if (posted.status !== 200) throw new Error(`post: ${posted.status}`);
const listed = await ctx.request(
  `/api/exercise-entries/by-date?selectedDate=${workoutDay(9_000)}`,
  { headers: session },
);
const workoutId = ((await listed.json()) as { id: string }[])[0]!.id;
const track = `/api/generic-health/workout-gps/${workoutId}`;
const etag = (await ctx.request(track, { headers: session })).headers.get("etag")!;

const food = (await (
  await ctx.request("/api/foods", {
    method: "POST",
    headers: { ...session, "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Oats", serving_size: 40, serving_unit: "g", calories: 150 }),
  })
).json()) as { id: string };
for (let i = 0; i < 30; i++) {
  await ctx.request("/api/food-entries", {
    method: "POST",
    headers: { ...session, "Content-Type": "application/json" },
    body: JSON.stringify({
      food_id: food.id,
      quantity: 40 + i,
      unit: "g",
      meal_type: "lunch",
      entry_date: "2026-03-01",
    }),
  });
}

await seedDay(async (path, body) => {
  const response = await ctx.request(path, {
    method: "POST",
    headers: { ...session, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string };
});
const dayReads = Object.fromEntries(
  DAY_READS.flatMap(([name, path]) =>
    [
      ["session", user.token],
      ["key", apiKey],
    ].map(([credential, token]) => [
      `${name[0]}-${credential}`,
      () => ctx.request(path, { headers: { Authorization: `Bearer ${token}` } }),
    ]),
  ),
);

let n = 0;
const scenarios: Record<string, () => Promise<Response>> = {
  ...dayReads,
  track: () => ctx.request(track, { headers: session }),
  "track-gzip": () => ctx.request(track, { headers: { ...session, "Accept-Encoding": "gzip" } }),
  "track-304": () => ctx.request(track, { headers: { ...session, "If-None-Match": etag } }),
  samples: () =>
    ctx.request(`/api/generic-health/samples?metric=heart_rate&date=${workoutDay(9_000)}`, {
      headers: session,
    }),
  diary: () => ctx.request("/api/food-entries/by-date/2026-03-01", { headers: session }),
  history: () =>
    ctx.request("/api/v2/exercise-entries/history?page=1&pageSize=20", { headers: session }),
  post: () =>
    ctx.request("/api/health-data", {
      method: "POST",
      headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
      body: workoutBody(`cpu-${n++}`, 10_000 + n),
    }),
};

for (const [name, send] of Object.entries(scenarios)) {
  if (only && !only.includes(name) && !(only.includes("day") && name in dayReads)) continue;
  for (let i = 0; i < WARM_UP; i++) await (await send()).arrayBuffer();
  Bun.gc(true);
  const faults = process.resourceUsage().minorPageFault;
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < COUNT; i++) {
    const response = await send();
    await response.arrayBuffer();
    if (response.status >= 400) throw new Error(`${name}: ${response.status}`);
  }
  const wall = (performance.now() - started) / COUNT;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000 / COUNT;
  const faulted = (process.resourceUsage().minorPageFault - faults) / COUNT;
  console.log(
    `${name.padEnd(12)} cpu ${cpuMs.toFixed(3)} ms/req  wall ${wall.toFixed(3)} ms/req  ` +
      `page faults ${faulted.toFixed(1)}/req`,
  );
}
await ctx.close();
