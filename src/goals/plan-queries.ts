import type { RangeSql } from "../database/sql-text.ts";
import type { Tx } from "../db.ts";

export const WEEKDAYS = [
  "sunday",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
] as const;
type PresetColumn = `${(typeof WEEKDAYS)[number]}_preset_id`;
export const PRESET_COLUMNS = WEEKDAYS.map((d) => `${d}_preset_id` as PresetColumn);

export type PlanFields = {
  plan_name: string;
  start_date: string;
  end_date: string | null;
  is_active: boolean;
} & Partial<Record<PresetColumn, string | null>>;
export type WeeklyPlan = PlanFields & { id: string };

const PLAN_KEYS = ["plan_name", "start_date", "end_date", "is_active", ...PRESET_COLUMNS] as const;
const COLUMNS = `id, ${PLAN_KEYS.join(", ")}`;
const columns = (tx: Tx) => tx.unsafe(COLUMNS);
const present = (fields: Partial<PlanFields>) => PLAN_KEYS.filter((k) => fields[k] !== undefined);

export function listPlans(tx: Tx, userId: string) {
  return tx<WeeklyPlan[]>`
    select ${columns(tx)} from weekly_goal_plans where user_id = ${userId} order by start_date`;
}

/** Active plans overlapping the range, latest start first (the latest wins on a day). */
export const activePlansSql: RangeSql = ({ user, start, end }) => `
    select ${COLUMNS} from weekly_goal_plans
     where user_id = ${user} and is_active and start_date <= ${end}
       and (end_date is null or end_date >= ${start})
     order by start_date desc`;

export async function createPlan(tx: Tx, userId: string, fields: PlanFields) {
  const [saved] = await tx<WeeklyPlan[]>`
    insert into weekly_goal_plans ${tx({ ...fields, user_id: userId }, "user_id", ...present(fields))}
    returning ${columns(tx)}`;
  return saved!;
}

export async function updatePlan(tx: Tx, userId: string, id: string, fields: Partial<PlanFields>) {
  const [saved] = await tx<WeeklyPlan[]>`
    update weekly_goal_plans set ${tx({ ...fields, updated_at: tx`now()` }, ...present(fields), "updated_at")}
     where user_id = ${userId} and id = ${id}
    returning ${columns(tx)}`;
  return saved;
}

export async function deletePlan(tx: Tx, userId: string, id: string) {
  const result = await tx`delete from weekly_goal_plans where user_id = ${userId} and id = ${id}`;
  return result.count > 0;
}
