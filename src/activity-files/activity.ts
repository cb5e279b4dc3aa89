/** What every activity-file parser produces: one activity with its series in columns. */
import type { LapFigure } from "../workouts/series.ts";
import type { Telemetry } from "../workouts/telemetry.ts";

/**
 * Point i of every array belongs together, in the file's order (which is not always the time
 * order); `t` is epoch ms, missing values are null.
 */
export type Samples = {
  t: number[];
  lat: (number | null)[];
  lon: (number | null)[];
  alt: (number | null)[];
  speed: (number | null)[];
  hr: (number | null)[];
  cad: (number | null)[];
  power: (number | null)[];
  dist: (number | null)[];
};

export type Activity = {
  /** The file's own activity id (FIT file id, TCX Id), else null and a content hash is used. */
  activityId: string | null;
  sport: string;
  name: string | null;
  start: Date;
  end: Date | null;
  durationSeconds: number | null;
  distanceMeters: number | null;
  calories: number | null;
  samples: Samples;
  /** Indexes (never 0) of the samples that begin a segment after a pause, in file order. */
  segmentStarts?: number[];
  /** The device's laps (FIT lap messages, TCX laps), with the figures it recorded. */
  laps: { start: number; end: number; figures?: Partial<Record<LapFigure, number>> }[];
  /** The device's own totals (FIT session), kept over what the series would give. */
  deviceTotals?: Partial<Telemetry>;
  /** A FIT file's sessions: one, or several legs of a multisport activity. */
  sessions?: ActivitySession[];
  /** Heart rate recorded apart from the records (FIT `hr` messages of pool swims). */
  heartRate?: { t: number[]; bpm: number[] };
  /** Strength sets the device recorded. */
  sets?: {
    set_number: number;
    duration: number | null;
    reps: number | null;
    weight: number | null;
  }[];
};

/** One session (leg) of an activity with the device's figures; times are epoch ms. */
export type ActivitySession = {
  sport: string;
  start: number;
  end: number;
  timerSeconds: number | null;
  distanceMeters: number | null;
  calories: number | null;
  totals: Partial<Telemetry>;
  normalizedPowerWatts: number | null;
  firstLapIndex: number;
  lapCount: number;
  setCount: number;
  swim: SwimSummary | null;
};

/** What a pool swim's lengths tell: SWOLF is seconds plus strokes per active length. */
export type SwimSummary = {
  pool_length_m: number | null;
  active_lengths: number;
  strokes: number | null;
  swolf: number | null;
  rest_intervals: { start_time: string; seconds: number }[];
};

/** A file that cannot be read; the message goes to the file's outcome. */
export class ActivityFileError extends Error {}

export function emptySamples(): Samples {
  return { t: [], lat: [], lon: [], alt: [], speed: [], hr: [], cad: [], power: [], dist: [] };
}

/** A finite number from a number or numeric string, else null. */
export function num(value: unknown): number | null {
  const n = typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? n : null;
}

// The FIT reader names its sport with this too.
export { sportName } from "./sport-names.ts";
