import { addDays } from "../../lib/dates.ts";

/**
 * Days in a row, up to `day`, on which `done` holds. A day not yet done does not break the
 * streak on that day itself (it can still be logged), so the count then ends the day before.
 */
export function streak(doneDays: Set<string>, day: string): number {
  let cursor = doneDays.has(day) ? day : addDays(day, -1);
  let count = 0;
  while (doneDays.has(cursor)) {
    count++;
    cursor = addDays(cursor, -1);
  }
  return count;
}

/** Whether the local time now is at or past a reminder's HH:MM. */
export function isPast(time: string | null | undefined, now: Date): boolean {
  if (!time) return false;
  const [h, m] = time.split(":").map(Number) as [number, number];
  return now.getHours() * 60 + now.getMinutes() >= h * 60 + m;
}
