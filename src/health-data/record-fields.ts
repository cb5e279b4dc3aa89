import { RecordError, type HealthRecord } from "../lib/ingest-types.ts";
import { parseInstant } from "../lib/record-time.ts";

export const MISSING_FIELDS_MESSAGE =
  "Missing required fields: value (for scalar types), type, or date/timestamp in one of the entries";

/** Records without a `source` are stored under this one, so their keys still compare equal. */
const DEFAULT_SOURCE = "health_data";
const MAX_TEXT = 200;

export function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null && value !== "";
}

/** A finite number, or a string holding one (some clients send "72.5"). Null otherwise. */
export function toNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string" || value.trim() === "") return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

export function requireNumber(value: unknown, type: string): number {
  const parsed = toNumber(value);
  if (parsed === null) throw new RecordError(`Invalid value for type ${type}: must be numeric.`);
  return parsed;
}

export function requireNonNegative(value: unknown, type: string): number {
  const parsed = requireNumber(value, type);
  if (parsed < 0) throw new RecordError(`Invalid value for type ${type}: must not be negative.`);
  return parsed;
}

/** The value when at most `max` in magnitude, else the record's error. */
export function requireAtMost(value: number, max: number, type: string): number {
  if (Math.abs(value) > max)
    throw new RecordError(`Invalid value for type ${type}: at most ${max}.`);
  return value;
}

export function optionalText(value: unknown): string | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  return value.trim().slice(0, MAX_TEXT);
}

export function sourceOf(record: HealthRecord): string {
  return optionalText(record.source) ?? DEFAULT_SOURCE;
}

/** The client's id for the record within its source, if it sent one. */
export function sourceIdOf(record: HealthRecord): string | null {
  const id = record.source_id;
  if (typeof id === "number" && Number.isFinite(id)) return String(id);
  return optionalText(id);
}

/** The record's `timestamp` as an instant, or null when it has none. */
export function timestampOf(record: HealthRecord): Date | null {
  return isPresent(record.timestamp) ? parseInstant(record.timestamp, "timestamp") : null;
}
