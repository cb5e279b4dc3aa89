import type { Tx } from "../db.ts";
import { estimateCalories, latestWeightKg } from "../exercises/calories.ts";
import type { Activity } from "./activity.ts";

// MET values of the Compendium of Physical Activities; running and cycling by speed.
const STEADY_MET: Record<string, number> = {
  Walking: 3.5,
  Hiking: 6,
  Swimming: 7,
  Rowing: 7,
  "Cross-Country Skiing": 9,
  "Downhill Skiing": 5.3,
};
const OTHER_MET = 5;

/** The MET of an activity at its average speed (km/h; null when unknown). */
function activityMet(sport: string, kmh: number | null): number {
  if (sport === "Running") return kmh ? Math.max(6, kmh) : 9.8;
  if (sport === "Cycling") {
    if (!kmh) return 7.5;
    return kmh < 16 ? 4 : kmh < 19 ? 6.8 : kmh < 22 ? 8 : kmh < 25 ? 10 : 12;
  }
  return STEADY_MET[sport] ?? OTHER_MET;
}

/**
 * The file's own calories, else (a GPX file records none) an estimate from its sport, speed
 * and duration (the file's, else its track's) and the user's weight on that day.
 */
export async function caloriesOf(
  tx: Tx,
  userId: string,
  activity: Activity,
  track: { t: number[]; dist: number[] },
): Promise<number | null> {
  if (activity.calories != null) return activity.calories;
  const seconds =
    activity.durationSeconds ?? (track.t.length > 1 ? (track.t.at(-1)! - track.t[0]!) / 1000 : 0);
  if (!seconds) return null;
  const metres = activity.distanceMeters ?? track.dist.at(-1) ?? 0;
  const kmh = metres ? metres / 1000 / (seconds / 3600) : null;
  const weightKg = await latestWeightKg(tx, userId, activity.start.toISOString().slice(0, 10));
  return estimateCalories(activityMet(activity.sport, kmh), weightKg, seconds / 60) || null;
}
