import { addDays, daysBetween } from "../database/user-zone.ts";

/**
 * Naegele's rule: a due date is 280 days after the last period's first day, or 266 days
 * after conception; the gestational age on a day counts from that implied period start.
 */
export function dueDateFrom(input: { lmp_date?: string | null; conception_date?: string | null }) {
  if (input.lmp_date) return addDays(input.lmp_date, 280);
  if (input.conception_date) return addDays(input.conception_date, 266);
  return null;
}

const TERM_DAYS = 280;

/**
 * The gestational age on a day, in this server's fields (weeks, days, daysUntilDue) and the
 * phone app's GestationalAge (week, day, trimester, daysRemaining, progress 0-1 of the term).
 */
export function gestationOn(dueDate: string, day: string) {
  const totalDays = daysBetween(addDays(dueDate, -TERM_DAYS), day);
  const weeks = Math.floor(totalDays / 7);
  const days = ((totalDays % 7) + 7) % 7;
  const daysUntilDue = daysBetween(day, dueDate);
  return {
    weeks,
    days,
    totalDays,
    daysUntilDue,
    week: Math.max(0, weeks),
    day: totalDays < 0 ? 0 : days,
    trimester: weeks < 13 ? 1 : weeks < 27 ? 2 : 3,
    daysRemaining: daysUntilDue,
    progress: Math.min(1, Math.max(0, totalDays / TERM_DAYS)),
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
