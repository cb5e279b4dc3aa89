import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import postgres from "postgres";
import { createSession } from "../../src/credentials/sessions.ts";
import { importSource } from "./import-source.ts";
import type { ImportSummary } from "../../src/sparkyfitness-import/run/summary.ts";
import { bearer, createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";
import { realFixtureAvailable, restoreRealFixture, type RealSource } from "./real-fixture.ts";
import {
  adaptedValues,
  medicationTypeHere,
  modalityHere,
  penStatusHere,
  readVocabulary,
  scheduleTypeHere,
} from "../../src/sparkyfitness-import/source/vocabulary.ts";
import { sourceDomains, type Person } from "./real-fixture-domain-checks.ts";

// The real SparkyFitness 1.6.2 database, imported once: each domain of the fixture's README
// is read from the source rows and from this server's API, value by value, for each person.

let t: TestContext;
let source: RealSource;
let src: postgres.Sql;
let first: ImportSummary;
const people: Person[] = [];

// Without that server's secrets: these domains need neither its sealed keys nor its
// two-factor secrets.
const runImport = () => importSource(t, source, { sourceSecret: null, sourceAuthSecret: null });

describe.skipIf(!realFixtureAvailable)(
  "the real SparkyFitness 1.6.2 data, domain by domain",
  () => {
    beforeAll(async () => {
      t = await createTestContext();
      source = await restoreRealFixture();
      src = postgres(source.url, { max: 1, onnotice: () => {}, types: { date: dateAsText } });
      await addValuesNobodyUsed(src);
      first = await runImport();
      const users = await src<{ id: string; email: string }[]>`
      select id, email from public."user" order by email`;
      for (const u of users) {
        const { token } = await createSession(t.db, u.id);
        people.push({
          id: u.id,
          email: u.email,
          get: async (path: string) => {
            const res = await t.request(path, { headers: bearer(token) });
            expect([path, res.status]).toEqual([path, 200]);
            return res.json();
          },
        });
      }
    }, 180_000);

    afterAll(async () => {
      await src?.end();
      await source?.close();
      await t?.close();
    });

    test("nothing the source holds in these domains is refused", () => {
      for (const domain of sourceDomains)
        for (const table of domain.tables) {
          const counts = first.tables.get(table);
          expect([table, counts && counts.read > 0]).toEqual([table, true]);
          expect([table, counts!.written]).toEqual([table, counts!.read]);
        }
    });

    for (const domain of sourceDomains)
      test(`${domain.name}: the API answers the source's values`, async () => {
        let compared = 0;
        for (const person of people) compared += await domain.check(src, person);
        // Every person's rows were compared, not an empty list.
        expect(compared).toBeGreaterThan(0);
      });

    test("food allergens and traces come over on variants and diary entries", async () => {
      const rows = await src<{ table: string; id: string }[]>`
        select 'food_variants' as table, id::text from public.food_variants where allergens is not null
        union all
        select 'food_entries', id::text from public.food_entries where allergens is not null
        order by 1`;
      expect(rows).toHaveLength(2);
      const here = [];
      for (const r of rows)
        here.push(
          ...(await t.db.owner`
            select allergens, traces from ${t.db.owner(r.table)} where id = ${r.id}`),
        );
      expect(here).toEqual([
        { allergens: ["egg"], traces: ["sesame", "soy"] },
        { allergens: ["milk", "gluten"], traces: ["nuts"] },
      ]);
    });

    test("Garmin's HRV, respiration, SpO2, stress and body battery arrive under source garmin", async () => {
      const alice = people.find((p) => p.email === "alice@peer.test")!;
      for (const [metric, , value] of GARMIN_SERIES) {
        const { data } = await alice.get(
          `/api/generic-health/samples?metric=${metric}&startDate=2026-10-19&endDate=2026-10-21&format=columns`,
        );
        expect([metric, data.map((r: any) => [r.source, r.value])]).toEqual([
          metric,
          [["garmin", [value]]],
        ]);
      }
    });

    test("every value the source's constraints and lookup tables accept has a home here", async () => {
      const vocabulary = await src.begin("read only", (tx) => readVocabulary(tx as never));
      expect(vocabulary.modalities.sort()).toEqual([
        "duration",
        "duration_distance",
        "reps_only",
        "weight_reps",
      ]);
      expect(vocabulary.medicationTypes.map((m) => m.id)).toContain("softgel");
      expect(vocabulary.scheduleTypes).toContain("specific_days");
      const allowed = async (constraint: string) => {
        const [row] = await t.db.owner<{ def: string }[]>`
        select pg_get_constraintdef(oid) as def from pg_constraint where conname = ${constraint}`;
        return [...row!.def.matchAll(/'([^']*)'/g)].map((m) => m[1]);
      };
      const here = {
        modalities: await allowed("exercises_modality_check"),
        types: await allowed("medications_type_id_check"),
        schedules: await allowed("medication_schedules_schedule_type_id_check"),
        pens: await allowed("medication_pens_status_check"),
      };
      for (const m of vocabulary.modalities)
        expect(here.modalities).toContain(modalityHere(m, "x"));
      for (const m of vocabulary.medicationTypes) {
        // A form this server has is kept as it is; none falls back.
        expect(medicationTypeHere(m.id, m.is_injectable)).toBe(m.id);
        expect(here.types).toContain(m.id);
      }
      for (const s of vocabulary.scheduleTypes) {
        expect(scheduleTypeHere(s)).toBe(s);
        expect(here.schedules).toContain(s);
      }
      expect(adaptedValues(vocabulary)).toEqual([]);
      expect(
        adaptedValues({
          ...vocabulary,
          medicationTypes: [{ id: "lozenge", is_injectable: false }],
        }),
      ).toEqual(["medication form 'lozenge' is kept as 'other'"]);
      // Pen states as that server's API accepts them (schemas/medicationSchemas.ts).
      for (const state of ["sealed", "in_use", "finished"])
        expect(here.pens).toContain(penStatusHere(state, 1));
    });

    test("a second run writes nothing", async () => {
      const again = await runImport();
      for (const domain of sourceDomains)
        for (const table of domain.tables) expect(again.tables.has(table)).toBe(true);
      for (const [table, counts] of again.tables)
        expect([table, counts.written]).toEqual([table, 0]);
    });

    test("an edit made in the source arrives in each domain; a row changed here is kept and listed", async () => {
      // One row per domain, edited there; the sleep row is changed here as well.
      const edits = [
        { table: "water_intake_entries", here: "water_entries", column: "water_ml", value: 333 },
        {
          table: "custom_measurements",
          here: "custom_measurement_entries",
          column: "notes",
          value: "edited there",
        },
        {
          table: "custom_categories",
          here: "custom_measurement_categories",
          column: "display_name",
          value: "Edited there",
        },
        { table: "mood_entries", here: "mood_entries", column: "notes", value: "edited there" },
        {
          table: "check_in_measurements",
          here: "check_in_measurements",
          column: "weight",
          value: 70.5,
        },
        {
          table: "exercise_preset_entries",
          here: "exercise_preset_entries",
          column: "notes",
          value: "edited there",
        },
        { table: "exercises", here: "exercises", column: "description", value: "edited there" },
        { table: "fasting_logs", here: "fasting_logs", column: "fasting_type", value: "18:6" },
        {
          table: "check_in_photos",
          here: "check_in_photos",
          column: "entry_date",
          value: "2026-12-31",
        },
        { table: "pregnancy_photos", here: "pregnancy_photos", column: "notes", value: "edited" },
        { table: "sleep_entries", here: "sleep_entries", column: "sleep_score", value: 42 },
      ];
      const ids = new Map<string, string>();
      for (const e of edits) {
        const [row] = await src<{ id: string }[]>`
          select id::text from ${src("public." + e.table)} where user_id is not null
           order by id limit 1`;
        ids.set(e.table, row!.id);
        await src`update ${src("public." + e.table)} set ${src({ [e.column]: e.value })}
                   where id = ${row!.id}`;
      }
      const sleepId = ids.get("sleep_entries")!;
      await t.db.owner`update sleep_entries set sleep_score = 99 where id = ${sleepId}`;
      const [sleeper] = await src<{ email: string }[]>`
        select u.email from public.sleep_entries e join public."user" u on u.id = e.user_id
         where e.id = ${sleepId}`;
      // Two workouts logged by hand there: one edited there, one edited there and here.
      const manual = await src<{ id: string; user_id: string; email: string }[]>`
        select e.id::text, e.user_id::text, u.email from public.exercise_entries e
          join public."user" u on u.id = e.user_id
         where e.source_id is null order by e.id limit 2`;
      const [editedThere, editedBoth] = manual.map((m) => ({ ...m, here: "" }));
      for (const entry of [editedThere!, editedBoth!]) {
        await src`update public.exercise_entries set notes = 'edited there' where id = ${entry.id}`;
        const [row] = await t.db.owner<{ id: string }[]>`
          select id from exercise_entries where source_id = ${entry.id}`;
        entry.here = row!.id;
      }
      // A container (numbered afresh here) renamed there.
      const [bottle] = await src<{ id: number; user_id: string }[]>`
        update public.user_water_containers set name = 'Renamed bottle'
         where id = (select min(id) from public.user_water_containers) returning id, user_id::text`;
      // The account's profile and settings, the family grant (withdrawn there) and a
      // tracker's day, edited there.
      const [grant] = await src<{ id: string; owner: string; delegate: string }[]>`
        update public.family_access set is_active = false
         where id = (select min(id::text)::uuid from public.family_access)
        returning id::text, owner_user_id::text as owner, family_user_id::text as delegate`;
      await src`update public.profiles set bio = 'edited there' where id = ${grant!.owner}`;
      await src`update public."user" set name = 'Edited There' where id = ${grant!.owner}`;
      await src`update public.user_preferences set first_day_of_week = 3
                 where user_id = ${grant!.owner}`;
      const [day] = await src<{ user_id: string }[]>`
        update public.daily_health_metrics set total_steps = 9100
         where entry_date = '2026-10-01' returning user_id::text`;
      // The first and last samples of a day's heart rate, edited there: its two days here,
      // the first of them changed here as well.
      const edited = [
        { ...RESTING_SAMPLES[0]!, bpm: 57 },
        RESTING_SAMPLES[1]!,
        { ...RESTING_SAMPLES[2]!, bpm: 77 },
      ];
      const [samples] = await src<{ user_id: string }[]>`
        update public.health_metric_samples set samples = ${src.json(edited)}
         where entry_date = '2026-10-10' and source_provider = 'garmin' returning user_id::text`;
      const [changedDay] = await t.db.owner<{ day: string }[]>`
        update health_metric_samples set value = '{58,60}'
         where (user_id, metric, source, sample_date) = (
           select user_id, metric, source, min(sample_date) from health_metric_samples
            where user_id = ${samples!.user_id} and metric = 'heart_rate'
              and source = 'garmin' and sample_date between '2026-10-09' and '2026-10-12'
            group by user_id, metric, source)
        returning sample_date::text as day`;
      const { token } = await createSession(t.db, editedBoth!.user_id);
      const changedHere = await t.request(
        `/api/exercise-entries/${editedBoth!.here}`,
        jsonRequest("PUT", token, { notes: "changed here" }),
      );
      expect(changedHere.status).toBe(200);

      const rerun = await runImport();
      for (const e of edits.filter((e) => e.table !== "sleep_entries"))
        expect([e.table, rerun.tables.get(e.table)]).toMatchObject([
          e.table,
          { written: 0, updated: 1 },
        ]);
      expect(rerun.tables.get("sleep_entries")).toMatchObject({ written: 0, updated: 0 });
      expect(rerun.tables.get("exercise_entries")).toMatchObject({ written: 0, updated: 1 });
      expect(rerun.tables.get("user_water_containers")).toMatchObject({ written: 0, updated: 1 });
      for (const table of [
        "user",
        "profiles",
        "user_preferences",
        "family_access",
        "daily_health_metrics",
        "health_metric_samples",
      ])
        expect([table, rerun.tables.get(table)]).toMatchObject([table, { written: 0, updated: 1 }]);
      const [profile] = await t.db.owner`
        select u.name, p.bio, s.first_day_of_week from users u
          join user_profiles p on p.user_id = u.id join user_preferences s on s.user_id = u.id
         where u.id = ${grant!.owner}`;
      expect(profile).toEqual({ name: "Edited There", bio: "edited there", first_day_of_week: 3 });
      const [access] = await t.db.owner`
        select is_active from family_access
         where owner_user_id = ${grant!.owner} and delegate_user_id = ${grant!.delegate}`;
      expect(access).toEqual({ is_active: false });
      const [steps] = await t.db.owner`
        select steps from check_in_measurements
         where user_id = ${day!.user_id} and entry_date = '2026-10-01'`;
      expect(steps).toEqual({ steps: 9100 });
      const heartRate = await t.db.owner<{ value: number[] }[]>`
        select value from health_metric_samples
         where user_id = ${samples!.user_id} and metric = 'heart_rate' and source = 'garmin'
           and sample_date between '2026-10-09' and '2026-10-12' order by sample_date`;
      expect(heartRate.map((r) => r.value)).toEqual([[58, 60], [77]]);
      const renamed = await t.db.owner`
        select 1 from water_containers where user_id = ${bottle!.user_id} and name = 'Renamed bottle'`;
      expect(renamed.length).toBe(1);
      expect(rerun.conflicts.toSorted()).toEqual(
        [
          `${editedBoth!.email}: exercise_entries ${editedBoth!.here} changed here since the last import; kept`,
          `${sleeper!.email}: sleep_entries ${sleepId} changed here since the last import; kept`,
          `alice@peer.test: health_metric_samples ${samples!.user_id}/heart_rate/garmin/${changedDay!.day} changed here since the last import; kept`,
        ].toSorted(),
      );
      const notes = await t.db.owner<{ id: string; notes: string }[]>`
        select id::text, notes from exercise_entries
         where id in ${t.db.owner([editedThere!.here, editedBoth!.here])}`;
      expect(Object.fromEntries(notes.map((n) => [n.id, n.notes]))).toEqual({
        [editedThere!.here]: "edited there",
        [editedBoth!.here]: "changed here",
      });
      for (const e of edits) {
        const [row] = await t.db.owner<Record<string, unknown>[]>`
          select ${t.db.owner(e.column)} as value from ${t.db.owner(e.here)} where id = ${ids.get(e.table)!}`;
        expect([e.table, row!.value]).toEqual([
          e.table,
          e.table === "sleep_entries" ? 99 : e.value,
        ]);
      }

      const third = await runImport();
      for (const [table, counts] of third.tables)
        expect([table, counts.written, counts.updated]).toEqual([table, 0, 0]);
    }, 120_000);

    test("a row deleted there is deleted here by a re-run; one changed here is kept and listed", async () => {
      const entries = await src<{ id: string; email: string }[]>`
        select e.id::text, u.email from public.food_entries e join public."user" u on u.id = e.user_id
         where e.food_entry_meal_id is null order by e.id limit 2`;
      const [dose] = await src<{ id: string }[]>`
        select id::text from public.medication_entries order by id limit 1`;
      const [workout] = await src<{ id: string }[]>`
        select id::text from public.exercise_entries
         where exercise_name is distinct from 'Active Calories' order by id limit 1`;
      const [workoutHere] = await t.db.owner<{ id: string }[]>`
        select target_id as id from import_id_map
         where source_table = 'sparkyfitness.exercise_entries' and source_id = ${workout!.id}`;
      const [kept, gone] = entries;
      await t.db.owner`update food_entries set quantity = quantity + 1 where id = ${kept!.id}`;
      await src`delete from public.food_entries where id in ${src([kept!.id, gone!.id])}`;
      await src`delete from public.medication_entries where id = ${dose!.id}`;
      await src`delete from public.exercise_entries where id = ${workout!.id}`;

      const rerun = await runImport();
      expect(rerun.tables.get("food_entries")).toMatchObject({ deleted: 1 });
      expect(rerun.tables.get("medication_entries")).toMatchObject({ deleted: 1 });
      expect(rerun.tables.get("exercise_entries")).toMatchObject({ deleted: 1 });
      const left = await t.db.owner<{ id: string }[]>`
        select id::text from food_entries where id in ${t.db.owner([kept!.id, gone!.id])}
        union all select id::text from medication_entries where id = ${dose!.id}
        union all select id::text from exercise_entries where id = ${workoutHere!.id}`;
      expect([...left]).toEqual([{ id: kept!.id }]);
      expect(rerun.conflicts).toContain(
        `${kept!.email}: food_entries ${kept!.id} deleted there but changed here since the last import; kept`,
      );
      // Once carried, a deletion is not carried again.
      const again = await runImport();
      expect(again.tables.get("food_entries")?.deleted).toBeUndefined();
      expect(again.tables.get("medication_entries")?.deleted).toBeUndefined();
      expect(again.tables.get("exercise_entries")?.deleted).toBeUndefined();
    }, 120_000);

    test("a check-in day deleted there is deleted here; the days the daily metrics wrote stay", async () => {
      const metricsDays = () => t.db.owner<{ id: string }[]>`
        select c.id::text from check_in_measurements c join import_id_map m
          on m.target_id = c.id::text and m.source_table = 'sparkyfitness.check_in_measurements'
         where m.source_id like 'day %' order by c.id`;
      const before = await metricsDays();
      expect(before.length).toBeGreaterThan(0);
      const [day] = await src<{ id: string }[]>`
        select id::text from public.check_in_measurements order by entry_date, id limit 1`;
      await src`delete from public.check_in_measurements where id = ${day!.id}`;

      const rerun = await runImport();
      expect(rerun.tables.get("check_in_measurements")).toMatchObject({ deleted: 1 });
      const [left] = await t.db.owner<{ n: number }[]>`
        select count(*)::int as n from check_in_measurements where id = ${day!.id}`;
      expect(left!.n).toBe(0);
      expect([...(await metricsDays())]).toEqual([...before]);
      expect(rerun.conflicts.filter((c) => c.includes("check_in_measurements"))).toEqual([]);
      const again = await runImport();
      expect(again.tables.get("check_in_measurements")?.deleted).toBeUndefined();
    }, 120_000);

    test("an own meal type deleted there is deleted here, or hidden while the diary here uses it", async () => {
      const [person] = await src<{ id: string }[]>`
        select id::text from public."user" where email = 'alice@peer.test'`;
      const made = await src<{ id: string }[]>`
        insert into public.meal_types (name, user_id, sort_order)
        values ('Second breakfast', ${person!.id}, 50), ('Elevenses', ${person!.id}, 51)
        returning id::text`;
      await runImport();
      const [unused, used] = made.map((m) => m.id);
      const [entryHere] = await t.db.owner<{ id: string }[]>`
        insert into food_entries (user_id, meal_type_id, entry_date, quantity, unit, food_name,
                                  serving_size, serving_unit, calories, protein, carbs, fat)
        values (${person!.id}, ${used!}, '2026-12-02', 1, 'serving', 'Seed cake', 1, 'serving',
                200, 3, 30, 8)
        returning id::text`;
      await src`delete from public.meal_types where id in ${src([unused!, used!])}`;

      const rerun = await runImport();
      expect(rerun.tables.get("meal_types")).toMatchObject({ deleted: 1 });
      const left = await t.db.owner<{ id: string; is_visible: boolean }[]>`
        select id::text, is_visible from meal_types where id in ${t.db.owner([unused!, used!])}`;
      expect([...left]).toEqual([{ id: used!, is_visible: false }]);
      const [entry] = await t.db.owner<{ meal_type_id: string }[]>`
        select meal_type_id::text from food_entries where id = ${entryHere!.id}`;
      expect(entry!.meal_type_id).toBe(used!);
      const again = await runImport();
      expect(again.tables.get("meal_types")?.deleted).toBeUndefined();
    }, 120_000);

    test("a water container deleted there is deleted here; its drinks keep their amounts", async () => {
      const [bottle] = await src<{ id: number; user_id: string; name: string }[]>`
        select id, user_id::text, name from public.user_water_containers
         order by id desc limit 1`;
      const [hereId] = await t.db.owner<{ id: string }[]>`
        select target_id as id from import_id_map
         where source_table = 'sparkyfitness.water_containers' and source_id = ${String(bottle!.id)}`;
      const drinks = await t.db.owner<{ id: string; water_ml: number }[]>`
        select id::text, water_ml::float8 from water_entries
         where container_id = ${hereId!.id} order by id`;
      await src`update public.water_intake_entries set container_id = null
                 where container_id = ${bottle!.id}`;
      await src`delete from public.user_water_containers where id = ${bottle!.id}`;

      const rerun = await runImport();
      expect(rerun.tables.get("user_water_containers")).toMatchObject({ deleted: 1 });
      const [left] = await t.db.owner<{ n: number }[]>`
        select count(*)::int as n from water_containers where id = ${hereId!.id}`;
      expect(left!.n).toBe(0);
      const after = await t.db.owner<{ id: string; water_ml: number }[]>`
        select id::text, water_ml::float8 from water_entries
         where id in ${t.db.owner(drinks.length ? drinks.map((d) => d.id) : [crypto.randomUUID()])}
         order by id`;
      expect([...after]).toEqual([...drinks]);
      const again = await runImport();
      expect(again.tables.get("user_water_containers")?.deleted).toBeUndefined();
    }, 120_000);

    test("a food deleted there is deleted here, or hidden while the diary here still uses it", async () => {
      // Two foods whose diary rows here all came from there (every food there is in a diary).
      const there = await src<{ id: string; entries: string[] }[]>`
        select f.id::text, array(select e.id::text from public.food_entries e
                                   where e.food_id = f.id order by e.id) as entries
          from public.foods f
         where f.user_id is not null
           and not exists (select 1 from public.meal_foods m where m.food_id = f.id)
         order by f.id`;
      const here = await t.db.owner<{ id: string; entries: string[] }[]>`
        select food_id::text as id, array_agg(id::text order by id) as entries
          from food_entries where food_id is not null group by food_id`;
      const entriesHere = new Map(here.map((f) => [f.id, f.entries]));
      const fromThere = there.filter((f) =>
        (entriesHere.get(f.id) ?? []).every((id) => f.entries.includes(id)),
      );
      const [inDiary, loggedHere] = fromThere;
      const [entryHere] = await t.db.owner<{ id: string }[]>`
        insert into food_entries (user_id, food_id, meal_type_id, entry_date, quantity, unit,
                                  food_name, serving_size, serving_unit, calories, protein,
                                  carbs, fat)
        select user_id, id, (select id from meal_types where user_id is null limit 1),
               '2026-12-01', 1, 'serving', name, 1, 'serving', 100, 1, 1, 1
          from foods where id = ${loggedHere!.id} returning id::text`;
      // Deleted there with its diary rows, that are then gone here too: the food goes.
      const gone = [inDiary!.id, loggedHere!.id];
      await src`delete from public.food_entries where food_id in ${src(gone)}`;
      await src`delete from public.food_favorites where food_id in ${src(gone)}`;
      await src`delete from public.food_variants where food_id in ${src(gone)}`;
      await src`delete from public.foods where id in ${src(gone)}`;

      const rerun = await runImport();
      expect(rerun.tables.get("foods")).toMatchObject({ deleted: 1 });
      const left = await t.db.owner<{ id: string; is_quick_food: boolean }[]>`
        select id::text, is_quick_food from foods where id in ${t.db.owner(gone)}`;
      expect([...left]).toEqual([{ id: loggedHere!.id, is_quick_food: true }]);
      const entries = await t.db.owner<{ id: string }[]>`
        select id::text from food_entries where food_id in ${t.db.owner(gone)}`;
      expect([...entries]).toEqual([{ id: entryHere!.id }]);
      // The hidden food keeps its default serving only.
      const servings = await t.db.owner<{ is_default: boolean }[]>`
        select is_default from food_variants where food_id = ${loggedHere!.id}`;
      expect([...servings]).toEqual([{ is_default: true }]);
      const again = await runImport();
      expect(again.tables.get("foods")?.deleted).toBeUndefined();
    }, 120_000);

    test("an exercise deleted there is deleted here, or hidden while a workout here names it", async () => {
      // Own exercises there, in workouts there only, named here by those workouts alone.
      const there = await src<{ id: string; entries: string[] }[]>`
        select x.id::text, array(select e.id::text from public.exercise_entries e
                                   where e.exercise_id = x.id) as entries
          from public.exercises x
         where x.user_id is not null
           and exists (select 1 from public.exercise_entries e where e.exercise_id = x.id)
           and not exists (select 1 from public.workout_preset_exercises p
                            where p.exercise_id = x.id)
           and not exists (select 1 from public.workout_plan_template_assignments a
                            where a.exercise_id = x.id)
         order by x.id`;
      const here = await t.db.owner<{ id: string; n: number }[]>`
        select x.id::text, (select count(*)::int from exercise_entries e
                             where e.exercise_id = x.id) as n
          from exercises x
         where not exists (select 1 from workout_preset_exercises p where p.exercise_id = x.id)
           and not exists (select 1 from workout_plan_template_assignments a
                            where a.exercise_id = x.id)`;
      const entriesHere = new Map(here.map((x) => [x.id, x.n]));
      const [unused, inUse] = there.filter((x) => entriesHere.get(x.id) === x.entries.length);
      // A workout of the second, changed here: kept, so its exercise is still in use here.
      const [changed] = await t.db.owner<{ id: string }[]>`
        update exercise_entries set notes = 'changed here', updated_at = now()
         where id = (select id from exercise_entries where exercise_id = ${inUse!.id} limit 1)
         returning id::text`;
      const gone = [unused!.id, inUse!.id];
      await src`delete from public.exercise_entries where exercise_id in ${src(gone)}`;
      await src`delete from public.exercises where id in ${src(gone)}`;

      const rerun = await runImport();
      expect(rerun.tables.get("exercises")).toMatchObject({ deleted: 1 });
      const left = await t.db.owner<{ id: string; is_hidden: boolean }[]>`
        select id::text, is_hidden from exercises where id in ${t.db.owner(gone)}`;
      expect([...left]).toEqual([{ id: inUse!.id, is_hidden: true }]);
      const workouts = await t.db.owner<{ id: string }[]>`
        select id::text from exercise_entries where exercise_id in ${t.db.owner(gone)}`;
      expect([...workouts]).toEqual([{ id: changed!.id }]);
      // Hidden: the workout still shows it, the search and suggestions do not.
      const [owner] = await t.db.owner<{ user_id: string; name: string }[]>`
        select user_id::text, name from exercises where id = ${inUse!.id}`;
      const person = people.find((p) => p.id === owner!.user_id)!;
      const found = (await person.get(
        `/api/exercises/search?searchTerm=${encodeURIComponent(owner!.name)}`,
      )) as { id: string }[];
      expect(found.map((x) => x.id)).not.toContain(inUse!.id);
      const again = await runImport();
      expect(again.tables.get("exercises")?.deleted).toBeUndefined();
    }, 120_000);
  },
);

/**
 * Rows with values that server's schema and API accept but the people did not happen to
 * use: the other medication forms and schedule kinds (its lookup tables), a sealed vial, a
 * test result typed as free text (its API takes any), drug codes, a rating, counted and worded
 * symptoms, a symptom's stool type, and goal settings other than the defaults (as its settings
 * screen writes them).
 */
const RESTING_SAMPLES = [
  { t: "2026-10-10T12:00:00.000Z", bpm: 58 },
  { t: "2026-10-10T12:00:10.000Z", bpm: 59 },
  { t: "2026-10-11T12:00:00.000Z", bpm: 61 },
];

// Garmin's other day series, in the shapes its sync writes them there
// (healthMetricSampleWriter: {t, ...fields}); each value here, under source garmin.
const GARMIN_SERIES: [metric: string, sample: Record<string, unknown>, value: number][] = [
  ["hrv", { rmssd_ms: 48, status: "balanced" }, 48],
  ["respiration", { brpm: 14.5, context: "sleep" }, 14.5],
  ["spo2", { percentage: 96 }, 96],
  ["stress", { level: 31 }, 31],
  ["body_battery", { level: 72 }, 72],
];

async function addValuesNobodyUsed(sql: postgres.Sql) {
  const [alice] = await sql<{ id: string }[]>`
    select id from public."user" where email = 'alice@peer.test'`;
  const user = alice!.id;
  // A tracker's day (the people's phones sent none): steps on a day without a check-in.
  await sql`
    insert into public.daily_health_metrics (user_id, entry_date, source_provider, total_steps,
      active_calories)
    values (${user}, '2026-10-01', 'garmin', 8000, 410)`;
  // A day's heart rate outside any workout (the phones sent only workout samples), its
  // samples a day apart: two days here, whatever the zone.
  await sql`
    insert into public.health_metric_samples (user_id, metric, entry_date, source_provider, samples)
    values (${user}, 'heart_rate', '2026-10-10', 'garmin', ${sql.json(RESTING_SAMPLES)})`;
  // A set typed as the phone app types a cool-down (that server's API takes any word); the
  // set-details domain check compares it.
  await sql`
    update public.exercise_entry_sets set set_type = 'Cool-down'
     where id = (select max(id) from public.exercise_entry_sets)`;
  // Allergen tracking (its food forms write both lists) on a variant and a diary entry.
  await sql`
    update public.food_variants set allergens = '{milk,gluten}', traces = '{nuts}'
     where id = (select v.id from public.food_variants v join public.foods f on f.id = v.food_id
                  where f.user_id = ${user} order by v.id limit 1)`;
  await sql`
    update public.food_entries set allergens = '{egg}', traces = '{sesame,soy}'
     where id = (select id from public.food_entries where user_id = ${user} order by id limit 1)`;
  for (const [metric, sample] of GARMIN_SERIES)
    await sql`
      insert into public.health_metric_samples (user_id, metric, entry_date, source_provider,
        device_name, samples)
      values (${user}, ${metric}, '2026-10-20', 'garmin', 'Garmin Device',
              ${sql.json([{ t: "2026-10-20T12:00:00.000Z", ...sample }] as never)})`;
  const [med] = await sql<{ id: string }[]>`
    insert into public.medications (user_id, name, type_id, route_id)
    values (${user}, 'Magnesium', 'gummy', 'oral'), (${user}, 'Creatine', 'powder', 'oral')
    returning id`;
  await sql`
    insert into public.medication_schedules (medication_id, user_id, schedule_type_id,
      time_of_day, days_of_week, interval_days, day_of_month, cycle_on_days, cycle_off_days,
      start_date)
    values (${med!.id}, ${user}, 'specific_days', '21:00', '{1,3,5}', null, null, null, null, '2026-11-20'),
           (${med!.id}, ${user}, 'monthly', '09:00', null, null, 15, null, null, '2026-11-20'),
           (${med!.id}, ${user}, 'cyclic', '07:30', null, null, null, 21, 7, '2026-11-20'),
           (${med!.id}, ${user}, 'every_n_days', null, null, 2, null, null, null, '2026-11-20'),
           (${med!.id}, ${user}, 'every_n_days', null, null, 3, null, null, null, null),
           (${med!.id}, ${user}, 'taper', '08:00', null, null, null, null, null, '2026-11-20')`;
  await sql`
    insert into public.medication_pens (medication_id, user_id, kind, label, concentration_mg_ml,
      volume_ml, doses_total, status, expiry_date, reorder_flag, reorder_threshold)
    select id, user_id, 'vial', 'Spare vial', 2.5, 2, 4, 'sealed', '2027-08-31', true, 1
      from public.medications
     where user_id = ${user} and name = 'Semaglutide'`;
  await sql`
    update public.medications set ndc = '0169-4132-12', rxnorm_rxcui = '1991302'
     where user_id = ${user} and name = 'Semaglutide'`;
  await sql`
    update public.medications set effectiveness_rating = 4
     where user_id = ${user} and name = 'Metformin'`;
  await sql`
    insert into public.symptom_entries (user_id, symptom_name_snapshot, severity,
      severity_label, logged_at, entry_date, bristol_type, source)
    values (${user}, 'Constipation', 3, 'moderate', '2026-11-23T08:15:00Z', '2026-11-23', 2, 'mobile')`;
  // Its four symptom scales: a count holds the count as severity, words may hold none.
  const [hiccups] = await sql<{ id: string }[]>`
    insert into public.user_custom_symptoms (user_id, name, display_name, scale_type, unit, is_glp1_flagged)
    values (${user}, 'hiccups', 'Hiccups', 'count', 'times', true),
           (${user}, 'mood_note', null, 'text', null, false)
    returning id`;
  await sql`
    insert into public.symptom_entries (user_id, symptom_id, symptom_name_snapshot, severity,
      severity_label, logged_at, entry_date)
    values (${user}, ${hiccups!.id}, 'Hiccups', 14, null, '2026-11-24T12:00:00Z', '2026-11-24'),
           (${user}, null, 'mood_note', null, 'restless', '2026-11-24T20:00:00Z', '2026-11-24')`;
  await sql`
    update public.user_preferences set goal_mode = 'manual', goal_mode_calculation_method = 'adaptive',
           goal_mode_custom_percentage = -15, measurement_decimal_places = 2,
           add_exercise_water_to_goal = true
     where user_id = ${user}`;
  await sql`
    insert into public.cycle_test_entries (user_id, entry_date, test_type, result, notes)
    values (${user}, '2026-11-13', 'opk', 'smiley', 'digital test')`;
}

const dateAsText = {
  to: 1082,
  from: [1082],
  serialize: (v: string) => v,
  parse: (v: string) => v,
};
