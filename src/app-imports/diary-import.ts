import type { Database } from "../db.ts";
import type { Logger } from "../logger.ts";
import { ingestHealthRecords } from "../health-data/ingest-records.ts";
import { readCronometerCsv, readMyFitnessPalCsv } from "./diary-rows.ts";
import { measurementRecords, type WeightUnit } from "./mfp-measurements.ts";
import { writeDiaryRows, type ImportCounts } from "./write-diary.ts";

export type DiaryImportDeps = { db: Database; logger: Logger; userId: string; actorId: string };

/**
 * Imports one CSV export of MyFitnessPal (diary or measurements) or Cronometer. The file
 * is read whole before anything is written (these exports are small), so an unreadable
 * file throws ImportFormatError and writes nothing.
 */
export async function importDiaryCsv(
  deps: DiaryImportDeps,
  app: "myfitnesspal" | "cronometer",
  text: string,
  weightUnit: WeightUnit = "kg",
): Promise<ImportCounts & { kind: "diary" | "measurements" }> {
  const file =
    app === "cronometer"
      ? { kind: "diary" as const, parsed: readCronometerCsv(text) }
      : readMyFitnessPalCsv(text);
  if (file.kind === "diary") {
    const counts = await deps.db.withUser(
      deps.userId,
      (tx) => writeDiaryRows(tx, deps.userId, app, file.parsed),
      deps.actorId,
    );
    return { kind: "diary", ...counts };
  }
  const { records, skipped } = measurementRecords(file.records, weightUnit);
  const result = await ingestHealthRecords(
    { db: deps.db, logger: deps.logger },
    { userId: deps.userId, actorId: deps.actorId, modelVersion: 1, records },
  );
  // A weight fills its day's check-in, so a re-import rewrites the same values: nothing added.
  return {
    kind: "measurements",
    read: file.records.length,
    written: result.processed.length,
    unchanged: 0,
    skipped: [
      ...skipped,
      ...result.errors.map((e) => ({ line: 0, reason: `${e.error} (${String(e.entry.date)})` })),
    ],
    unmatched_meals: [],
  };
}
