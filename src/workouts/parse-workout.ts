import { RecordError, type HealthRecord, type IngestContext } from "../lib/ingest-types.ts";
import {
  parseInstant,
  plainRecordDay,
  recordZone,
  wallClock,
  zoneLabel,
} from "../lib/record-time.ts";
import { importedName } from "../lib/upload-limits.ts";
import { modalityOf, type Modality } from "./activity-types.ts";
import {
  parseGpsPoints,
  parseHrSamples,
  parseLapWindows,
  type HrSeries,
  type LapWindow,
  type Track,
} from "./series.ts";
import { parseClientTelemetry, type Telemetry } from "./telemetry.ts";

export type WorkoutSet = {
  set_number: number;
  set_type: string | null;
  duration_seconds: number | null;
  reps: number | null;
  weight: number | null;
};

export type ParsedWorkout = {
  activityType: string;
  modality: Modality;
  source: string;
  sourceId: string | null;
  start: Date;
  end: Date | null;
  recordTimezone: string;
  entryDate: string;
  entryTime: string;
  durationSeconds: number | null;
  caloriesBurned: number | null;
  distanceKm: number | null;
  title: string | null;
  notes: string | null;
  rawData: unknown;
  sets: WorkoutSet[];
  telemetrySent: Partial<Telemetry>;
  track: Track;
  hrSamples: HrSeries;
  laps: LapWindow[];
};

export const UNKNOWN_SOURCE = "unknown";

/** Reads a Workout/ExerciseSession record; throws RecordError for a field it cannot use. */
export function parseWorkout(record: HealthRecord, ctx: IngestContext): ParsedWorkout {
  const startValue = record.startTime ?? record.timestamp;
  if (startValue === undefined || startValue === null || startValue === "")
    throw new RecordError("A workout needs startTime (or timestamp)");
  const start = parseInstant(
    startValue,
    record.startTime !== undefined ? "startTime" : "timestamp",
  );
  const end = isPresent(record.endTime) ? parseInstant(record.endTime, "endTime") : null;
  if (end && end < start) throw new RecordError("endTime must not be before startTime");
  const zone = recordZone(record, ctx.profileTimezone);
  const wall = wallClock(start, zone);
  const activityType = importedName(text(record.activityType)) ?? "Workout";
  return {
    activityType,
    modality: modalityOf(activityType),
    source: text(record.source) ?? UNKNOWN_SOURCE,
    sourceId:
      typeof record.source_id === "number" ? String(record.source_id) : text(record.source_id),
    start,
    end,
    recordTimezone: zoneLabel(zone),
    // A plain calendar day is taken as given, as for every record type.
    entryDate: plainRecordDay(record) ?? wall.date,
    entryTime: wall.time,
    durationSeconds: optionalNumber(record, "duration"),
    caloriesBurned: optionalNumber(record, "caloriesBurned"),
    distanceKm: optionalNumber(record, "distance"),
    title: importedName(text(record.title)),
    notes: text(record.notes),
    rawData: typeof record.raw_data === "object" ? record.raw_data : null,
    sets: parseSets(record.sets, ctx.modelVersion),
    telemetrySent: parseClientTelemetry(record.telemetry),
    track: trackWithinStoredSpan(parseGpsPoints(record.gps_points, ctx.recordedOrder)),
    hrSamples: parseHrSamples(record.hr_samples),
    laps: parseLapWindows(record.laps),
  };
}

// Offsets are stored as int32 milliseconds after the first point.
const MAX_TRACK_SPAN_MS = 2_147_483_647;

function trackWithinStoredSpan(track: Track): Track {
  if (track.t.length > 0 && track.t.at(-1)! - track.t[0]! > MAX_TRACK_SPAN_MS)
    throw new RecordError("gps_points span more than 24 days");
  return track;
}

/**
 * Set durations are seconds from X-Workout-Model-Version 2 on and minutes before; phones
 * name the field `duration_seconds` even when they send minutes, so both names follow the
 * header. Stored as seconds.
 */
function parseSets(value: unknown, modelVersion: number): WorkoutSet[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new RecordError("sets must be an array");
  return value.map((item, i) => {
    if (typeof item !== "object" || item === null)
      throw new RecordError("sets[] entries must be objects");
    const set = item as HealthRecord;
    const duration = optionalNumber(set, "duration") ?? optionalNumber(set, "duration_seconds");
    const setNumber = optionalNumber(set, "set_number");
    const reps = optionalNumber(set, "reps");
    return {
      set_number: setNumber === null ? i + 1 : Math.round(setNumber),
      set_type: text(set.set_type),
      duration_seconds: duration === null ? null : modelVersion >= 2 ? duration : duration * 60,
      reps: reps === null ? null : Math.round(reps),
      weight: optionalNumber(set, "weight"),
    };
  });
}

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null && value !== "";
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

function optionalNumber(record: HealthRecord, field: string): number | null {
  const value = record[field];
  if (!isPresent(value)) return null;
  const n = typeof value === "string" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isFinite(n))
    throw new RecordError(`${field} must be a number`);
  return n;
}
