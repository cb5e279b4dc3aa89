import type { Database } from "../db.ts";
import { ingestHealthRecords } from "../health-data/ingest-records.ts";
import { UPLOAD_LIMITS, UploadLimitError } from "../lib/upload-limits.ts";
import { bundledWorkerUrl, WorkerJobError, WorkerJobs } from "../lib/worker-jobs.ts";
import type { Logger } from "../logger.ts";
import type { ExportPart, ExportReading } from "./apple-health-read.ts";
import type { ExportOutcome } from "./apple-health-worker.ts";
import { ImportFormatError } from "./csv.ts";

export type AppleHealthDeps = { db: Database; logger: Logger; userId: string; actorId: string };

export type AppleHealthCounts = {
  /** Record and Workout elements read from export.xml. */
  read: number;
  written: {
    samples: number;
    daily_totals: number;
    sleep_sessions: number;
    workouts: number;
    workout_routes: number;
  };
  skipped: { reason: string; count: number }[];
};

// The worker entry is built into the binary beside src/main.ts (Makefile, BUILD_ENTRYPOINTS).
const reader = new WorkerJobs<ExportReading, ExportOutcome, ExportPart>({
  url: bundledWorkerUrl("app-imports/apple-health-worker.ts"),
  // Counted from the reading's last part, which it sends at least every 5 s.
  timeoutMs: 60_000,
  idleMs: 30_000,
});

/**
 * Imports an Apple Health export.zip from disk through /api/health-data's own write path.
 * The zip is read on a worker thread (`readAppleHealthExport`: two passes, nothing sent to
 * be written before the whole file has been read through once), which sends the records
 * here in batches, each written before the next is read: the server's thread only writes.
 * One export is read at a time; the others wait their turn.
 */
export async function importAppleHealth(
  deps: AppleHealthDeps,
  zipPath: string,
  progress: (line: string) => void = () => {},
): Promise<AppleHealthCounts> {
  const counts: AppleHealthCounts = {
    read: 0,
    written: { samples: 0, daily_totals: 0, sleep_sessions: 0, workouts: 0, workout_routes: 0 },
    skipped: [],
  };
  const skips = new Map<string, number>();
  const skip = (reason: string, n = 1) => skips.set(reason, (skips.get(reason) ?? 0) + n);
  const write = async ({ kind, records }: NonNullable<ExportPart["write"]>) => {
    const result = await ingestHealthRecords(
      { db: deps.db, logger: deps.logger },
      { userId: deps.userId, actorId: deps.actorId, modelVersion: 3, records },
    );
    counts.written[kind] += result.processed.length;
    for (const e of result.errors) skip(`${String(e.entry.type)}: ${e.error}`);
    for (const s of result.skipped) skip(`${String(s.entry.type)}: ${s.reason}`);
  };
  const onPart = async (part: ExportPart) => {
    for (const [reason, count] of part.skips) skip(reason, count);
    if (part.read !== undefined) {
      counts.read = part.read;
      progress(`Read ${counts.read} records and workouts; writing.`);
    }
    if (part.write) await write(part.write);
  };
  let outcome: ExportOutcome;
  try {
    outcome = await reader.run(
      { zipPath, gatheredLimit: UPLOAD_LIMITS.appleHealthGathered },
      [],
      onPart,
    );
  } catch (error) {
    if (error instanceof WorkerJobError)
      throw new ImportFormatError(`The export could not be read: ${error.message}`);
    throw error;
  }
  if ("malformed" in outcome) throw new ImportFormatError(outcome.malformed);
  if ("refused" in outcome)
    throw new UploadLimitError(outcome.refused.message, outcome.refused.status);
  counts.written.workout_routes = outcome.routes;
  counts.skipped = [...skips].map(([reason, count]) => ({ reason, count }));
  return counts;
}
