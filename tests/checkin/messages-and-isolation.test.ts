import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
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
const RANGE = "/api/measurements/check-in-measurements-range";

async function send(method: string, path: string, user: TestUser | null, body?: unknown) {
  const res = await ctx.request(path, jsonRequest(method, user?.token ?? null, body));
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}
const post = (user: TestUser, body: Record<string, unknown>) => send("POST", BASE, user, body);

describe("check-in exact messages", () => {
  test("POST without a date: 400 Entry date is required.", async () => {
    const a = await ctx.createUser();
    for (const body of [{ weight: 80 }, { entry_date: null, weight: 80 }, { entry_date: "" }]) {
      expect(await post(a, body)).toEqual({
        status: 400,
        body: { error: "Entry date is required." },
      });
    }
    const empty = await ctx.request(BASE, {
      method: "POST",
      headers: jsonRequest("POST", a.token).headers,
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: "Entry date is required." });
  });

  test("missing path parameters (an empty segment) reach the spec's messages", async () => {
    const a = await ctx.createUser();
    for (const path of [`${BASE}/`, BASE]) {
      expect(await send("GET", path, a)).toEqual({
        status: 400,
        body: { error: "Date is required." },
      });
      expect(await send("PUT", path, a, { weight: 1 })).toEqual({
        status: 400,
        body: { error: "Entry date is required." },
      });
      expect(await send("DELETE", path, a)).toEqual({
        status: 400,
        body: { error: "Check-in Measurement ID is required." },
      });
    }
  });

  test("PUT on a day without an entry: 404 with the exact message", async () => {
    const a = await ctx.createUser();
    expect(await send("PUT", `${BASE}/2026-04-01`, a, { weight: 70 })).toEqual({
      status: 404,
      body: { error: "Check-in measurement not found or not authorized to update." },
    });
    expect(await send("GET", `${BASE}/2026-04-01`, a)).toEqual({ status: 200, body: {} });
  });

  test("DELETE of an unknown, already deleted or malformed id: 404 with the exact message", async () => {
    const a = await ctx.createUser();
    const { body } = await post(a, { entry_date: "2026-04-02", weight: 70 });
    expect((await send("DELETE", `${BASE}/${body.data.id}`, a)).status).toBe(200);
    const notFound = { error: "Check-in measurement not found or not authorized to delete." };
    for (const id of [body.data.id, crypto.randomUUID(), "not-a-uuid", "2026-04-02"]) {
      expect(await send("DELETE", `${BASE}/${id}`, a)).toEqual({ status: 404, body: notFound });
    }
  });

  test("every route answers 401 without a session", async () => {
    const id = crypto.randomUUID();
    const calls: [string, string][] = [
      ["POST", BASE],
      ["GET", `${BASE}/2026-04-03`],
      ["PUT", `${BASE}/2026-04-03`],
      ["DELETE", `${BASE}/${id}`],
      ["GET", `${RANGE}/2026-04-01/2026-04-30`],
      ["GET", `${BASE}/`],
    ];
    for (const [method, path] of calls) {
      const res = await send(method, path, null, { entry_date: "2026-04-03", weight: 1 });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 401 });
      expect(typeof res.body.error).toBe("string");
    }
  });
});

describe("check-in range", () => {
  test("answers the caller's rows between both days inclusive, oldest first", async () => {
    const a = await ctx.createUser();
    const b = await ctx.createUser();
    for (const day of ["2026-05-03", "2026-05-01", "2026-05-10", "2026-04-30", "2026-05-11"]) {
      await post(a, { entry_date: day, weight: Number(day.slice(8)) });
    }
    await post(b, { entry_date: "2026-05-02", weight: 99 });
    const res = await send("GET", `${RANGE}/2026-05-01/2026-05-10`, a);
    expect(res.status).toBe(200);
    const rows = res.body as unknown as { entry_date: string; user_id: string }[];
    expect(rows.map((r) => r.entry_date)).toEqual(["2026-05-01", "2026-05-03", "2026-05-10"]);
    expect(rows.every((r) => r.user_id === a.id)).toBe(true);
  });

  test("validates both dates and their order", async () => {
    const a = await ctx.createUser();
    const start = await send("GET", `${RANGE}/2026-02-30/2026-03-10`, a);
    expect(start.status).toBe(400);
    expect(start.body.error).toContain("startDate");
    const end = await send("GET", `${RANGE}/2026-03-01/03-10-2026`, a);
    expect(end.status).toBe(400);
    expect(end.body.error).toContain("endDate");
    const reversed = await send("GET", `${RANGE}/2026-03-10/2026-03-01`, a);
    expect(reversed.status).toBe(400);
    expect(reversed.body.error).toContain("startDate");
  });
});

describe("check-in isolation between users", () => {
  test("user B can neither read nor change A's check-in", async () => {
    const a = await ctx.createUser();
    const b = await ctx.createUser();
    const { body } = await post(a, { entry_date: "2026-06-01", weight: 70, waist: 80 });
    const id = body.data.id;

    expect(await send("GET", `${BASE}/2026-06-01`, b)).toEqual({ status: 200, body: {} });
    expect((await send("GET", `${RANGE}/2026-06-01/2026-06-01`, b)).body).toEqual([]);
    expect(await send("PUT", `${BASE}/2026-06-01`, b, { weight: 1 })).toEqual({
      status: 404,
      body: { error: "Check-in measurement not found or not authorized to update." },
    });
    expect(await send("DELETE", `${BASE}/${id}`, b)).toEqual({
      status: 404,
      body: { error: "Check-in measurement not found or not authorized to delete." },
    });
    // B's POST for the same day makes B's own row; A's stays as it was.
    const own = await post(b, { entry_date: "2026-06-01", weight: 1 });
    expect(own.body.data.id).not.toBe(id);
    expect(own.body.data.user_id).toBe(b.id);

    const after = await send("GET", `${BASE}/2026-06-01`, a);
    expect(after.body).toMatchObject({ id, weight: 70, waist: 80 });
  });
});
