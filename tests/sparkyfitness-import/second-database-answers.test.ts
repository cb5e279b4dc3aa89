import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type postgres from "postgres";
import { createSession } from "../../src/credentials/sessions.ts";
import { bearer, type TestContext } from "../helpers/test-app.ts";
import { importSource, openImportSetup, type ImportSetup } from "./import-source.ts";
import { restoreSecondFixture, secondFixtureAvailable, type RealSource } from "./real-fixture.ts";

// What the same routes answer on the second real database, here as SparkyFitness answered it
// where its phone app expects that (README "Switching from SparkyFitness").

const API_ENCRYPTION_KEY = "5f0c3a7e91d24b68a0e3c1f7b2d95e4a8c6f1b3d7e9a2c4f6b8d0e1a3c5f7b9d";

let setup: ImportSetup;
let t: TestContext;
let source: RealSource;
let src: postgres.Sql;

async function call(email: string, method: string, path: string, body?: unknown) {
  const [user] = await src<{ id: string }[]>`select id from public."user" where email = ${email}`;
  const { token } = await createSession(t.db, user!.id);
  const headers = bearer(token, { "content-type": "application/json" });
  const res = await t.request(path, { method, headers, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

async function read(email: string, path: string) {
  const res = await call(email, "GET", path);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const runImport = () =>
  importSource(t, source, { sourceSecret: API_ENCRYPTION_KEY, sourceAuthSecret: null });

describe.skipIf(!secondFixtureAvailable)("the second real database answered as there", () => {
  beforeAll(async () => {
    setup = await openImportSetup(restoreSecondFixture);
    ({ t, source, src } = setup);
    await runImport();
  }, 120_000);

  afterAll(() => setup?.close());

  test("a custom category keeps its data type; an integer one refuses a fraction", async () => {
    const categories = await src<{ email: string; name: string; data_type: string }[]>`
      select u.email, c.name, c.data_type from public.custom_categories c
        join public."user" u on u.id = c.user_id order by 1, 2`;
    expect(categories.filter((c) => c.data_type === "integer").length).toBeGreaterThan(0);
    for (const email of new Set(categories.map((c) => c.email))) {
      const here = await read(email, "/api/measurements/custom-categories");
      const theirs = categories.filter((c) => c.email === email);
      expect(
        theirs.map((c) => [c.name, here.find((h: any) => h.name === c.name)?.data_type]),
      ).toEqual(theirs.map((c) => [c.name, c.data_type]));
    }
    const floors = (await read("ava@second.test", "/api/measurements/custom-categories")).find(
      (c: any) => c.name === "Floors Ascended",
    );
    const entry = (value: unknown) =>
      call("ava@second.test", "POST", "/api/measurements/custom-entries", {
        category_id: floors.id,
        entry_date: "2026-12-01",
        value,
      });
    const fraction = await entry(72.5);
    expect(fraction).toEqual({
      status: 400,
      body: { error: "value: must be a whole number in this category" },
    });
    // The phone app sends a non-numeric category's value as text.
    const whole = await entry("12");
    expect([whole.status, whole.body.value]).toEqual([200, "12"]);
  });

  test("a container in litres answers `liter`, its volume in millilitres", async () => {
    const containers = await src<{ email: string; name: string; unit: string; volume: number }[]>`
      select u.email, c.name, c.unit, c.volume::float8 from public.user_water_containers c
        join public."user" u on u.id = c.user_id order by c.id`;
    expect(containers.map((c) => c.unit)).toContain("liter");
    for (const c of containers) {
      const here = (await read(c.email, "/api/water-containers")).find(
        (h: any) => h.name === c.name,
      );
      expect([c.name, here.unit, here.volume]).toEqual([c.name, c.unit, expect.any(Number)]);
      expect(here.volume).toBeCloseTo(c.volume, 2);
    }
    const bottle = await call("chitra@second.test", "POST", "/api/water-containers", {
      name: "Jug",
      volume: 1.5,
      unit: "liter",
    });
    expect([bottle.status, bottle.body.unit, bottle.body.volume]).toEqual([201, "liter", 1500]);
  });

  test("a medication's time of day answers as there (HH:MM:SS)", async () => {
    const schedules = await src<{ email: string; id: string; time_of_day: string }[]>`
      select u.email, s.id::text, s.time_of_day::text from public.medication_schedules s
        join public."user" u on u.id = s.user_id where s.time_of_day is not null`;
    expect(schedules.length).toBeGreaterThan(0);
    for (const s of schedules) {
      const medications = await read(s.email, "/api/v2/medications");
      const here = medications.flatMap((m: any) => m.schedules).find((h: any) => h.id === s.id);
      expect([s.id, here.time_of_day]).toEqual([s.id, s.time_of_day]);
    }
  });

  test("a workout logged by hand keeps its source, also for entries an earlier release renamed", async () => {
    const entries = await src<{ email: string; id: string; source: string }[]>`
      select u.email, e.id::text, e.source from public.exercise_entries e
        join public."user" u on u.id = e.user_id
       where lower(e.source) = 'manual'`;
    // Its web client writes `Manual`, the phone app `manual`.
    expect(new Set(entries.map((e) => e.source))).toEqual(new Set(["manual", "Manual"]));
    const answered = async () => {
      const sources = [];
      for (const e of entries) {
        const [row] = await t.db.owner<{ id: string }[]>`
          select id from exercise_entries where source_id = ${e.id}`;
        sources.push([e.id, (await read(e.email, `/api/exercise-entries/${row!.id}`)).source]);
      }
      return sources;
    };
    expect(await answered()).toEqual(entries.map((e) => [e.id, e.source]));
    // An earlier release keyed them `sparkyfitness`: a re-run gives them their name back
    // and adds none.
    const ids = entries.map((e) => e.id);
    const [before] = await t.db.owner<{ n: number }[]>`
      select count(*)::int as n from exercise_entries`;
    await t.db.owner`
      update exercise_entries set source = 'sparkyfitness' where source_id = any(${ids})`;
    const again = await runImport();
    expect([...again.skipReasons.keys()].filter((r) => r.includes("import failed"))).toEqual([]);
    const [after] = await t.db.owner<{ n: number }[]>`
      select count(*)::int as n from exercise_entries`;
    expect(after!.n).toBe(before!.n);
    expect(await answered()).toEqual(entries.map((e) => [e.id, e.source]));
  });

  test("the built-in meal types are the phone app's anchors 10-40; one's own sit between", async () => {
    const types = await read("ava@second.test", "/api/meal-types");
    expect(types.map((m: any) => [m.name, m.sort_order])).toEqual([
      ["breakfast", 10],
      ["Second breakfast", 15],
      ["lunch", 20],
      ["dinner", 30],
      ["snacks", 40],
    ]);
  });
});
