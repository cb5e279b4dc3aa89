import type { Activity } from "../activity-files/activity.ts";
import { parseGpx } from "../activity-files/gpx-parse.ts";
import type { Database } from "../db.ts";
import { ingestHealthRecords } from "../health-data/ingest-records.ts";
import type { HealthRecord } from "../lib/ingest-types.ts";
import type { Logger } from "../logger.ts";
import { DayTotals } from "./apple-health-collect.ts";
import { mapSample, type Attributes } from "./apple-health-map.ts";
import { workoutRecord } from "./apple-health-workouts.ts";
import { exportXmlParser, type AppleWorkout } from "./apple-health-xml.ts";
import { ImportFormatError } from "./csv.ts";
import { formatBytes, UPLOAD_LIMITS, UploadLimitError } from "../lib/upload-limits.ts";
import { streamZip, ZipFormatError, type MemberSink } from "../lib/zip-stream.ts";

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

const BATCH = 1000;
const WORKOUT_BATCH = 20;
const ZIP_LIMITS = {
  bytes: UPLOAD_LIMITS.appleHealthZipBytes,
  entries: UPLOAD_LIMITS.appleHealthZipEntries,
  // export.xml of ten years is gigabytes; a route file has its own limit below.
  memberBytes: UPLOAD_LIMITS.appleHealthZipBytes,
};
const isExportXml = (name: string) => /(^|\/)export\.xml$/.test(name);
// "/workout-routes/route_x.gpx" in a FileReference is "apple_health_export/workout-routes/route_x.gpx" in the zip.
const routeKey = (path: string) => path.replace(/^.*?workout-routes\//, "workout-routes/");

/**
 * Imports an Apple Health export.zip from disk through /api/health-data's own write path.
 * Pass one reads export.xml through without writing anything: a malformed file fails
 * there, with nothing written, and what needs the whole file (day totals, nights of
 * sleep, workouts and their route files) is gathered. Pass two writes the samples in
 * batches of 1,000 as they stream by, each workout when its route file goes by, then the
 * rest. Memory holds one batch, one route file, and one entry per day, night and workout
 * (UPLOAD_LIMITS bounds them all).
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

  // Pass one: validate and gather.
  const totals = new DayTotals();
  const workouts: AppleWorkout[] = [];
  // Each workout counts with its statistics and metadata entries.
  let workoutParts = 0;
  const checkGathered = () => {
    if (totals.size + workoutParts > UPLOAD_LIMITS.appleHealthGathered)
      throw new UploadLimitError(
        `The export has more than ${UPLOAD_LIMITS.appleHealthGathered} workouts, sleep samples and day totals.`,
      );
  };
  let found = false;
  const readXml =
    (onRecord: (a: Attributes) => void, onWorkout: (w: AppleWorkout) => void) =>
    (name: string): MemberSink => {
      if (!isExportXml(name)) return null;
      found = true;
      const parser = exportXmlParser({ record: onRecord, workout: onWorkout });
      return (bytes, final) => {
        parser.write(bytes);
        if (final) parser.close();
      };
    };
  const gather = readXml(
    (a) => {
      counts.read++;
      const mapped = mapSample(a);
      if (mapped.kind === "skip") skip(mapped.reason);
      else if (mapped.kind === "later") {
        const reason = totals.add(a);
        if (reason) skip(reason);
        checkGathered();
      }
    },
    (w) => {
      counts.read++;
      workouts.push(w);
      workoutParts += 1 + w.statistics.length + Object.keys(w.metadata).length;
      checkGathered();
    },
  );
  await readZip(
    zipPath,
    (name) => gather(name) ?? measureRoute(name),
    async () => {},
  );
  if (!found) throw new ImportFormatError("The zip has no apple_health_export/export.xml.");
  progress(`Read ${counts.read} records and workouts; writing.`);

  // Pass two: write.
  const write = async (records: HealthRecord[], kind: keyof AppleHealthCounts["written"]) => {
    if (records.length === 0) return;
    const result = await ingestHealthRecords(
      { db: deps.db, logger: deps.logger },
      { userId: deps.userId, actorId: deps.actorId, modelVersion: 3, records },
    );
    counts.written[kind] += result.processed.length;
    for (const e of result.errors) skip(`${String(e.entry.type)}: ${e.error}`);
    for (const s of result.skipped) skip(`${String(s.entry.type)}: ${s.reason}`);
  };
  const byRoute = new Map<string, AppleWorkout>();
  for (const w of workouts) if (w.routePath) byRoute.set(routeKey(w.routePath), w);
  const written = new Set<AppleWorkout>();
  let batch: HealthRecord[] = [];
  let routed: HealthRecord[] = [];
  const withRoute = (w: AppleWorkout, route: Activity | null) => {
    written.add(w);
    const record = workoutRecord(w, route);
    if (record) routed.push(record);
    else skip("Workout: unreadable startDate or endDate");
  };
  const readRoute = (name: string): MemberSink => {
    const w = byRoute.get(routeKey(name));
    if (!w || !name.endsWith(".gpx")) return null;
    const parts: Uint8Array[] = [];
    return async (bytes, final) => {
      parts.push(bytes);
      if (!final) return;
      let route: Activity | null = null;
      try {
        route = await parseGpx(Buffer.concat(parts));
        counts.written.workout_routes++;
      } catch {
        skip("workout route: not a readable GPX file");
      }
      withRoute(w, route);
    };
  };
  const samples = readXml(
    (a) => {
      const mapped = mapSample(a);
      if (mapped.kind === "sample") batch.push(mapped.record);
    },
    () => {},
  );
  await readZip(
    zipPath,
    (name) => samples(name) ?? readRoute(name),
    async () => {
      if (batch.length >= BATCH) {
        await write(batch, "samples");
        batch = [];
      }
      if (routed.length > 0) {
        await write(routed, "workouts");
        routed = [];
      }
    },
  );
  await write(batch, "samples");
  for (const w of workouts) if (!written.has(w)) withRoute(w, null);
  for (let i = 0; i < routed.length; i += WORKOUT_BATCH)
    await write(routed.slice(i, i + WORKOUT_BATCH), "workouts");
  const daily = totals.dailyRecords();
  for (let i = 0; i < daily.length; i += BATCH)
    await write(daily.slice(i, i + BATCH), "daily_totals");
  const nights = totals.sleepRecords();
  for (let i = 0; i < nights.length; i += 50)
    await write(nights.slice(i, i + 50), "sleep_sessions");

  counts.skipped = [...skips].map(([reason, count]) => ({ reason, count }));
  return counts;
}

/**
 * A route file's sink in pass one: it only counts, so that one too large is refused
 * before pass two writes anything. A route is held whole when read.
 */
function measureRoute(name: string): MemberSink {
  if (!/workout-routes\/[^/]+\.gpx$/.test(name)) return null;
  let size = 0;
  return (bytes) => {
    if ((size += bytes.length) > UPLOAD_LIMITS.zipMemberBytes)
      throw new UploadLimitError(
        `The route file ${name} inflates to more than ${formatBytes(UPLOAD_LIMITS.zipMemberBytes)}.`,
      );
  };
}

/** The export.zip streamed within ZIP_LIMITS; a damaged zip is an ImportFormatError. */
async function readZip(
  path: string,
  open: (name: string) => MemberSink,
  drain: () => Promise<void>,
) {
  try {
    await streamZip(Bun.file(path).stream(), open, drain, ZIP_LIMITS);
  } catch (error) {
    if (error instanceof ZipFormatError) throw new ImportFormatError(error.message);
    throw error;
  }
}
