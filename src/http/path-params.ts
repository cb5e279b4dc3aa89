import { HttpError } from "../errors.ts";

/** Validation of path parameters shared by domains, with messages that name the parameter. */

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is `YYYY-MM-DD` naming a day that exists (no 2026-02-30). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const parsed = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls overflowing days and months over, so a round trip exposes them.
  return (
    parsed.getUTCFullYear() === year &&
    parsed.getUTCMonth() === month - 1 &&
    parsed.getUTCDate() === day
  );
}

/** Returns `value` when it is a calendar day, otherwise a 400 naming `field`. */
export function requireCalendarDate(value: unknown, field: string): string {
  if (isCalendarDate(value)) return value;
  throw new HttpError(400, `${field} must be a real calendar day in YYYY-MM-DD format.`);
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` can be a uuid; ids that cannot are simply not found, never a SQL error. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
