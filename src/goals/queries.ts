import type { RangeSql } from "../database/sql-text.ts";
import type { Tx } from "../db.ts";
import { GOAL_COLUMNS, type GoalValues } from "./goal-values.ts";
import { PRESET_COLUMNS } from "./plan-queries.ts";

export type TimelineGoal = GoalValues & { id: string; goal_date: string };
export type GoalPreset = GoalValues & { id: string; preset_name: string };

// Code constants joined once: escaping the identifiers on every read (the daily summary's
// goals among them) cost more than reading the row.
const GOAL_COLUMN_LIST = GOAL_COLUMNS.join(", ");
const goalColumns = (tx: Tx) => tx.unsafe(GOAL_COLUMN_LIST);

const presentKeys = (values: GoalValues) => GOAL_COLUMNS.filter((k) => values[k] !== undefined);

/** The timeline, oldest first: each goal holds from its date until the next one's. */
export function listTimeline(tx: Tx, userId: string) {
  return tx<TimelineGoal[]>`
    select id, goal_date, ${goalColumns(tx)} from user_goals
     where user_id = ${userId} order by goal_date`;
}

/** Sets the goal that holds from `day`; only the values sent change an existing one. */
export async function setTimelineGoal(tx: Tx, userId: string, day: string, values: GoalValues) {
  const keys = presentKeys(values);
  const row = { ...values, user_id: userId, goal_date: day };
  const [saved] = await tx<TimelineGoal[]>`
    insert into user_goals ${tx(row, "user_id", "goal_date", ...keys)}
    on conflict (user_id, goal_date) do update
       set ${tx({ ...values, updated_at: tx`now()` }, ...keys, "updated_at")}
    returning id, goal_date, ${goalColumns(tx)}`;
  return saved!;
}

export async function deleteTimelineGoal(tx: Tx, userId: string, day: string) {
  const result = await tx`delete from user_goals where user_id = ${userId} and goal_date = ${day}`;
  return result.count > 0;
}

/** The goals that can apply in the range: the last one set before it and those set in it. */
export const timelineSql: RangeSql = ({ user, start, end }) => `
    select id, goal_date, ${GOAL_COLUMN_LIST} from user_goals
     where user_id = ${user} and goal_date <= ${end}
       and goal_date >= coalesce((select max(goal_date) from user_goals
                                   where user_id = ${user} and goal_date <= ${start}),
                                 '-infinity'::date)
     order by goal_date`;

/** The presets that the plans of the query named `plans` name for a weekday. */
export const presetsOfPlansSql = (user: string) => `
    select id, preset_name, ${GOAL_COLUMN_LIST} from goal_presets
     where user_id = ${user}
       and id in (select unnest(array[${PRESET_COLUMNS.join(", ")}]) from plans)`;

export function listPresets(tx: Tx, userId: string, ids?: string[]) {
  return tx<GoalPreset[]>`
    select id, preset_name, ${goalColumns(tx)} from goal_presets
     where user_id = ${userId} ${ids ? tx`and id = any(${ids}::uuid[])` : tx``}
     order by preset_name`;
}

export async function createPreset(tx: Tx, userId: string, name: string, values: GoalValues) {
  const row = { ...values, user_id: userId, preset_name: name };
  const [saved] = await tx<GoalPreset[]>`
    insert into goal_presets ${tx(row, "user_id", "preset_name", ...presentKeys(values))}
    returning id, preset_name, ${goalColumns(tx)}`;
  return saved!;
}

export async function updatePreset(
  tx: Tx,
  userId: string,
  id: string,
  change: { preset_name?: string; values: GoalValues },
) {
  const row = { ...change.values, preset_name: change.preset_name, updated_at: tx`now()` };
  const keys: (keyof typeof row)[] = presentKeys(change.values);
  if (change.preset_name) keys.push("preset_name");
  const [saved] = await tx<GoalPreset[]>`
    update goal_presets set ${tx(row, ...keys, "updated_at")}
     where user_id = ${userId} and id = ${id}
    returning id, preset_name, ${goalColumns(tx)}`;
  return saved;
}

export async function deletePreset(tx: Tx, userId: string, id: string) {
  const result = await tx`delete from goal_presets where user_id = ${userId} and id = ${id}`;
  return result.count > 0;
}
