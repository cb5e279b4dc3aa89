import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type postgres from "postgres";
import { createSession } from "../../src/credentials/sessions.ts";
import { importSource, openImportSetup, type ImportSetup } from "./import-source.ts";
import type { ImportSummary } from "../../src/sparkyfitness-import/run/summary.ts";
import { bearer, type TestContext } from "../helpers/test-app.ts";
import {
  REAL_SECRETS,
  realFixtureAvailable,
  restoreRealFixture,
  type RealSource,
} from "./real-fixture.ts";
import { decryptApiKey } from "../../src/credentials/api-key-crypto.ts";
import {
  addIssue45Rows,
  AI,
  ALICE_ID,
  CYCLES,
  EMPTY_NUTRIENTS,
  EXPIRED_GRANT,
  PRESET,
  FILES,
  NESTED,
  RUN,
  SETTINGS,
} from "./real-fixture-issue45-rows.ts";
import { JPEG, PNG } from "../helpers/image-fixtures.ts";

// What a second real database showed the import lost (issue 45), on the real 1.6.2 fixture:
// the rows it holds, plus rows in the shapes that server writes where it holds none.

let setup: ImportSetup;
let t: TestContext;
let source: RealSource;
let src: postgres.Sql;
let first: ImportSummary;

// That server's key, so that the keys it sealed come over.
const runImport = () =>
  importSource(t, source, { sourceSecret: REAL_SECRETS.apiEncryptionKey, sourceAuthSecret: null });

async function asAlice(path: string, user = ALICE_ID) {
  const { token } = await createSession(t.db, user);
  const res = await t.request(path, { headers: bearer(token) });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res;
}

describe.skipIf(!realFixtureAvailable)("issue 45 on the real SparkyFitness 1.6.2 data", () => {
  beforeAll(async () => {
    setup = await openImportSetup(restoreRealFixture);
    ({ t, source, src } = setup);
    await addIssue45Rows(src, source.uploads);
    first = await runImport();
  }, 180_000);

  afterAll(() => setup?.close());

  test("a meal inside a meal is expanded into its foods; a line naming a gone meal is a skip reason", async () => {
    const meal = await (await asAlice(`/api/meals/${NESTED.mealId}`)).json();
    const lines = meal.foods.map((f: any) => [f.food_id, f.quantity, f.unit]);
    // The bowl makes two servings; half of it is one serving: half of each of its foods.
    expect(lines).toEqual([
      [NESTED.granolaId, 30, "g"],
      [NESTED.yogurtId, 0.5, "serving"],
      [NESTED.granolaId, 30, "g"],
    ]);
    expect(
      first.skipReasons.get(
        "meal_foods: meal line naming a meal no longer there (no foods to expand)",
      ),
    ).toBe(1);
    // A second run finds the expanded lines again.
    const again = await runImport();
    expect(again.tables.get("meal_foods")).toMatchObject({ written: 0, updated: 0 });
  }, 60_000);

  test("logged-meal photos, exercise-entry photos, custom-exercise images and avatars are copied and served", async () => {
    const served = async (path: string) =>
      new Uint8Array(await (await asAlice(path)).arrayBuffer());
    const logged = await (await asAlice("/api/food-entry-meals/by-date/2026-11-23")).json();
    const all = JSON.stringify(logged);
    expect(all).toContain(FILES.loggedMealPhoto);
    expect(await served(FILES.loggedMealPhoto)).toEqual(JPEG);

    const [entry] = await t.db.owner<{ id: string }[]>`
      select id from exercise_entries where source_id = ${FILES.entryId}`;
    const workout = await (await asAlice(`/api/exercise-entries/${entry!.id}`)).json();
    expect(workout.image_url).toBe(FILES.entryPhoto);
    expect(await served(FILES.entryPhoto)).toEqual(JPEG);

    const exercise = await (await asAlice(`/api/exercises/${FILES.exerciseId}`)).json();
    const image = `/uploads/exercises/${ALICE_ID}/${FILES.exerciseImage}`;
    expect(exercise.images).toEqual([image]);
    expect(await served(image)).toEqual(PNG);

    const profile = await (await asAlice("/api/identity/profiles")).json();
    expect(profile.avatar_url).toBe(FILES.avatar);
    expect(await served(FILES.avatar)).toEqual(PNG);
  }, 60_000);

  test("workouts: superset groups inside sessions, a watch's figures, gear and weather, the stored laps", async () => {
    const sessions = await src<{ id: string; superset_group: number | null }[]>`
      select id::text, superset_group from public.exercise_entries
       where exercise_preset_entry_id is not null order by id`;
    expect(sessions.some((s) => s.superset_group !== null)).toBe(true);
    const here = await t.db.owner<{ source_id: string; superset_group: number | null }[]>`
      select source_id, superset_group from exercise_entries
       where source_id = any(${sessions.map((s) => s.id)})
       order by source_id`;
    expect(here.map((h) => [h.source_id, h.superset_group])).toEqual(
      sessions.map((s) => [s.id, s.superset_group]),
    );

    const [run] = await src<{ source_id: string }[]>`
      select coalesce(source_id, id::text) as source_id from public.exercise_entries
       where id = ${RUN.id}`;
    const [entry] = await t.db.owner<{ id: string }[]>`
      select id from exercise_entries where user_id = ${ALICE_ID} and source_id = ${run!.source_id}`;
    const workout = await (await asAlice(`/api/exercise-entries/${entry!.id}`)).json();
    expect(workout).toMatchObject({ ...RUN.figures, ...RUN.words });

    const stored = await src<Record<string, unknown>[]>`
      select lap_index, duration_seconds::float8, distance_meters::float8,
             avg_heart_rate::float8, max_heart_rate::float8, calories::float8
        from public.exercise_entry_laps where exercise_entry_id = ${RUN.id} order by lap_index`;
    expect(stored.map((l) => l.distance_meters)).toContain(RUN.lapDistance);
    expect(stored.map((l) => l.calories)).toContain(RUN.lapCalories);
    const laps = await (await asAlice(`/api/generic-health/workout-laps/${entry!.id}`)).json();
    const shown = (laps.data ?? laps).map((l: Record<string, unknown>) => ({
      lap_index: l.lap_index,
      duration_seconds: l.duration_seconds,
      distance_meters: l.distance_meters,
      avg_heart_rate: l.avg_heart_rate,
      max_heart_rate: l.max_heart_rate,
      calories: l.calories,
    }));
    expect(shown).toEqual(stored);
  }, 60_000);

  test("settings: a person's meal-type settings, a dose's brand name, a pen's beyond-use date, the prenatal vitamin", async () => {
    const types = await (await asAlice("/api/meal-types")).json();
    // The shared types map to the built-in ones by name; her own keeps its id.
    const pick = (name: string) => {
      const m = types.find((x: any) => x.name === name);
      return [m.is_visible, m.show_in_quick_log, m.default_time];
    };
    expect(pick("snacks")).toEqual([false, false, "16:30:00"]);
    expect(pick("Pre-workout")).toEqual([true, false, "06:15:00"]);
    // The shared Snacks stays as it is for everyone else.
    const { token } = await createSession(t.db, SETTINGS.carolId);
    const carolTypes = await (
      await t.request("/api/meal-types", { headers: bearer(token) })
    ).json();
    expect(carolTypes.find((x: any) => x.name === "snacks").is_visible).toBe(true);

    const [semaglutide] = await t.db.owner<{ id: string }[]>`
      select id from medications where user_id = ${ALICE_ID} and name = 'Semaglutide'`;
    const feed = await (await asAlice("/api/v2/medications/entries")).json();
    const injections = feed.filter((e: any) => e.entry_type === "injection");
    expect(injections.length).toBeGreaterThan(0);
    for (const i of injections) expect(i.med_name_snapshot).toBe(SETTINGS.brand);
    const pens = await (await asAlice(`/api/v2/medications/${semaglutide!.id}/pens`)).json();
    const vial = (pens.data ?? pens).find((p: any) => p.label === "Compounded vial");
    expect([vial.bud_date, vial.expires_on]).toEqual([SETTINGS.budDate, SETTINGS.budDate]);

    const current = await (await asAlice("/api/v2/pregnancy/current", SETTINGS.carolId)).json();
    expect(JSON.stringify(current)).toContain(`"prenatal_medication_id":"${SETTINGS.prenatalId}"`);
    const visits = await (
      await asAlice(
        `/api/v2/pregnancy/appointments?pregnancy_id=${SETTINGS.pregnancyId}`,
        SETTINGS.carolId,
      )
    ).json();
    const visit = (visits.data ?? visits).find((a: any) => a.id === SETTINGS.appointmentId);
    expect(visit.outcome).toEqual(SETTINGS.outcome);
  }, 60_000);

  test("settings: the active AI service with its key, the onboarding target weight", async () => {
    const [chat] = await t.db.owner<
      { provider: string; base_url: string | null; model: string; api_key_sealed: Uint8Array }[]
    >`select provider, base_url, model, api_key_sealed from chat_user_settings
       where user_id = ${ALICE_ID}`;
    expect([chat!.provider, chat!.base_url, chat!.model]).toEqual(["anthropic", null, AI.model]);
    expect(decryptApiKey(t.config.apiEncryptionKey, chat!.api_key_sealed)).toBe(AI.key);
    expect(
      first.skipReasons.get(
        "ai_service_settings: AI service not the active one (one model per person here)",
      ),
    ).toBe(2);

    const [onboarding] = await src<{ target_weight: number }[]>`
      select target_weight::float8 from public.onboarding_data where user_id = ${ALICE_ID}`;
    // Each dated goal holds it (a weekly plan's day holds its preset's goals instead).
    const timeline = await (await asAlice("/api/goals/timeline")).json();
    expect(timeline.length).toBeGreaterThan(0);
    for (const goal of timeline) expect(goal.target_weight).toBe(onboarding!.target_weight);
  }, 60_000);

  test("values: percentage goals less fibre, a plan day without meal shares, cycle lengths, an expired grant, a container in ml", async () => {
    const [preset] = await src<{ calories: number; protein_percentage: number }[]>`
      select calories::float8, protein_percentage::float8 from public.goal_presets
       where user_id = ${ALICE_ID} and preset_name = ${PRESET.name}`;
    // 2026-11-23 is a Monday, the plan's training day.
    const day = await (await asAlice("/api/goals/for-date?date=2026-11-23")).json();
    expect(day.preset_name).toBe(PRESET.name);
    expect(day.protein).toBeCloseTo(
      ((preset!.calories - PRESET.fibre * 2) * preset!.protein_percentage) / 100 / 4,
      6,
    );
    expect(day.breakfast_percentage).toBeUndefined();

    const cycles = await (await asAlice("/api/v2/cycle/cycles")).json();
    for (const c of CYCLES) {
      const here = cycles.find((x: any) => x.start_date === c.start_date);
      expect([here.cycle_length, here.end_date, here.is_excluded]).toEqual([
        c.cycle_length,
        c.end_date,
        c.is_excluded,
      ]);
    }

    const grants = await (await asAlice("/api/identity/family-access", SETTINGS.carolId)).json();
    const expired = grants.find((g: any) => g.delegate_user_id === ALICE_ID);
    expect(new Date(expired.access_end_date).toISOString()).toBe(
      new Date(EXPIRED_GRANT.end).toISOString(),
    );
    expect(expired.is_active).toBe(false);

    // A logged meal's food lines answer the portion eaten, as there.
    const lines = await src<{ id: string; portion: number }[]>`
      select e.id::text, (e.calories * e.quantity / e.serving_size)::float8 as portion
        from public.food_entries e where e.food_entry_meal_id = ${FILES.loggedMealId}
       order by e.id`;
    expect(lines.length).toBeGreaterThan(0);
    const [logged] = (
      await (await asAlice("/api/food-entry-meals/by-date/2026-11-23")).json()
    ).filter((m: any) => m.id === FILES.loggedMealId);
    for (const line of lines) {
      const here = logged.foods.find((f: any) => f.id === line.id);
      expect([line.id, here.calories]).toEqual([line.id, expect.closeTo(line.portion, 6)]);
    }

    // A container's volume in millilitres, as that server keeps it and the phone app reads it.
    const bottles = await src<{ name: string; volume: number; unit: string }[]>`
      select name, volume::float8, unit from public.user_water_containers
       where user_id = ${ALICE_ID} order by id`;
    expect(bottles.some((b) => b.unit !== "ml")).toBe(true);
    const containers = await (await asAlice("/api/water-containers")).json();
    for (const b of bottles) {
      const here = containers.find((c: any) => c.name === b.name);
      expect([b.name, here.volume]).toEqual([b.name, expect.closeTo(b.volume, 3)]);
    }
  }, 60_000);

  test("values: protein, carbs and fat left empty there stay not given (null), counted as nothing", async () => {
    const e = EMPTY_NUTRIENTS;
    const food = await (await asAlice(`/api/foods/${e.foodId}`)).json();
    expect(food.default_variant).toMatchObject({
      calories: 2,
      protein: null,
      carbs: null,
      fat: null,
    });
    const entries = await (await asAlice(`/api/food-entries/by-date/${e.date}`)).json();
    const coffee = entries.find((entry: any) => entry.id === e.entryId);
    expect(coffee).toMatchObject({ calories: 2, protein: null, carbs: null, fat: null });
    // The day's totals are the other lines' sums, the coffee's calories added to them.
    const summary = await (await asAlice(`/api/daily-summary?date=${e.date}`)).json();
    const eaten = (key: string) =>
      entries.reduce(
        (sum: number, x: any) => sum + ((x[key] ?? 0) * x.quantity) / x.serving_size,
        0,
      );
    for (const key of ["calories", "protein", "carbs", "fat"])
      expect([key, summary.nutrition.totals[key]]).toEqual([key, expect.closeTo(eaten(key), 6)]);
    const listed = summary.nutrition.entries.find((x: any) => x.id === e.entryId);
    expect(listed).toMatchObject({ calories: 2, protein: null });
    expect(entries.filter((x: any) => x.protein !== null).length).toBeGreaterThan(0);
  }, 60_000);

  test("a second run writes nothing", async () => {
    const again = await runImport();
    for (const [table, counts] of again.tables)
      expect([table, counts.written, counts.updated]).toEqual([table, 0, 0]);
  }, 120_000);

  test("deletions there reach the other tables; a row changed here is kept and listed", async () => {
    const gone = [
      { table: "sleep_entries", here: "sleep_entries" },
      { table: "fasting_logs", here: "fasting_logs" },
      { table: "custom_measurements", here: "custom_measurement_entries" },
      { table: "water_intake_entries", here: "water_entries" },
      { table: "meals", here: "meals" },
    ];
    const ids = new Map<string, string>();
    for (const g of gone) {
      const [row] = await src<{ id: string }[]>`
        select id::text from ${src("public." + g.table)} where user_id = ${ALICE_ID}
         order by id limit 1`;
      ids.set(g.table, row!.id);
    }
    await src`delete from public.meal_foods where meal_id = ${ids.get("meals")!}`;
    await src`delete from public.food_favorites where meal_id = ${ids.get("meals")!}`;
    for (const g of gone)
      await src`delete from ${src("public." + g.table)} where id = ${ids.get(g.table)!}`;
    // A mood entry deleted there after it was changed here stays.
    const [mood] = await src<{ id: string }[]>`
      delete from public.mood_entries
       where id = (select id from public.mood_entries where user_id = ${ALICE_ID} order by id limit 1)
      returning id::text`;
    await t.db.owner`update mood_entries set notes = 'changed here' where id = ${mood!.id}`;

    const rerun = await runImport();
    for (const g of gone) {
      expect([g.table, rerun.tables.get(g.table)?.deleted]).toEqual([g.table, 1]);
      const left = await t.db.owner`
        select 1 from ${t.db.owner(g.here)} where id = ${ids.get(g.table)!}`;
      expect([g.table, left.length]).toEqual([g.table, 0]);
    }
    const kept = await t.db.owner`select notes from mood_entries where id = ${mood!.id}`;
    expect([...kept]).toEqual([{ notes: "changed here" }]);
    expect(rerun.conflicts).toContain(
      `alice@peer.test: mood_entries ${mood!.id} deleted there but changed here since the last import; kept`,
    );
  }, 120_000);
});
