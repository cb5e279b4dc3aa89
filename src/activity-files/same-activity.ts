import type { Tx } from "../db.ts";
import type { Activity } from "./activity.ts";
import { GENERIC_ACTIVITY } from "./sport-names.ts";
import { FILE_SOURCE } from "./to-workout.ts";

/**
 * One activity reaches the importer as several files: the watch's FIT, the GPX or TCX a
 * service exports of it, a copy with a byte changed. They are told apart from another
 * activity by what they record, not by their bytes: the same sport (or one of them without
 * a sport) starting within a few minutes, the two spans overlapping for most of the shorter.
 */

// A TCX lap's start, a FIT session's and a GPX file's first point differ by seconds.
const START_TOLERANCE_MS = 5 * 60_000;
const MIN_OVERLAP = 0.8;

/** What a file recorded, by kind; the file recording more kinds is the richer. */
export type FileRecord = { file: string; recorded: string[] };

const CHANNELS = ["hr", "cad", "power", "alt", "speed", "dist"] as const;

/** The kinds of data an activity's file recorded: GPS, each channel, laps, device totals. */
export function recordedKinds(activity: Activity): string[] {
  const s = activity.samples;
  const kinds: string[] = [];
  if (s.lat.some((v) => v !== null)) kinds.push("gps");
  for (const channel of CHANNELS) if (s[channel].some((v) => v !== null)) kinds.push(channel);
  if (activity.laps.length) kinds.push("laps");
  if (activity.durationSeconds !== null) kinds.push("duration");
  if (activity.distanceMeters !== null) kinds.push("distance");
  if (activity.calories !== null) kinds.push("calories");
  return kinds;
}

export type SameActivity = {
  id: string;
  entry_date: string;
  file: FileRecord | null;
};

/** The user's entry imported from another file of this activity, if there is one. */
export async function findSameActivity(
  tx: Tx,
  userId: string,
  activity: Activity,
): Promise<SameActivity | undefined> {
  const start = activity.start.getTime();
  const end = activity.end?.getTime() ?? start + (activity.durationSeconds ?? 0) * 1000;
  const generic = activity.sport === GENERIC_ACTIVITY;
  const candidates = await tx<(SameActivity & { start_ms: number; end_ms: number })[]>`
    select id, to_char(entry_date, 'YYYY-MM-DD') as entry_date,
           raw_data -> 'activity_file' as file,
           extract(epoch from start_time) * 1000 as start_ms,
           extract(epoch from coalesce(end_time,
             start_time + make_interval(secs => coalesce(duration_seconds, 0)))) * 1000 as end_ms
      from exercise_entries
     where user_id = ${userId} and source = ${FILE_SOURCE}
       and start_time between ${new Date(start - START_TOLERANCE_MS)}
                          and ${new Date(start + START_TOLERANCE_MS)}
       and (${generic} or activity_type in (${activity.sport}, ${GENERIC_ACTIVITY}))
     order by abs(extract(epoch from start_time) * 1000 - ${start})`;
  return candidates.find((c) => {
    const overlap = Math.min(end, c.end_ms) - Math.max(start, c.start_ms);
    const shorter = Math.min(end - start, c.end_ms - c.start_ms);
    return shorter <= 0 ? overlap >= 0 : overlap >= MIN_OVERLAP * shorter;
  });
}

/** Whether the new file records more kinds of data than the one the entry came from. */
export function isRicher(recorded: string[], existing: FileRecord | null): boolean {
  return recorded.length > (existing?.recorded.length ?? 0);
}
