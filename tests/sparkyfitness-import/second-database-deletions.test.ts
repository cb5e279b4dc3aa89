import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type postgres from "postgres";
import { importSource, openImportSetup, type ImportSetup } from "./import-source.ts";
import type { TestContext } from "../helpers/test-app.ts";
import { restoreSecondFixture, secondFixtureAvailable, type RealSource } from "./real-fixture.ts";

// Deletions a re-run carries for the Garmin data of the second real database (the first has
// no daily metrics and no day samples): the daily metrics' steps and active calories, and the
// samples of a day. ava is in Australia/Sydney (UTC+10 from 2026-04-05): a source row's
// samples reach into the next day here.

const AVA = { id: "853ea3c9-373e-4b71-ba65-4ba6af7fccce", email: "ava@second.test" };

let setup: ImportSetup;
let t: TestContext;
let source: RealSource;
let src: postgres.Sql;

const runImport = () => importSource(t, source, { sourceSecret: null, sourceAuthSecret: null });
const conflict = (table: string, id: string) =>
  `${AVA.email}: ${table} ${id} deleted there but changed here since the last import; kept`;

describe.skipIf(!secondFixtureAvailable)("deletions carried from the second real database", () => {
  beforeAll(async () => {
    setup = await openImportSetup(restoreSecondFixture);
    ({ t, source, src } = setup);
    // Three days a tracker sent without a check-in there: their steps make check-ins here.
    await src`
      insert into public.daily_health_metrics (user_id, entry_date, source_provider,
        total_steps, active_calories)
      values (${AVA.id}, '2026-04-09', 'garmin', 9001, 301),
             (${AVA.id}, '2026-04-10', 'garmin', 9002, 302),
             (${AVA.id}, '2026-04-11', 'garmin', 9003, 303)`;
    await runImport();
  }, 120_000);

  afterAll(() => setup?.close());

  test("a day's metrics deleted there take their steps and active calories here", async () => {
    const checkIns = () => t.db.owner<
      { entry_date: string; weight: number | null; steps: number | null }[]
    >`
      select entry_date::text, weight, steps from check_in_measurements
       where user_id = ${AVA.id} and entry_date between '2026-04-08' and '2026-04-11'
       order by entry_date`;
    expect([...(await checkIns())]).toEqual([
      { entry_date: "2026-04-08", weight: null, steps: 10960 },
      { entry_date: "2026-04-09", weight: null, steps: 9001 },
      { entry_date: "2026-04-10", weight: null, steps: 9002 },
      { entry_date: "2026-04-11", weight: null, steps: 9003 },
    ]);
    // Here, a weight on the 10th (its steps untouched) and other steps on the 11th.
    await t.db.owner`update check_in_measurements set weight = 62.5
                      where user_id = ${AVA.id} and entry_date = '2026-04-10'`;
    const [changed] = await t.db.owner<{ id: string }[]>`
      update check_in_measurements set steps = 9500
       where user_id = ${AVA.id} and entry_date = '2026-04-11' returning id::text`;
    // The 8th came with its check-in there, which stays.
    await src`delete from public.daily_health_metrics
               where user_id = ${AVA.id} and entry_date between '2026-04-08' and '2026-04-11'`;

    const rerun = await runImport();
    // The steps of the 9th and 10th, the calories of all four days.
    expect(rerun.tables.get("daily_health_metrics")).toMatchObject({ deleted: 6 });
    expect(rerun.tables.get("check_in_measurements")?.deleted).toBeUndefined();
    expect([...(await checkIns())]).toEqual([
      { entry_date: "2026-04-08", weight: null, steps: 10960 },
      { entry_date: "2026-04-10", weight: 62.5, steps: null },
      { entry_date: "2026-04-11", weight: null, steps: 9500 },
    ]);
    expect(rerun.conflicts).toContain(conflict("check_in_measurements", changed!.id));
    // The daily metrics' (Garmin's own "Active Calories" workouts are theirs).
    const calories = await t.db.owner<{ entry_date: string }[]>`
      select entry_date::text from active_calories_entries
       where user_id = ${AVA.id} and source = 'sparkyfitness'
         and entry_date between '2026-04-07' and '2026-04-11'`;
    expect([...calories]).toEqual([{ entry_date: "2026-04-07" }]);
    const again = await runImport();
    expect(again.tables.get("daily_health_metrics")?.deleted).toBeUndefined();
  }, 120_000);

  test("a day's samples deleted there go here, from each day here they reached", async () => {
    const days = (metric: string) => t.db.owner<{ day: string; values: number[] }[]>`
      select sample_date::text as day, value as values from health_metric_samples
       where user_id = ${AVA.id} and metric = ${metric} and source = 'garmin'
         and sample_date between '2026-04-08' and '2026-04-09' order by sample_date`;
    const samples = async (day: string, metric: string) => {
      const [row] = await src<{ samples: Record<string, unknown>[] }[]>`
        select samples from public.health_metric_samples
         where user_id = ${AVA.id} and metric = ${metric} and source_provider = 'garmin'
           and entry_date = ${day}`;
      return row!.samples;
    };
    // Those of the 7th after 14:00 UTC are on the 8th here (midnight in Sydney).
    const late = (list: Record<string, unknown>[], key: string) =>
      list
        .filter((s) => Date.parse(String(s.t)) >= Date.parse("2026-04-07T14:00:00Z"))
        .map((s) => Number(s[key]));
    const heartRate = late(await samples("2026-04-07", "heart_rate"), "bpm");
    const stress = late(await samples("2026-04-07", "stress"), "level");
    expect((await days("heart_rate")).map((d) => d.day)).toEqual(["2026-04-08", "2026-04-09"]);
    // The stress of the 9th here (all from the 8th there) is changed here.
    await t.db.owner`update health_metric_samples set value = '{1,2,3}'
                      where user_id = ${AVA.id} and metric = 'stress' and sample_date = '2026-04-09'`;
    await src`delete from public.health_metric_samples
               where user_id = ${AVA.id} and source_provider = 'garmin' and entry_date = '2026-04-08'
                 and metric in ('heart_rate', 'stress')`;

    const rerun = await runImport();
    // Heart rate: the 9th here goes, the 8th keeps the 7th's samples only; stress: the 8th
    // likewise, the 9th is kept and listed.
    expect(rerun.tables.get("health_metric_samples")).toMatchObject({ updated: 2, deleted: 1 });
    expect([...(await days("heart_rate"))]).toEqual([{ day: "2026-04-08", values: heartRate }]);
    expect([...(await days("stress"))]).toEqual([
      { day: "2026-04-08", values: stress },
      { day: "2026-04-09", values: [1, 2, 3] },
    ]);
    expect(rerun.conflicts).toContain(
      conflict("health_metric_samples", `${AVA.id}/stress/garmin/2026-04-09`),
    );
    const again = await runImport();
    expect(again.tables.get("health_metric_samples")).toMatchObject({ written: 0, updated: 0 });
    expect(again.tables.get("health_metric_samples")?.deleted).toBeUndefined();
  }, 120_000);
});
