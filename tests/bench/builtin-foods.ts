/**
 * Issue 47: the built-in food catalogue. `bun tests/bench/builtin-foods.ts` (not part of
 * `bun test`) measures, in process through the real HTTP app:
 * - the catalogue's load on a first start (and a start that skips it), on the PostgreSQL of
 *   SERVICE_FITNESS_TEST_DATABASE_URL when set, and on the embedded engine;
 * - food search latency (median, p99) over a realistic mix of terms, for a user with a
 *   library of 40 foods, after a warm-up.
 */
import { loadBuiltinFoods } from "../../src/database/catalogue/load.ts";
import type { Sql } from "../../src/db.ts";
import { createTestConfig, removeTestDataDir } from "../helpers/test-database.ts";
import { openDatabase } from "../../src/db.ts";
import { createTestContext, jsonRequest } from "../helpers/test-app.ts";

const TERMS = [
  "oats",
  "banana raw",
  "apple",
  "chicken breast",
  "rice",
  "milk",
  "egg",
  "bread whole wheat",
  "cheddar cheese",
  "salmon",
  "yogurt",
  "broccoli raw",
  "potatoes baked",
  "peanut butter",
  "orange juice",
  "beef ground",
  "pasta cooked",
  "almonds",
  "tomatoes",
  "lentils",
  "café",
  "spinach",
  "avocado",
  "butter",
  "strawberries",
];
const ROUNDS = 20;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function timeLoad(owner: Sql, label: string) {
  await owner`delete from catalogue.loaded_data`;
  let start = performance.now();
  await loadBuiltinFoods(owner);
  const first = performance.now() - start;
  start = performance.now();
  await loadBuiltinFoods(owner);
  const again = performance.now() - start;
  console.log(`${label}: first-start load ${ms(first)}, later start ${ms(again)}`);
}

async function embeddedLoad() {
  const config = createTestConfig();
  const db = await openDatabase(config);
  try {
    await timeLoad(db.owner, "embedded PGlite");
  } finally {
    await db.close();
    removeTestDataDir(config);
  }
}

const ctx = await createTestContext();
try {
  await timeLoad(ctx.db.owner, ctx.db.embedded ? "embedded PGlite (test database)" : "PostgreSQL");
  if (!ctx.db.embedded) await embeddedLoad();
  const user = await ctx.createUser();
  for (let i = 0; i < 40; i++) {
    await ctx.request(
      "/api/foods",
      jsonRequest("POST", user.token, {
        name: `Library food ${i} ${TERMS[i % TERMS.length]}`,
        serving_size: 100,
        serving_unit: "g",
        calories: 100 + i,
      }),
    );
  }
  const search = async (term: string) => {
    const started = performance.now();
    const response = await ctx.request(
      `/api/foods/foods-paginated?searchTerm=${encodeURIComponent(term)}&itemsPerPage=20`,
      jsonRequest("GET", user.token),
    );
    await response.text();
    if (response.status !== 200) throw new Error(`${term}: ${response.status}`);
    return performance.now() - started;
  };
  for (const term of TERMS) await search(term);
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const term of TERMS) times.push(await search(term));
  }
  times.sort((a, b) => a - b);
  console.log(
    `search: ${times.length} requests over ${TERMS.length} terms: median ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}`,
  );
} finally {
  await ctx.close();
}
