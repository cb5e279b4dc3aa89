import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type postgres from "postgres";
import { createSession } from "../../src/credentials/sessions.ts";
import { decryptApiKey } from "../../src/credentials/api-key-crypto.ts";
import { importSource, openImportSetup, type ImportSetup } from "./import-source.ts";
import type { ImportSummary } from "../../src/sparkyfitness-import/run/summary.ts";
import { bearer, type TestContext } from "../helpers/test-app.ts";
import { restoreSecondFixture, secondFixtureAvailable, type RealSource } from "./real-fixture.ts";

// Issue 45's findings 3 to 8 checked against the second real database (its README says
// what each person has), read back through this server's API.

const API_ENCRYPTION_KEY = "5f0c3a7e91d24b68a0e3c1f7b2d95e4a8c6f1b3d7e9a2c4f6b8d0e1a3c5f7b9d";

let setup: ImportSetup;
let t: TestContext;
let source: RealSource;
let src: postgres.Sql;
let first: ImportSummary;
const dateAsText = { to: 1082, from: [1082], serialize: (v: string) => v, parse: (v: string) => v };

async function as(email: string, path: string) {
  const [user] = await src<{ id: string }[]>`select id from public."user" where email = ${email}`;
  const { token } = await createSession(t.db, user!.id);
  const res = await t.request(path, { headers: bearer(token) });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res;
}

const runImport = () =>
  importSource(t, source, { sourceSecret: API_ENCRYPTION_KEY, sourceAuthSecret: null });

describe.skipIf(!secondFixtureAvailable)("issue 45's findings on the second real database", () => {
  beforeAll(async () => {
    setup = await openImportSetup(restoreSecondFixture, { date: dateAsText });
    ({ t, source, src } = setup);
    first = await runImport();
  }, 120_000);

  afterAll(() => setup?.close());

  test("(3) the meals that hold meals keep the inner meal's foods", async () => {
    const outer = await src<{ id: string; email: string; lines: number }[]>`
      select m.id::text, u.email,
             (select count(*)::int from public.meal_foods i
               where i.meal_id = mf.child_meal_id and i.item_type = 'food')
             + (select count(*)::int from public.meal_foods o
                 where o.meal_id = m.id and o.item_type = 'food') as lines
        from public.meal_foods mf join public.meals m on m.id = mf.meal_id
        join public."user" u on u.id = m.user_id
       where mf.item_type = 'meal'`;
    expect(outer).toHaveLength(4);
    for (const meal of outer) {
      const here = await (await as(meal.email, `/api/meals/${meal.id}`)).json();
      expect([meal.id, here.foods.length]).toEqual([meal.id, meal.lines]);
    }
  });

  test("(4) the 14 files are copied and served", async () => {
    const files = await src<{ email: string; path: string }[]>`
      select u.email, jsonb_array_elements_text(m.images) as path
        from public.food_entry_meals m join public."user" u on u.id = m.user_id
      union all
      select u.email, e.image_url from public.exercise_entries e
        join public."user" u on u.id = e.user_id where e.image_url is not null
      union all
      select u.email, '/uploads/exercises/' || u.id || '/' || (x.images::jsonb ->> 0)
        from public.exercises x join public."user" u on u.id = x.user_id
       where x.images is not null and x.images <> '[]'
      union all
      select u.email, p.avatar_url from public.profiles p
        join public."user" u on u.id = p.id where p.avatar_url is not null`;
    expect(files).toHaveLength(14);
    for (const f of files) {
      const res = await as(f.email, encodeURI(f.path));
      expect([f.path, (await res.arrayBuffer()).byteLength > 0]).toEqual([f.path, true]);
    }
  });

  test("(6) superset groups, a phone workout's figures and its stored laps", async () => {
    const grouped = await src<{ id: string; superset_group: number }[]>`
      select id::text, superset_group from public.exercise_entries where superset_group is not null`;
    expect(grouped.length).toBeGreaterThan(0);
    const here = await t.db.owner<{ source_id: string; superset_group: number }[]>`
      select source_id, superset_group from exercise_entries
       where source_id = any(${grouped.map((g) => g.id)})`;
    expect(here.map((h) => [h.source_id, h.superset_group]).sort()).toEqual(
      grouped.map((g) => [g.id, g.superset_group]).sort(),
    );
    const runs = await src<
      { id: string; source_id: string; training_load: number; gear_name: string }[]
    >`
      select id::text, coalesce(source_id, id::text) as source_id, training_load::float8,
             gear_name from public.exercise_entries where training_load is not null`;
    expect(runs.length).toBe(4);
    for (const run of runs) {
      const [entry] = await t.db.owner<{ id: string; training_load: number; gear_name: string }[]>`
        select id, training_load, gear_name from exercise_entries where source_id = ${run.source_id}`;
      expect([entry!.training_load, entry!.gear_name]).toEqual([run.training_load, run.gear_name]);
      const [laps] = await t.db.owner<{ metres: number }[]>`
        select sum(distance_meters)::float8 as metres from workout_laps
         where exercise_entry_id = ${entry!.id}`;
      const [stored] = await src<{ metres: number }[]>`
        select sum(distance_meters)::float8 as metres from public.exercise_entry_laps
         where exercise_entry_id = ${run.id}`;
      expect(laps!.metres).toBeCloseTo(stored!.metres, 6);
    }
  });

  test("(7) meal-type settings, the active AI service, the pens' beyond-use dates, the prenatal link, the target weight", async () => {
    const types = await (await as("ava@second.test", "/api/meal-types")).json();
    expect(types.find((m: any) => m.name === "snacks")).toMatchObject({
      is_visible: false,
      show_in_quick_log: false,
    });
    const [chat] = await t.db.owner<
      { provider: string; model: string; api_key_sealed: Uint8Array }[]
    >`
      select c.provider, c.model, c.api_key_sealed from chat_user_settings c
        join users u on u.id = c.user_id where u.email = 'ava@second.test'`;
    expect([chat!.provider, chat!.model]).toEqual(["openai-compatible", "gpt-4o-mini"]);
    expect(decryptApiKey(t.config.apiEncryptionKey, chat!.api_key_sealed).length).toBeGreaterThan(
      0,
    );
    const buds = await src<{ bud_date: string }[]>`
      select bud_date from public.medication_pens where bud_date is not null order by bud_date`;
    const here = await t.db.owner<{ bud_date: string }[]>`
      select bud_date::text from medication_pens where bud_date is not null order by bud_date`;
    expect(here.map((p) => p.bud_date)).toEqual(buds.map((p) => p.bud_date));
    const [pregnancy] = await src<{ prenatal_medication_id: string }[]>`
      select prenatal_medication_id::text from public.pregnancies`;
    const current = await (await as("chitra@second.test", "/api/v2/pregnancy/current")).json();
    expect(JSON.stringify(current)).toContain(pregnancy!.prenatal_medication_id);
    const timeline = await (await as("chitra@second.test", "/api/goals/timeline")).json();
    expect(timeline.map((g: any) => g.target_weight)).toEqual([58.5]);
    const feed = await (await as("ava@second.test", "/api/v2/medications/entries")).json();
    expect(feed.length).toBeGreaterThan(0);
    for (const dose of feed) expect(dose.med_name_snapshot).toBe("Mounjaro");
  });

  test("(5) a logged meal's lines, stored there without allergens, answer their food's as that server's diary does", async () => {
    const lines = await src<
      { id: string; email: string; entry_date: string; allergens: string[]; traces: string[] }[]
    >`
      select e.id::text, u.email, e.entry_date, v.allergens, v.traces
        from public.food_entries e join public.food_variants v on v.id = e.variant_id
        join public."user" u on u.id = e.user_id
       where e.food_entry_meal_id is not null and e.allergens is null and v.allergens is not null`;
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const day = await (
        await as(line.email, `/api/food-entries/by-date/${line.entry_date}`)
      ).json();
      const here = day.find((e: any) => e.id === line.id);
      expect([line.id, here.allergens, here.traces]).toEqual([
        line.id,
        line.allergens,
        line.traces,
      ]);
    }
  });

  test("(8) cycle lengths as recorded, the expired grant, a container in ml", async () => {
    const cycles = await src<{ start_date: string; cycle_length: number | null }[]>`
      select c.start_date, c.cycle_length from public.cycles c
        join public."user" u on u.id = c.user_id where u.email = 'ella@second.test'`;
    const here = await (await as("ella@second.test", "/api/v2/cycle/cycles")).json();
    for (const c of cycles.filter((c) => c.cycle_length !== null)) {
      const row = here.find((h: any) => h.start_date === c.start_date);
      expect([c.start_date, row.cycle_length]).toEqual([c.start_date, c.cycle_length]);
    }
    const grants = await (await as("ava@second.test", "/api/identity/family-access")).json();
    expect(grants.find((g: any) => g.delegate_email === "ella@second.test").is_active).toBe(false);
    const containers = await (await as("ben@second.test", "/api/water-containers")).json();
    expect(containers.find((c: any) => c.name === "Stanley cup").volume).toBeCloseTo(1182.94, 1);
    // Nobody's import failed.
    expect([...first.skipReasons.keys()].filter((r) => r.includes("import failed"))).toEqual([]);
  });
  test("Garmin's HRV status word is kept on its day and answered with the day's HRV samples", async () => {
    // The day is the status sample's day in the person's zone (ben's Chicago nights before
    // the March clock change fall on the day before in UTC terms).
    const statuses = await src<{ email: string; day: string; status: string }[]>`
      select u.email, to_char((s->>'t')::timestamptz at time zone p.timezone, 'YYYY-MM-DD') as day,
             s->>'status' as status
        from public.health_metric_samples h
        cross join jsonb_array_elements(h.samples) s
        join public."user" u on u.id = h.user_id
        join public.user_preferences p on p.user_id = h.user_id
       where h.metric = 'hrv' and s ? 'status'
       order by 1, 2`;
    expect(statuses).toHaveLength(16);
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(["BALANCED"]));
    for (const { email, day, status } of statuses) {
      const res = await as(email, `/api/generic-health/samples?metric=hrv&date=${day}`);
      const { data } = await res.json();
      const garmin = data.find((d: any) => d.source === "garmin");
      expect([email, day, garmin?.status]).toEqual([email, day, status]);
      const columns = await as(
        email,
        `/api/generic-health/samples?metric=hrv&date=${day}&format=columns`,
      );
      const garminColumns = (await columns.json()).data.find((d: any) => d.source === "garmin");
      expect([email, day, garminColumns?.status]).toEqual([email, day, status]);
    }
    // Days without a status word answer null, and other metrics carry none.
    const [ava] = statuses;
    const { data: heart } = await (
      await as(ava!.email, `/api/generic-health/samples?metric=heart_rate&date=${ava!.day}`)
    ).json();
    expect(heart.length).toBeGreaterThan(0);
    expect(heart.map((d: any) => d.status)).toEqual(heart.map(() => null));
  });
  test("a status word changed at the source comes over on a re-run", async () => {
    const [row] = await src<{ email: string; day: string }[]>`
      update public.health_metric_samples h
         set samples = (select jsonb_agg(case when e ? 'status'
                                              then jsonb_set(e, '{status}', '"UNBALANCED"')
                                              else e end order by i)
                          from jsonb_array_elements(h.samples) with ordinality x (e, i))
        from public."user" u
       where u.id = h.user_id and u.email = 'ava@second.test' and h.metric = 'hrv'
         and h.entry_date = '2026-04-02'
      returning u.email, h.entry_date as day`;
    const again = await runImport();
    expect(again.tables.get("health_metric_samples")).toMatchObject({ updated: 1 });
    const { data } = await (
      await as(row!.email, `/api/generic-health/samples?metric=hrv&date=${row!.day}`)
    ).json();
    expect(data.find((d: any) => d.source === "garmin").status).toBe("UNBALANCED");
  });
});
