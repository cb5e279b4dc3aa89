import { addDays, daysBetween } from "../lib/user-zone.ts";

/**
 * Naegele's rule: a due date is 280 days after the last period's first day, or 266 days
 * after conception; the gestational age on a day counts from that implied period start.
 */
export function dueDateFrom(input: { lmp_date?: string | null; conception_date?: string | null }) {
  if (input.lmp_date) return addDays(input.lmp_date, 280);
  if (input.conception_date) return addDays(input.conception_date, 266);
  return null;
}

export function gestationOn(dueDate: string, day: string) {
  const totalDays = daysBetween(addDays(dueDate, -280), day);
  return {
    weeks: Math.floor(totalDays / 7),
    days: ((totalDays % 7) + 7) % 7,
    totalDays,
    daysUntilDue: daysBetween(day, dueDate),
  };
}

/** Each contraction's duration and the interval since the previous one started, in seconds. */
export function timeContractions(rows: { started_at: Date; ended_at: Date | null }[]) {
  const sorted = [...rows].sort((a, b) => a.started_at.getTime() - b.started_at.getTime());
  return sorted.map((row, i) => ({
    ...row,
    duration_seconds: row.ended_at
      ? (row.ended_at.getTime() - row.started_at.getTime()) / 1000
      : null,
    interval_seconds: i
      ? (row.started_at.getTime() - sorted[i - 1]!.started_at.getTime()) / 1000
      : null,
  }));
}
