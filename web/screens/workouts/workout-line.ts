import type { Units, Workout } from "../../api/types.ts";
import { formatDay, formatDuration } from "../../lib/dates.ts";
import { formatDistance, number } from "../../lib/units.ts";
import { t } from "../../i18n/i18n.ts";

/** A day's item as the v2 by-date read answers it: a logged session, or a single workout. */
export type DayItem =
  | { type: "preset"; id: string; name: string; exercises: Workout[] }
  | (Workout & { type: "individual" });

/** The item's first workout (the one its link opens) and its title. */
export function workoutTitle(item: DayItem): { first: Workout; title: string } {
  const first = item.type === "preset" ? item.exercises[0]! : item;
  const title = item.type === "preset" ? item.name : first.title;
  return { first, title: title ?? first.exercise_name };
}

/**
 * The day and the workout's figures, a session's summed over its exercises; a session also
 * names its exercises (its minutes and kcal alone do not tell one session from another), a
 * single workout without figures its kind.
 */
export function workoutLine(item: DayItem, u: Units): string {
  const entries = item.type === "preset" ? item.exercises : [item];
  const total = (of: (w: Workout) => number | null) =>
    entries.reduce((sum, w) => sum + (of(w) ?? 0), 0);
  const parts = [formatDay(entries[0]!.entry_date, "short")];
  const seconds = total((w) => w.duration_seconds);
  const km = total((w) => w.distance);
  const kcal = total((w) => w.calories_burned);
  if (seconds) parts.push(formatDuration(seconds));
  if (km) parts.push(formatDistance(km * 1000, u));
  if (kcal) parts.push(t("diary.kcal", { kcal: number(kcal, 0) }));
  if (item.type === "preset") parts.push(entries.map((e) => e.exercise_name).join(" + "));
  else if (parts.length === 1) parts.push(item.activity_type ?? t("workouts.strength"));
  return parts.join(" · ");
}
