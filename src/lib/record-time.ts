import { hasCalendarDayShape, isCalendarDate } from "./calendar-day.ts";
import { RecordError, type HealthRecord } from "./ingest-types.ts";

/** A fixed offset from UTC, or an IANA zone name. */
export type RecordZone = { kind: "iana"; name: string } | { kind: "offset"; minutes: number };

// Building an Intl.DateTimeFormat costs ~25 µs, formatting with one ~2 µs: a sync of
// hundreds of records would spend milliseconds building formatters, so each zone's is kept.
// The cap bounds memory when clients send arbitrary (invalid) zone names.
const MAX_CACHED_ZONES = 1000;
const formatters = new Map<string, Intl.DateTimeFormat | null>();

function zoneFormatter(name: string): Intl.DateTimeFormat | null {
  let formatter = formatters.get(name);
  if (formatter !== undefined) return formatter;
  try {
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone: name,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
  } catch {
    formatter = null;
  }
  if (formatters.size >= MAX_CACHED_ZONES) formatters.clear();
  formatters.set(name, formatter);
  return formatter;
}

export function isValidTimeZone(name: string): boolean {
  return zoneFormatter(name) !== null;
}

/** The zone a record's days and wall-clock times are computed in: record_timezone, else record_utc_offset_minutes, else the profile's. */
export function recordZone(record: HealthRecord, profileTimezone: string): RecordZone {
  const tz = record.record_timezone;
  if (typeof tz === "string" && tz !== "" && isValidTimeZone(tz)) return { kind: "iana", name: tz };
  const offset = record.record_utc_offset_minutes;
  if (typeof offset === "number" && Number.isFinite(offset) && Math.abs(offset) <= 18 * 60) {
    return { kind: "offset", minutes: Math.round(offset) };
  }
  return { kind: "iana", name: isValidTimeZone(profileTimezone) ? profileTimezone : "UTC" };
}

/** A name to store for the zone: the IANA name, or an offset like "+05:30". */
export function zoneLabel(zone: RecordZone): string {
  if (zone.kind === "iana") return zone.name;
  const sign = zone.minutes < 0 ? "-" : "+";
  const abs = Math.abs(zone.minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** Wall-clock parts of an instant in a zone. */
export function wallClock(instant: Date, zone: RecordZone) {
  if (zone.kind === "offset") {
    const shifted = new Date(instant.getTime() + zone.minutes * 60_000);
    return {
      date: shifted.toISOString().slice(0, 10),
      hour: shifted.getUTCHours(),
      time: shifted.toISOString().slice(11, 19),
    };
  }
  const formatter = zoneFormatter(zone.name);
  if (!formatter) throw new RecordError(`Unknown time zone ${zone.name}`);
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
  };
}

/** Parses an ISO 8601 instant, or throws a RecordError naming the field. */
export function parseInstant(value: unknown, field: string): Date {
  if (typeof value !== "string" && typeof value !== "number")
    throw new RecordError(`${field} must be an ISO 8601 time`);
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new RecordError(`${field} must be an ISO 8601 time`);
  return date;
}

/** Rejects a well-formed but impossible day such as 2026-02-30 before it reaches SQL. */
export function requireCalendarDay(day: string): string {
  if (isCalendarDate(day)) return day;
  throw new RecordError(`Invalid date ${day}: expected a calendar day as YYYY-MM-DD.`);
}

/** A record's plain YYYY-MM-DD `date`, checked; null when `date` is absent or a full time. */
export function plainRecordDay(record: HealthRecord): string | null {
  return hasCalendarDayShape(record.date) ? requireCalendarDay(record.date) : null;
}

/**
 * A record's calendar day: a plain YYYY-MM-DD `date` is taken as given; otherwise the day of
 * `timestamp` (or an ISO `date`) in the record's zone. Null when the record has neither.
 */
export function recordDay(record: HealthRecord, zone: RecordZone): string | null {
  const { date, timestamp } = record;
  const plain = plainRecordDay(record);
  if (plain) return plain;
  const source = timestamp ?? date;
  if (source === undefined || source === null || source === "") return null;
  return wallClock(parseInstant(source, timestamp !== undefined ? "timestamp" : "date"), zone).date;
}
