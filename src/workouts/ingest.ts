import type { Tx } from "../db.ts";
import {
  RecordError,
  type HealthRecord,
  type IngestContext,
  type RecordOutcome,
} from "../health-data/ingest-types.ts";

/** Saves one Workout/ExerciseSession record inside the caller's per-record savepoint. */
export async function ingestWorkout(
  tx: Tx,
  record: HealthRecord,
  ctx: IngestContext,
): Promise<RecordOutcome> {
  void tx;
  void ctx;
  throw new RecordError(`Workout ingest is not available yet (${String(record.type)})`);
}
