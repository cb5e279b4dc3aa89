import { HttpError } from "../errors.ts";
import type { HealthRecord } from "./ingest-types.ts";

export const INVALID_JSON_MESSAGE = "Invalid JSON array format.";
export const INVALID_ENTRY_MESSAGE =
  "Invalid health data format. All entries must be non-null objects.";

/**
 * The posted records: a JSON array of objects, or one object taken as an array of one.
 * Read as text and parsed here, because the spec's messages differ from a framework's.
 */
export function parseHealthRecords(text: string): HealthRecord[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError(400, INVALID_JSON_MESSAGE);
  }
  if (parsed === null || typeof parsed !== "object") throw new HttpError(400, INVALID_JSON_MESSAGE);
  const records: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
  // An array is an object to JavaScript, but never a record.
  if (records.some((r) => typeof r !== "object" || r === null || Array.isArray(r))) {
    throw new HttpError(400, INVALID_ENTRY_MESSAGE);
  }
  return records as HealthRecord[];
}
