import type { Tx } from "../db.ts";
import { addDays, daysBetween } from "../trackers/day-range.ts";
import { deriveFigures, emptyDay, type DaySummary } from "./day-summary.ts";
import { summarySections } from "./sections.ts";

export type DayWithFigures = DaySummary & ReturnType<typeof deriveFigures>;

/**
 * The summary of every day from start to end: each section reads the whole range once,
 * so the cost follows the range asked for, not the length of the history.
 */
export async function buildDays(
  tx: Tx,
  userId: string,
  start: string,
  end: string,
): Promise<DayWithFigures[]> {
  const fillers = await Promise.all(summarySections.map((read) => read(tx, userId, start, end)));
  const days: DayWithFigures[] = [];
  for (let i = 0; i <= daysBetween(start, end); i++) {
    const day = emptyDay(addDays(start, i));
    for (const fill of fillers) fill(day);
    days.push({ ...day, ...deriveFigures(day) });
  }
  return days;
}
