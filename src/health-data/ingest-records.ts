import { savePhoneCycleRecords } from "../cycle/phone-records.ts";
import type { Database, Tx } from "../db.ts";
import type { Logger } from "../logger.ts";
import { ingestWorkout } from "../workouts/ingest.ts";
import { RecordError, type HealthRecord, type RecordOutcome } from "../lib/ingest-types.ts";
import { prepareRecord } from "./prepare-record.ts";
import { MAX_RECORD_DEPTH, nestsTooDeep, type IngestResult } from "./record-echo.ts";
import {
  ROW_KEYS,
  type PreparedRecord,
  type RecordGroup,
  type RowsByGroup,
} from "./record-rows.ts";
import { writeActiveCalories, writeCheckIns, writeMoods, writeWater } from "./write-daily-rows.ts";
import { writeCustomEntries, writeNutrition, writeSleep } from "./write-session-rows.ts";

const TOO_DEEP_MESSAGE = `The record nests objects or arrays more than ${MAX_RECORD_DEPTH} deep.`;
export const ALL_PROCESSED_MESSAGE = "All health data entries were processed successfully.";
export const SOME_FAILED_MESSAGE =
  "Some health data entries could not be processed; see errors. The other entries were saved.";

type Writer<G extends RecordGroup> = (
  tx: Tx,
  userId: string,
  rows: RowsByGroup[G][],
) => Promise<void>;
const WRITERS: { [G in RecordGroup]: Writer<G> } = {
  checkIn: writeCheckIns,
  water: writeWater,
  activeCalories: writeActiveCalories,
  custom: writeCustomEntries,
  mood: writeMoods,
  sleep: writeSleep,
  nutrition: writeNutrition,
  // Cycle data is owner-only: it goes to the cycle domain, never to custom measurements.
  cycle: savePhoneCycleRecords,
};

type Outcome = RecordOutcome | { kind: "error"; error: string };
export type IngestRequest = {
  userId: string;
  actorId: string;
  modelVersion: number;
  records: HealthRecord[];
};

/**
 * Saves a request's records in one transaction. The fast path writes each store's valid
 * records with one statement; only when such a statement fails is the whole request redone
 * with a savepoint per record, so the bad record is isolated and the others still saved.
 * Workouts always get a savepoint each: they write several stores.
 */
export async function ingestHealthRecords(
  deps: { db: Database; logger: Logger },
  request: IngestRequest,
): Promise<IngestResult> {
  const run = (perRecord: boolean) =>
    deps.db.withUser(
      request.userId,
      (tx) => writeRecords(tx, request, perRecord, deps.logger),
      request.actorId,
    );
  let outcomes: Outcome[];
  try {
    outcomes = await run(false);
  } catch (error) {
    deps.logger.warn("health-data bulk write failed, retrying per record", {
      error: (error as Error).message,
    });
    outcomes = await run(true);
  }
  return summarize(request.records, outcomes);
}

async function writeRecords(
  tx: Tx,
  request: IngestRequest,
  perRecord: boolean,
  logger: Logger,
): Promise<Outcome[]> {
  const { userId, records } = request;
  const [profile] = await tx<{ timezone: string }[]>`
    select timezone from user_profiles where user_id = ${userId}`;
  const ctx = {
    userId,
    modelVersion: request.modelVersion,
    profileTimezone: profile?.timezone ?? "UTC",
  };

  const outcomes: Outcome[] = new Array(records.length);
  const prepared: PreparedRecord[] = [];
  const workouts: number[] = [];
  records.forEach((record, index) => {
    if (nestsTooDeep(record)) {
      outcomes[index] = { kind: "error", error: TOO_DEEP_MESSAGE };
      return;
    }
    try {
      const result = prepareRecord(record, index, ctx.profileTimezone);
      if (result.kind === "prepared") prepared.push(result.prepared);
      else if (result.kind === "workout") workouts.push(index);
      else outcomes[index] = result;
    } catch (error) {
      outcomes[index] = failure(error, logger);
    }
  });

  for (const index of replacedInRequest(prepared)) outcomes[index] = REPLACED;
  const kept = prepared.filter((p) => outcomes[p.index] === undefined);

  if (perRecord) {
    for (const p of kept) {
      outcomes[p.index] = await inSavepoint(tx, logger, async (sp) => {
        await (WRITERS[p.group] as Writer<typeof p.group>)(sp, userId, [p.row]);
        return processedOutcome(p);
      });
    }
  } else {
    // Issued together, postgres.js pipelines the statements: one round trip for all stores.
    await Promise.all(
      (Object.keys(WRITERS) as RecordGroup[]).map((group) => {
        const rows = kept.filter((p) => p.group === group).map((p) => p.row);
        return rows.length
          ? (WRITERS[group] as Writer<typeof group>)(tx, userId, rows as never)
          : null;
      }),
    );
    for (const p of kept) outcomes[p.index] = processedOutcome(p);
  }
  for (const index of workouts) {
    outcomes[index] = await inSavepoint(tx, logger, (sp) =>
      ingestWorkout(sp, records[index]!, ctx),
    );
  }
  return outcomes;
}

export const REPLACED_REASON =
  "Replaced by a later record of this request for the same row: records without a timestamp or source_id keep one value per type and day.";
const REPLACED: Outcome = { kind: "skipped", reason: REPLACED_REASON };

/** The records a later one of the same request overwrites: they are reported, not saved. */
function replacedInRequest(prepared: PreparedRecord[]): number[] {
  const last = new Map<string, number>();
  const keyed: [number, string][] = [];
  for (const p of prepared) {
    if (p.group === "cycle") continue;
    const key = `${p.group}\u0000${(ROW_KEYS[p.group] as (row: unknown) => string)(p.row)}`;
    keyed.push([p.index, key]);
    last.set(key, p.index);
  }
  return keyed.filter(([index, key]) => last.get(key) !== index).map(([index]) => index);
}

// A check-in record answers with the column it filled, as `{entry_date, weight: 81}`.
function processedOutcome(p: PreparedRecord): RecordOutcome {
  const data =
    p.group === "checkIn" ? { entry_date: p.row.entry_date, [p.row.column]: p.row.value } : p.row;
  return { kind: "processed", type: p.type, status: "success", data };
}

// A deadlock or serialization failure says nothing about the record: retry it once.
const TRANSIENT_CODES = new Set(["40P01", "40001"]);

async function inSavepoint(
  tx: Tx,
  logger: Logger,
  fn: (sp: Tx) => Promise<RecordOutcome>,
): Promise<Outcome> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await tx.savepoint(fn);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt === 0 && code && TRANSIENT_CODES.has(code)) continue;
      return failure(error, logger);
    }
  }
}

// Only a RecordError's message is meant for clients; database errors stay in the log.
function failure(error: unknown, logger: Logger): Outcome {
  if (error instanceof RecordError) return { kind: "error", error: error.message };
  logger.error("health-data record failed", { error: (error as Error).message });
  const code = (error as { code?: string }).code;
  const detail = code === "23514" ? ": a value is outside the allowed range" : "";
  return { kind: "error", error: `Could not save this record${detail}.` };
}

function summarize(records: HealthRecord[], outcomes: Outcome[]): IngestResult {
  const result: IngestResult = { message: "", processed: [], errors: [], skipped: [] };
  outcomes.forEach((outcome, index) => {
    const entry = records[index]!;
    if (outcome.kind === "processed") {
      result.processed.push({ type: outcome.type, status: outcome.status, data: outcome.data });
    } else if (outcome.kind === "skipped") result.skipped.push({ reason: outcome.reason, entry });
    else result.errors.push({ error: outcome.error, entry });
  });
  result.message = result.errors.length ? SOME_FAILED_MESSAGE : ALL_PROCESSED_MESSAGE;
  return result;
}
