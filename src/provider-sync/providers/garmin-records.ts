import type { HealthRecord } from "../../lib/ingest-types.ts";
import { activityName } from "../activity-names.ts";

// The summaries of Garmin's Health and Activity APIs (wellness-api/rest), as pulled.
type Offset = { startTimeInSeconds: number; startTimeOffsetInSeconds?: number };
export type GarminDaily = Offset & {
  summaryId: string;
  calendarDate: string;
  steps?: number;
  activeKilocalories?: number;
  restingHeartRateInBeatsPerMinute?: number;
};
export type GarminActivity = Offset & {
  summaryId: string;
  activityId?: number;
  activityName?: string;
  activityType?: string;
  durationInSeconds: number;
  distanceInMeters?: number;
  activeKilocalories?: number;
  manual?: boolean;
};
type Sample = {
  startTimeInSeconds: number;
  latitudeInDegree?: number;
  longitudeInDegree?: number;
  elevationInMeters?: number;
  heartRate?: number;
  speedMetersPerSecond?: number;
  powerInWatts?: number;
  totalDistanceInMeters?: number;
  stepsPerMinute?: number;
  bikeCadenceInRPM?: number;
};
export type GarminActivityDetail = {
  summaryId: string;
  activityId?: number;
  summary: GarminActivity;
  samples?: Sample[];
  laps?: { startTimeInSeconds: number }[];
};
type Span = { startTimeInSeconds: number; endTimeInSeconds: number };
export type GarminSleep = Offset & {
  summaryId: string;
  calendarDate: string;
  durationInSeconds: number;
  sleepLevelsMap?: Partial<Record<"deep" | "light" | "rem" | "awake", Span[]>>;
};
export type GarminBodyComp = {
  summaryId: string;
  measurementTimeInSeconds: number;
  measurementTimeOffsetInSeconds?: number;
  weightInGrams?: number;
  bodyFatInPercent?: number;
};

const SOURCE = "garmin";
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const offsetMinutes = (o: { startTimeOffsetInSeconds?: number }) =>
  Math.round((o.startTimeOffsetInSeconds ?? 0) / 60);

/** Steps, active calories and resting heart rate of a day; a later upload of the day corrects it. */
export function dailyRecords(d: GarminDaily): HealthRecord[] {
  const values: [string, number | undefined][] = [
    ["step", d.steps],
    ["Active Calories", d.activeKilocalories],
    ["resting_hr", d.restingHeartRateInBeatsPerMinute],
  ];
  return values.flatMap(([type, value]) =>
    value === undefined || value === null
      ? []
      : [
          {
            type,
            value,
            date: d.calendarDate,
            source: SOURCE,
            source_id: `${type}:${d.calendarDate}`,
          },
        ],
  );
}

/** A workout from its summary, with GPS points, heart-rate samples and laps when detailed. */
export function activityRecord(
  summary: GarminActivity,
  detail: GarminActivityDetail | null,
): HealthRecord {
  const start = summary.startTimeInSeconds;
  const end = start + summary.durationInSeconds;
  const samples = detail?.samples ?? [];
  const laps = detail?.laps ?? [];
  const at = (s: Sample) => iso(s.startTimeInSeconds);
  return {
    type: "ExerciseSession",
    source: SOURCE,
    source_id: String(summary.activityId ?? summary.summaryId),
    activityType: activityName(summary.activityType ?? "Workout"),
    title: summary.activityName ?? null,
    startTime: iso(start),
    endTime: iso(end),
    duration: summary.durationInSeconds,
    distance: summary.distanceInMeters === undefined ? null : summary.distanceInMeters / 1000,
    caloriesBurned: summary.activeKilocalories ?? null,
    record_utc_offset_minutes: offsetMinutes(summary),
    gps_points: samples
      .filter((s) => s.latitudeInDegree !== undefined && s.longitudeInDegree !== undefined)
      .map((s) => ({
        t: at(s),
        lat: s.latitudeInDegree,
        lon: s.longitudeInDegree,
        alt: s.elevationInMeters ?? null,
        hr: s.heartRate ?? null,
        cad: s.stepsPerMinute ?? s.bikeCadenceInRPM ?? null,
        power: s.powerInWatts ?? null,
        speed: s.speedMetersPerSecond ?? null,
        dist: s.totalDistanceInMeters ?? null,
      })),
    hr_samples: samples.flatMap((s) => (s.heartRate ? [{ t: at(s), bpm: s.heartRate }] : [])),
    laps: laps.map((lap, i) => ({
      lap_index: i,
      start_time: iso(lap.startTimeInSeconds),
      end_time: iso(laps[i + 1]?.startTimeInSeconds ?? end),
    })),
  };
}

/** One night per calendar day: a corrected sleep replaces the night's earlier one. */
export function sleepRecord(s: GarminSleep): HealthRecord {
  const stages = Object.entries(s.sleepLevelsMap ?? {}) as [string, Span[]][];
  return {
    type: "SleepSession",
    source: SOURCE,
    source_id: `sleep:${s.calendarDate}`,
    date: s.calendarDate,
    bedtime: iso(s.startTimeInSeconds),
    wake_time: iso(s.startTimeInSeconds + s.durationInSeconds),
    record_utc_offset_minutes: offsetMinutes(s),
    stage_events: stages
      .flatMap(([stage, spans]) =>
        spans.map((span) => ({
          stage,
          start_time: iso(span.startTimeInSeconds),
          end_time: iso(span.endTimeInSeconds),
        })),
      )
      .sort((a, b) => a.start_time.localeCompare(b.start_time)),
  };
}

export function bodyCompRecords(b: GarminBodyComp): HealthRecord[] {
  const timestamp = iso(b.measurementTimeInSeconds);
  const values: [string, number | undefined][] = [
    ["weight", b.weightInGrams === undefined ? undefined : b.weightInGrams / 1000],
    ["body_fat", b.bodyFatInPercent],
  ];
  return values.flatMap(([type, value]) =>
    value === undefined || value === null
      ? []
      : [{ type, value, timestamp, source: SOURCE, source_id: `${type}:${b.summaryId}` }],
  );
}
