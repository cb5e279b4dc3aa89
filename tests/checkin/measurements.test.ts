import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  bearer,
  createTestContext,
  jsonRequest,
  type TestContext,
  type TestUser,
} from "../helpers/test-app.ts";

let ctx: TestContext;
// Starting an embedded database can take longer than the default 5 s hook timeout.
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

const BASE = "/api/measurements/check-in";

async function send(method: string, path: string, user: TestUser | null, body?: unknown) {
  const res = await ctx.request(path, jsonRequest(method, user?.token ?? null, body));
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}
const post = (user: TestUser, body: unknown) => send("POST", BASE, user, body);
const get = (user: TestUser, date: string) => send("GET", `${BASE}/${date}`, user);

describe("check-in measurements", () => {
  test("POST upserts one row per day, touching only the keys sent; null clears", async () => {
    const a = await ctx.createUser();
    const first = await post(a, { entry_date: "2026-03-01", weight: 80.5, waist: 90, steps: 1000 });
    expect(first.status).toBe(200);
    expect(typeof first.body.message).toBe("string");
    expect(first.body.data).toMatchObject({
      user_id: a.id,
      entry_date: "2026-03-01",
      weight: 80.5,
      waist: 90,
      steps: 1000,
      neck: null,
    });

    const second = await post(a, { entry_date: "2026-03-01", neck: 38, waist: null, hips: 0 });
    expect(second.status).toBe(200);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(second.body.data).toMatchObject({ weight: 80.5, steps: 1000, neck: 38, waist: null });
    expect(second.body.data.hips).toBe(0);

    const read = await get(a, "2026-03-01");
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      id: first.body.data.id,
      weight: 80.5,
      neck: 38,
      waist: null,
    });
  });

  test("all measurement fields round-trip; unknown keys and bmi are ignored", async () => {
    const a = await ctx.createUser();
    const fields = {
      weight: 70,
      height: 180,
      body_fat_percentage: 18.5,
      neck: 37,
      waist: 82,
      hips: 95,
      steps: 12000,
      muscle_mass_kg: 33.1,
      bone_mass_kg: 3.2,
      body_water_percentage: 55,
      bmr: 1650,
    };
    const res = await post(a, { entry_date: "2026-03-02", ...fields, bmi: 21.6, colour: "blue" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject(fields);
    expect(res.body.data).not.toHaveProperty("bmi");
    expect(res.body.data).not.toHaveProperty("colour");
    const onlyBmi = await post(a, { entry_date: "2026-03-02", bmi: 30 });
    expect(onlyBmi.body.data).toMatchObject(fields);
  });

  test("GET answers {} for a day without a check-in", async () => {
    const a = await ctx.createUser();
    expect(await get(a, "2026-01-01")).toEqual({ status: 200, body: {} });
  });

  test("bmr bounds 300 and 10000 are accepted", async () => {
    const a = await ctx.createUser();
    expect((await post(a, { entry_date: "2026-03-03", bmr: 300 })).body.data.bmr).toBe(300);
    expect((await post(a, { entry_date: "2026-03-03", bmr: 10000 })).body.data.bmr).toBe(10000);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["bmr below 300", { bmr: 299 }, "bmr"],
    ["bmr above 10000", { bmr: 10001 }, "bmr"],
    ["negative weight", { weight: -1 }, "weight"],
    ["non-numeric waist", { waist: "abc" }, "waist"],
    ["numeric text height", { height: "180" }, "height"],
    ["body fat over 100", { body_fat_percentage: 100.1 }, "body_fat_percentage"],
    ["negative body water", { body_water_percentage: -0.5 }, "body_water_percentage"],
    ["fractional steps", { steps: 1.5 }, "steps"],
    ["negative steps", { steps: -1 }, "steps"],
    ["impossible day", { entry_date: "2026-02-30" }, "entry_date"],
    ["unpadded date", { entry_date: "2026-3-4" }, "entry_date"],
    ["date with time", { entry_date: "2026-03-04T10:00:00Z" }, "entry_date"],
  ];
  for (const [name, change, field] of invalid) {
    test(`POST rejects ${name} with a 400 naming ${field}, changing nothing`, async () => {
      const a = await ctx.createUser();
      await post(a, { entry_date: "2026-03-04", weight: 75, steps: 10 });
      const res = await post(a, { entry_date: "2026-03-04", weight: 76, ...change });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(field);
      expect((await get(a, "2026-03-04")).body).toMatchObject({ weight: 75, steps: 10 });
    });
  }

  test("PUT rejects invalid fields and a malformed path date, changing nothing", async () => {
    const a = await ctx.createUser();
    await post(a, { entry_date: "2026-03-05", weight: 75 });
    const bad = await send("PUT", `${BASE}/2026-03-05`, a, { weight: 1, bmr: 20 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("bmr");
    const badDate = await send("PUT", `${BASE}/2026-13-05`, a, { weight: 1 });
    expect(badDate.status).toBe(400);
    expect(badDate.body.error).toContain("entry_date");
    expect((await get(a, "2026-03-05")).body.weight).toBe(75);
  });

  test("a body that is not a JSON object is a 400", async () => {
    const a = await ctx.createUser();
    for (const body of ["[1]", "not json", "42"]) {
      const res = await ctx.request(BASE, { method: "POST", headers: bearer(a.token), body });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe("Request body must be a JSON object.");
    }
  });

  test("GET with a malformed date is a 400 naming date", async () => {
    const a = await ctx.createUser();
    const res = await get(a, "yesterday");
    expect(res.status).toBe(400);
    expect(res.body.error).toContain("date");
  });

  test("PUT updates only the keys sent on an existing day", async () => {
    const a = await ctx.createUser();
    await post(a, { entry_date: "2026-03-06", weight: 75, hips: 99 });
    const res = await send("PUT", `${BASE}/2026-03-06`, a, { hips: null, neck: 36, bmi: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ entry_date: "2026-03-06", weight: 75, hips: null, neck: 36 });
    expect(res.body).not.toHaveProperty("bmi");
  });

  test("DELETE removes the row and answers {message}", async () => {
    const a = await ctx.createUser();
    const { body } = await post(a, { entry_date: "2026-03-07", weight: 75 });
    const res = await send("DELETE", `${BASE}/${body.data.id}`, a);
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe("string");
    expect((await get(a, "2026-03-07")).body).toEqual({});
  });
});
