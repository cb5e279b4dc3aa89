import { z } from "@hono/zod-openapi";

/** Calendar days: one definition for every route, body and query in the project. */

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Days people live in: anything outside is a typo, and would overflow date arithmetic. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2200;

/**
 * Whether `value` has a calendar day's shape, real or not: for inputs that may hold a day or
 * a full time (health records), telling which one was meant before checking it.
 */
export function hasCalendarDayShape(value: unknown): value is string {
  return typeof value === "string" && DAY_PATTERN.test(value);
}

/** Whether `value` is `YYYY-MM-DD` naming a day that exists (no 2026-02-30) in a range people live in. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < FIRST_YEAR || year > LAST_YEAR) return false;
  const parsed = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls overflowing days and months over, so a round trip exposes them.
  return (
    parsed.getUTCFullYear() === year &&
    parsed.getUTCMonth() === month - 1 &&
    parsed.getUTCDate() === day
  );
}

export const CALENDAR_DAY_MESSAGE = `must be a real calendar day in YYYY-MM-DD format (years ${FIRST_YEAR} to ${LAST_YEAR})`;

/**
 * The zod schema for a calendar day in a path, query or body. A failure is a 400 naming
 * the field through the one onError.
 */
export const calendarDay = z
  .string()
  .refine(isCalendarDate, { message: CALENDAR_DAY_MESSAGE })
  .openapi({ type: "string", format: "date", example: "2026-01-31" });
