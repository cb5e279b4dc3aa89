import type { Activity } from "../activity-files/activity.ts";
import { parseGpx } from "../activity-files/gpx-parse.ts";
import type { HealthRecord } from "../lib/ingest-types.ts";
import { formatBytes, UPLOAD_LIMITS, UploadLimitError } from "../lib/upload-limits.ts";
import { streamZip, ZipFormatError, type MemberSink } from "../lib/zip-stream.ts";
import { DayTotals } from "./apple-health-collect.ts";
import { mapSample, type Attributes } from "./apple-health-map.ts";
import { workoutRecord } from "./apple-health-workouts.ts";
import { exportXmlParser, type AppleWorkout } from "./apple-health-xml.ts";
import { ImportFormatError } from "./csv.ts";

export type WrittenKind = "samples" | "daily_totals" | "sleep_sessions" | "workouts";

/**
 * What the reading sends to be written, in order: the skip reasons met since the last part
 * (with their counts), then one batch of records of one kind.
 */
export type ExportPart = {
  skips: [reason: string, count: number][];
  write?: { kind: WrittenKind; records: HealthRecord[] };
  /** Sent once, when pass one has read the whole file: its Record and Workout elements. */
  read?: number;
};

export type ExportReading = {
  zipPath: string;
  /** UPLOAD_LIMITS.appleHealthGathered as the server's thread has it. */
  gatheredLimit: number;
};

const BATCH = 1000;
const WORKOUT_BATCH = 20;
const NIGHT_BATCH = 50;
// With nothing to write (a long stretch of elements not imported), a part goes anyway this
// often: the reading shows it is alive (worker-jobs' timeout counts from the last part).
const QUIET_MS = 5_000;
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
 * Reads an Apple Health export.zip from disk and sends what is to be written, part by part
 * (on a worker thread: `apple-health-worker.ts`). Pass one reads export.xml through
 * without sending any records: a malformed file fails there, before anything is written,
 * and what needs the whole file (day totals, nights of sleep, workouts and their route
 * files) is gathered. Pass two sends the samples in batches of 1,000 as they stream by,
 * each workout when its route file goes by, then the rest. Memory holds one batch, one
 * route file, and one entry per day, night and workout (UPLOAD_LIMITS bounds them all).
 * Returns the route files read.
 */
export async function readAppleHealthExport(
  { zipPath, gatheredLimit }: ExportReading,
  send: (part: ExportPart) => Promise<void>,
): Promise<number> {
  const skips = new Map<string, number>();
  const skip = (reason: string, n = 1) => skips.set(reason, (skips.get(reason) ?? 0) + n);
  let lastSent = performance.now();
  const sendPart = async (part: Omit<ExportPart, "skips">) => {
    const pending = [...skips];
    skips.clear();
    lastSent = performance.now();
    await send({ skips: pending, ...part });
  };
  const sendRecords = async (kind: WrittenKind, records: HealthRecord[]) => {
    if (records.length > 0) await sendPart({ write: { kind, records } });
  };
  const keepAlive = async () => {
    if (performance.now() - lastSent > QUIET_MS) await sendPart({});
  };

  // Pass one: validate and gather.
  const totals = new DayTotals();
  const workouts: AppleWorkout[] = [];
  // Each workout counts with its statistics and metadata entries.
  let workoutParts = 0;
  let read = 0;
  const checkGathered = () => {
    if (totals.size + workoutParts > gatheredLimit)
      throw new UploadLimitError(
        `The export has more than ${gatheredLimit} workouts, sleep samples and day totals.`,
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
      read++;
      const mapped = mapSample(a);
      if (mapped.kind === "skip") skip(mapped.reason);
      else if (mapped.kind === "later") {
        const reason = totals.add(a);
        if (reason) skip(reason);
        checkGathered();
      }
    },
    (w) => {
      read++;
      workouts.push(w);
      workoutParts += 1 + w.statistics.length + Object.keys(w.metadata).length;
      checkGathered();
    },
  );
  await readZip(zipPath, (name) => gather(name) ?? measureRoute(name), keepAlive);
  if (!found) throw new ImportFormatError("The zip has no apple_health_export/export.xml.");
  await sendPart({ read });

  // Pass two: send to be written.
  let routes = 0;
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
        routes++;
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
        await sendRecords("samples", batch);
        batch = [];
      }
      if (routed.length > 0) {
        await sendRecords("workouts", routed);
        routed = [];
      }
      await keepAlive();
    },
  );
  await sendRecords("samples", batch);
  for (const w of workouts) if (!written.has(w)) withRoute(w, null);
  for (let i = 0; i < routed.length; i += WORKOUT_BATCH)
    await sendRecords("workouts", routed.slice(i, i + WORKOUT_BATCH));
  const daily = totals.dailyRecords();
  for (let i = 0; i < daily.length; i += BATCH)
    await sendRecords("daily_totals", daily.slice(i, i + BATCH));
  const nights = totals.sleepRecords();
  for (let i = 0; i < nights.length; i += NIGHT_BATCH)
    await sendRecords("sleep_sessions", nights.slice(i, i + NIGHT_BATCH));
  if (skips.size > 0) await sendPart({});
  return routes;
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
