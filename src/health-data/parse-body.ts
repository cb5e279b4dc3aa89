import { HttpError } from "../errors.ts";
import type { HealthRecord } from "../lib/ingest-types.ts";

export const INVALID_JSON_MESSAGE = "Invalid JSON array format.";
export const INVALID_ENTRY_MESSAGE =
  "Invalid health data format. All entries must be non-null objects.";

/**
 * The posted records: a JSON array of objects, or one object taken as an array of one.
 * Parsed here rather than by the framework's validator, because the spec's messages differ.
 * The body is parsed straight from its bytes (`Request.json()`): a workout's 320 KB never
 * becomes a string of the JavaScript heap, which only a full collection would free.
 */
export async function readHealthRecords(request: Request): Promise<HealthRecord[]> {
  let parsed: unknown;
  try {
    parsed = await request.json();
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
