/** The contract between POST /api/health-data and the handlers of each record type. */

/** One element of the posted array: a non-null object, otherwise unchecked. */
export type HealthRecord = Record<string, unknown>;

export type IngestContext = {
  userId: string;
  /** From X-Workout-Model-Version; 1 when absent or unparseable. */
  modelVersion: number;
  /** The profile's IANA time zone, the last fallback for a record's calendar day. */
  profileTimezone: string;
  /** GPS points keep the order sent, as an activity file recorded them, instead of by time. */
  recordedOrder?: boolean;
};

/** What a handler reports for a record it wrote or deliberately did not write. */
export type RecordOutcome =
  | { kind: "processed"; type: string; status: string; data: unknown }
  | { kind: "skipped"; reason: string };

/** A record that cannot be saved; the message goes to `errors[].error` of the 200 answer. */
export class RecordError extends Error {}
