import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import { createSyncUser, ingest, postHealthData } from "./helpers.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

const DAY = "2026-05-03";

async function customValues(userId: string) {
  return ctx.db.owner<{ category: string; value: string }[]>`
    select c.name as category, e.value::text as value
      from custom_measurement_entries e join custom_measurement_categories c on c.id = e.category_id
     where e.user_id = ${userId} order by c.name`;
}

describe("hostile health-data batches", () => {
  test("a value nested 100,000 deep is that record's error; the others are saved", async () => {
    const user = await createSyncUser(ctx);
    const deep = `{"type":"heart_rate","date":"${DAY}","value":${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
    const body = `[{"type":"weight","value":80,"date":"${DAY}"},${deep}]`;
    const res = await postHealthData(ctx, user.key, body);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as any;
    expect(answer.processed).toHaveLength(1);
    expect(answer.errors).toEqual([
      {
        error: "The record nests objects or arrays more than 32 deep.",
        entry: { type: "heart_rate", date: DAY },
      },
    ]);
  });

  test("types named after Object.prototype are refused per record; nothing is stored for them", async () => {
    const user = await createSyncUser(ctx);
    const names = ["constructor", "toString", "__proto__", "hasOwnProperty"];
    const body = `[${names.map((type) => `{"type":"${type}","value":1,"date":"${DAY}"}`).join(",")}]`;
    const res = await ingest(ctx, user.key, body);
    expect(res.processed).toEqual([]);
    expect(res.errors.map((e) => e.error)).toEqual(
      names.map((n) => `"${n}" is not a record type.`),
    );
    expect((await customValues(user.id)).length).toBe(0);
  });

  test("values outside a type's plausible range are errors", async () => {
    const user = await createSyncUser(ctx);
    const res = await ingest(ctx, user.key, [
      { type: "weight", value: 1e308, date: DAY },
      { type: "height", value: 5000, unit: "cm", date: DAY },
      { type: "water", value: 1e9, date: DAY },
      { type: "Active Calories", value: 1e7, date: DAY },
      { type: "heart_rate", value: -1e300, date: DAY },
      { type: "weight", value: 81.5, date: DAY },
    ]);
    expect(res.errors.map((e) => e.error)).toEqual([
      "Invalid value for type weight: at most 1000.",
      "Invalid value for type height: at most 300.",
      "Invalid value for type water: at most 100000.",
      "Invalid value for type Active Calories: at most 100000.",
      "Invalid value for type heart_rate: at most 1000000000.",
    ]);
    expect(res.processed.map((p) => p.data)).toEqual([{ entry_date: DAY, weight: 81.5 }]);
  });

  test("200,000 broken records answer the first 100 errors and count the rest", async () => {
    const user = await createSyncUser(ctx);
    const body = `[${Array(200_000).fill("{}").join(",")}]`;
    const res = await postHealthData(ctx, user.key, body);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.length).toBeLessThan(50_000);
    const answer = JSON.parse(text);
    expect(answer.errors).toHaveLength(100);
    expect(answer.errors_not_listed).toBe(199_900);
    expect(answer.errors[0].entry).toEqual({});
  });
});
