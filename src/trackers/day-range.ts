import { z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { calendarDay } from "../lib/calendar-day.ts";

/** Ranges longer than this are refused: ten years is more than any screen shows. */
export const MAX_RANGE_DAYS = 3660;

/** `?date=` for one day, or `?startDate=&endDate=` for a range (both inclusive). */
export const dayOrRangeQuery = z.object({
  date: calendarDay.optional(),
  startDate: calendarDay.optional(),
  endDate: calendarDay.optional(),
});

/** `?startDate=&endDate=`, both required. */
export const rangeQuery = z.object({ startDate: calendarDay, endDate: calendarDay });

export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000);
}

/** The first and last day asked for, checked: in order and not too long. */
export function resolveRange(query: z.infer<typeof dayOrRangeQuery>): [string, string] {
  if (query.date) return [query.date, query.date];
  if (!query.startDate || !query.endDate) {
    throw new HttpError(400, "date, or startDate and endDate, is required.");
  }
  return checkRange(query.startDate, query.endDate);
}

export function checkRange(start: string, end: string): [string, string] {
  if (start > end) throw new HttpError(400, "startDate must not be after endDate.");
  if (daysBetween(start, end) >= MAX_RANGE_DAYS) {
    throw new HttpError(400, `A range may span at most ${MAX_RANGE_DAYS} days.`);
  }
  return [start, end];
}

/** The day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);
}
