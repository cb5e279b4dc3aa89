import type { HealthRecord } from "../lib/ingest-types.ts";

/** What a batch of health records came to, record by record. */
export type IngestResult = {
  message: string;
  processed: { type: string; status: string; data: unknown }[];
  errors: { error: string; entry: HealthRecord }[];
  skipped: { reason: string; entry: HealthRecord }[];
};

/** Objects and arrays a record may nest; deeper is that record's error, never a 500. */
export const MAX_RECORD_DEPTH = 32;
/** Errors and skips whose entries an answer repeats; past them it only counts. */
export const MAX_ECHOED = 100;
// An entry larger than this many values is echoed by its top-level scalars only.
const ECHO_VALUES = 1000;
const ECHO_TEXT = 200;

/** Walks `value` without recursion; false once it nests deeper than `maxDepth` or holds more than `maxValues` values. */
function within(value: unknown, maxDepth: number, maxValues: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  let values = 0;
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (++values > maxValues || depth > maxDepth) return false;
    if (item !== null && typeof item === "object")
      for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return true;
}

export const nestsTooDeep = (record: HealthRecord) =>
  !within(record, MAX_RECORD_DEPTH, Number.POSITIVE_INFINITY);

/**
 * The entry as an answer repeats it: whole when small, else its top-level scalars (type,
 * date, source_id: what tells the client which record it was), texts cut short.
 */
export function echoEntry(entry: HealthRecord): HealthRecord {
  if (within(entry, MAX_RECORD_DEPTH, ECHO_VALUES)) return entry;
  const echo: HealthRecord = {};
  for (const [key, value] of Object.entries(entry).slice(0, 50)) {
    if (typeof value === "string") echo[key] = value.slice(0, ECHO_TEXT);
    else if (value === null || typeof value !== "object") echo[key] = value;
  }
  return echo;
}

/**
 * The answer to a sync request: each error and skip with its entry echoed, the first
 * MAX_ECHOED of each listed and the rest counted (a million broken records would
 * otherwise come back as a hundred megabytes).
 */
export function ingestAnswer(result: IngestResult) {
  const errors = result.errors
    .slice(0, MAX_ECHOED)
    .map((e) => ({ error: e.error, entry: echoEntry(e.entry) }));
  const skipped = result.skipped
    .slice(0, MAX_ECHOED)
    .map((s) => ({ reason: s.reason, entry: echoEntry(s.entry) }));
  const errorsNotListed = result.errors.length - errors.length;
  const skippedNotListed = result.skipped.length - skipped.length;
  return {
    ...result,
    errors,
    skipped,
    ...(errorsNotListed ? { errors_not_listed: errorsNotListed } : {}),
    ...(skippedNotListed ? { skipped_not_listed: skippedNotListed } : {}),
  };
}
