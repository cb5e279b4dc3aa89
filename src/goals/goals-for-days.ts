import type { Tx } from "../db.ts";
import { resolveGoals, type DailyGoals } from "./goal-values.ts";
import { listActivePlansForRange, PRESET_COLUMNS } from "./plan-queries.ts";
import { listPresets, listTimelineForRange } from "./queries.ts";

function eachDay(start: string, end: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(start); t <= Date.parse(end); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * The goals in force on each day of the range, in three queries whatever its length: an
 * active weekly plan's preset for the weekday wins, then the latest timeline goal set on
 * or before the day, then the defaults.
 */
export async function goalsForDays(
  tx: Tx,
  userId: string,
  start: string,
  end: string,
): Promise<Map<string, DailyGoals>> {
  const [timeline, plans] = await Promise.all([
    listTimelineForRange(tx, userId, start, end),
    listActivePlansForRange(tx, userId, start, end),
  ]);
  const presetIds = [...new Set(plans.flatMap((p) => PRESET_COLUMNS.map((c) => p[c])))].filter(
    (id): id is string => typeof id === "string",
  );
  const presets = new Map(
    (presetIds.length ? await listPresets(tx, userId, presetIds) : []).map((p) => [p.id, p]),
  );
  const goals = new Map<string, DailyGoals>();
  let next = 0;
  for (const day of eachDay(start, end)) {
    while (next < timeline.length && timeline[next]!.goal_date <= day) next++;
    const plan = plans.find((p) => p.start_date <= day && (!p.end_date || p.end_date >= day));
    const presetId = plan?.[PRESET_COLUMNS[new Date(day).getUTCDay()]!];
    const preset = presetId ? presets.get(presetId) : undefined;
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
