import { HttpError } from "../errors.ts";
import { CALENDAR_DAY_MESSAGE, isCalendarDate } from "../lib/calendar-day.ts";

export { isCalendarDate };

/** Validation of path parameters shared by domains, with messages that name the parameter. */

/** Returns `value` when it is a calendar day, otherwise a 400 naming `field`. */
export function requireCalendarDate(value: unknown, field: string): string {
  if (isCalendarDate(value)) return value;
  throw new HttpError(400, `${field} ${CALENDAR_DAY_MESSAGE}.`);
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` can be a uuid; ids that cannot are simply not found, never a SQL error. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
