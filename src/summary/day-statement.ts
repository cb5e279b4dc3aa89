import type { UnsafeQueryOptions } from "postgres";
import type { RangeSql } from "../database/sql-text.ts";
import { bytesOf, type ColumnBytes } from "../database/column-bytes.ts";
import type { Tx } from "../db.ts";
import { sessionsOfDaySql, type SessionRow } from "../exercises/session-view.ts";
import { goalSourcesSql, type GoalSources } from "../goals/goals-for-days.ts";
import { sleepTimesSql, type SleepTimesRow } from "../trackers/sleep-queries.ts";
import { entriesOfDaySql, type EntryView } from "../workouts/read-queries.ts";
import { NUTRIENTS, type NutrientTotals } from "./nutrients.ts";
import {
  activeCaloriesSql,
  bodySql,
  exerciseSql,
  waterSql,
  type BodyRow,
  type DayFigure,
  type ExerciseRow,
} from "./sections.ts";
import { syncedNutrientColumn } from "./synced-nutrition.ts";

/** What one day's summary is made of, read in one statement (see readDay). */
export type DayRow = {
  /**
   * The JSON of the food eaten, as the phone app lists it (diary entries, then synced): the
   * bytes PostgreSQL sent, passed through to the answer without being decoded.
   */
  entries: Uint8Array<ArrayBuffer>;
  totals: NutrientTotals;
  meals: Record<string, NutrientTotals>;
  goals: GoalSources;
  exercise: ExerciseRow[];
  active: DayFigure[];
  water: DayFigure[];
  body: BodyRow[];
  sleep: (SleepTimesRow & { entry_date: string })[];
  /** The exercise screens' day (daySessionStatements), instants as JSON text. */
  day_entries: EntryView[];
  day_sessions: SessionRow[];
};

const list = (item: (n: (typeof NUTRIENTS)[number]) => string) => NUTRIENTS.map(item).join(", ");

/** A diary entry as listed: the row with its meal's name and one serving's nutrients. */
const DIARY_ENTRY = `f.id, f.entry_date, lower(coalesce(m.name, 'snacks')) as meal_type,
  f.meal_type_id, f.food_id, f.variant_id, f.food_name, f.brand_name, f.quantity, f.unit,
  f.serving_size, f.serving_unit, f.entry_time, f.source, ${list((n) => `f.${n}`)}`;
/** What was eaten: one serving's nutrients times quantity / serving_size. */
const DIARY_EATEN = list((n) => `f.${n} * (f.quantity / f.serving_size) as ${n}`);

// One serving of what the phone recorded, in the phone app's FoodEntry shape: the four totals
// the app always shows are numbers, the other nutrients only when sent (nulls stripped).
const ALWAYS_SHOWN: readonly string[] = ["calories", "protein", "carbs", "fat"];
const SYNCED_ENTRY = `s.id, lower(coalesce(s.meal_type, 'snacks')) as meal_type, 1 as quantity,
  'serving' as unit, coalesce(s.food_name, 'Synced food') as food_name, s.entry_date,
  1 as serving_size, ${list((n) => {
    const column = `s.${syncedNutrientColumn(n)}`;
    return ALWAYS_SHOWN.includes(n) ? `coalesce(${column}, 0) as ${n}` : `${column} as ${n}`;
  })}, s.source`;
const SYNCED_EATEN = list((n) => `s.${syncedNutrientColumn(n)} as ${n}`);

/**
 * Totals per nutrient added up in the order the items are listed, as JavaScript adds them
 * (floating-point sums depend on the order): the same figures to the last digit.
 */
const TOTALS = `json_build_object(${list((n) => `'${n}', coalesce(sum(${n} order by i), 0)`)})`;

// One day's reads: whose data and which day, from the transaction's settings (see readDay).
const ON_DAY = "current_setting('app.day')::date";
const DAY = { user: "current_setting('app.user_id')::uuid", start: ON_DAY, end: ON_DAY };
const rows = (select: RangeSql) => `(select coalesce(json_agg(r), '[]') from (${select(DAY)}) r)`;

/**
 * Everything one day's summary shows, in one statement: the food eaten (its list as JSON
 * text, totals per day and meal), and the rows each summary section reads for the day (see
 * sections.ts), each a JSON array. Its text is joined once, here.
 */
const DAY_SQL = `
    with eaten as (
      select *, row_number() over (order by source, n) as i from (
        select 0 as source, row_number() over (order by f.created_at) as n, e.meal_type,
               to_json(e) as entry, ${DIARY_EATEN}
          from food_entries f left join meal_types m on m.id = f.meal_type_id
         cross join lateral (select ${DIARY_ENTRY}) e
         where f.user_id = ${DAY.user} and f.entry_date = ${DAY.start}
        union all
        select 1, row_number() over (order by s.logged_at nulls first), e.meal_type,
               json_strip_nulls(to_json(e)), ${SYNCED_EATEN}
          from nutrition_sync_entries s
         cross join lateral (select ${SYNCED_ENTRY}) e
         where s.user_id = ${DAY.user} and s.entry_date = ${DAY.start}) items
    ),
    meals as (
      select meal_type, min(i) as first, ${TOTALS} as totals from eaten group by meal_type
    )
    select
      (select '[' || coalesce(string_agg(entry::text, ',' order by i), '') || ']'
         from eaten) as entries,
      (select ${TOTALS} from eaten) as totals,
      (select coalesce(json_object_agg(meal_type, totals order by first), '{}')
         from meals) as meals,
      ${goalSourcesSql(DAY)} as goals,
      ${rows(exerciseSql)} as exercise,
      ${rows(activeCaloriesSql)} as active,
      ${rows(waterSql)} as water,
      ${rows(bodySql)} as body,
      ${rows(sleepTimesSql)} as sleep,
      ${rows(entriesOfDaySql)} as day_entries,
      ${rows(sessionsOfDaySql)} as day_sessions`;

/**
 * Reads one day's summary (see DAY_SQL) for the user the transaction runs for: the setting of
 * the day, then the prepared statement, whose second answer is its columns' bytes.
 *
 * The statement takes no parameters. postgres.js finds a prepared statement by its text
 * joined to its parameters' types, a new 13 KB string to copy and hash on every call (4% of
 * the summary's CPU); with no parameters the key is the text itself, found at once.
 */
export function readDay(tx: Tx, date: string) {
  return [
    tx`select set_config('app.day', ${date}, true)`,
    // Without parameters postgres.js would send it unprepared, by the simple protocol.
    bytesOf(tx.unsafe(DAY_SQL, [], { prepare: true, simple: false } as UnsafeQueryOptions)),
  ] as const;
}

const utf8 = new TextDecoder();

/** The row readDay read: the food list as PostgreSQL's bytes, every other column parsed. */
export function dayRowOf(read: ColumnBytes): DayRow {
  const [values] = read;
  const row = read.columns.map(({ name }, i) => {
    const bytes = values![i]!;
    return [name, name === "entries" ? bytes : JSON.parse(utf8.decode(bytes))];
  });
  return Object.fromEntries(row) as DayRow;
}
