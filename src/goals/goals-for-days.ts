import { readBatched } from "../database/batched-reads.ts";
import { inRange, type RangeSql } from "../database/sql-text.ts";
import type { Tx } from "../db.ts";
import { resolveGoals, type DailyGoals } from "./goal-values.ts";
import { activePlansSql, PRESET_COLUMNS, type WeeklyPlan } from "./plan-queries.ts";
import { presetsOfPlansSql, timelineSql, type GoalPreset, type TimelineGoal } from "./queries.ts";

function eachDay(start: string, end: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(start); t <= Date.parse(end); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/** What a range's goals are resolved from: the timeline, the active plans and their presets. */
export type GoalSources = { timeline: TimelineGoal[]; plans: WeeklyPlan[]; presets: GoalPreset[] };

/**
 * The goal sources of a range as one JSON value (a select-list item, see GoalSources): the
 * presets read in the same statement as the plans naming them.
 */
export const goalSourcesSql: RangeSql = (range) => `(
    with plans as (${activePlansSql(range)})
    select json_build_object(
      'timeline', (select coalesce(json_agg(t), '[]') from (${timelineSql(range)}) t),
      'plans', (select coalesce(json_agg(p), '[]') from plans p),
      'presets', (select coalesce(json_agg(g), '[]') from (${presetsOfPlansSql(range.user)}) g)))`;

/** The goals in force on each day of the range (see goalsOnDays), in one read. */
export async function goalsForDays(
  tx: Tx,
  userId: string,
  start: string,
  end: string,
): Promise<Map<string, DailyGoals>> {
  const [row] = await readBatched<{ sources: GoalSources }>(
    tx,
    selectGoalSources(tx, userId, start, end),
  );
  return goalsOnDays(start, end, row!.sources);
}

/** The statement that reads a range's goal sources (one row, its `sources`: GoalSources). */
export function selectGoalSources(tx: Tx, userId: string, start: string, end: string) {
  return tx`
    select ${inRange(tx, goalSourcesSql, userId, start, end)} as sources`;
}

/**
 * The goals of each day of the range: an active weekly plan's preset for the weekday wins,
 * then the latest timeline goal set on or before the day, then the defaults. `timeline` is
 * oldest first, `plans` latest start first.
 */
export function goalsOnDays(
  start: string,
  end: string,
  { timeline, plans, presets }: GoalSources,
): Map<string, DailyGoals> {
  const presetsById = new Map(presets.map((p) => [p.id, p]));
  const goals = new Map<string, DailyGoals>();
  let next = 0;
  for (const day of eachDay(start, end)) {
    while (next < timeline.length && timeline[next]!.goal_date <= day) next++;
    const plan = plans.find((p) => p.start_date <= day && (!p.end_date || p.end_date >= day));
    const presetId = plan?.[PRESET_COLUMNS[new Date(day).getUTCDay()]!];
    const preset = presetId ? presetsById.get(presetId) : undefined;
    if (plan && preset) {
      goals.set(day, resolveGoals(preset, "weekly_plan", plan.start_date));
      continue;
    }
    const set = next > 0 ? timeline[next - 1]! : null;
    goals.set(
      day,
      set ? resolveGoals(set, "timeline", set.goal_date) : resolveGoals(null, "default", null),
    );
  }
  return goals;
}
